/**
 * `wei7 board FILE --line L [--character C] [--format text|json]`: the position after the node
 * at a place in a document (0-based line and UTF-16 character, as LSP counts them). Without
 * --character, the place is the first non-blank character of the line. The node at a place is
 * the innermost move/pre/step whose range contains it, else the nearest node before it.
 *
 * Returns its output as values; the CLI's main prints them and exits.
 */
import { analyze } from '../analysis';
import { type Locale, localize, message, type MessageId } from '../l10n/catalogue';
import { LineIndex } from '../model/lineIndex';
import type { Mark, Point } from '../model/types';
import { createReplay, type NodeInfo, nodeAt, type Position, positionRows } from '../engine/replay';
import { readDocument } from './readDocument';
import { columnLabel, pointLabel, rowLabel } from '../engine/notation';

export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Exit code for usage errors and places without a board (as the issue asks). */
const EXIT_ERROR = 2;

interface BoardArguments {
  readonly file: string;
  readonly line: number;
  readonly character: number | undefined;
  readonly format: 'text' | 'json';
}

/** The JSON output, exactly the shape of issue 3. */
export interface BoardJson {
  readonly width: number;
  readonly height: number;
  readonly rows: readonly string[];
  readonly moveNumber: number;
  readonly color: 'black' | 'white' | null;
  readonly point: Point | null;
  readonly captures: { readonly black: number; readonly white: number };
  readonly marks: readonly { readonly x: number; readonly y: number; readonly symbol: string }[];
  readonly comment: string | null;
}

/** `args`: the arguments after `board` (a `--locale` among them is the caller's business). */
export function boardCommand(args: readonly string[], locale: Locale = 'en'): CommandResult {
  const say = (id: MessageId, ...values: (string | number)[]): string => localize(message(id, ...values), locale);
  const fail = (text: string): CommandResult => ({ exitCode: EXIT_ERROR, stdout: '', stderr: `${text}\n` });

  const parsed = parseBoardArguments(args);
  if ('error' in parsed) return fail(`${say(...parsed.error)}\n${say('engine.cli.usage')}`);

  const read = readDocument(parsed.file);
  if (!read.ok) return fail(say('engine.cli.unreadable', parsed.file, localize(read.reason, locale)));
  const text = read.text;
  const doc = analyze(text).document;
  if (!doc) return fail(say('engine.cli.notWei7', parsed.file));

  const lines = new LineIndex(text);
  if (parsed.line >= lines.lineCount) {
    return fail(say('engine.cli.noSuchLine', parsed.line, parsed.file, lines.lineCount - 1));
  }
  const offset = placeOffset(text, lines, parsed.line, parsed.character);
  const node = nodeAt(doc, offset);
  const character = offset - lines.offsetAt({ line: parsed.line, character: 0 });
  if (!node) return fail(say('engine.cli.noNode', parsed.line, character, parsed.file));

  const replay = createReplay(doc);
  const position = replay.positionAfter(node);
  if (!position) return fail(say('engine.cli.notSimulated', parsed.file));
  const info = replay.infoAt(node);
  const stdout =
    parsed.format === 'json'
      ? `${JSON.stringify(boardJson(position, info))}\n`
      : drawBoard(position, info, say);
  return { exitCode: 0, stdout, stderr: '' };
}

type ArgumentError = { error: [MessageId, ...(string | number)[]] };

export function parseBoardArguments(args: readonly string[]): BoardArguments | ArgumentError {
  let file: string | undefined;
  let line: number | undefined;
  let character: number | undefined;
  let format: 'text' | 'json' = 'text';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string | undefined => (eq >= 0 ? arg.slice(eq + 1) : args[++i]);
    if (name === '--line' || name === '--character') {
      const raw = takeValue() ?? '';
      if (!/^\d+$/.test(raw)) return { error: ['engine.cli.badNumber', name, raw] };
      if (name === '--line') line = Number(raw);
      else character = Number(raw);
    } else if (name === '--locale') {
      takeValue(); // read by the CLI's main before it calls us
    } else if (name === '--format') {
      const raw = takeValue() ?? '';
      if (raw !== 'text' && raw !== 'json') return { error: ['engine.cli.badFormat', raw] };
      format = raw;
    } else if (arg.startsWith('-') || file !== undefined) {
      return { error: ['engine.cli.unknownOption', arg] };
    } else {
      file = arg;
    }
  }
  if (file === undefined) return { error: ['engine.cli.missingFile'] };
  if (line === undefined) return { error: ['engine.cli.missingLine'] };
  return { file, line, character, format };
}

/** The offset of a place: the given character (clamped to the line), else the first non-blank one. */
function placeOffset(text: string, lines: LineIndex, line: number, character: number | undefined): number {
  const start = lines.offsetAt({ line, character: 0 });
  if (character !== undefined) return lines.offsetAt({ line, character });
  const end = lines.lineEnd(line);
  let offset = start;
  while (offset < end && /\s/.test(text[offset])) offset++;
  return offset < end ? offset : start;
}

export function boardJson(position: Position, info: NodeInfo): BoardJson {
  return {
    width: position.width,
    height: position.height,
    rows: positionRows(position),
    moveNumber: info.moveNumber,
    color: info.color ?? null,
    point: info.point ? { x: info.point.x, y: info.point.y } : null,
    captures: { black: info.prisoners.black, white: info.prisoners.white },
    marks: info.marks.map(markJson),
    comment: info.comment ?? null,
  };
}

function markJson(mark: Mark): { x: number; y: number; symbol: string } {
  return { x: mark.point.x, y: mark.point.y, symbol: mark.symbol.value };
}

function drawBoard(position: Position, info: NodeInfo, say: (id: MessageId, ...values: (string | number)[]) => string): string {
  const { width, height } = position;
  const cellWidth = Math.max(...Array.from({ length: width }, (_, x) => columnLabel(x, width).length)) + 1;
  const rowLabelWidth = String(height).length;
  const header = ' '.repeat(rowLabelWidth) + Array.from({ length: width }, (_, x) => columnLabel(x, width).padStart(cellWidth)).join('');
  const out = [header];
  positionRows(position).forEach((row, y) => {
    const label = rowLabel(y, height);
    const cells = [...row].map((c) => c.padStart(cellWidth)).join('');
    out.push(`${label.padStart(rowLabelWidth)}${cells} ${label}`);
  });
  out.push(header, '');
  out.push(moveLine(info, width, height, say));
  out.push(say('engine.cli.prisoners', info.prisoners.black, info.prisoners.white));
  if (info.marks.length > 0) {
    const marks = info.marks.map((m) => `${m.symbol.value} ${pointLabel(m.point, width, height)}`).join(', ');
    out.push(say('engine.cli.marks', marks));
  }
  if (info.comment) out.push(say('engine.cli.comment', info.comment));
  return `${out.join('\n')}\n`;
}

function moveLine(info: NodeInfo, width: number, height: number, say: (id: MessageId, ...values: (string | number)[]) => string): string {
  if (info.node.kind !== 'move' || !info.color) return say('engine.cli.moveZero', info.moveNumber);
  const color = say(info.color === 'black' ? 'engine.cli.black' : 'engine.cli.white');
  const where =
    info.point === null
      ? say('engine.cli.pass')
      : info.point
        ? `${pointLabel(info.point, width, height)} (x=${info.point.x}, y=${info.point.y})`
        : '?';
  return say('engine.cli.move', info.moveNumber, color, where);
}
