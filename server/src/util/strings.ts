/**
 * Strings cut from a document's text that outlive the text's version.
 *
 * V8 keeps a slice of 13 or more characters as a view into the string it was cut from. A value
 * read from one version of a document (a comment, a finding's quoted token) so keeps that whole
 * version alive: after edits in a hundred places of a 10k-move game, a hundred 1.8 MB versions of
 * its text (measured: 57 MB of strings after 30 comment edits). Values kept across edits are made
 * their own strings with `detached`.
 */

/** Shorter slices are copies already (V8's SlicedString::kMinLength). */
const MIN_SLICE_LENGTH = 13;

/** `text`, as a string of its own that keeps no larger string alive. */
export function detached(text: string): string {
  if (text.length < MIN_SLICE_LENGTH) return text;
  // A concatenation made flat is a new string; the slice off it keeps only that string (one character more).
  return (' ' + text).slice(1);
}

/** How many decimal digits a non-negative integer is written with. */
export function digitCount(value: number): number {
  // One and two digits without writing the number out: a move's point asks at every move.
  return value < 10 ? 1 : value < 100 ? 2 : String(value).length;
}

/** The characters after a backslash that JSON reads as an escape of their own (`\u` takes four hex digits). */
export const JSON_SIMPLE_ESCAPES = '"\\/bfnrt';

/** Whether the UTF-16 code unit `c` is a hexadecimal digit (0-9, A-F, a-f). */
export function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** A character named by its code point for a message, as Unicode writes it: `U+3000`, `U+000A`. */
export function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `text` with full-width digits, sign and point (as a Chinese input method types them: `１９`,
 * `７．５`, `＋６`) written as ASCII; other characters as they are.
 */
export function asciiDigits(text: string): string {
  return text.replace(/[\uff10-\uff19\uff0e\uff0b\uff0d]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}
