/**
 * Moving the spans of kept pieces after an edit (incremental analysis, see analysis.ts).
 *
 * When an edit changes the length of the text, every span after it moves by the same amount.
 * Findings own their spans (l10n finding() copies them), so they move with moveSpan. A model's
 * nodes may share span objects with each other and with their syntax tree (a 2.x node's span is
 * its element's): shiftSpan and shiftNode, for pieces reached more than once, carry a token for
 * each shift, stamped on the spans they moved, and move a span once per token. A builder that
 * knows which spans it shares (2.x: model/buildXml shiftOwnSpans) moves only its own, with
 * moveSpan, after its syntax tree moved: stamps cost more than the moves.
 */
import type { Finding, Located, Mark, PlayNode, Span, Stone } from './types';

/** Offsets at or after `from` (in the text before the edit) move by `delta`. */
export interface SpanShift {
  readonly from: number;
  readonly delta: number;
  /** A new object for every shift, compared by identity (see newShift). */
  readonly token: object;
}

/** A shift with a token of its own. */
export function newShift(from: number, delta: number): SpanShift {
  return { from, delta, token: {} };
}

/** Where a shift leaves its token on a span it moved: a symbol, not enumerable, so spans still print and compare as { start, end }. */
const SHIFTED = Symbol('shifted');

interface StampedSpan {
  start: number;
  end: number;
  [SHIFTED]?: object;
}

/** Moves one span (once per shift, however often it is reached). */
export function shiftSpan(span: Span | undefined, shift: SpanShift): void {
  if (!span) return;
  const s = span as StampedSpan;
  const stamp = s[SHIFTED];
  if (stamp === shift.token) return;
  if (stamp === undefined) Object.defineProperty(s, SHIFTED, { value: shift.token, writable: true, enumerable: false });
  else s[SHIFTED] = shift.token;
  if (s.start >= shift.from) s.start += shift.delta;
  if (s.end >= shift.from) s.end += shift.delta;
}

/** Moves a span that has one owner, which moves it once (no stamp). */
export function moveSpan(span: Span | undefined, shift: SpanShift): void {
  if (!span) return;
  const s = span as { start: number; end: number };
  if (s.start >= shift.from) s.start += shift.delta;
  if (s.end >= shift.from) s.end += shift.delta;
}

/** Moves the offset of a number-offset piece (a syntax node that stores offsets, not spans). */
export function shiftOffset(offset: number, shift: SpanShift): number {
  return offset >= shift.from ? offset + shift.delta : offset;
}

function shiftLocated(located: Located<unknown> | undefined, shift: SpanShift): void {
  if (located) shiftSpan(located.span, shift);
}

function shiftMark(mark: Mark | undefined, shift: SpanShift): void {
  if (!mark) return;
  shiftSpan(mark.span, shift);
  shiftSpan(mark.point.span, shift);
  shiftSpan(mark.symbol.span, shift);
}

function shiftStone(stone: Stone, shift: SpanShift): void {
  shiftSpan(stone.span, shift);
  shiftSpan(stone.point.span, shift);
}

/** Moves every span a node of play holds (its links to other nodes and its line are not its own). */
export function shiftNode(node: PlayNode, shift: SpanShift): void {
  shiftSpan(node.span, shift);
  shiftSpan(node.keySpan, shift);
  shiftLocated(node.comment, shift);
  shiftLocated(node.title, shift);
  shiftLocated(node.problem, shift);
  shiftLocated(node.evaluation, shift);
  shiftLocated(node.time, shift);
  shiftLocated(node.actor, shift);
  for (const mark of node.marks) shiftMark(mark, shift);
  switch (node.kind) {
    case 'pre':
      for (const stone of node.stones) shiftStone(stone, shift);
      break;
    case 'move':
      shiftLocated(node.color, shift);
      if (node.point) shiftSpan(node.point.span, shift);
      shiftLocated(node.splitter, shift);
      break;
    case 'takeback':
      shiftLocated(node.count, shift);
      break;
    case 'result':
      if (node.result) {
        shiftSpan(node.result.span, shift);
        shiftLocated(node.result.winner, shift);
        shiftLocated(node.result.margin, shift);
      }
      break;
    case 'mark':
      shiftMark(node.mark, shift);
      break;
    case 'message':
      shiftLocated(node.text, shift);
      break;
  }
}

/** Moves the findings' spans (their own: see l10n finding()). */
export function shiftFindings(findings: readonly Finding[] | undefined, shift: SpanShift): void {
  if (findings) for (const f of findings) moveSpan(f.span, shift);
}
