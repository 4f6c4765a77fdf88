/** Plain-text helpers for edits that keep the layout around them as it was. */
import type { Span } from '../../model/types';

function isHorizontalSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

function isLineBreak(c: string | undefined): boolean {
  return c === '\n' || c === '\r';
}

function isSpace(c: string | undefined): boolean {
  return isHorizontalSpace(c) || isLineBreak(c);
}

/** The document's line break, so that inserted lines match the others. */
export function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

export function lineStartOf(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && !isLineBreak(text[start - 1])) start--;
  return start;
}

/** The white space that starts the line holding `offset`. */
export function indentOf(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  let end = start;
  while (isHorizontalSpace(text[end])) end++;
  return text.slice(start, end);
}

/** Whether only spaces and tabs stand between the start of its line and `offset`. */
export function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

/** Whether a line break lies between two offsets. */
export function hasLineBreak(text: string, from: number, to: number): boolean {
  return /[\r\n]/.test(text.slice(from, to));
}

/**
 * What to delete to remove `span` cleanly: the whole line when the span is alone on it, else the
 * span with the spaces before it (the spaces after it then separate what is left).
 */
export function lineAwareRemoval(text: string, span: Span): Span {
  let start = span.start;
  while (start > 0 && isHorizontalSpace(text[start - 1])) start--;
  let end = span.end;
  while (end < text.length && isHorizontalSpace(text[end])) end++;
  const aloneOnLine = (start === 0 || isLineBreak(text[start - 1])) && (end === text.length || isLineBreak(text[end]));
  if (!aloneOnLine) return start < span.start ? { start, end: span.end } : { start: span.start, end };
  if (end < text.length) return { start, end: end + (text.startsWith('\r\n', end) ? 2 : 1) };
  // The last line: take the line break before it instead.
  const breakStart = start >= 2 && text.startsWith('\r\n', start - 2) ? start - 2 : start > 0 ? start - 1 : start;
  return { start: breakStart, end };
}

/**
 * `spans` in text order with those that overlap made one: the removals of neighbouring elements
 * each with the white space around it may share that white space (an element that ends where
 * the next begins, its line break and indentation read into it), and one fix's edits must not
 * overlap.
 */
export function joinOverlapping(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const span of sorted) {
    const last = joined[joined.length - 1];
    if (last && span.start < last.end) joined[joined.length - 1] = { start: last.start, end: Math.max(last.end, span.end) };
    else joined.push(span);
  }
  return joined;
}

/** An attribute (or similar token) with all the white space before it, line breaks included. */
export function removalWithSpaceBefore(text: string, span: Span): Span {
  let start = span.start;
  while (start > 0 && isSpace(text[start - 1])) start--;
  return { start, end: span.end };
}
