/**
 * How an edit moves offsets: everything at or after `from` (in the text before the edit) moves by
 * `delta`. Text-level, so that the parsers (which move their syntax trees) and the model (which
 * moves its own spans, model/shift.ts) share one definition.
 */
import type { Span } from '../model/types';

/** Offsets at or after `from` (in the text before the edit) move by `delta`. */
export interface SpanShift {
  readonly from: number;
  readonly delta: number;
}

export function newShift(from: number, delta: number): SpanShift {
  return { from, delta };
}

/** Moves a span (its owner calls this once per shift). */
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
