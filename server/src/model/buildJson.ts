/**
 * The document model of a wei7 3.0 (JSON) document. Lenient: it takes every value it can read
 * and skips the rest (validation reports them); it never throws. The tree is walked with an
 * explicit stack, since branches may nest without limit.
 */
import type { Node } from 'jsonc-parser';
import type {
  BoardSize, Color, Evaluation, Finding, GameInfo, GameResult, Line, Located, LocatedPoint, Mark, Participant, PlayNode, Player,
  Rules, RulesType, Scoring, Span, Stone, Wei7Document,
} from './types';
import { elementsOf, keySpanOf, member, propertyOf, spanOf, valueOf, type JsonSyntax } from '../parse/json/parseJson';
import { appendChild, replaceChild } from './tree';
import { PlainMoveStep } from '../parse/json/plainSteps';
import { PointInText } from './pointInText';
import { keptList } from '../util/lists';

const DEFAULT_SIZE = 19;
const SCORINGS: readonly Scoring[] = ['area', 'territory'];
const RULES_TYPES: readonly RulesType[] = ['Chinese', 'Japanese', 'Korean'];
const EVALUATIONS: readonly Evaluation[] = ['bad', 'good', 'trick', 'controversial'];

export function buildJsonModel(syntax: JsonSyntax): Wei7Document {
  const root = syntax.root?.type === 'object' ? syntax.root : undefined;
  const nodes: PlayNode[] = [];
  const roots: PlayNode[] = [];
  const treeValue = member(root, 'tree');
  const treeProperty = propertyOf(root, 'tree');
  const rootLine =
    treeValue?.type === 'object' && treeProperty ? buildLines(treeValue, keySpanOf(treeProperty), nodes, roots) : undefined;
  return { ...readDocumentHeader(syntax), rootLine, nodes, roots };
}

/** What a document holds besides its game tree (read again whole after an edit in the tree: it is small). */
export function readDocumentHeader(syntax: JsonSyntax): Omit<Wei7Document, 'rootLine' | 'nodes' | 'roots'> {
  const root = syntax.root?.type === 'object' ? syntax.root : undefined;
  return {
    format: 'json',
    spec: '3.0',
    version: readString(member(root, 'version')),
    size: readSize(member(root, 'size')),
    info: readInfo(member(root, 'info')),
  };
}

/* ---------- values ---------- */

function located<T>(value: T, node: Node): Located<T> {
  return { value, span: spanOf(node) };
}

function readString(node: Node | undefined): Located<string> | undefined {
  return node?.type === 'string' ? located(String(node.value), node) : undefined;
}

function readNumber(node: Node | undefined): Located<number> | undefined {
  return node?.type === 'number' && Number.isFinite(node.value) ? located(Number(node.value), node) : undefined;
}

/** An integer at least `min`, however it is written (validation reports `1.0`). */
function readInteger(node: Node | undefined, min: number): Located<number> | undefined {
  const number = readNumber(node);
  return number && Number.isInteger(number.value) && number.value >= min ? number : undefined;
}

function readEnum<T extends string>(node: Node | undefined, allowed: readonly T[]): Located<T> | undefined {
  const text = readString(node);
  return text && (allowed as readonly string[]).includes(text.value) ? (text as Located<T>) : undefined;
}

/** §3.5: 1 is black, 2 is white. */
function readColor(node: Node | undefined): Located<Color> | undefined {
  if (node?.type !== 'number') return undefined;
  if (node.value === 1) return located('black', node);
  if (node.value === 2) return located('white', node);
  return undefined;
}

/** The value of an integer at least `min`, as readInteger takes it, without a Located (this runs twice for every point). */
function integerValue(node: Node | undefined, min: number): number | undefined {
  if (node?.type !== 'number') return undefined;
  const value = Number(node.value);
  return Number.isInteger(value) && value >= min ? value : undefined;
}

function readPoint(node: Node | undefined): LocatedPoint | undefined {
  const x = integerValue(member(node, 'x'), 0);
  const y = integerValue(member(node, 'y'), 0);
  return node && x !== undefined && y !== undefined ? new PointInText(x, y, node.offset, node.offset + node.length) : undefined;
}

