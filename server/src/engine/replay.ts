/**
 * Replay of a document's game tree (PlayNode.parent/children) on the Board, as 3.0 §9.16.7
 * defines a game and spec-notes reads it for both formats: a move goes on an empty point
 * (one onto an occupied point changes nothing), a pass changes nothing, either colour may move
 * any number of times, a pre places its stones, and a 3.0 takeback undoes the last N moves of
 * its path (passes included) and restores what they captured.
 *
 * Two layers:
 * - walkGame: one iterative depth-first walk over every path, which plays a node, visits its
 *   children and undoes it. The state along a path is a persistent stack of entries (one per
 *   move or pre), so the state after any node is just a pointer to its top entry.
 * - GameReplay: runs the walk once, on first use, and answers per-node questions (move number,
 *   captures, prisoners, the position after the node) from what the walk recorded. Positions
 *   come from checkpoints taken every CHECKPOINT_INTERVAL board changes along a path, replayed
 *   forward on one scratch board, so a cursor request never replays a whole long game.
 */
import type { Color, Line, Mark, MoveNode, PlayNode, Point, PreNode, Stone, Wei7Document } from '../model/types';
import { childAt, childCount, firstInPlay } from '../model/tree';
import { moveColorValue, movePointIndex } from '../model/moves';
import {
  BLACK,
  Board,
  type BoardSnapshot,
  type CellValue,
  EMPTY,
  MAX_BOARD_SIDE,
  NO_STONES,
  type PlayRecord,
  type PlayRecordWithHashHalves,
  type StoneColor,
  WHITE,
  type ZobristHash,
  combineHash,
} from './board';

// ---------------------------------------------------------------------------------------------
// Simulation status

export type SimulationStatus = 'simulated' | 'sizeUnknown' | 'sizeTooLarge';

/** Whether a document's board can be simulated: its size must be known and at most 52 × 52. */
export function simulationStatus(doc: Wei7Document): SimulationStatus {
  const size = doc.size;
  if (!size || !(size.width >= 1) || !(size.height >= 1)) return 'sizeUnknown';
  if (!Number.isInteger(size.width) || !Number.isInteger(size.height)) return 'sizeUnknown';
  if (size.width > MAX_BOARD_SIDE || size.height > MAX_BOARD_SIDE) return 'sizeTooLarge';
  return 'simulated';
}

/** A fresh board for the document, or undefined when it is not simulated (no large allocation). */
export function boardFor(doc: Wei7Document): Board | undefined {
  return simulationStatus(doc) === 'simulated' && doc.size ? new Board(doc.size.width, doc.size.height) : undefined;
}

export function stoneColorOf(color: Color): StoneColor {
  return color === 'black' ? BLACK : WHITE;
}

export function colorOfStone(stone: StoneColor): Color {
  return stone === BLACK ? 'black' : 'white';
}

// ---------------------------------------------------------------------------------------------
// The walk

/** Stones held by each colour: prisoners.black counts the white stones removed from the board. */
export interface Prisoners {
  readonly black: number;
  readonly white: number;
}

const NO_PRISONERS: Prisoners = Object.freeze({ black: 0, white: 0 });

interface EntryBase {
  /** The entry below this one: the state before it. */
  readonly below: StackEntry | undefined;
  /** Moves (passes included) on the stack up to and including this entry. */
  readonly moveCount: number;
  readonly prisoners: Prisoners;
  /** The hash of the position after this entry (0 when not simulated). */
  readonly hash: ZobristHash;
  /** The hash's halves (board.ts combineHash), for look-ups that need no 53-bit number. */
  readonly hashHigh: number;
  readonly hashLow: number;
  /** Whether this entry changed the board (a stone placed or removed). */
  readonly changesBoard: boolean;
  /** The latest entry at or below this one that changed the board: the position after this entry is its position. */
  readonly positionSource: StackEntry | undefined;
  /** Board changes from the empty board up to and including positionSource. */
  readonly boardDepth: number;
}

/** A move or a pass (or an unreadable move, which counts as a move and changes nothing). */
export interface MoveEntry extends EntryBase {
  readonly kind: 'move';
  readonly node: MoveNode;
  readonly color: StoneColor | undefined;
  /** The point index; undefined for a pass or an unreadable or off-board point. */
  readonly point: number | undefined;
  /** What the play did; undefined when no stone was placed. */
  readonly play: PlayRecord | undefined;
  /** The point was occupied: the move was skipped (3.0 §9.16.7.1). */
  readonly occupied: boolean;
}

