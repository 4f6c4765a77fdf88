/**
 * What both formatters share: the options, the line break and indentation they write, and the
 * edits between a text and its formatted form.
 *
 * Formatting only ever changes white space between tokens; every other character stays where it
 * is. So the formatted text and the original have the same characters once white space is taken
 * out, and the edits are the runs of white space that differ: minimal, and checked (a difference
 * anywhere else means a bug, and then nothing is changed at all).
 */
import type { Finding, Span } from '../../model/types';

export interface FormatOptions {
  readonly tabSize: number;
  readonly insertSpaces: boolean;
  /** End the document with a line break even if it had none. */
  readonly insertFinalNewline?: boolean;
}

export interface FormatEdit {
  readonly span: Span;
  readonly newText: string;
}

/**
 * Why a document (or a range) is left as it is, for the user to be told: formatting a text with a
 * syntax problem could move text into or out of what the parser took it to be, and a document
 * nested past indentationLimit would format to more indentation than a string can hold.
 */
export type FormatRefusal = { readonly reason: 'syntax'; readonly finding: Finding } | { readonly reason: 'tooDeep' };

/** The edits that format (none when the text is formatted already), or why it is left as it is. */
export type FormatResult = { readonly edits: readonly FormatEdit[]; readonly refused?: undefined } | { readonly edits: readonly []; readonly refused: FormatRefusal };

export function formatEdits(edits: readonly FormatEdit[]): FormatResult {
  return { edits };
}

export function refused(refusal: FormatRefusal): FormatResult {
  return { edits: [], refused: refusal };
}

export const TOO_DEEP: FormatResult = refused({ reason: 'tooDeep' });

/** The finding that starts first in the text (a parser reports some at their end: an element left open). */
export function firstInText(findings: readonly Finding[]): Finding | undefined {
  let first: Finding | undefined;
  for (const f of findings) if (!first || f.span.start < first.span.start) first = f;
  return first;
}

/** One level of indentation. */
export function indentUnit(options: FormatOptions): string {
  return options.insertSpaces ? ' '.repeat(Math.max(1, options.tabSize)) : '\t';
}

/** The document's own line break (its first one), LF when it has none. */
export function lineBreakOf(text: string): string {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (cr >= 0 && (lf < 0 || cr < lf)) return text[cr + 1] === '\n' ? '\r\n' : '\r';
  return '\n';
}

/**
 * How many characters of indentation a formatted text may hold, for a text of `textLength`: a
 * document nested 100,000 deep would format to gigabytes of indentation (past V8's longest
 * string). Beyond this the formatters leave the document as it is.
 */
export function indentationLimit(textLength: number): number {
  return 16 * textLength + (1 << 20);
}

/** XML's and JSON's white space: space, tab, CR, LF. */
export function isWhiteSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The white space at the start of the line that holds `offset`. */
export function indentationAt(text: string, offset: number): string {
  let lineStart = offset;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  let end = lineStart;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(lineStart, end);
}

/**
 * The edits that turn `before` (found at `base` in the document) into `after`, which differs from
 * it only in white space; undefined if it differs in anything else. Each differing run of white
 * space gives one edit, trimmed to the part that changes.
 */
export function whiteSpaceEdits(before: string, after: string, base: number): FormatEdit[] | undefined {
  const edits: FormatEdit[] = [];
  let i = 0;
  let j = 0;
  for (;;) {
    const runStart = i;
    const newRunStart = j;
    while (i < before.length && isWhiteSpace(before.charCodeAt(i))) i++;
    while (j < after.length && isWhiteSpace(after.charCodeAt(j))) j++;
    if (i - runStart !== j - newRunStart || before.slice(runStart, i) !== after.slice(newRunStart, j)) {
      edits.push(trimmedEdit(before.slice(runStart, i), after.slice(newRunStart, j), base + runStart));
    }
    if (i >= before.length || j >= after.length) return i >= before.length && j >= after.length ? edits : undefined;
    // Anything but white space must be the same character.
    if (before.charCodeAt(i) !== after.charCodeAt(j)) return undefined;
    i++;
    j++;
  }
}

/** The edit from `old` to `replacement` at `start`, without their common start and end. */
function trimmedEdit(old: string, replacement: string, start: number): FormatEdit {
  let head = 0;
  while (head < old.length && head < replacement.length && old[head] === replacement[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < replacement.length - head && old[old.length - 1 - tail] === replacement[replacement.length - 1 - tail]) tail++;
  return { span: { start: start + head, end: start + old.length - tail }, newText: replacement.slice(head, replacement.length - tail) };
}
