/**
 * Hovers: what the thing under the mouse is and means. For any element, attribute or property,
 * the clause that defines it (Chinese text, English summary, a link to the bundled spec page);
 * for a move, where it is in the usual notations, what it captures and the position after it;
 * for komi and margin, 目 and 子; for a participant index, the participant; for a time, words.
 * Markdown out; the LSP edge only wraps it.
 */
import type { Analysis } from '../analysis';
import { localize, message, type Locale, type MessageId } from '../l10n/catalogue';
import type { Color, MoveNode, Participant, PlayNode, Point, PreNode, Span, SpecId, Wei7Document } from '../model/types';
import { createReplay, nodeAt, positionRows, type GameReplay, type NodeInfo, type Position } from '../engine/replay';
import { clauseAnchor, getClause, specPageName } from '../spec/clauses';
// The CLI's `wei7 board` already labels points this way; one notation for both.
import { columnLabel, pointLabel, rowLabel } from '../engine/notation';
import { syntaxAt, type SyntaxTarget } from './locate';

export interface HoverOptions {
  readonly locale: Locale;
  /** The URL of the folder of the bundled spec pages, ending in '/'; none: no links. */
  readonly specBaseUrl?: string;
  /** The document's replay, when the caller keeps one; else one is made for this hover. */
  readonly replay?: GameReplay;
}

export interface Wei7Hover {
  readonly markdown: string;
  /** The token hovered. */
  readonly span: Span;
}

type Say = (id: MessageId, ...args: (string | number)[]) => string;

/**
 * Boards larger than this on a side are shown as a window of this many points around the move:
 * VS Code caps a hover's height and scrolls beyond it, and a whole 19×19 board (21 lines) would
 * push the move's text and the clause out of view. 9×9 shows the local fight, and a corner move
 * shows its whole corner, since the window stops at the board's edges.
 */
export const BOARD_WINDOW = 9;

export function hoverAt(analysis: Analysis, offset: number, options: HoverOptions): Wei7Hover | undefined {
  const target = syntaxAt(analysis, offset);
  if (!target) return undefined;
  const say: Say = (id, ...args) => localize(message(id, ...args), options.locale);
  const doc = analysis.document;
  const node = doc && nodeContaining(doc, offset);
  const sections = [
    doc && roleSection(target, doc, say),
    doc && node && nodeSection(doc, node, options.replay ?? createReplay(doc), say),
    analysis.spec && clauseSection(target, analysis.spec, options.specBaseUrl, say),
  ].filter((s): s is string => typeof s === 'string' && s !== '');
  return sections.length ? { markdown: sections.join('\n\n---\n\n'), span: target.span } : undefined;
}

/**
 * The node of play whose text holds `offset` (nodes never nest), or whose key does: a 3.0 pre's
 * key ("pre") comes before its object, so it belongs to the node after the one nodeAt finds.
 */
function nodeContaining(doc: Wei7Document, offset: number): PlayNode | undefined {
  const node = nodeAt(doc, offset);
  if (node && offset < node.span.end) return node;
  const next = doc.nodes[node ? node.index + 1 : 0];
  return next && offset >= next.keySpan.start && offset < next.keySpan.end ? next : undefined;
}

/* ---------- the clause ---------- */

function clauseSection(target: SyntaxTarget, spec: SpecId, specBaseUrl: string | undefined, say: Say): string | undefined {
  const clause = target.clause === undefined ? undefined : getClause(spec, target.clause);
  if (!clause) return undefined;
  const shownName = target.kind === 'element' ? `<${target.name}>` : target.name;
  const parts = [`**§${clause.id}** · \`${shownName.replace(/`/g, "'")}\``, blockquote(clause.text), escapeMarkdown(clause.summary)];
  if (specBaseUrl) parts.push(say('nav.hover.specLink', spec, clause.id, `${specBaseUrl}${specPageName(spec)}#${clauseAnchor(clause.id)}`));
  return parts.join('\n\n');
}

/* ---------- what a value means ---------- */

function roleSection(target: SyntaxTarget, doc: Wei7Document, say: Say): string | undefined {
  switch (target.role) {
    case 'komi':
    case 'margin': {
      const value = Number(target.value);
      if (target.value === null || target.value === '' || !Number.isFinite(value)) return undefined;
      return say(target.role === 'komi' ? 'nav.hover.komi' : 'nav.hover.margin', value, value / 2, target.unitClause ?? '');
    }
    case 'participantIndex':
      return typeof target.value === 'number' ? participantSection(target.value, doc.info.participants, say) : undefined;
    case 'gameTime':
      return typeof target.value === 'string' ? gameTimeSection(target.value, say) : undefined;
    case 'stepTime':
      return typeof target.value === 'number' ? stepTimeSection(target.value, doc.info.time?.value, say) : undefined;
    default:
      return undefined;
  }
}