/** A stone of a pre that was not placed because its point already held a stone. */
export interface SkippedPreStone {
  readonly stone: Stone;
  /** The earlier stone of the same pre on that point; undefined when the stone came from before the pre. */
  readonly earlier: Stone | undefined;
}

export interface PreEntry extends EntryBase {
  readonly kind: 'pre';
  readonly node: PreNode;
  /** The stones placed, with their point indices (same order). */
  readonly placed: readonly Stone[];
  readonly placedPoints: readonly number[];
  readonly skipped: readonly SkippedPreStone[];
  /** Blocks holding a stone of this pre that have no liberty after it (point indices). */
  readonly deadBlocks: readonly (readonly number[])[];
}

export type StackEntry = MoveEntry | PreEntry;

/** What a node did, given to a walk's visitor. */
export interface Step {
  readonly node: PlayNode;
  /** The state before the node (undefined: the empty board, no moves). */
  readonly before: StackEntry | undefined;
  /** The state after the node. */
  readonly after: StackEntry | undefined;
  /** The entry the node pushed (a move or a pre). */
  readonly pushed: StackEntry | undefined;
  /** A takeback: the entries it removed, latest first. */
  readonly takenBack: readonly StackEntry[];
  /** A takeback: how many more moves it asked for than its path had. */
  readonly missingMoves: number;
}

export interface WalkVisitor {
  /**
   * The node has taken effect; the board (if any) shows the position after it. The step holds
   * only during the call: the walk fills the same object in again for the next move or pre.
   */
  enter(step: Step): void;
  /**
   * The walk is done with the node's subtree; called before the node is undone. The step has the
   * fields enter was given, not always in the same object. The nodes of the path the walk ends on
   * get none (see walkSubtrees).
   */
  leave?(step: Step): void;
}

const NO_ENTRIES: readonly StackEntry[] = Object.freeze([]);

/**
 * Visits every node reachable from doc.roots once, parents before children, with `board`
 * showing the position after the node during enter (pass undefined to walk without a board:
 * move numbers and structure only). Iterative, so deep games cannot overflow the call stack.
 */
export function walkGame(doc: Wei7Document, board: Board | undefined, visitor: WalkVisitor): void {
  if (board) board.clear();
  walkSubtrees(doc.roots, undefined, board, visitor);
}

/**
 * walkGame from the middle: visits `roots` and their subtrees, all starting from the state
 * `before`, which `board` (if any) must show. Used to re-check only the paths an edit changed.
 * A node's children are visited last to first, so that the main line (children[0]) comes last
 * and the walk ends on it.
 *
 * The walk ends as soon as no node is left to enter: the nodes of the path it ends on get no leave
 * and are not undone, so the board shows the position after the last node. Every caller discards
 * the board and the visitor afterwards: that path is the main line from the last branch left to
 * visit, nearly every node of a long game, and undoing it (or even keeping its frames) changes
 * nothing they keep.
 */