function readMark(node: Node | undefined): Mark | undefined {
  const point = readPoint(member(node, 'point'));
  const symbol = readString(member(node, 'symbol'));
  return node && point && symbol ? { point, symbol, span: spanOf(node) } : undefined;
}

function readMarks(node: Node | undefined): Mark[] {
  const marks: Mark[] = [];
  for (const element of elementsOf(node)) {
    const mark = readMark(element);
    if (mark) marks.push(mark);
  }
  return keptList(marks);
}

/** §3.15: the problem's colour (to play first). */
function readProblem(node: Node | undefined): Located<Color> | undefined {
  return readColor(member(node, 'color'));
}

/** §3.8: winner null is a draw; no margin is a win by resignation. */
function readResult(node: Node | undefined): GameResult | undefined {
  if (node?.type !== 'object') return undefined;
  const winnerNode = member(node, 'winner');
  const winner: Located<Color | null> | undefined = winnerNode?.type === 'null' ? located(null, winnerNode) : readColor(winnerNode);
  return { span: spanOf(node), winner, margin: readNumber(member(node, 'margin')) };
}

/** §3.9: a positive integer or {width, height}; the default 19 when absent; undefined when unreadable. */
function readSize(node: Node | undefined): BoardSize | undefined {
  if (!node) return { width: DEFAULT_SIZE, height: DEFAULT_SIZE };
  const square = readInteger(node, 1);
  if (square) return { width: square.value, height: square.value, span: spanOf(node) };
  const width = readInteger(member(node, 'width'), 1);
  const height = readInteger(member(node, 'height'), 1);
  return width && height ? { width: width.value, height: height.value, span: spanOf(node) } : undefined;
}

/* ---------- info ---------- */

function readInfo(node: Node | undefined): GameInfo {
  if (node?.type !== 'object') return { participants: [], players: [] };
  return {
    span: spanOf(node),
    domain: readString(member(node, 'domain')),
    id: readString(member(node, 'id')),
    name: readString(member(node, 'name')),
    place: readString(member(node, 'place')),
    time: readString(member(node, 'time')),
    rules: readRules(member(node, 'rules')),
    participants: readParticipants(member(node, 'participants')),
    players: readPlayers(member(node, 'players')),
    result: readResult(member(node, 'result')),
  };
}

function readRules(node: Node | undefined): Rules | undefined {
  if (node?.type !== 'object') return undefined;
  return {
    span: spanOf(node),
    scoring: readEnum(member(node, 'scoring'), SCORINGS),
    komi: readNumber(member(node, 'komi')),
    type: readEnum(member(node, 'type'), RULES_TYPES),
  };
}

/** Each participant keeps its index in the array (§3.7), even when an element before it is unreadable. */
function readParticipants(node: Node | undefined): Participant[] {
  const participants: Participant[] = [];
  elementsOf(node).forEach((element, index) => {
    if (element.type !== 'object') return;
    participants.push({
      index,
      span: spanOf(element),
      domain: readString(member(element, 'domain')),
      id: readString(member(element, 'id')),
      name: readString(member(element, 'name')),
      title: readString(member(element, 'title')),
      rank: readString(member(element, 'rank')),
    });
  });
  return participants;
}

function readPlayers(node: Node | undefined): Player[] {
  const players: Player[] = [];
  for (const element of elementsOf(node)) {
    if (element.type !== 'object') continue;
    players.push({
      span: spanOf(element),
      participant: readInteger(member(element, 'participant'), 0),
      color: readColor(member(element, 'color')),
    });
  }
  return players;
}

/* ---------- the game tree ---------- */

/** A node under construction: the model's nodes are read-only once built. */
type Building<T extends PlayNode> = { -readonly [K in keyof T]: T[K] };

/** A tree object waiting to be read, with the node its play starts after. */
interface PendingTree {
  readonly tree: Node;
  readonly line: Line;
  readonly after: PlayNode | undefined;
}

/**
 * Builds the root line and every branch line, appending their nodes to `nodes` and linking each
 * node to the one before it on its path of play (§3.16.4: branches follow the last step).
 */
