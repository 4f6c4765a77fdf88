/**
 * The open document as the server keeps it: the `TextDocument` of vscode-languageserver-textdocument,
 * with the same answers, but its text kept as a SourceText (text/sourceText.ts) so that an edit does
 * not copy the whole text. The library's document joins its string at every change and the next
 * change (or any read) makes V8 copy all of it: ~2–4 ms a keystroke in a 50k-move game, though
 * re-checking a comment edit reads a few hundred characters. Here an edit makes an EditedText and
 * moves the line starts after it; the whole text is made one string only when asked (`getText()`).
 */
import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { EditedText, flatText, type SourceText } from '../text/sourceText';
import { lineStartsOf } from '../model/lineIndex';
import { lastAtOrBefore, replaceRun } from '../util/lists';

export class EditedDocument implements TextDocument {
  private source: SourceText;
  /** The offset where each line starts (the first is 0); a line ends at CR LF, CR or LF. */
  private lineStarts: number[];

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
  ) {
    this.source = content;
    this.lineStarts = lineStartsOf(content);
  }

  /** The text, without making it one string. */
  get text(): SourceText {
    return this.source;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  getText(range?: Range): string {
    if (range) return this.source.slice(this.offsetAt(range.start), this.offsetAt(range.end));
    const flat = flatText(this.source);
    this.source = flat;
    return flat;
  }

  positionAt(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.source.length));
    const starts = this.lineStarts;
    const line = lastAtOrBefore(starts, at);
    return { line, character: this.beforeLineBreak(at, starts[line]) - starts[line] };
  }

  offsetAt(position: Position): number {
    const starts = this.lineStarts;
    if (position.line >= starts.length) return this.source.length;
    if (position.line < 0) return 0;
    const lineStart = starts[position.line];
    if (position.character <= 0) return lineStart;
    const nextLineStart = position.line + 1 < starts.length ? starts[position.line + 1] : this.source.length;
    return this.beforeLineBreak(Math.min(lineStart + position.character, nextLineStart), lineStart);
  }

  /** An offset inside or after a line's break is taken back to the break's start (as the library does). */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && isLineBreak(this.source.charCodeAt(at - 1))) at--;
    return at;
  }

  /** The offsets a change's range replaces; a range given end first is taken in order (as the library does). */
  offsetsOf(range: Range): { readonly start: number; readonly end: number } {
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return { start: Math.min(a, b), end: Math.max(a, b) };
  }

  /** Applies `changes` in order (each range is in the text the ones before it made). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) {
        const { start, end } = this.offsetsOf(change.range);
        this.replace(start, end, change.text);
      } else {
        this.source = change.text;
        this.lineStarts = lineStartsOf(change.text);
      }
    }
    this.version = version;
  }

  private replace(start: number, end: number, text: string): void {
    const starts = this.lineStarts;
    // Line starts are made again from the start of the line holding start − 1: a CR just before
    // the edit and an LF typed after it are one line break. Those after the old end only move.
    const from = start > 0 ? starts[lastAtOrBefore(starts, start - 1)] : 0;
    this.source = EditedText.edit(this.source, { start, end, text });
    const newEnd = start + text.length;
    // Offsets up to newEnd + 1 depend on the characters up to newEnd, all read here.
    const made = lineStartsOf(this.source, from, Math.min(newEnd + 1, this.source.length), from);
    const delta = newEnd - end;
    const firstKept = lastAtOrBefore(starts, end + 1) + 1;
    // Entries up to `from` stay; (from, end + 1] are replaced by `made` (less `from` itself); the rest move.
    const keepBefore = lastAtOrBefore(starts, from) + 1;
    const removed = firstKept - keepBefore;
    const added = made.length - 1;
    if (added !== removed) {
      replaceRun(starts, keepBefore, removed, made.slice(1));
    } else {
      // Typing within a line adds and removes as many: written in place, no copy of the lines after.
      for (let i = 0; i < added; i++) starts[keepBefore + i] = made[i + 1];
    }
    for (let i = keepBefore + added; i < starts.length; i++) starts[i] += delta;
  }
}

function isLineBreak(c: number): boolean {
  return c === 13 || c === 10;
}