function participantSection(index: number, participants: readonly Participant[], say: Say): string {
  const participant = participants.find((p) => p.index === index);
  if (!participant) return say('nav.hover.noParticipant', index, participants.length);
  const name = participant.name?.value;
  const extra = [participant.title?.value, participant.rank?.value].filter((s): s is string => !!s).map(escapeMarkdown);
  const heading = name ? say('nav.hover.participant', index, escapeMarkdown(name)) : say('nav.hover.participantUnnamed', index);
  return [heading, ...extra].join(' · ');
}

function gameTimeSection(text: string, say: Say): string | undefined {
  const time = parseDateTime(text);
  if (!time) return undefined;
  const lines = [say('nav.hover.gameTime', dateTimeInWords(time, say))];
  if (time.zone === undefined) lines.push(say('nav.hover.noZone'));
  else if (zoneMinutes(time.zone) !== 0) lines.push(say('nav.hover.inUtc', dateTimeInWords(inUtc(time), say)));
  return lines.join('\n\n');
}

function stepTimeSection(seconds: number, gameTime: string | undefined, say: Say): string {
  const lines = [say('nav.hover.stepTime', clockTime(seconds))];
  const start = gameTime === undefined ? undefined : parseDateTime(gameTime);
  const at = start && start.zone !== undefined ? addSeconds(inUtc(start), seconds) : undefined;
  if (at) lines.push(say('nav.hover.stepAt', dateTimeInWords(at, say)));
  return lines.join('\n\n');
}

/* ---------- times ---------- */

/** A date and time as written: the seconds (with their fraction) are kept as text. */
export interface DateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** `19`, `19.5822023`; undefined when the time has no seconds (3.0 `hh:mmZ`). */
  readonly second: string | undefined;
  /** `Z` or `+08:00`; undefined when none is given (allowed by 2.2's xs:dateTime). */
  readonly zone: string | undefined;
}

const DATE_TIME = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?(Z|[+-]\d{2}:\d{2})?$/;

/** 2.2 xs:dateTime and the three 3.0 forms; undefined for anything else (a diagnostic says why). */
export function parseDateTime(text: string): DateTime | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59) return undefined;
  return { year, month, day, hour, minute, second: m[6], zone: m[7] };
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
}

/** The calendar fields of a UTC instant, shifted by `minutes` (years below 100 stay as they are). */
function utcFields(time: DateTime, minutes: number): Pick<DateTime, 'year' | 'month' | 'day' | 'hour' | 'minute'> {
  const date = new Date(0);
  date.setUTCFullYear(time.year, time.month - 1, time.day);
  date.setUTCHours(time.hour, time.minute + minutes, 0, 0);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes() };
}

/** The same instant in UTC (offsets are whole minutes: the seconds do not change). */
export function inUtc(time: DateTime): DateTime {
  return { ...utcFields(time, -zoneMinutes(time.zone ?? 'Z')), second: time.second, zone: 'Z' };
}

/** A UTC time plus a step time (seconds, with a fraction), to the millisecond. */
function addSeconds(time: DateTime, seconds: number): DateTime {
  const startMs = Math.round(Number(time.second ?? 0) * 1000);
  const totalMs = startMs + Math.round(seconds * 1000);
  const wholeMinutes = Math.floor(totalMs / 60000);
  const restMs = totalMs - wholeMinutes * 60000;
  const fields = utcFields(time, wholeMinutes);
  const ms = restMs % 1000;
  const second = String(Math.floor(restMs / 1000)).padStart(2, '0') + (ms ? `.${String(ms).padStart(3, '0').replace(/0+$/, '')}` : '');
  return { ...fields, second, zone: 'Z' };
}

/** "Tuesday, 6 September 2011, 02:35:19.5822023 (UTC+08:00)" / "2011年9月6日 星期二 02:35:19.5822023（UTC+08:00）". */
export function dateTimeInWords(time: DateTime, say: Say): string {
  const weekday = new Date(0);
  weekday.setUTCFullYear(time.year, time.month - 1, time.day);
  const clock = `${pad2(time.hour)}:${pad2(time.minute)}${time.second === undefined ? '' : `:${time.second}`}`;
  const date = say(
    'nav.time.date',
    say(WEEKDAYS[weekday.getUTCDay()]),
    time.day,
    say(MONTHS[time.month - 1]),
    time.year,
    clock,
    time.month,
  );
  if (time.zone === undefined) return date;
  const zone = time.zone === 'Z' ? 'UTC' : `UTC${time.zone}`;
  return say('nav.time.zone', date, zone);
}

