/**
 * A document's text as the incremental paths read it: a string, or an `EditedText`, the previous
 * text with edits applied as pieces, not yet copied into one string.
 *
 * Why: V8 makes a string built by cutting and joining (the editor's text after a keystroke) one
 * flat copy the first time any character of it is read. For a 50k-move 3.0 game that copy (4.7 MB
 * of text, twice that in UTF-16) was ~60% of re-checking a comment edit, though the re-check reads
 * a few hundred characters around the edit (docs/performance-limits.md). An EditedText answers
 * those reads from its pieces; the one flat copy is made only when something asks for the whole
 * text (`flatText`), such as a feature reading the document.
 *
 * `SourceText` is the part of the string API the parsers use, with the same results: a string is
 * one, so the full analysis reads its string directly.
 */
import { lastAtOrBefore } from '../util/lists';

/** What a parser reads of a text; `string` has it all, with the same meaning. */
export interface SourceText {
  readonly length: number;
  charCodeAt(index: number): number;
  slice(start?: number, end?: number): string;
  indexOf(searchString: string, position?: number): number;
  lastIndexOf(searchString: string, position?: number): number;
  startsWith(searchString: string, position?: number): boolean;
}

/** An edit of a text: `text` replaces the offsets [start, end). */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * More pieces than this and an edit makes the text one string again: reads look a piece up by
 * bisection, and a long run of edits with nothing reading the whole text must not make them slow.
 * Each edit adds at most two pieces, so this is ~60 keystrokes in different places between two
 * reads of the whole text (the server reads it when idle: see flatText's callers).
 */
const MAX_PIECES = 128;

/**
 * A text made of pieces of other strings, each piece `text.slice(from, from + length)` of one of
 * them. Immutable: an edit makes a new EditedText sharing the strings, so the previous version
 * stays readable (an analysis keeps the text it was made from).
 */
export class EditedText implements SourceText {
  readonly length: number;
  /** Per piece: the string it is cut from, where in that string it starts, and where in this text. */
  private strings: string[];
  private froms: number[];
  private starts: number[];
  /** The whole text as one string, once someone asked for it (then it is the only piece). */
  private flat: string | undefined;
  /** The piece the last read fell in: reads go mostly forward from there. */
  private lastPiece = 0;

  private constructor(strings: string[], froms: number[], starts: number[], length: number) {
    this.strings = strings;
    this.froms = froms;
    this.starts = starts;
    this.length = length;
    this.flat = undefined;
  }

  /** Whether the whole text has been made one string (then it is read from that string). */
  get isOneString(): boolean {
    return this.flat !== undefined;
  }

  /** `text` with `edit` applied (offsets as in `text`, clamped to it). */
  static edit(text: SourceText, edit: TextEdit): SourceText {
    const length = text.length;
    const start = Math.max(0, Math.min(edit.start, length));
    const end = Math.max(start, Math.min(edit.end, length));
    const strings: string[] = [];
    const froms: number[] = [];
    const starts: number[] = [];
    let at = 0;
    const add = (string: string, from: number, to: number): void => {
      if (to <= from) return;
      strings.push(string);
      froms.push(from);
      starts.push(at);
      at += to - from;
    };
    const whole = typeof text === 'string' ? text : text instanceof EditedText ? text.flat : undefined;
    if (whole !== undefined) {
      add(whole, 0, start);
      add(edit.text, 0, edit.text.length);
      add(whole, end, length);
    } else {
      const source = text as EditedText;
      source.copyPieces(0, start, add);
      add(edit.text, 0, edit.text.length);
      source.copyPieces(end, length, add);
    }
    const edited = new EditedText(strings, froms, starts, at);
    return strings.length > MAX_PIECES ? edited.toString() : edited;
  }

  /** Calls `add` with the pieces (or parts of them) that make up [start, end) of this text, in order. */
  private copyPieces(start: number, end: number, add: (string: string, from: number, to: number) => void): void {
    if (start >= end) return;
    for (let p = this.pieceAt(start); p < this.strings.length && this.starts[p] < end; p++) {
      const pieceStart = this.starts[p];
      const from = this.froms[p];
      const lo = Math.max(start, pieceStart) - pieceStart;
      const hi = Math.min(end, this.pieceEnd(p)) - pieceStart;
      add(this.strings[p], from + lo, from + hi);
    }
  }

  private pieceEnd(p: number): number {
    return p + 1 < this.starts.length ? this.starts[p + 1] : this.length;
  }

  /** The piece holding offset `at` (0 ≤ at < length; the last piece for `at` = length). */
  private pieceAt(at: number): number {
    const starts = this.starts;
    const last = this.lastPiece;
    if (starts[last] <= at && at < this.pieceEnd(last)) return last;
    if (last + 1 < starts.length && starts[last + 1] <= at && at < this.pieceEnd(last + 1)) return (this.lastPiece = last + 1);
    return (this.lastPiece = lastAtOrBefore(starts, at));
  }

  charCodeAt(index: number): number {
    if (this.flat !== undefined) return this.flat.charCodeAt(index);
    // As String.prototype.charCodeAt: a fraction is cut off, NaN is 0, outside the text is NaN (parsers read one past the end).
    const at = Number.isNaN(index) ? 0 : Math.trunc(index);
    if (at < 0 || at >= this.length) return Number.NaN;
    const p = this.pieceAt(at);
    return this.strings[p].charCodeAt(this.froms[p] + at - this.starts[p]);
  }

  slice(start = 0, end = this.length): string {
    if (this.flat !== undefined) return this.flat.slice(start, end);
    const from = relativeIndex(start, this.length);
    const to = relativeIndex(end, this.length);
    if (from >= to) return '';
    const p = this.pieceAt(from);
    // Within one piece: a slice of its string, as a string's own slice would be.
    if (to <= this.pieceEnd(p)) return this.strings[p].slice(this.froms[p] + from - this.starts[p], this.froms[p] + to - this.starts[p]);
    const parts: string[] = [];
    this.copyPieces(from, to, (string, a, b) => parts.push(string.slice(a, b)));
    return parts.join('');
  }

  startsWith(searchString: string, position = 0): boolean {
    if (this.flat !== undefined) return this.flat.startsWith(searchString, position);
    const at = clampIndex(position, this.length);
    if (at + searchString.length > this.length) return false;
    return this.matchesAt(searchString, at);
  }

  indexOf(searchString: string, position = 0): number {
    if (this.flat !== undefined) return this.flat.indexOf(searchString, position);
    const length = this.length;
    const m = searchString.length;
    let at = clampIndex(position, length);
    if (m === 0) return at;
    if (at + m > length) return -1;
    for (let p = this.pieceAt(at); p < this.strings.length; p++) {
      const pieceStart = this.starts[p];
      const pieceEnd = this.pieceEnd(p);
      const from = this.froms[p];
      // A match inside the piece: its string's own search (it may look past the piece: then it is none).
      if (pieceEnd - at >= m) {
        const found = this.strings[p].indexOf(searchString, from + at - pieceStart);
        if (found >= 0 && found + m <= from + pieceEnd - pieceStart) return found - from + pieceStart;
      }
      // A match running on into the next pieces starts in the piece's last m − 1 offsets.
      for (let s = Math.max(at, pieceEnd - m + 1); s < pieceEnd && s + m <= length; s++) if (this.matchesAt(searchString, s)) return s;
      at = pieceEnd;
      if (at + m > length) return -1;
    }
    return -1;
  }

  lastIndexOf(searchString: string, position = Number.POSITIVE_INFINITY): number {
    if (this.flat !== undefined) return this.flat.lastIndexOf(searchString, position);
    const length = this.length;
    const m = searchString.length;
    // As String.prototype.lastIndexOf: NaN is "from the end".
    let last = Number.isNaN(position) ? length : clampIndex(position, length);
    if (m === 0) return Math.min(last, length);
    last = Math.min(last, length - m);
    if (last < 0) return -1;
    for (let p = this.pieceAt(last); p >= 0; p--) {
      const pieceStart = this.starts[p];
      const pieceEnd = this.pieceEnd(p);
      const from = this.froms[p];
      // Matches running on into the next pieces are the piece's last ones.
      for (let s = Math.min(last, pieceEnd - 1); s >= Math.max(pieceStart, pieceEnd - m + 1); s--) if (this.matchesAt(searchString, s)) return s;
      const inside = Math.min(last, pieceEnd - m);
      if (inside >= pieceStart) {
        const found = this.strings[p].lastIndexOf(searchString, from + inside - pieceStart);
        if (found >= from) return found - from + pieceStart;
      }
      last = pieceStart - 1;
    }
    return -1;
  }

  /** Whether `searchString` is in this text at `at` (which leaves room for it). */
  private matchesAt(searchString: string, at: number): boolean {
    for (let i = 0; i < searchString.length; i++) if (this.charCodeAt(at + i) !== searchString.charCodeAt(i)) return false;
    return true;
  }

  /** The whole text as one string; from then on it is this text's only piece. */
  toString(): string {
    if (this.flat !== undefined) return this.flat;
    const parts: string[] = [];
    this.copyPieces(0, this.length, (string, a, b) => parts.push(string.slice(a, b)));
    const flat = parts.join('');
    this.flat = flat;
    this.strings = [flat];
    this.froms = [0];
    this.starts = [0];
    this.lastPiece = 0;
    return flat;
  }
}

/** The whole text as one string (an EditedText makes it once and keeps it). */
export function flatText(text: SourceText): string {
  return typeof text === 'string' ? text : text.toString();
}

/** A position argument of String.prototype.indexOf and friends, made an offset in [0, length]. */
function clampIndex(position: number, length: number): number {
  const n = Number.isNaN(position) ? 0 : Math.trunc(position);
  return Math.max(0, Math.min(n, length));
}

/** A String.prototype.slice argument (negative: from the end) made an offset in [0, length]. */
function relativeIndex(index: number, length: number): number {
  const n = Number.isNaN(index) ? 0 : Math.trunc(index);
  return n < 0 ? Math.max(0, length + n) : Math.min(n, length);
}
