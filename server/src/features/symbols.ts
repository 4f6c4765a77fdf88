/**
 * The outline: game information first (name, time, place, rules, players, result), then the
 * tree of play: one symbol per line (the root line, each variation or tutorial chapter, named by
 * its title or its place), with the line's first move as detail, and its problem nodes and
 * titled nodes inside it.
 *
 * Huge documents: at most `limit` symbols are computed (5000, as VS Code's JSON service's
 * json.maxItemsComputed), breadth first so that the upper levels are complete, and a last
 * symbol says how many were left out. That notice sits in the outline where the user looks, and
 * needs no client code, unlike the JSON service's custom "result limit reached" notification;
 * window/showMessage would pop up again on every edit.
 */
import type { Analysis } from '../analysis';
import { localize, message, type Locale, type MessageId } from '../l10n/catalogue';
import type { Color, GameResult, Line, Located, PlayNode, Span, Wei7Document } from '../model/types';
import { createReplay, type GameReplay } from '../engine/replay';
import { pointLabel } from '../engine/notation';
import { holderOf } from './locate';

export type OutlineKind = 'info' | 'field' | 'player' | 'root' | 'chapter' | 'variation' | 'problem' | 'titled' | 'notice';

export interface OutlineSymbol {
  readonly name: string;
  readonly detail?: string;
  readonly kind: OutlineKind;
  readonly span: Span;
  /** Inside `span`: what the editor selects (a name, a key). */
  readonly selectionSpan: Span;
  readonly children: OutlineSymbol[];
}

export const OUTLINE_LIMIT = 5000;

/**
 * Lines nested deeper than this are listed beside their parent line instead of inside it: a
 * symbol tree thousands deep cannot be sent (JSON.stringify overflows the stack at about 1,500
 * levels of symbols) nor shown.
 */
export const OUTLINE_MAX_DEPTH = 100;

export interface OutlineOptions {
  readonly locale: Locale;
  /** At most this many symbols (the notice aside); default OUTLINE_LIMIT. */
  readonly limit?: number;
  /** The document's replay, when the caller keeps one (move numbers of first moves). */
  readonly replay?: GameReplay;
}

type Say = (id: MessageId, ...args: (string | number)[]) => string;

export function documentOutline(analysis: Analysis, options: OutlineOptions): OutlineSymbol[] {
  const doc = analysis.document;
  if (!doc) return [];
  const say: Say = (id, ...args) => localize(message(id, ...args), options.locale);
  const limit = options.limit ?? OUTLINE_LIMIT;
  const replay = options.replay ?? createReplay(doc);
  const top: OutlineSymbol[] = [];
  let computed = 0;
  const info = infoSymbol(analysis, doc, say);
  if (info && limit > 0) {
    // The information symbol and as many of its fields as the limit leaves room for.
    info.children.splice(limit - 1);
    top.push(info);
    computed = 1 + info.children.length;
  }
  computed += treeSymbols(doc, replay, say, limit - computed, top);
  // Below the limit everything was computed; at it, count what was left out.
  const left = computed >= limit ? countItems(analysis, doc, say) - computed : 0;
  if (left > 0) top.push(noticeSymbol(analysis.source.length, limit, left, say));
  return top;
}

/* ---------- game information ---------- */