function buildLines(rootTree: Node, keySpan: Span, nodes: PlayNode[], roots: PlayNode[]): Line {
  const rootLine = newLine(rootTree, keySpan, undefined);
  const pending: PendingTree[] = [{ tree: rootTree, line: rootLine, after: undefined }];
  let inFileOrder = true;
  for (let item = pending.pop(); item; item = pending.pop()) {
    const line = item.line;
    let last = item.after;
    for (const node of treeNodes(item.tree, line)) {
      node.index = nodes.length;
      node.parent = last;
      if (last) appendChild(last, node);
      else roots.push(node);
      if (nodes.length > 0 && nodes[nodes.length - 1].span.start > node.span.start) inFileOrder = false;
      nodes.push(node);
      line.nodes.push(node);
      last = node;
    }
    const branches = elementsOf(member(item.tree, 'branches')).filter((branch) => branch.type === 'object');
    const lines = branches.map((branch) => newLine(branch, braceOf(branch), line));
    // Pushed last to first, so that the first branch (the main line) is read first.
    for (let i = branches.length - 1; i >= 0; i--) pending.push({ tree: branches[i], line: lines[i], after: last });
  }
  if (!inFileOrder) putInFileOrder(nodes);
  return rootLine;
}

/** The nodes a tree object holds directly: its pre, then its steps. */
function treeNodes(tree: Node, line: Line): Building<PlayNode>[] {
  const result: Building<PlayNode>[] = [];
  const preProperty = propertyOf(tree, 'pre');
  const pre = member(tree, 'pre');
  if (preProperty && pre?.type === 'object') result.push(buildPre(pre, keySpanOf(preProperty), line));
  for (const step of elementsOf(member(tree, 'steps'))) {
    if (step.type === 'object') result.push(buildStep(step, line));
  }
  return result;
}

function newLine(tree: Node, keySpan: Span, parentLine: Line | undefined): Line {
  const line: Line = { span: spanOf(tree), keySpan, title: readString(member(tree, 'title')), nodes: [], lines: [], parentLine };
  parentLine?.lines.push(line);
  return line;
}

function braceOf(object: Node): Span {
  return { start: object.offset, end: object.offset + 1 };
}

/** Keys written out of the usual order (branches before steps): index and line order follow the text. */
function putInFileOrder(nodes: PlayNode[]): void {
  nodes.sort((a, b) => a.span.start - b.span.start);
  nodes.forEach((node, index) => {
    (node as Building<PlayNode>).index = index;
  });
  const lines = new Set(nodes.map((node) => node.line));
  for (const line of lines) line.nodes.sort((a, b) => a.span.start - b.span.start);
}

/** §3.16.2: the pre, "move 0". */
export function buildPre(pre: Node, keySpan: Span, line: Line): Building<PlayNode> {
  const stones: Stone[] = [];
  for (const element of elementsOf(member(pre, 'stones'))) {
    const color = readColor(member(element, 'color'));
    const point = readPoint(member(element, 'point'));
    if (color && point) stones.push({ color: color.value, point, span: spanOf(element) });
  }
  return {
    kind: 'pre',
    index: 0,
    span: spanOf(pre),
    keySpan,
    line,
    parent: undefined,
    children: [],
    stones,
    comment: readString(member(pre, 'comment')),
    marks: readMarks(member(pre, 'marks')),
    problem: readProblem(member(pre, 'problem')),
  };
}

