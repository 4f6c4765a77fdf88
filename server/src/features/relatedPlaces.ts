/**
 * The other places of the document a game finding comes from, shown with its diagnostic (LSP
 * relatedInformation, the CLI's note lines): the stone on an occupied point, the earlier same
 * position of a repetition, the capture a ko recapture answers, a pre's first stone on a point.
 *
 * Read from the replay when the diagnostics are made, not kept in the findings: the places then
 * always name the document as it is now, however a finding was carried over an edit. A finding's
 * span is on its node (engine/checkGame.ts), which is how its node is found again.
 */
import type { Finding, Message, PlayNode, Point, PreNode, Span, Stone, Wei7Document } from '../model/types';
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

/**
 * The first stone of a pre on a point: the one placed (a later one there is skipped). From the
 * node's stones, the text's as it is now: the replay's entries hold the stones of their walk,
 * whose spans an edit before them that changes nothing in the game does not move.
 */
function firstStoneOn(pre: PreNode, point: Point): Stone | undefined {
  return pre.stones.find((stone) => stone.point.x === point.x && stone.point.y === point.y);
}

/** A move onto an occupied point: the move or the pre stone that put the stone there. */
const occupant: PlacesOf = (_f, node, replay) => {
  const found = replay.occupantOf(node);
  const stone = found?.kind === 'pre' && node.kind === 'move' && node.point ? firstStoneOn(found.node, node.point) : undefined;
  if (stone) return { span: stone.point.span, message: message('engine.occupant.pre', formatPoint(stone)) };
  const point = found?.kind === 'move' ? found.node.point : undefined;
  if (found?.kind !== 'move' || !point) return undefined;
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

/** A pre's second stone on a point (reported only when its first was placed there): its first. */
const preFirstStone: PlacesOf = (f, node) => {
  const stone = node.kind === 'pre' ? node.stones.find((s) => s.span.start === f.span.start) : undefined;
  const first = stone && node.kind === 'pre' ? firstStoneOn(node, stone.point) : undefined;
  return first && first !== stone ? { span: first.span, message: message('engine.related.preFirstStone', formatPoint(first)) } : undefined;
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