function infoSymbol(analysis: Analysis, doc: Wei7Document, say: Say): OutlineSymbol | undefined {
  const info = doc.info;
  if (!info.span) return undefined;
  const holder = holderOf(analysis, info.span) ?? { span: info.span, nameSpan: info.span };
  const children: OutlineSymbol[] = [];
  const field = (id: MessageId, value: Located<string> | undefined): void => {
    if (value) children.push(fieldSymbol(analysis, say(id), oneLine(value.value), value.span));
  };
  field('nav.outline.name', info.name);
  field('nav.outline.time', info.time);
  field('nav.outline.place', info.place);
  const rules = info.rules;
  if (rules) {
    const komi = rules.komi && say('nav.outline.komi', rules.komi.value);
    const detail = [rules.type?.value, rules.scoring?.value, komi].filter((s): s is string => !!s).join(', ');
    children.push(fieldSymbol(analysis, say('nav.outline.rules'), detail, rules.span));
  }
  for (const player of info.players) {
    const participant = info.participants.find((p) => p.index === player.participant?.value);
    const color = player.color?.value;
    const name = color === 'black' ? say('nav.outline.black') : color === 'white' ? say('nav.outline.white') : say('nav.outline.player');
    const selection = player.participant?.span ?? holderOf(analysis, player.span)?.nameSpan ?? player.span;
    children.push({ name, detail: participant?.name && oneLine(participant.name.value), kind: 'player', span: player.span, selectionSpan: selection, children: [] });
  }
  // Participants no player points at (a commentator in a timeline): listed after the players.
  for (const participant of info.participants) {
    if (info.players.some((p) => p.participant?.value === participant.index)) continue;
    const selection = participant.name?.span ?? holderOf(analysis, participant.span)?.nameSpan ?? participant.span;
    const name = say('nav.outline.participant', participant.index);
    children.push({ name, detail: participant.name && oneLine(participant.name.value), kind: 'player', span: participant.span, selectionSpan: selection, children: [] });
  }
  if (info.result) children.push(fieldSymbol(analysis, say('nav.outline.result'), resultText(info.result, say), info.result.span));
  // In text order, as the editor's outline shows them (sorted by position).
  children.sort((a, b) => a.span.start - b.span.start);
  return { name: say('nav.outline.info'), kind: 'info', span: holder.span, selectionSpan: holder.nameSpan, children };
}

/** A value shown over its whole attribute, element or property, its name selected. */
function fieldSymbol(analysis: Analysis, name: string, detail: string, span: Span): OutlineSymbol {
  const holder = holderOf(analysis, span) ?? { span, nameSpan: span };
  return { name, detail: detail || undefined, kind: 'field', span: holder.span, selectionSpan: holder.nameSpan, children: [] };
}

function resultText(result: GameResult, say: Say): string {
  const winner = result.winner?.value;
  if (winner === undefined) return '';
  if (winner === null) return say('nav.outline.resultDraw');
  const side = colorWord(winner, say);
  return result.margin ? say('nav.outline.resultMargin', side, result.margin.value) : say('nav.outline.resultResign', side);
}

function colorWord(color: Color, say: Say): string {
  return say(color === 'black' ? 'nav.color.black' : 'nav.color.white');
}

/* ---------- the tree of play ---------- */

type Pending =
  | { readonly kind: 'line'; readonly line: Line; readonly number: number; readonly into: OutlineSymbol[]; readonly depth: number }
  | { readonly kind: 'node'; readonly node: PlayNode; readonly into: OutlineSymbol[] };

/** Builds the line and node symbols breadth first into `top`, at most `budget` of them; returns how many. */
function treeSymbols(doc: Wei7Document, replay: GameReplay, say: Say, budget: number, top: OutlineSymbol[]): number {
  const root = doc.rootLine;
  if (!root || budget <= 0) return 0;
  const queue: Pending[] = [{ kind: 'line', line: root, number: 0, into: top, depth: 1 }];
  let made = 0;
  for (let head = 0; head < queue.length && made < budget; head++) {
    const item = queue[head];
    made++;
    if (item.kind === 'node') {
      item.into.push(nodeSymbol(item.node, doc, replay, say));
      continue;
    }
    const symbol = lineSymbol(item.line, item.number, doc, replay, say);
    item.into.push(symbol);
    // At the deepest level, what the line holds is listed beside it.
    const deepest = item.depth >= OUTLINE_MAX_DEPTH;
    for (const child of lineChildren(item.line, deepest ? item.into : symbol.children, deepest ? item.depth : item.depth + 1)) queue.push(child);
  }
  return made;
}

/** The nodes worth a symbol (problems, titled nodes) and the nested lines of a line, in file order. */
function lineChildren(line: Line, into: OutlineSymbol[], depth: number): Pending[] {
  const nodes: Pending[] = line.nodes.filter((n) => isMarked(n, line)).map((node) => ({ kind: 'node', node, into }));
  const lines: Pending[] = line.lines.map((child, i) => ({ kind: 'line', line: child, number: i + 1, into, depth }));
  return [...nodes, ...lines].sort((a, b) => startOf(a) - startOf(b));
}

