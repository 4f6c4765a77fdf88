/**
 * The answer to `wei7/position`: everything the board preview shows for the node under the
 * cursor — the position after it, what the node says, who plays next, where it sits in the game
 * tree, and where the neighbouring nodes are in the text so the client can move the cursor.
 *
 * Pure functions of the cached analysis: the one engine (engine/replay) computes the board; the
 * webview only draws what this returns.
 */
import type { Analysis } from '../analysis';
import type { Color, Evaluation, GameInfo, NodeKind, PlayNode, Point, Span, Wei7Document } from '../model/types';
import type { PositionMapper, Position } from '../model/lineIndex';
import { childCount, endOfMainLine, firstOnPath } from '../model/tree';
import { createReplay, type GameReplay, type NodeInfo, nodeAt, positionRows, type SimulationStatus } from '../engine/replay';

export const POSITION_REQUEST = 'wei7/position';

export interface PositionParams {
  readonly uri: string;
  readonly position: Position;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/** A node to move the cursor to: its whole range; the cursor goes to range.start. */
export interface NavigationTarget {
  readonly offset: number;
  readonly range: Range;
}

export const NAVIGATION_KEYS = ['first', 'previous', 'next', 'last', 'previousVariation', 'nextVariation'] as const;
export type NavigationKey = (typeof NAVIGATION_KEYS)[number];

export interface BoardView {
  readonly width: number;
  readonly height: number;
  /** rows[y][x]: '.' empty, 'X' black, 'O' white; y = 0 is the top row. */
  readonly rows: readonly string[];
  /** moveNumbers[y * width + x]: the number of the move that put the stone there; 0 for none (empty, or a setup stone). */
  readonly moveNumbers: readonly number[];
}

export interface MarkView {
  readonly x: number;
  readonly y: number;
  readonly symbol: string;
}

/** A branching point on the path: which of `count` continuations the path takes (0 is the main one). */
export interface ForkView {
  /** The number of the move the alternatives are for (one more than where they start from). */
  readonly moveNumber: number;
  readonly index: number;
  readonly count: number;
}

/** Why there is no board: the document could not be read, or its size is unknown or above 52. */
export type BoardStatus = SimulationStatus | 'noDocument';

export interface PreviewPosition {
  readonly uri: string;
  /** The document version this answers, so the client can drop answers about older text. */
  readonly version: number;
  /** Some finding of the document is an error. */
  readonly hasErrors: boolean;
  readonly status: BoardStatus;
  /** Undefined when status is not 'simulated'. */
  readonly board: BoardView | undefined;
  /** The node under the cursor; undefined before the first node (the empty board). */
  readonly node: { readonly kind: NodeKind; readonly range: Range } | undefined;
  readonly moveNumber: number;
  /** The colour of a move node. */
  readonly color: Color | undefined;
  /** The point of a move node; null for a pass; undefined for other nodes. */
  readonly point: Point | null | undefined;
  /** The stone to mark as the last move (the node's own move, when it placed one). */
  readonly lastMove: Point | undefined;
  /** The colour the next move is for. */
  readonly toPlay: Color;
  /** Stones each side has taken along the path (prisoners.black: white stones black took). */
  readonly captures: { readonly black: number; readonly white: number };
  /** Stones this node's move removed. */
  readonly capturedNow: number;
  readonly marks: readonly MarkView[];
  readonly comment: string | undefined;
  readonly title: string | undefined;
  readonly gameName: string | undefined;
  /** The names of the players of each colour (3.0 may have several, e.g. pair go). */
  readonly players: { readonly black: readonly string[]; readonly white: readonly string[] };
  readonly problem: Color | undefined;
  readonly evaluation: Evaluation | undefined;
  readonly path: { readonly mainLine: boolean; readonly forks: readonly ForkView[] };
  readonly navigation: Readonly<Record<NavigationKey, NavigationTarget | undefined>>;
}

export interface DocumentView {
  readonly uri: string;
  readonly version: number;
  readonly analysis: Analysis;
  readonly lines: PositionMapper;
  /** The game's replay when the caller keeps one for this version (the server does); else one is made. */
  readonly replay?: GameReplay;
}

// ---------------------------------------------------------------------------------------------
// The answer

export function previewPosition(view: DocumentView, position: Position): PreviewPosition {
  const { analysis, lines } = view;
  const hasErrors = analysis.findings.some((f) => f.severity === 'error');
  const doc = analysis.document;
  if (!doc) return emptyAnswer(view, hasErrors);
  const replay = view.replay ?? createReplay(doc);
  const node = nodeAt(doc, lines.offsetAt(position));
  const info = node ? replay.infoAt(node) : undefined;
  const board = boardView(doc, replay, node);
  return {
    uri: view.uri,
    version: view.version,
    hasErrors,
    status: replay.status,
    board,
    node: node && { kind: node.kind, range: rangeOf(node.span, lines) },
    moveNumber: info?.moveNumber ?? 0,
    color: info?.color,
    point: info?.point,
    lastMove: info && lastMoveOf(info),
    toPlay: colorToPlay(node, replay),
    captures: { ...(info?.prisoners ?? { black: 0, white: 0 }) },
    capturedNow: info?.captures.length ?? 0,
    marks: (info?.marks ?? []).map((m) => ({ x: m.point.x, y: m.point.y, symbol: m.symbol.value })),
    comment: info?.comment,
    title: info?.title,
    gameName: doc.info.name?.value,
    players: playerNames(doc.info),
    problem: node?.problem?.value,
    evaluation: node?.evaluation?.value,
    path: pathView(doc, node, replay),
    navigation: navigationTargets(doc, node, lines),
  };
}

function emptyAnswer(view: DocumentView, hasErrors: boolean): PreviewPosition {
  return {
    uri: view.uri,
    version: view.version,
    hasErrors,
    status: 'noDocument',
    board: undefined,
    node: undefined,
    moveNumber: 0,
    color: undefined,
    point: undefined,
    lastMove: undefined,
    toPlay: 'black',
    captures: { black: 0, white: 0 },
    capturedNow: 0,
    marks: [],
    comment: undefined,
    title: undefined,
    gameName: undefined,
    players: { black: [], white: [] },
    problem: undefined,
    evaluation: undefined,
    path: { mainLine: true, forks: [] },
    navigation: { first: undefined, previous: undefined, next: undefined, last: undefined, previousVariation: undefined, nextVariation: undefined },
  };
}

export function rangeOf(span: Span, lines: PositionMapper): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

function targetOf(node: PlayNode | undefined, lines: PositionMapper): NavigationTarget | undefined {
  return node && { offset: node.span.start, range: rangeOf(node.span, lines) };
}

/** A stone to mark: only a move that put a stone on the board (not a pass, nor a move onto an occupied point). */
function lastMoveOf(info: NodeInfo): Point | undefined {
  return info.point && !info.occupied ? { x: info.point.x, y: info.point.y } : undefined;
}

// ---------------------------------------------------------------------------------------------
// The path of play

/** The alternatives a node is one of: its parent's children, or the game's first nodes. */
export function siblingsOf(doc: Wei7Document, node: PlayNode): readonly PlayNode[] {
  return node.parent ? node.parent.children : doc.roots;
}

/** How many alternatives `node` is one of (siblingsOf's length), without making a list. */
function siblingCount(doc: Wei7Document, node: PlayNode): number {
  return node.parent ? childCount(node.parent) : doc.roots.length;
}

/** The continuations after `node`; after no node (the empty board), the game's first nodes. */
export function continuationsOf(doc: Wei7Document, node: PlayNode | undefined): readonly PlayNode[] {
  return node ? node.children : doc.roots;
}

/** The branching points on the path to `node`, from the start; walked up from the node (no path array, no per-node info). */
function pathView(doc: Wei7Document, node: PlayNode | undefined, replay: GameReplay): PreviewPosition['path'] {
  const forks: ForkView[] = [];
  for (let n = node; n; n = n.parent) {
    if (siblingCount(doc, n) < 2) continue;
    const siblings = siblingsOf(doc, n);
    // Numbered as the move the alternatives are for: one after the position they start from.
    const moveNumber = (n.parent ? replay.moveNumberAt(n.parent) : 0) + 1;
    forks.push({ moveNumber, index: siblings.indexOf(n), count: siblings.length });
  }
  forks.reverse();
  return { mainLine: forks.every((f) => f.index === 0), forks };
}

/**
 * Who plays next after `node`: the node's problem colour (黑先/白先) if it sets one; else the
 * opponent of the last move standing (takebacks applied, as replay keeps them); else, after a
 * setup of black stones only (a handicap), white; else black.
 */
export function colorToPlay(node: PlayNode | undefined, replay: GameReplay): Color {
  if (node?.problem) return node.problem.value;
  if (node) {
    for (const move of replay.standingMoves(node)) {
      const color = move.node.color?.value;
      if (color) return color === 'black' ? 'white' : 'black';
    }
  }
  const setup = node && lastSetupOn(node);
  if (setup && setup.stones.length > 0 && setup.stones.every((s) => s.color === 'black')) return 'white';
  return 'black';
}

function lastSetupOn(node: PlayNode): (PlayNode & { kind: 'pre' }) | undefined {
  for (let n: PlayNode | undefined = node; n; n = n.parent) if (n.kind === 'pre' && n.stones.length > 0) return n;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The board

function boardView(doc: Wei7Document, replay: GameReplay, node: PlayNode | undefined): BoardView | undefined {
  if (!replay.simulated || !doc.size) return undefined;
  const { width, height } = doc.size;
  const position = node ? replay.positionAfter(node) : { width, height, cells: new Uint8Array(width * height) };
  if (!position) return undefined;
  return { width, height, rows: positionRows(position), moveNumbers: node ? stoneNumbers(position.cells, node, replay) : new Array<number>(width * height).fill(0) };
}

/**
 * The move number of each stone on the board: the last move standing that put a stone on its
 * point. Walked from the latest standing move back, so each point takes the first number found;
 * a setup stone never had one, and an empty point shows none.
 */
function stoneNumbers(cells: Uint8Array, node: PlayNode, replay: GameReplay): number[] {
  const numbers = new Array<number>(cells.length).fill(0);
  let unnumbered = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) unnumbered++;
  for (const move of replay.standingMoves(node)) {
    if (unnumbered === 0) break;
    const point = move.play ? move.point : undefined;
    if (point === undefined || numbers[point] !== 0) continue;
    // -1 marks a point whose last move's stone was captured since: earlier moves there do not count.
    numbers[point] = cells[point] !== 0 ? move.moveCount : -1;
    if (cells[point] !== 0) unnumbered--;
  }
  for (let i = 0; i < numbers.length; i++) if (numbers[i] < 0) numbers[i] = 0;
  return numbers;
}

// ---------------------------------------------------------------------------------------------
// Game information

function playerNames(info: GameInfo): PreviewPosition['players'] {
  const names: { black: string[]; white: string[] } = { black: [], white: [] };
  for (const player of info.players) {
    const color = player.color?.value;
    const index = player.participant?.value;
    const participant = index === undefined ? undefined : info.participants.find((p) => p.index === index);
    const name = participant?.name?.value;
    if (color && name !== undefined) names[color].push(name);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// Navigation

/**
 * Where each navigation button goes. first/last: the ends of the path through the node along
 * main continuations; previous/next: the parent and the main continuation; previous/next
 * variation: the neighbouring alternative at the nearest branching point at or above the node.
 * A target that is the node itself, or does not exist, is undefined (the button is disabled).
 */
export function navigationTargets(doc: Wei7Document, node: PlayNode | undefined, lines: PositionMapper): PreviewPosition['navigation'] {
  const first = node ? firstOnPath(node) : doc.roots[0];
  const next = continuationsOf(doc, node)[0];
  const fork = node && nearestFork(doc, node);
  const alternatives = fork ? siblingsOf(doc, fork) : [];
  const at = fork ? alternatives.indexOf(fork) : -1;
  const unlessHere = (target: PlayNode | undefined): PlayNode | undefined => (target === node ? undefined : target);
  return {
    first: targetOf(unlessHere(first), lines),
    previous: targetOf(node?.parent, lines),
    next: targetOf(next, lines),
    last: targetOf(next && endOfMainLine(next), lines),
    previousVariation: targetOf(at > 0 ? alternatives[at - 1] : undefined, lines),
    nextVariation: targetOf(at >= 0 && at + 1 < alternatives.length ? alternatives[at + 1] : undefined, lines),
  };
}

/** The node itself or its nearest ancestor that is one of several alternatives. */
function nearestFork(doc: Wei7Document, node: PlayNode): PlayNode | undefined {
  for (let n: PlayNode | undefined = node; n; n = n.parent) if (siblingCount(doc, n) > 1) return n;
  return undefined;
}