const WEEKDAYS: readonly MessageId[] = [
  'nav.weekday.0', 'nav.weekday.1', 'nav.weekday.2', 'nav.weekday.3', 'nav.weekday.4', 'nav.weekday.5', 'nav.weekday.6',
];
const MONTHS: readonly MessageId[] = [
  'nav.month.1', 'nav.month.2', 'nav.month.3', 'nav.month.4', 'nav.month.5', 'nav.month.6',
  'nav.month.7', 'nav.month.8', 'nav.month.9', 'nav.month.10', 'nav.month.11', 'nav.month.12',
];

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Seconds from the start as minutes:seconds (hours:minutes:seconds from an hour on), the fraction as written. */
export function clockTime(seconds: number): string {
  const written = String(seconds);
  const [whole, fraction] = /e/i.test(written) ? seconds.toFixed(3).split('.') : written.split('.');
  const total = Number(whole);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = `${pad2(total % 60)}${fraction ? `.${fraction}` : ''}`;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${rest}` : `${minutes}:${rest}`;
}

/* ---------- moves and setups ---------- */

function nodeSection(doc: Wei7Document, node: PlayNode, replay: GameReplay, say: Say): string | undefined {
  if (node.kind !== 'move' && node.kind !== 'pre') return undefined;
  return node.kind === 'move' ? moveSection(doc, node, replay, say) : preSection(node, replay, say);
}

function colorName(color: Color | undefined, say: Say): string {
  return color === undefined ? '?' : say(color === 'black' ? 'nav.color.black' : 'nav.color.white');
}

function moveSection(doc: Wei7Document, node: MoveNode, replay: GameReplay, say: Say): string {
  const info = replay.infoAt(node);
  const where = info.point === null ? say('nav.move.pass') : info.point ? pointNotations(info.point, doc) : say('nav.move.noPoint');
  const parts = [say('nav.move.heading', info.moveNumber, colorName(info.color, say), where)];
  const position = info.point && !info.occupied ? replay.positionAfter(node) : undefined;
  if (info.occupied) parts.push(say('nav.move.occupied'));
  else if (position && info.point) {
    parts.push(capturesLine(info, node, replay, doc, say));
    parts.push(boardBlock(position, info.point, info.point, say('nav.board.afterMove'), say));
  } else if (info.point) parts.push(say('nav.board.notSimulated'));
  return parts.join('\n\n');
}

/** (2, 10) · C9 · SGF `ck`: x/y as written, the usual notation, SGF's letters. */
export function pointNotations(point: Point, doc: Wei7Document): string {
  const size = doc.size;
  const notations = [`(${point.x}, ${point.y})`];
  if (size && point.x < size.width && point.y < size.height) {
    notations.push(pointLabel(point, size.width, size.height));
    const sgf = sgfPoint(point, size.width, size.height);
    if (sgf) notations.push(`SGF \`${sgf}\``);
  }
  return notations.join(' · ');
}

const SGF_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** SGF's point: column letter then row letter, both from the top left (a–z, then A–Z, up to 52). */
export function sgfPoint(point: Point, width: number, height: number): string | undefined {
  if (width > SGF_LETTERS.length || height > SGF_LETTERS.length) return undefined;
  return SGF_LETTERS[point.x] + SGF_LETTERS[point.y];
}

function capturesLine(info: NodeInfo, node: MoveNode, replay: GameReplay, doc: Wei7Document, say: Say): string {
  if (!info.captures.length) return say('nav.move.capturesNone');
  const label = (p: Point): string => (doc.size ? pointLabel(p, doc.size.width, doc.size.height) : `(${p.x}, ${p.y})`);
  const own = ownStonesRemoved(info, node, replay);
  const captured = info.captures.filter((p) => !own.some((o) => o.x === p.x && o.y === p.y));
  const lines: string[] = [];
  if (captured.length) lines.push(say('nav.move.captures', captured.length, captured.map(label).join(', ')));
  if (own.length) lines.push(say('nav.move.suicide', own.length, own.map(label).join(', ')));
  return lines.join('\n\n');
}

/**
 * The mover's own stones a move removed (suicide, legal in wei7: spec-notes). Only a suicide
 * removes the move's own point, so the position before is looked at only then.
 */
