/**
 * The move number typed into Go to Move's input box (goToMove.ts): a whole number from 1 to
 * `last`, in ASCII or full-width digits, white space around it allowed; undefined for anything else (then the box says what to
 * type and does not close). No vscode here: the unit tests read it.
 */
export function typedMoveNumber(text: string, last: number): number | undefined {
  // Full-width digits (an input method left in full-width mode) are the digits they show.
  const digits = text.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48));
  if (!/^\s*\d+\s*$/.test(digits)) return undefined;
  const n = Number(digits);
  return n >= 1 && n <= last ? n : undefined;
}
