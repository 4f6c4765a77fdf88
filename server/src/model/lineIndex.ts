/**
 * Offsets ⇄ LSP positions (line, UTF-16 character). Lines end at LF, CR LF or a lone CR,
 * as LSP defines them.
 */
import type { SourceText } from '../text/sourceText';
import { lastAtOrBefore } from '../util/lists';

export interface Position {
  readonly line: number;
  readonly character: number;
}

/** What features need of a document's lines: offsets ⇄ positions. */
export interface PositionMapper {
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}

/**
 * The 0-based line of `offset`, without an index: for one look-up in a long text (the native
 * search for line feeds is many times faster than building LineIndex). Lines as LineIndex has them.
 */
export function lineNumberAt(text: SourceText, offset: number): number {
  // A CR before the offset ends a line of its own or with its LF: LineIndex knows both.
  if (text.lastIndexOf('\r', offset - 1) >= 0) return new LineIndex(text).positionAt(offset).line;
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export class LineIndex implements PositionMapper {
  /** Offset of the first character of each line: made at the first look-up (a check that finds nothing asks none). */
  private starts: number[] | undefined;

  constructor(private readonly text: SourceText) {}

  private get lineStarts(): number[] {
    return (this.starts ??= lineStartsOf(this.text));
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.lineStarts;
    const line = lastAtOrBefore(starts, clamped);
    return { line, character: clamped - starts[line] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    const end = this.lineEnd(position.line);
    return Math.min(start + Math.max(0, position.character), end);
  }

  /** Offset just past the last character of the line, before its line break. */
  lineEnd(line: number): number {
    const starts = this.lineStarts;
    const next = line + 1 < starts.length ? starts[line + 1] : this.text.length;
    let end = next;
    if (end > starts[line] && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > starts[line] && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
}

/**
 * `first`, then the offset just after each line break that ends among the characters [from, to):
 * a CR followed by an LF is one break, ending at the LF. The whole text's lines: (text, 0, length, 0).
 */
export function lineStartsOf(text: SourceText, from = 0, to = text.length, first = 0): number[] {
  // indexOf rather than a loop over the characters: the engine's search, fast from the first call
  // (the CLI reads a 2.7 MB document's lines once, in a process whose loops are not yet compiled).
  const starts = [first];
  let lf = nextAt(text, '\n', from, to);
  let cr = nextAt(text, '\r', from, to);
  while (lf < to || cr < to) {
    if (lf < cr) {
      starts.push(lf + 1);
      lf = nextAt(text, '\n', lf + 1, to);
    } else {
      if (text.charCodeAt(cr + 1) !== 10 /* LF */) starts.push(cr + 1);
      cr = nextAt(text, '\r', cr + 1, to);
    }
  }
  return starts;
}

/** Where `character` is next at or after `from` and before `to`; `to` when it is not. */
function nextAt(text: SourceText, character: string, from: number, to: number): number {
  const at = from < to ? text.indexOf(character, from) : -1;
  return at < 0 || at > to ? to : at;
}