/** §3.16.3: one step, by its action's type. Written out per kind (no spreads): this runs for every step. */
export function buildStep(step: Node, line: Line): Building<PlayNode> {
  if (step instanceof PlainMoveStep && step.isFolded()) return buildPlainMove(step, line);
  const actionProperty = propertyOf(step, 'action');
  const action = actionProperty && valueOf(actionProperty);
  const typeNode = member(action, 'type');
  const value = member(action, 'value');
  // Node-level diagnostics point at the action's type, else the "action" key, else the step's brace.
  const keySpan = typeNode ? spanOf(typeNode) : actionProperty ? keySpanOf(actionProperty) : braceOf(step);
  const span = spanOf(step);
  const comment = readString(member(step, 'comment'));
  const marks = readMarks(member(step, 'marks'));
  const time = readNumber(member(step, 'time'));
  const actor = readInteger(member(step, 'actor'), 0);
  const children: PlayNode[] = [];
  const parent = undefined;
  const index = 0;
  switch (typeNode?.type === 'string' ? typeNode.value : undefined) {
    case 'move': {
      const pointNode = member(value, 'point');
      const point = pointNode?.type === 'null' ? null : readPoint(pointNode);
      const color = readColor(member(value, 'color'));
      const evaluation = readEnum(member(value, 'evaluation'), EVALUATIONS);
      const problem = readProblem(member(value, 'problem'));
      return { kind: 'move', index, span, keySpan, line, parent, children, comment, marks, time, actor, color, point, evaluation, problem };
    }
    case 'takeback':
      return { kind: 'takeback', index, span, keySpan, line, parent, children, comment, marks, time, actor, count: readInteger(value, 1) };
    case 'result':
      return { kind: 'result', index, span, keySpan, line, parent, children, comment, marks, time, actor, result: readResult(value) };
    case 'mark':
      return { kind: 'mark', index, span, keySpan, line, parent, children, comment, marks, time, actor, mark: readMark(value) };
    case 'message':
      return { kind: 'message', index, span, keySpan, line, parent, children, comment, marks, time, actor, text: readString(value) };
    default:
      return { kind: 'unknown', index, span, keySpan, line, parent, children, comment, marks, time, actor };
  }
}

/** buildStep of a plain move step (parse/json/plainSteps.ts), from its fields: the same node, without making the step's children. */
function buildPlainMove(step: PlainMoveStep, line: Line): Building<PlayNode> {
  const tokens = PlainMoveStep.TOKENS;
  const comment: Located<string> | undefined = step.comment === undefined ? undefined : { value: step.comment, span: step.tokenSpan(tokens.comment) };
  const color: Located<Color> = { value: step.color === 1 ? 'black' : 'white', span: step.tokenSpan(tokens.color) };
  const point = new PointInText(step.x, step.y, step.tokenStart(tokens.pointOpen), step.tokenStart(tokens.pointClose) + 1);
  const keySpan = step.tokenSpan(tokens.type);
  const marks = readMarks(undefined);
  const children: PlayNode[] = [];
  // The fields in buildStep's order: one shape for every move node.
  return { kind: 'move', index: 0, span: spanOf(step), keySpan, line, parent: undefined, children, comment, marks, time: undefined, actor: undefined, color, point, evaluation: undefined, problem: undefined };
}

/* ---------- one node read again (an edit inside its step or pre, see reanalyzeJson.ts) ---------- */

/** A node read again from its edited element, and whether it is the previous node object (see rebuildNode). */
export interface RebuiltNode {
  readonly node: PlayNode;
  readonly adopted: boolean;
}

/**
 * The node of an edited step or pre (`element`, already in the syntax tree; `keySpan`: a pre's
 * key) in the place of `old`: same index, line, parent and children, and the same place in the
 * document's lists of nodes and roots (`game`). When it plays the same as `old` (playsSame), it
 * is `old` itself with the new content, so that the game checks keep its findings
 * (`gameFindings`, moved here to where its parts now are) and replay state.
 */
export function rebuildNode(
  old: PlayNode,
  element: Node,
  keySpan: Span | undefined,
  game: { readonly nodes: PlayNode[]; readonly roots: PlayNode[] },
  gameFindings: readonly Finding[] | undefined,
): RebuiltNode {
  const fresh = keySpan ? buildPre(element, keySpan, old.line) : buildStep(element, old.line);
  fresh.index = old.index;
  fresh.parent = old.parent;
  fresh.children = old.children;
  if (playsSame(old, fresh) && moveFindingsOntoParts(gameFindings, gameParts(old, fresh))) return { node: adopt(old, fresh), adopted: true };
  if (old.parent) replaceChild(old.parent, old, fresh);
  else game.roots[game.roots.indexOf(old)] = fresh;
  game.nodes[old.index] = fresh;
  for (const child of fresh.children) child.parent = fresh;
  const lineNodes = old.line.nodes;
  lineNodes[lineNodes.indexOf(old)] = fresh;
  return { node: fresh, adopted: false };
}