function ownStonesRemoved(info: NodeInfo, node: MoveNode, replay: GameReplay): Point[] {
  const at = info.point;
  if (!at || !info.captures.some((p) => p.x === at.x && p.y === at.y)) return [];
  const before = node.parent ? replay.positionAfter(node.parent) : undefined;
  const moverStone = info.color === 'black' ? 'X' : 'O';
  const rows = before ? positionRows(before) : [];
  return info.captures.filter((p) => (p.x === at.x && p.y === at.y) || rows[p.y]?.[p.x] === moverStone);
}

function preSection(node: PreNode, replay: GameReplay, say: Say): string {
  const black = node.stones.filter((s) => s.color === 'black').length;
  const white = node.stones.length - black;
  const parts = [say('nav.pre.heading', replay.infoAt(node).moveNumber, black, white)];
  const position = node.stones.length ? replay.positionAfter(node) : undefined;
  if (position) parts.push(boardBlock(position, stonesCenter(node), undefined, say('nav.board.afterSetup'), say));
  else if (node.stones.length && !replay.simulated) parts.push(say('nav.board.notSimulated'));
  return parts.join('\n\n');
}

/** The middle of the stones' bounding box: where a window on a large board looks. */
function stonesCenter(node: PreNode): Point {
  // A loop, not Math.min(...xs): a setup may hold more stones than a call has room for arguments.
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const { point } of node.stones) {
    minX = Math.min(minX, point.x);
    maxX = Math.max(maxX, point.x);
    minY = Math.min(minY, point.y);
    maxY = Math.max(maxY, point.y);
  }
  return { x: Math.round((minX + maxX) / 2), y: Math.round((minY + maxY) / 2) };
}

/* ---------- the board as text ---------- */

/** The board as a Markdown code block under a caption; `move` is marked, the window is centred on `center`. */
function boardBlock(position: Position, center: Point, move: Point | undefined, caption: string, say: Say): string {
  const board = renderBoard(position, center, move, BOARD_WINDOW);
  const partial = board.columns < position.width || board.rows < position.height;
  const title = partial ? say('nav.board.window', caption, position.width, position.height) : say('nav.board.whole', caption);
  return `${title}\n\n\`\`\`text\n${board.lines.join('\n')}\n\`\`\``;
}

/** The first index and the count of a window of `window` points around `center` on a side of `size`, kept on the board. */
export function windowAround(center: number, size: number, window: number): { from: number; count: number } {
  if (size <= window) return { from: 0, count: size };
  const from = Math.min(Math.max(0, center - Math.floor(window / 2)), size - window);
  return { from, count: window };
}

/**
 * The position as text, a window of at most `window` × `window` points around `center`: X black,
 * O white, . empty, the move in parentheses (as GNU Go prints its last move), columns lettered
 * A–T without I and rows counted from the bottom.
 */
export function renderBoard(
  position: Position,
  center: Point,
  move: Point | undefined,
  window: number,
): { lines: string[]; columns: number; rows: number } {
  const { width, height } = position;
  const cols = windowAround(center.x, width, window);
  const rows = windowAround(center.y, height, window);
  const xs = Array.from({ length: cols.count }, (_, i) => cols.from + i);
  const ys = Array.from({ length: rows.count }, (_, i) => rows.from + i);
  const cell = Math.max(...xs.map((x) => columnLabel(x, width).length)) + 1;
  const labelWidth = Math.max(...ys.map((y) => rowLabel(y, height).length));
  const cells = positionRows(position);
  const lines = [' '.repeat(labelWidth) + xs.map((x) => columnLabel(x, width).padStart(cell)).join('')];
  for (const y of ys) {
    let line = rowLabel(y, height).padStart(labelWidth);
    for (const x of xs) {
      const opens = move?.y === y && move.x === x;
      const closes = move?.y === y && move.x === x - 1;
      line += (opens ? '(' : closes ? ')' : ' ').padStart(cell - 1) + cells[y][x];
    }
    if (move?.y === y && move.x === xs[xs.length - 1]) line += ')';
    lines.push(line.trimEnd());
  }
  return { lines, columns: cols.count, rows: rows.count };
}

/* ---------- Markdown ---------- */

/** Characters that would turn user or spec text into Markdown markup. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~$]/g, (c) => `\\${c}`).replace(/^(\s*)([#+-]|\d+[.)])/gm, '$1\\$2');
}

function blockquote(text: string): string {
  return escapeMarkdown(text)
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}
