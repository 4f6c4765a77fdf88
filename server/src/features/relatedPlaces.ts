/**
 * The other places of the document a finding comes from, shown with its diagnostic (LSP
 * relatedInformation, the CLI's note lines): the stone on an occupied point, the earlier same
 * position of a repetition, the capture a ko recapture answers, a pre's first stone on a point,
 * a property's first occurrence (3.0), the element an end tag does not match (2.x).
 *
 * Read from the replay and the syntax tree when the diagnostics are made, not kept in the
 * findings: the places then always name the document as it is now, however a finding was carried
 * over an edit. A finding's span is on its node or token, which is how that is found again.
 */
import type { Finding, Message, PlayNode, Point, PreNode, Span, Stone } from '../model/types';
import { message, type MessageId } from '../l10n/catalogue';
import { BLACK } from '../engine/board';
import { formatPoint } from '../engine/checkGame';
import { nodeAt, type GameReplay } from '../engine/replay';
import type { Analysis, SyntaxTree } from '../analysis';
import { keyNameOf, keySpanOf } from '../parse/json/parseJson';
import { elementLeftOutAt, jsonNodesAt, openElementBefore, xmlElementsAt } from './locate';
import { endTagNameSpan } from '../parse/xml/tags';

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
  if (found?.kind === 'pre') {
    const stone = node.kind === 'move' && node.point ? firstStoneOn(found.node, node.point) : undefined;
    return stone && { span: stone.point.span, message: message('engine.occupant.pre', formatPoint(stone)) };
  }
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
  const before = replay.moveBefore(node);
  const point = before?.kind === 'move' ? before.node.point : undefined;
  if (before?.kind !== 'move' || !point) return undefined;
  return { span: point.span, message: message('engine.related.koTaken', before.moveNumber, formatPoint(before.node)) };
};

/** A pre's second stone on a point (reported only when its first was placed there): its first. */
const preFirstStone: PlacesOf = (f, node) => {
  if (node.kind !== 'pre') return undefined;
  const stone = node.stones.find((s) => s.span.start === f.span.start);
  const first = stone && firstStoneOn(node, stone.point);
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

/* ---------- syntax findings ---------- */

type SyntaxPlaceOf = (f: Finding, syntax: SyntaxTree) => RelatedPlace | undefined;

/** 3.0: a property given twice in an object: where it is first given. */
const firstKey: SyntaxPlaceOf = (f, syntax) => {
  if (syntax.format !== 'json') return undefined;
  const nodes = jsonNodesAt(syntax.json, f.span.start);
  const object = nodes[nodes.length - 3];
  const name = String(f.message.args?.[0] ?? '');
  const first = object?.type === 'object' ? object.children?.find((property) => keyNameOf(property) === name) : undefined;
  const span = first && keySpanOf(first);
  return span && span.start < f.span.start ? { span, message: message('json.related.firstKey', name) } : undefined;
};

/** 2.x: an end tag that matches no open element: the start tag of the element open there. */
const openElement: SyntaxPlaceOf = (f, syntax) => {
  if (syntax.format !== 'xml') return undefined;
  const name = String(f.message.args?.[1] ?? '');
  const open = openElementBefore(syntax.xml, f.span.start, name)?.element;
  const span = open && { start: open.nameSpan.start, end: open.nameSpan.end };
  return span ? { span, message: message('xml.related.openElement', name) } : undefined;
};

/** `xml.startTagLeftOut` [name], at the name of the element it was left out before: the end tag of the element read as if it stood there. */
const leftOutStartTagsEnd: SyntaxPlaceOf = (f, syntax) => {
  if (syntax.format !== 'xml') return undefined;
  const implied = elementLeftOutAt(syntax.xml, f.span.start - 1);
  if (!implied?.closed) return undefined;
  const span = endTagNameSpan(syntax.xml.source, implied.contentSpan.end, implied.span.end);
  return { span, message: message('xml.related.endTagOfLeftOut', implied.name) };
};

const SYNTAX_PLACES: ReadonlyMap<MessageId, SyntaxPlaceOf> = new Map<MessageId, SyntaxPlaceOf>([
  ['json.duplicateKey', firstKey],
  ['xml.endTagMismatch', openElement],
  ['xml.startTagLeftOut', leftOutStartTagsEnd],
]);

/** What relatedPlaces reads of an analysis (not its text, which may be in pieces). */
export type RelatedSources = Pick<Analysis, 'syntax' | 'document' | 'replay'>;

/** Whether some of `findings` have places in the game (read from the model and the replay: see relatedPlaces). */
export function haveGamePlaces(findings: readonly Finding[]): boolean {
  return findings.some((f) => PLACES.has(f.message.id as MessageId));
}

/**
 * The related places of the findings of `analysis`; with `game` false, those of syntax findings
 * only. A game finding's places are read from the document and the replay, which after an edit
 * are getters that first move every node after the edit (reanalyzeJson.ts): a keystroke in a
 * comment of a 50k-move game with two such findings took 6.2 ms to publish instead of 2.7. So the
 * server publishes them once the document is idle (lsp/features/diagnostics.ts); the CLI at once.
 */
export function relatedPlaces(analysis: RelatedSources, game = true): RelatedPlaces {
  return (f) => {
    const id = f.message.id as MessageId;
    const syntaxPlaceOf = SYNTAX_PLACES.get(id);
    if (syntaxPlaceOf) {
      const syntax = analysis.syntax;
      const place = syntax && syntaxPlaceOf(f, syntax);
      return place ? [place] : undefined;
    }
    const placesOf = game ? PLACES.get(id) : undefined;
    if (!placesOf) return undefined;
    const document = analysis.document;
    const replay = analysis.replay;
    const node = document && nodeAt(document, f.span.start);
    const place = node && replay && placesOf(f, node, replay);
    return place ? [place] : undefined;
  };
}