export function walkSubtrees(
  roots: readonly PlayNode[],
  before: StackEntry | undefined,
  board: Board | undefined,
  visitor: WalkVisitor,
): void {
  // The walk's stack, one frame per node of the path to unwind, [0, depth). A move or a pre is kept
  // as the entry it pushed, and its step made again for leave (node, before and after follow from
  // the entry); only other nodes keep their step. Slots past depth are overwritten, not cleared.
  const entries: (StackEntry | undefined)[] = [];
  const otherSteps: (Step | undefined)[] = [];
  /** Each frame's node, whose children are read one by one (childAt: a 2.x move would make a list of its only child). */
  const frameNodes: PlayNode[] = [];
  /** How many children of each frame's node are still to visit (they go last to first). */
  const childrenLeft: number[] = [];
  const reused = newReusedStep();
  let depth = 0;
  for (let r = 0; r < roots.length; r++) {
    const lastRoot = r === roots.length - 1;
    // Frames with children still to visit: when none is left on the last root, the path so far is never unwound.
    let framesWithChildrenLeft = 0;
    let node: PlayNode | undefined = roots[r];
    let below = before;
    for (;;) {
      if (node) {
        const step = applyNode(node, below, board, reused);
        visitor.enter(step);
        entries[depth] = step.pushed;
        otherSteps[depth] = step.pushed ? undefined : step;
        const count = childCount(node);
        frameNodes[depth] = node;
        childrenLeft[depth] = count;
        depth++;
        if (count > 0) framesWithChildrenLeft++;
      }
      if (depth === 0) break;
      const top = depth - 1;
      const entry = entries[top];
      const step = otherSteps[top];
      if (childrenLeft[top] > 0) {
        node = childAt(frameNodes[top], --childrenLeft[top]);
        below = entry ?? (step as Step).after;
        if (childrenLeft[top] === 0) {
          framesWithChildrenLeft--;
          // Nothing on the path will be visited again: its frames are dropped, not unwound.
          if (lastRoot && framesWithChildrenLeft === 0) depth = 0;
        }
        continue;
      }
      if (lastRoot && framesWithChildrenLeft === 0) return;
      const leaving = step ?? stepOfEntry(entry as StackEntry, reused);
      visitor.leave?.(leaving);
      undoStep(leaving, board);
      depth--;
      node = undefined;
    }
  }
}

/** The step of a move or a pre, rebuilt from the entry it pushed (the same fields applyNode gave), in `reused`. */
function stepOfEntry(entry: StackEntry, reused: ReusedStep): Step {
  reused.node = entry.node;
  reused.before = entry.below;
  reused.after = entry;
  reused.pushed = entry;
  return reused;
}

/** A step the walk fills in again for each move and pre (see WalkVisitor.enter). */
type ReusedStep = { -readonly [K in keyof Step]: Step[K] };

function newReusedStep(): ReusedStep {
  return { node: undefined as unknown as PlayNode, before: undefined, after: undefined, pushed: undefined, takenBack: NO_ENTRIES, missingMoves: 0 };
}

/**
 * Plays `node` on `before`. A move or a pre is given in `reused`, filled in afresh: one step
 * object a walk, not one a node (the walk keeps the entry such a node pushed, not its step).
 */
function applyNode(node: PlayNode, before: StackEntry | undefined, board: Board | undefined, reused: ReusedStep): Step {
  if (node.kind === 'move' || node.kind === 'pre') {
    const pushed = node.kind === 'move' ? applyMove(node, before, board) : applyPre(node, before, board);
    reused.node = node;
    reused.before = before;
    reused.after = pushed;
    reused.pushed = pushed;
    return reused;
  }
  if (node.kind === 'takeback') {
    const requested = node.count?.value;
    // An unreadable count is reported by the validator; the takeback then changes nothing.
    if (requested !== undefined && Number.isInteger(requested) && requested >= 1) {
      const available = before?.moveCount ?? 0;
      const takenBack = popMoves(before, Math.min(requested, available), board);
      const after = takenBack.length ? takenBack[takenBack.length - 1].below : before;
      return { node, before, after, pushed: undefined, takenBack, missingMoves: Math.max(0, requested - available) };
    }
  }
  return { node, before, after: before, pushed: undefined, takenBack: NO_ENTRIES, missingMoves: 0 };
}

function undoStep(step: Step, board: Board | undefined): void {
  if (step.pushed) undoEntry(step.pushed, board);
  // A takeback is undone by doing again what it undid, earliest first.
  for (let i = step.takenBack.length - 1; i >= 0; i--) redoEntry(step.takenBack[i], board);
}

function applyMove(node: MoveNode, below: StackEntry | undefined, board: Board | undefined): MoveEntry {
  // The values, not the located objects: a 2.x move makes those when read (model/moves.ts).
  const colorValue = moveColorValue(node);
  const color = colorValue ? stoneColorOf(colorValue) : undefined;
  const index = board ? movePointIndex(node, board.width, board.height) : -1;
  const point = index >= 0 ? index : undefined;
  const occupied = point !== undefined && board !== undefined && board.at(point) !== EMPTY;
  // Moves without a colour or a readable point are reported by the validator and change nothing.
  const plays = point !== undefined && color !== undefined && board !== undefined && !occupied;
  if (plays) board.playInPlace(point, color);
  return new MoveOnStack(
    node,
    color,
    point,
    plays,
    occupied,
    below,
    plays ? board.lastCaptured : NO_STONES,
    plays ? board.lastSuicided : NO_STONES,
    board ? board.hashHighBits : 0,
    board ? board.hashLowBits : 0,
  );
}