/**
 * Whether the game checks and the replay see no difference between the two nodes: the same kind,
 * colour and point (a move), stones (a pre) or count (a takeback). Other kinds change nothing on
 * the board. What a node changes for the whole game (a problem) the game checks see on their own.
 */
function playsSame(a: PlayNode, b: PlayNode): boolean {
  switch (a.kind) {
    case 'move':
      return b.kind === 'move' && a.color?.value === b.color?.value && samePoint(a.point, b.point);
    case 'pre':
      return b.kind === 'pre' && a.stones.length === b.stones.length && a.stones.every((s, i) => s.color === b.stones[i].color && samePoint(s.point, b.stones[i].point));
    case 'takeback':
      return b.kind === 'takeback' && a.count?.value === b.count?.value;
    default:
      return a.kind === b.kind;
  }
}

function samePoint(p: LocatedPoint | null | undefined, q: LocatedPoint | null | undefined): boolean {
  return p === q || (!!p && !!q && p.x === q.x && p.y === q.y);
}

/** The parts the game checks report at (checkGame.ts), as [old span, new span], for two nodes that play the same. */
function gameParts(old: PlayNode, fresh: PlayNode): [Span, Span][] {
  const parts: [Span, Span][] = [[old.keySpan, fresh.keySpan]];
  if (old.kind === 'move' && fresh.kind === 'move') {
    if (old.color && fresh.color) parts.push([old.color.span, fresh.color.span]);
    if (old.point && fresh.point) parts.push([old.point.span, fresh.point.span]);
  } else if (old.kind === 'pre' && fresh.kind === 'pre') {
    old.stones.forEach((stone, i) => {
      parts.push([stone.span, fresh.stones[i].span], [stone.point.span, fresh.stones[i].point.span]);
    });
  } else if (old.kind === 'takeback' && fresh.kind === 'takeback' && old.count && fresh.count) {
    parts.push([old.count.span, fresh.count.span]);
  }
  return parts;
}

/**
 * Findings own their spans (l10n finding() copies them): each of the node's game findings moves
 * to where the part it is at now is. False, moving none, when one is at no such part.
 */
function moveFindingsOntoParts(findings: readonly Finding[] | undefined, parts: readonly [Span, Span][]): boolean {
  if (!findings) return true;
  const targets = findings.map((f) => parts.find(([was]) => was.start === f.span.start && was.end === f.span.end)?.[1]);
  if (targets.some((target) => target === undefined)) return false;
  findings.forEach((f, i) => setSpan(f.span, targets[i] as Span));
  return true;
}

/**
 * `old` takes the content of `fresh` (same kind, see playsSame), keeping its objects for the parts
 * the game reads (key, colour, point, count, stones: the replay's entries hold its stones), moved
 * to their new offsets.
 */
function adopt(old: PlayNode, fresh: PlayNode): PlayNode {
  setSpan(old.keySpan, fresh.keySpan);
  const kept: Partial<Record<string, unknown>> = { keySpan: old.keySpan };
  if (old.kind === 'move' && fresh.kind === 'move') {
    if (old.color && fresh.color) setSpan(old.color.span, fresh.color.span);
    if (old.point && fresh.point) setSpan(old.point.span, fresh.point.span);
    kept.color = old.color ?? fresh.color;
    kept.point = old.point ?? fresh.point;
  } else if (old.kind === 'pre' && fresh.kind === 'pre') {
    old.stones.forEach((stone, i) => {
      setSpan(stone.span, fresh.stones[i].span);
      setSpan(stone.point.span, fresh.stones[i].point.span);
    });
    kept.stones = old.stones;
  } else if (old.kind === 'takeback' && fresh.kind === 'takeback') {
    if (old.count && fresh.count) setSpan(old.count.span, fresh.count.span);
    kept.count = old.count ?? fresh.count;
  }
  // Both were built by the same function for the same kind: they have the same fields, so assigning all of them replaces all.
  return Object.assign(old, fresh, kept);
}

/** Gives `target` the offsets of `source` (a span object kept, with its new place). */
function setSpan(target: Span, source: Span): void {
  const moved = target as { start: number; end: number };
  moved.start = source.start;
  moved.end = source.end;
}
