/**
 * The other places of the document a game finding comes from, shown with its diagnostic (LSP
 * relatedInformation, the CLI's note lines): the stone on an occupied point, the earlier same
 * position of a repetition, the capture a ko recapture answers, a pre's first stone on a point.
 *
 * Read from the replay when the diagnostics are made, not kept in the findings: the places then
 * always name the document as it is now, however a finding was carried over an edit. A finding's
 * span is on its node (engine/checkGame.ts), which is how its node is found again.
 */
import type { Finding, Message, PlayNode, Span, Wei7Document } from '../model/types';
import { message, type MessageId } from '../l10n/catalogue';
import { BLACK } from '../engine/board';
import { formatPoint } from '../engine/checkGame';
import { nodeAt, type GameReplay, type PlaceInGame } from '../engine/replay';

/** Another place of the document a finding points to, and what is there. */
export interface RelatedPlace {
  readonly span: Span;
  readonly message: Message;
}

/** The other places a finding points to; undefined for most findings. */
export type RelatedPlaces = (f: Finding) => readonly RelatedPlace[] | undefined;

type PlacesOf = (f: Finding, node: PlayNode, replay: GameReplay) => RelatedPlace | undefined;

/** A move onto an occupied point: the move or the pre stone that put the stone there. */
const occupant: PlacesOf = (_f, node, replay) => {
  const found = replay.occupantOf(node);
  if (found?.kind === 'pre') return { span: found.stone.point.span, message: message('engine.occupant.pre', formatPoint(found.stone)) };
  const point = found?.node.point;
  if (!found || !point) return undefined;
  const id = found.color === BLACK ? 'engine.occupant.black' : 'engine.occupant.white';
  return { span: point.span, message: message(id, formatPoint(found.node), found.moveNumber) };
};

/** A repeated whole-board position: the move (or the pre) after which the board was the same. */
const samePosition: PlacesOf = (_f, node, replay) => {
  const earlier = replay.samePositionBefore(node);
  if (earlier?.kind === 'pre') return { span: earlier.node.keySpan, message: message('engine.related.samePositionPre') };
  const point = earlier?.node.point;
  return earlier && point ? { span: point.span, message: message('engine.related.samePosition', earlier.moveNumber) } : undefined;
};

/** A ko retaken at once: the move just before, which took it. */
const koTaken: PlacesOf = (_f, node, replay) => {
  const before: PlaceInGame | undefined = replay.moveBefore(node);
  const point = before?.kind === 'move' ? before.node.point : undefined;
  return before?.kind === 'move' && point ? { span: point.span, message: message('engine.related.koTaken', before.moveNumber, formatPoint(before.node)) } : undefined;
};

/** A pre's second stone on a point: its first. */
const preFirstStone: PlacesOf = (f, node, replay) => {
  const stone = node.kind === 'pre' ? node.stones.find((s) => s.span.start === f.span.start) : undefined;
  const earlier = stone && replay.earlierStoneOfPre(node, stone.point);
  return earlier ? { span: earlier.span, message: message('engine.related.preFirstStone', formatPoint(earlier)) } : undefined;
};

const PLACES: ReadonlyMap<MessageId, PlacesOf> = new Map<MessageId, PlacesOf>([
  ['engine.occupied', occupant],
  ['engine.occupied22', occupant],
  ['engine.rules.chinese.repetition', samePosition],
  ['engine.rules.japanese.ko', koTaken],
  ['engine.rules.korean.ko', koTaken],
  ['engine.preDuplicate', preFirstStone],
]);

export function relatedPlaces(document: Wei7Document | undefined, replay: GameReplay | undefined): RelatedPlaces {
  return (f) => {
    const placesOf = PLACES.get(f.message.id as MessageId);
    const node = placesOf && document && nodeAt(document, f.span.start);
    const place = node && replay && placesOf(f, node, replay);
    return place ? [place] : undefined;
  };
}