function startOf(item: Pending): number {
  return item.kind === 'node' ? item.node.span.start : item.line.span.start;
}

/** A problem, or a titled node other than the one whose title names its line. */
function isMarked(node: PlayNode, line: Line): boolean {
  return node.problem !== undefined || (node.title !== undefined && node.title.value.trim() !== '' && line.nodes[0] !== node);
}

function lineSymbol(line: Line, number: number, doc: Wei7Document, replay: GameReplay, say: Say): OutlineSymbol {
  const title = line.title && oneLine(line.title.value);
  const name = title || (line.parentLine ? say('nav.outline.variation', number) : say('nav.outline.game'));
  const kind: OutlineKind = title ? 'chapter' : line.parentLine ? 'variation' : 'root';
  return { name, detail: lineDetail(line, doc, replay, say) || undefined, kind, span: union(line.span, line.keySpan), selectionSpan: line.keySpan, children: [] };
}

/** The line's setup (if it starts with one) and its first move. */
function lineDetail(line: Line, doc: Wei7Document, replay: GameReplay, say: Say): string {
  const first = line.nodes[0];
  const parts: string[] = [];
  if (first?.kind === 'pre' && first.stones.length) parts.push(say('nav.outline.setup', first.stones.length));
  const move = line.nodes.find((n) => n.kind === 'move');
  if (move) parts.push(nodeReference(move, doc, replay, say));
  return parts.join(' · ');
}

function nodeSymbol(node: PlayNode, doc: Wei7Document, replay: GameReplay, say: Say): OutlineSymbol {
  // The title of a line's first node already names the line.
  const title = node.title && node.line.nodes[0] !== node ? oneLine(node.title.value) : undefined;
  const reference = nodeReference(node, doc, replay, say);
  const problem = node.problem && say('nav.outline.problem', colorWord(node.problem.value, say));
  const name = problem ?? title ?? reference;
  const detail = (problem ? [title, reference] : [reference]).filter((s): s is string => !!s).join(' · ');
  return { name, detail: detail || undefined, kind: problem ? 'problem' : 'titled', span: union(node.span, node.keySpan), selectionSpan: node.keySpan, children: [] };
}

/** "move 31: White R11", "setup: 4 stone(s)", or "move 12" for other steps. */
function nodeReference(node: PlayNode, doc: Wei7Document, replay: GameReplay, say: Say): string {
  if (node.kind === 'pre') return say('nav.outline.setup', node.stones.length);
  const number = replay.infoAt(node).moveNumber;
  if (node.kind !== 'move') return say('nav.outline.nodeAt', number);
  const color = node.color ? colorWord(node.color.value, say) : '?';
  const size = doc.size;
  const where =
    node.point === null ? say('nav.move.pass')
      : node.point && size && node.point.x < size.width && node.point.y < size.height ? pointLabel(node.point, size.width, size.height)
        : node.point ? `(${node.point.x}, ${node.point.y})` : '?';
  return say('nav.outline.firstMove', number, color, where);
}

/* ---------- the cap ---------- */

/** How many symbols the whole outline has: the information symbol and its fields, every line and marked node. */
function countItems(analysis: Analysis, doc: Wei7Document, say: Say): number {
  const info = infoSymbol(analysis, doc, say);
  let count = info ? 1 + info.children.length : 0;
  const lines: Line[] = doc.rootLine ? [doc.rootLine] : [];
  for (let line = lines.pop(); line; line = lines.pop()) {
    count += 1 + line.nodes.filter((n) => isMarked(n, line as Line)).length;
    for (const child of line.lines) lines.push(child); // no spread: a line may hold 100,000s of lines
  }
  return count;
}

function noticeSymbol(end: number, limit: number, left: number, say: Say): OutlineSymbol {
  const at = { start: end, end };
  return { name: say('nav.outline.limit', limit, left), kind: 'notice', span: at, selectionSpan: at, children: [] };
}

/* ---------- helpers ---------- */

function union(a: Span, b: Span): Span {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}

/** Symbol names are one line; titles in 3.0 may hold line breaks. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