/** MoveOnStack's flags: the colour (BLACK or WHITE, 0 for none) in the low bits, then two booleans. */
const COLOR_BITS = 3;
const CHANGES_BOARD = 4;
const OCCUPIED = 8;
const SUICIDE = 16;
/** The point index + 1 (0: none) is kept above the flags: a point index is below 52 × 52 (MAX_BOARD_SIDE), so the field stays a small integer. */
const POINT_SHIFT = 5;

/**
 * The entry of a move, and the record of its play when it placed a stone (`play` is the entry
 * itself then): one object a move instead of two, for a replay keeps one entry per move of the
 * paths it walked and walks them again after an edit. A class rather than a literal so that the
 * hashes can be kept as the board's small integers and combined when asked for: a 53-bit number
 * in a field is a heap number of its own.
 */
class MoveOnStack implements MoveEntry {
  readonly moveCount: number;
  readonly positionSource: StackEntry | undefined;
  readonly boardDepth: number;
  readonly prisoners: Prisoners;
  /** The colour (0 for none), the CHANGES_BOARD, OCCUPIED and SUICIDE bits and the point: one field for five (a replay keeps an entry a move). */
  private readonly flags: number;
  /**
   * The stones the play removed: the opponent's (captured), or with SUICIDE the mover's own. A play
   * removes one or the other, never both (Board.playInPlace), so one field holds either.
   */
  private readonly removed: readonly number[];

  constructor(
    readonly node: MoveNode,
    color: StoneColor | undefined,
    point: number | undefined,
    changesBoard: boolean,
    occupied: boolean,
    readonly below: StackEntry | undefined,
    /** Opponent stones the play removed (none when no stone was placed). */
    captured: readonly number[],
    /** The mover's own stones the play removed (suicide); none when `captured` has any. */
    suicided: readonly number[],
    readonly hashAfterHigh: number,
    readonly hashAfterLow: number,
  ) {
    const suicide = suicided.length > 0;
    this.flags = (color ?? 0) | (changesBoard ? CHANGES_BOARD : 0) | (occupied ? OCCUPIED : 0) | (suicide ? SUICIDE : 0) | (((point ?? -1) + 1) << POINT_SHIFT);
    this.removed = suicide ? suicided : captured;
    this.moveCount = (below?.moveCount ?? 0) + 1;
    const prisonersBelow = below?.prisoners ?? NO_PRISONERS;
    // A stone is placed only with a colour (applyMove).
    this.prisoners = changesBoard ? addPrisoners(prisonersBelow, color as StoneColor, captured, suicided) : prisonersBelow;
    const source = below?.positionSource;
    const depthBelow = source?.boardDepth ?? 0;
    // A move that changed the board is its own position source.
    this.positionSource = changesBoard ? this : source;
    this.boardDepth = changesBoard ? depthBelow + 1 : depthBelow;
  }

  get kind(): 'move' {
    return 'move';
  }

  get color(): StoneColor | undefined {
    const color = this.flags & COLOR_BITS;
    return color === 0 ? undefined : (color as StoneColor);
  }

  get changesBoard(): boolean {
    return (this.flags & CHANGES_BOARD) !== 0;
  }

  /** The point index; undefined for a pass or an unreadable or off-board point. */
  get point(): number | undefined {
    const point = this.flags >> POINT_SHIFT;
    return point === 0 ? undefined : point - 1;
  }

  get occupied(): boolean {
    return (this.flags & OCCUPIED) !== 0;
  }

  get captured(): readonly number[] {
    return (this.flags & SUICIDE) === 0 ? this.removed : NO_STONES;
  }

  get suicided(): readonly number[] {
    return (this.flags & SUICIDE) !== 0 ? this.removed : NO_STONES;
  }

  /** What the play did; undefined when no stone was placed. */
  get play(): PlayRecord | undefined {
    // A stone was placed only with a colour and a point: then this entry has every field of a record.
    return this.changesBoard ? (this as unknown as PlayRecordWithHashHalves) : undefined;
  }

  get hash(): ZobristHash {
    return combineHash(this.hashAfterHigh, this.hashAfterLow);
  }

  get hashHigh(): number {
    return this.hashAfterHigh;
  }

  get hashLow(): number {
    return this.hashAfterLow;
  }

  /*
   * The position before a move is the one after the entry below it (the walk plays each node on
   * the position its `below` left), so the hash before is read from there rather than kept: 16
   * bytes less a move.
   */

  get hashBeforeHigh(): number {
    const below = this.below;
    return below ? below.hashHigh : 0;
  }

  get hashBeforeLow(): number {
    const below = this.below;
    return below ? below.hashLow : 0;
  }

  get hashBefore(): ZobristHash {
    return this.below?.hash ?? 0;
  }

  get hashAfter(): ZobristHash {
    return this.hash;
  }
}

function addPrisoners(prisoners: Prisoners, color: StoneColor, captured: readonly number[], suicided: readonly number[]): Prisoners {
  if (captured.length === 0 && suicided.length === 0) return prisoners;
  // Removed stones of a colour are held by the other colour, whoever moved.
  const whiteRemoved = color === BLACK ? captured.length : suicided.length;
  const blackRemoved = color === BLACK ? suicided.length : captured.length;
  return { black: prisoners.black + whiteRemoved, white: prisoners.white + blackRemoved };
}

function applyPre(node: PreNode, below: StackEntry | undefined, board: Board | undefined): PreEntry {
  const placed: Stone[] = [];
  const placedPoints: number[] = [];
  const skipped: SkippedPreStone[] = [];
  if (board) {
    const placedAt = new Map<number, Stone>();
    for (const stone of node.stones) {
      // Off-board stones are reported by the validator (coordinate.range).
      if (!board.isOnBoard(stone.point.x, stone.point.y)) continue;
      const point = board.indexOf(stone.point.x, stone.point.y);
      if (board.at(point) !== EMPTY) {
        skipped.push({ stone, earlier: placedAt.get(point) });
        continue;
      }
      board.place(point, stoneColorOf(stone.color));
      placedAt.set(point, stone);
      placed.push(stone);
      placedPoints.push(point);
    }
  }
  const source = below?.positionSource;
  const depthBelow = source?.boardDepth ?? 0;
  return ownPositionSource<PreEntry>({
    kind: 'pre',
    node,
    placed,
    placedPoints,
    skipped,
    deadBlocks: board ? blocksWithoutLiberties(board, placedPoints) : [],
    below,
    moveCount: below?.moveCount ?? 0,
    prisoners: below?.prisoners ?? NO_PRISONERS,
    hash: board?.hash ?? 0,
    hashHigh: board?.hashHighBits ?? 0,
    hashLow: board?.hashLowBits ?? 0,
    changesBoard: placed.length > 0,
    positionSource: source,
    boardDepth: placed.length > 0 ? depthBelow + 1 : depthBelow,
  });
}

/** The distinct blocks without liberties that contain one of `points`. */
function blocksWithoutLiberties(board: Board, points: readonly number[]): number[][] {
  const blocks: number[][] = [];
  const inDeadBlock = new Set<number>();
  for (const point of points) {
    if (inDeadBlock.has(point)) continue;
    const block = board.blockWithoutLiberties(point);
    if (!block) continue;
    for (const p of block) inDeadBlock.add(p);
    blocks.push(block);
  }
  return blocks;
}

/**
 * An entry that changed the board is its own position source, which only the finished entry can
 * point at. The entry is built with every field in its literal (source: the one below, then set
 * here) so that all entries share one shape with no fields added after it is made.
 */
function ownPositionSource<E extends StackEntry>(entry: E): E {
  if (entry.changesBoard) (entry as { positionSource: StackEntry | undefined }).positionSource = entry;
  return entry;
}

/** Removes entries from the top of the stack until `moves` moves are gone (pres above them go too). */
function popMoves(top: StackEntry | undefined, moves: number, board: Board | undefined): StackEntry[] {
  const popped: StackEntry[] = [];
  let remaining = moves;
  let entry = top;
  while (remaining > 0 && entry) {
    undoEntry(entry, board);
    popped.push(entry);
    if (entry.kind === 'move') remaining--;
    entry = entry.below;
  }
  return popped;
}

function undoEntry(entry: StackEntry, board: Board | undefined): void {
  if (!board) return;
  if (entry.kind === 'move') {
    if (entry.play) board.undo(entry.play);
  } else {
    for (let i = entry.placedPoints.length - 1; i >= 0; i--) board.remove(entry.placedPoints[i]);
  }
}

function redoEntry(entry: StackEntry, board: Board | undefined): void {
  if (!board) return;
  if (entry.kind === 'move') {
    if (entry.play) board.redo(entry.play);
  } else {
    entry.placedPoints.forEach((point, i) => board.place(point, stoneColorOf(entry.placed[i].color)));
  }
}

// ---------------------------------------------------------------------------------------------
// Positions

/** A position: cells[y * width + x] is EMPTY, BLACK or WHITE; y = 0 is the top row (3.0 §3.6). */
export interface Position {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
}

export function stoneAt(position: Position, x: number, y: number): CellValue {
  return position.cells[y * position.width + x] as CellValue;
}

/** The position as rows of text: rows[y][x] is '.' empty, 'X' black, 'O' white. */
export function positionRows(position: Position): string[] {
  const rows: string[] = [];
  for (let y = 0; y < position.height; y++) {
    let row = '';
    for (let x = 0; x < position.width; x++) {
      const cell = position.cells[y * position.width + x];
      row += cell === BLACK ? 'X' : cell === WHITE ? 'O' : '.';
    }
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The replay

/** One checkpoint every this many board changes along a path: a replay forward is at most this long. */
export const CHECKPOINT_INTERVAL = 64;

/** What a node shows: the answers of hovers, the preview and `wei7 board`. */
export interface NodeInfo {
  readonly node: PlayNode;
  /** Moves along the path up to this node: passes count, a pre adds none (move 0), takeback N subtracts N. */
  readonly moveNumber: number;
  /** The colour of a move. */
  readonly color: Color | undefined;
  /** The point of a move; null for a pass; undefined for other nodes and unreadable moves. */
  readonly point: Point | null | undefined;
  /** The stones this move removed: the opponent's, then the mover's own (suicide). */
  readonly captures: readonly Point[];
  /** Prisoners held after this node along its path. */
  readonly prisoners: Prisoners;
  /** The move was skipped because its point was occupied. */
  readonly occupied: boolean;
  readonly marks: readonly Mark[];
  readonly comment: string | undefined;
  readonly title: string | undefined;
}

/** A move (its number on the path, its colour) or a pre, as an answer about the path of a node. */
export type PlaceInGame =
  | { readonly kind: 'move'; readonly node: MoveNode; readonly moveNumber: number; readonly color: StoneColor | undefined }
  | { readonly kind: 'pre'; readonly node: PreNode };

function placeOf(entry: StackEntry): PlaceInGame {
  return entry.kind === 'move' ? { kind: 'move', node: entry.node, moveNumber: entry.moveCount, color: entry.color } : { kind: 'pre', node: entry.node };
}

/** What one walk of the game records for later questions: the state after each node, and board checkpoints. */
export interface WalkRecord {
  /** The state after each node, by node index. */
  readonly after: (StackEntry | undefined)[];
  readonly checkpoints: Map<StackEntry, BoardSnapshot>;
}

/** An empty record for a walk of `doc`. */
export function newWalkRecord(doc: Wei7Document): WalkRecord {
  return { after: new Array(doc.nodes.length), checkpoints: new Map() };
}

/**
 * A visitor that records what GameReplay needs into `record` (the state after each node, and a
 * checkpoint every CHECKPOINT_INTERVAL board changes), to be combined with another visitor (the
 * game checks) so the game is walked once per document version, not once to check and again to
 * replay. `board` is the board the walk plays on.
 */
export function recordingVisitor(record: WalkRecord, board: Board | undefined): WalkVisitor {
  const { after, checkpoints } = record;
  return {
    enter(step) {
      after[step.node.index] = step.after;
      const pushed = step.pushed;
      if (board && pushed?.changesBoard && pushed.boardDepth % CHECKPOINT_INTERVAL === 0) {
        checkpoints.set(pushed, board.snapshot());
      }
    },
  };
}

export class GameReplay {
  readonly status: SimulationStatus;
  private record: WalkRecord | undefined;
  /** The board positions are rebuilt on; allocated with the first position asked for. */
  private scratch: Board | undefined;
  private lastPosition: { source: StackEntry | undefined; position: Position } | undefined;
  /** occupantOf's answers by the position before the move (its source entry) and point; null: none. */
  private readonly occupants = new WeakMap<StackEntry, Map<number, PlaceInGame | null>>();

  /** `record`: what a walk over this very document recorded (see recordingVisitor); else the replay walks on first use. */
  constructor(
    readonly doc: Wei7Document,
    record?: WalkRecord,
  ) {
    this.status = simulationStatus(doc);
    this.record = record;
  }

  get simulated(): boolean {
    return this.status === 'simulated';
  }

  /** The position after `node` (2.2 §9.7, 3.0 §9.17); undefined when the board is not simulated. */
  positionAfter(node: PlayNode): Position | undefined {
    if (!this.simulated) return undefined;
    const source = this.walked().after[node.index]?.positionSource;
    if (this.lastPosition && this.lastPosition.source === source) return this.lastPosition.position;
    const position = this.rebuild(source);
    this.lastPosition = { source, position };
    return position;
  }

  infoAt(node: PlayNode): NodeInfo {
    const after = this.walked().after[node.index];
    const own = after && after.kind === 'move' && after.node === node ? after : undefined;
    const width = this.doc.size?.width ?? 1;
    const toPoint = (p: number): Point => ({ x: p % width, y: Math.floor(p / width) });
    return {
      node,
      moveNumber: after?.moveCount ?? 0,
      color: node.kind === 'move' ? node.color?.value : undefined,
      point: node.kind === 'move' ? pointOf(node) : undefined,
      captures: own?.play ? [...own.play.captured, ...own.play.suicided].map(toPoint) : [],
      prisoners: after?.prisoners ?? NO_PRISONERS,
      occupied: own?.occupied ?? false,
      marks: node.kind === 'mark' && node.mark ? [...node.marks, node.mark] : node.marks,
      comment: node.comment?.value,
      title: node.title?.value ?? (firstInPlay(node.line) === node ? node.line.title?.value : undefined),
    };
  }

  /** The number of moves standing after `node` (what infoAt(node).moveNumber says, without building the info). */
  moveNumberAt(node: PlayNode): number {
    return this.walked().after[node.index]?.moveCount ?? 0;
  }

  /**
   * The moves standing after `node`, latest first (takebacks already applied): the replay's own
   * stack, so the preview can number stones and find who moved last without a walk from the root.
   */
  *standingMoves(node: PlayNode): Generator<MoveEntry> {
    for (let entry = this.walked().after[node.index]; entry; entry = entry.below) if (entry.kind === 'move') yield entry;
  }

  /**
   * Where the stone came from that made `node` a move onto an occupied point (skipped in replay):
   * the latest move or pre of its path that put a stone on that point. That stone is the one
   * there: a capture would have emptied the point, and a stone put there later would be the
   * latest. Undefined when `node` is no such move. Walks down the path from the move, through
   * the entries that changed the board only.
   */
  occupantOf(node: PlayNode): PlaceInGame | undefined {
    const own = this.walked().after[node.index];
    if (!own || own.kind !== 'move' || own.node !== node || !own.occupied || own.point === undefined) return undefined;
    const point = own.point;
    const source = own.below?.positionSource;
    if (!source) return undefined;
    // Moves onto one occupied point one after another share the position before them: one walk
    // for all of them (a long game then many such moves was one walk down the game each).
    let known = this.occupants.get(source);
    if (!known) this.occupants.set(source, (known = new Map()));
    const cached = known.get(point);
    if (cached !== undefined) return cached ?? undefined;
    let found: PlaceInGame | undefined;
    for (let entry: StackEntry | undefined = source; entry && !found; entry = entry.below?.positionSource) {
      if (entry.kind === 'move' ? entry.point === point : entry.placedPoints.includes(point)) found = placeOf(entry);
    }
    known.set(point, found ?? null);
    return found;
  }

  /**
   * For a move that makes a position seen before on its path (a repetition under the Chinese
   * rules): the latest entry of the path below it after which the board was the same. Undefined
   * when that position is only the empty board at the start, or `node` is no such move.
   */
  samePositionBefore(node: PlayNode): PlaceInGame | undefined {
    const own = this.walked().after[node.index];
    if (!own || own.node !== node || !own.changesBoard) return undefined;
    // The halves, not the combined hash: a cold CLI walks tens of thousands of entries here.
    const high = own.hashHigh;
    const low = own.hashLow;
    for (let entry = own.below; entry; entry = entry.below) if (entry.hashLow === low && entry.hashHigh === high) return placeOf(entry);
    return undefined;
  }

  /** The move played just before `node` on its path (for a ko retaken at once: the move that took it), if it was a move. */
  moveBefore(node: PlayNode): PlaceInGame | undefined {
    const own = this.walked().after[node.index];
    const below = own && own.node === node ? own.below : undefined;
    return below?.kind === 'move' ? placeOf(below) : undefined;
  }

  /** What the walk recorded (walking now if it has not yet): a later version's game checks reuse it. */
  get walkRecord(): WalkRecord {
    return this.walked();
  }

  /** Runs the walk once and keeps what it learnt. */
  private walked(): WalkRecord {
    if (this.record) return this.record;
    const board = boardFor(this.doc);
    const record = newWalkRecord(this.doc);
    walkGame(this.doc, board, recordingVisitor(record, board));
    this.record = record;
    return record;
  }

  /** The position after `source`: from its nearest checkpoint (or the empty board), forward. */
  private rebuild(source: StackEntry | undefined): Position {
    const size = this.doc.size as { width: number; height: number }; // simulated, so known
    this.scratch ??= new Board(size.width, size.height);
    const board = this.scratch;
    restoreEntry(board, source, this.walked().checkpoints);
    return { width: board.width, height: board.height, cells: board.copyCells() };
  }
}

/** Sets `board` (hash included) to the position after `source`: from its nearest checkpoint (or the empty board), forward. */
export function restoreEntry(board: Board, source: StackEntry | undefined, checkpoints: ReadonlyMap<StackEntry, BoardSnapshot>): void {
  const chain: StackEntry[] = [];
  let entry = source?.positionSource;
  while (entry && !checkpoints.has(entry)) {
    chain.push(entry);
    entry = entry.below?.positionSource;
  }
  const checkpoint = entry && checkpoints.get(entry);
  if (checkpoint) board.restore(checkpoint);
  else board.clear();
  for (let i = chain.length - 1; i >= 0; i--) replayEntry(chain[i], board);
}

/**
 * Applies a board-changing entry again on a board showing the position below it. A move is
 * redone from its record (no block search): the record was made on that very position.
 */
function replayEntry(entry: StackEntry, board: Board): void {
  if (entry.kind === 'move') {
    if (entry.play) board.redo(entry.play);
  } else {
    entry.placedPoints.forEach((point, i) => board.place(point, stoneColorOf(entry.placed[i].color)));
  }
}

function pointOf(node: MoveNode): Point | null | undefined {
  return node.point ? { x: node.point.x, y: node.point.y } : node.point;
}

export function createReplay(doc: Wei7Document, record?: WalkRecord): GameReplay {
  return new GameReplay(doc, record);
}

/**
 * The node at a place in the text: the node whose span contains `offset`, else the nearest node
 * before it on the line of play that holds `offset`; undefined before the first node. doc.nodes
 * is in file order and nodes of play never nest in either format, so the last node starting at or
 * before `offset` is the answer, unless it lies in a variation (a branch) closed before `offset`:
 * after a 2.x variation, on the `<mark>` or the move that follow it, the position is the main
 * line's, not the variation's last (§3.18: a mark belongs to the move after it).
 */
export function nodeAt(doc: Wei7Document, offset: number): PlayNode | undefined {
  const found = lastStartingBy(doc.nodes, offset);
  if (!found || found.span.end > offset) return found;
  let line = found.line;
  let branch: Line | undefined;
  while (line.span.end <= offset && line.parentLine) {
    branch = line;
    line = line.parentLine;
  }
  if (!branch) return found;
  // The line's own last node before `offset`, else the node the branch left it from.
  return lastStartingBy(line.nodes, offset) ?? branch.nodes[0]?.parent ?? found;
}

/** The last of `nodes` (in file order) that starts at or before `offset`. */
function lastStartingBy(nodes: readonly PlayNode[], offset: number): PlayNode | undefined {
  let low = 0;
  let high = nodes.length - 1;
  let found: PlayNode | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (nodes[mid].span.start <= offset) {
      found = nodes[mid];
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
