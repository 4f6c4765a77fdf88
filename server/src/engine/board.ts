/**
 * A Go board of width × height points (1..52 each, 3.0 §3.9) with the capture rule of the
 * wei7 game definition (3.0 §9.16.7): a stone goes on an empty point, the opponent's blocks
 * left without liberties are removed first, then the mover's own (so suicide is legal and
 * removes the mover's block).
 *
 * Built for replaying long records: cells live in one flat Uint8Array (index = y * width + x),
 * block and liberty searches use scratch buffers allocated once per board (no recursion, no
 * allocation per move beyond the small lists of removed stones), every play returns a record
 * that undoes or redoes it exactly, and a Zobrist hash of the position is kept incrementally
 * for positional superko.
 *
 * A play knows whether a block lost its last liberty without searching it: the board keeps its
 * blocks (chains) as circular lists of stones with a count of pseudo-liberties (each pair of a
 * stone and an empty neighbour, counted with repeats), which is 0 exactly when the block has no
 * liberty. Searching the neighbours' blocks at every play was two thirds of a 10k-move replay
 * on a crowded board. Undos and redos build again only the chains near the points they change;
 * setup stones, removals, a restore or a clear mark them all stale, and the next play builds them
 * from the cells.
 */

import { pointIndexOn } from '../model/moves';

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export type StoneColor = typeof BLACK | typeof WHITE;
export type CellValue = typeof EMPTY | StoneColor;

/** SGF's limit, and ours: larger boards are not simulated (spec-notes, "Size"). */
export const MAX_BOARD_SIDE = 52;

/** What one play did, enough to undo and redo it without searching again. */
export interface PlayRecord {
  readonly point: number;
  readonly color: StoneColor;
  /** Opponent stones removed by the play. */
  readonly captured: readonly number[];
  /** The mover's own stones removed (suicide); includes `point` when not empty. */
  readonly suicided: readonly number[];
  readonly hashBefore: ZobristHash;
  readonly hashAfter: ZobristHash;
}

/**
 * A play record that keeps its hashes as their 32-bit halves (replay's move entries): undo and
 * redo restore the halves without splitting a combined hash.
 */
export interface PlayRecordWithHashHalves extends PlayRecord {
  readonly hashBeforeHigh: number;
  readonly hashBeforeLow: number;
  readonly hashAfterHigh: number;
  readonly hashAfterLow: number;
}

/**
 * A 53-bit Zobrist hash as one JS number (exact in a double), so it can key a Map.
 * Built from two 32-bit halves kept separately, because XOR works on 32-bit integers.
 */
export type ZobristHash = number;

/** A copy of a board's cells and hash, to restore later (checkpoints of a replay). */
export interface BoardSnapshot {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
  readonly hashHigh: number;
  readonly hashLow: number;
}

export const NO_STONES: readonly number[] = Object.freeze([]);

export function opponentOf(color: StoneColor): StoneColor {
  return color === BLACK ? WHITE : BLACK;
}

export function isValidBoardSize(width: number, height: number): boolean {
  return (
    Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 &&
    width <= MAX_BOARD_SIDE && height <= MAX_BOARD_SIDE
  );
}

export class Board {
  readonly width: number;
  readonly height: number;
  readonly pointCount: number;
  private readonly cells: Uint8Array;
  /** The up to four neighbours of each point, -1 where the board ends. */
  private readonly neighbours: Int32Array;
  /** Zobrist keys, a 21-bit and a 32-bit half per (point, colour): index point * 2 + colour - 1. */
  private readonly keysHigh: Int32Array;
  private readonly keysLow: Int32Array;
  private hashHigh = 0;
  private hashLow = 0;
  /** What the last playInPlace removed (see there). */
  lastCaptured: readonly number[] = NO_STONES;
  lastSuicided: readonly number[] = NO_STONES;
  /** Scratch for block searches: the stones found so far, used as the search's work list. */
  private readonly blockStones: Int32Array;
  /** visitStamp[p] === stamp marks p as seen by the current search, so nothing is cleared between searches. */
  private readonly visitStamp: Uint32Array;
  private stamp = 0;
  /** For each stone, the first stone of its chain (the chain's id); meaningless on empty points. */
  private readonly chainHead: Int32Array;
  /** For each stone, the next stone of its chain: the chain's stones in a circular list. */
  private readonly chainNext: Int32Array;
  /** By chain id: the chain's stones, and its pseudo-liberties (see the file's comment). */
  private readonly chainSize: Int32Array;
  private readonly chainLiberties: Int32Array;
  /** What the last whole-block search (searchBlock) counted. */
  private searchedLiberties = 0;
  /** Scratch: the stones a play removes (removeChain). */
  private readonly removedStones: Int32Array;
  /** Whether the chains describe the cells: false after setup stones, removals, a restore or a clear, until the next play builds them. */
  private chainsValid = true;

  constructor(width: number, height: number) {
    if (!isValidBoardSize(width, height)) {
      throw new RangeError(`board size ${width}×${height} is outside 1..${MAX_BOARD_SIDE}`);
    }
    this.width = width;
    this.height = height;
    this.pointCount = width * height;
    this.cells = new Uint8Array(this.pointCount);
    this.neighbours = neighbourTable(width, height);
    this.blockStones = new Int32Array(this.pointCount);
    this.visitStamp = new Uint32Array(this.pointCount);
    this.chainHead = new Int32Array(this.pointCount);
    this.chainNext = new Int32Array(this.pointCount);
    this.chainSize = new Int32Array(this.pointCount);
    this.chainLiberties = new Int32Array(this.pointCount);
    this.removedStones = new Int32Array(this.pointCount);
    const keys = zobristKeys(this.pointCount);
    this.keysHigh = keys.high;
    this.keysLow = keys.low;
  }

  indexOf(x: number, y: number): number {
    return y * this.width + x;
  }

  isOnBoard(x: number, y: number): boolean {
    return pointIndexOn(x, y, this.width, this.height) >= 0;
  }

  at(point: number): CellValue {
    return this.cells[point] as CellValue;
  }

  get(x: number, y: number): CellValue {
    return this.cells[this.indexOf(x, y)] as CellValue;
  }

  /** The position's hash: equal positions on boards of one size have equal hashes. */
  get hash(): ZobristHash {
    return combineHash(this.hashHigh, this.hashLow);
  }

  /** The hash's high 21 bits and low 32 bits (as a signed integer): combineHash makes them the hash. */
  get hashHighBits(): number {
    return this.hashHigh;
  }

  get hashLowBits(): number {
    return this.hashLow;
  }

  /** Puts a stone on an empty point without any capture (a setup stone). */
  place(point: number, color: StoneColor): void {
    if (this.cells[point] !== EMPTY) throw new Error(`place: point ${point} is not empty`);
    this.setStone(point, color);
    // Setup stones come many at a time (a pre): the next play builds the chains once for them all.
    this.chainsValid = false;
  }

  /** Takes a stone off the board without any other effect (undoing a setup stone). */
  remove(point: number): void {
    if (this.cells[point] === EMPTY) return;
    this.clearStone(point);
    this.chainsValid = false;
  }

  /** Plays (see playInPlace), and gives the play's record: the replay keeps its own, with the hash's halves. */
  play(point: number, color: StoneColor): PlayRecord {
    const hashBefore = this.hash;
    this.playInPlace(point, color);
    return { point, color, captured: this.lastCaptured, suicided: this.lastSuicided, hashBefore, hashAfter: this.hash };
  }

  /**
   * Plays `color` on the empty `point`: removes the opponent's blocks left without liberties,
   * then the mover's own block if it has none (3.0 §9.16.7.3: p = check(s, check(-s, t))).
   * No record is made: what the play removed is in lastCaptured and lastSuicided until the next
   * play, for a caller that keeps it in an object of its own with the hash's halves before and
   * after (replay's move entries: one object a move instead of two).
   */
  playInPlace(point: number, color: StoneColor): void {
    const cells = this.cells;
    if (cells[point] !== EMPTY) throw new Error(`play: point ${point} is not empty`);
    if (!this.chainsValid) this.buildChains();
    this.setStone(point, color);
    this.addToChains(point, color);
    const opponent = opponentOf(color);
    const neighbours = this.neighbours;
    const head = this.chainHead;
    const liberties = this.chainLiberties;
    let removed = 0;
    for (let i = point * 4; i < point * 4 + 4; i++) {
      const n = neighbours[i];
      // A chain found dead is empty by the time another of its stones comes up.
      if (n >= 0 && cells[n] === opponent && liberties[head[n]] === 0) removed = this.removeChain(n, removed);
    }
    if (removed > 0) {
      this.lastCaptured = this.removedList(removed);
      this.lastSuicided = NO_STONES;
    } else {
      this.lastCaptured = NO_STONES;
      // A capture empties a neighbour of `point`: the mover's block then has a liberty.
      this.lastSuicided = liberties[head[point]] > 0 ? NO_STONES : this.removedList(this.removeChain(point, 0));
    }
  }

  /** Restores the position before `record` (which must be the last play not yet undone). */
  undo(record: PlayRecord): void {
    const cells = this.cells;
    const opponent = opponentOf(record.color);
    const { suicided, captured } = record;
    for (let i = 0; i < suicided.length; i++) cells[suicided[i]] = record.color;
    for (let i = 0; i < captured.length; i++) cells[captured[i]] = opponent;
    cells[record.point] = EMPTY;
    this.refreshChainsAfter(record);
    const halves = (record as Partial<PlayRecordWithHashHalves>).hashBeforeHigh;
    if (halves !== undefined) {
      this.hashHigh = halves;
      this.hashLow = (record as PlayRecordWithHashHalves).hashBeforeLow;
    } else {
      this.setHash(record.hashBefore);
    }
  }

  /** Plays `record` again after it was undone, without searching. */
  redo(record: PlayRecord): void {
    const cells = this.cells;
    const { suicided, captured } = record;
    cells[record.point] = record.color;
    for (let i = 0; i < captured.length; i++) cells[captured[i]] = EMPTY;
    for (let i = 0; i < suicided.length; i++) cells[suicided[i]] = EMPTY;
    this.refreshChainsAfter(record);
    const halves = (record as Partial<PlayRecordWithHashHalves>).hashAfterHigh;
    if (halves !== undefined) {
      this.hashHigh = halves;
      this.hashLow = (record as PlayRecordWithHashHalves).hashAfterLow;
    } else {
      this.setHash(record.hashAfter);
    }
  }

  /** The stones of the block at `point` when it has no liberty, else undefined. */
  blockWithoutLiberties(point: number): number[] | undefined {
    if (this.cells[point] === EMPTY) return undefined;
    const size = this.searchBlockWithoutLiberties(point, this.nextStamp());
    return size < 0 ? undefined : Array.from(this.blockStones.subarray(0, size));
  }

  /** Empties the board. */
  clear(): void {
    this.cells.fill(EMPTY);
    this.hashHigh = 0;
    this.hashLow = 0;
    // Built at the next play: a cleared board is mostly filled again by redos (a replay from the
    // empty board), which need not keep them.
    this.chainsValid = false;
  }

  snapshot(): BoardSnapshot {
    return {
      width: this.width,
      height: this.height,
      cells: this.cells.slice(),
      hashHigh: this.hashHigh,
      hashLow: this.hashLow,
    };
  }

  restore(snapshot: BoardSnapshot): void {
    if (snapshot.width !== this.width || snapshot.height !== this.height) {
      throw new Error('restore: snapshot of another board size');
    }
    this.cells.set(snapshot.cells);
    this.chainsValid = false;
    this.hashHigh = snapshot.hashHigh;
    this.hashLow = snapshot.hashLow;
  }

  /** A copy of the cells, row by row from y = 0 (the top, 3.0 §3.6). */
  copyCells(): Uint8Array {
    return this.cells.slice();
  }

  private setStone(point: number, color: StoneColor): void {
    this.cells[point] = color;
    this.toggleKey(point, color);
  }

  private clearStone(point: number): void {
    this.toggleKey(point, this.cells[point] as StoneColor);
    this.cells[point] = EMPTY;
  }

  private toggleKey(point: number, color: StoneColor): void {
    const k = point * 2 + color - 1;
    this.hashHigh ^= this.keysHigh[k];
    this.hashLow ^= this.keysLow[k];
  }

  private setHash(hash: ZobristHash): void {
    this.hashHigh = hashHighOf(hash);
    this.hashLow = hashLowOf(hash);
  }

  /**
   * Makes the stone just set on `point` a chain of its own, takes the point from its neighbours'
   * pseudo-liberties and joins the chains of its colour it touches.
   */
  private addToChains(point: number, color: StoneColor): void {
    const cells = this.cells;
    const neighbours = this.neighbours;
    const head = this.chainHead;
    const liberties = this.chainLiberties;
    head[point] = point;
    this.chainNext[point] = point;
    this.chainSize[point] = 1;
    liberties[point] = 0;
    for (let i = point * 4; i < point * 4 + 4; i++) {
      const n = neighbours[i];
      if (n < 0) continue;
      const cell = cells[n];
      // head[point] rather than point: the stone's chain may have joined a larger one already.
      if (cell === EMPTY) liberties[head[point]]++;
      else {
        const chain = head[n];
        liberties[chain]--;
        if (cell === color && chain !== head[point]) this.joinChains(head[point], chain);
      }
    }
  }

  /** Joins two chains: the smaller one's stones take the larger one's id. */
  private joinChains(a: number, b: number): void {
    const head = this.chainHead;
    const next = this.chainNext;
    const size = this.chainSize;
    const large = size[a] >= size[b] ? a : b;
    const small = large === a ? b : a;
    let stone = small;
    do {
      head[stone] = large;
      stone = next[stone];
    } while (stone !== small);
    const after = next[large];
    next[large] = next[small];
    next[small] = after;
    size[large] += size[small];
    this.chainLiberties[large] += this.chainLiberties[small];
  }

  /**
   * Removes the chain (without liberties) holding `start`: its stones go to removedStones from
   * `from` on, in the order of a block search from `start` (the order a play's record has always
   * had), and the end of them is returned. Each removed stone gives a pseudo-liberty back to the
   * chains next to it.
   */
  private removeChain(start: number, from: number): number {
    const size = this.searchBlockWithoutLiberties(start, this.nextStamp());
    const blockStones = this.blockStones;
    const removedStones = this.removedStones;
    for (let j = 0; j < size; j++) {
      removedStones[from + j] = blockStones[j];
      this.clearStone(blockStones[j]);
    }
    const cells = this.cells;
    const neighbours = this.neighbours;
    const head = this.chainHead;
    const liberties = this.chainLiberties;
    for (let j = 0; j < size; j++) {
      const p = blockStones[j];
      for (let i = p * 4; i < p * 4 + 4; i++) {
        const n = neighbours[i];
        if (n >= 0 && cells[n] !== EMPTY) liberties[head[n]]++;
      }
    }
    return from + size;
  }

  /** The first `count` removedStones as a list of that very length (a replay keeps it with its move). */
  private removedList(count: number): number[] {
    const list = new Array<number>(count);
    for (let i = 0; i < count; i++) list[i] = this.removedStones[i];
    return list;
  }

  /** After an undo or a redo of `record`: the chains near every point it changed. */
  private refreshChainsAfter(record: PlayRecord): void {
    if (!this.chainsValid) return; // the next play builds them all
    const stamp = this.nextStamp();
    this.refreshChainsAt(record.point, stamp);
    for (let i = 0; i < record.captured.length; i++) this.refreshChainsAt(record.captured[i], stamp);
    for (let i = 0; i < record.suicided.length; i++) this.refreshChainsAt(record.suicided[i], stamp);
  }

  /** Builds every chain from the cells (at the first play after the chains went stale). */
  private buildChains(): void {
    const cells = this.cells;
    const visitStamp = this.visitStamp;
    const stamp = this.nextStamp();
    for (let p = 0; p < this.pointCount; p++) if (cells[p] !== EMPTY && visitStamp[p] !== stamp) this.buildChain(p, stamp);
    this.chainsValid = true;
  }

  /**
   * After `point` changed by an undo or a redo: builds again the chains that hold it or
   * touch it, the only ones whose stones or pseudo-liberties can have changed. Blocks already
   * built under `stamp` (one per change: an undo changes several points) are not built twice.
   */
  private refreshChainsAt(point: number, stamp: number): void {
    const cells = this.cells;
    const visitStamp = this.visitStamp;
    if (cells[point] !== EMPTY && visitStamp[point] !== stamp) this.buildChain(point, stamp);
    for (let i = point * 4; i < point * 4 + 4; i++) {
      const n = this.neighbours[i];
      if (n >= 0 && cells[n] !== EMPTY && visitStamp[n] !== stamp) this.buildChain(n, stamp);
    }
  }

  /** Builds the chain of the stone on `start` from the cells: its stones (marked with `stamp`), id and pseudo-liberties. */
  private buildChain(start: number, stamp: number): void {
    const size = this.searchBlock(start, stamp, false);
    const blockStones = this.blockStones;
    const head = this.chainHead;
    const next = this.chainNext;
    for (let j = 0; j < size; j++) {
      head[blockStones[j]] = start;
      next[blockStones[j]] = j + 1 < size ? blockStones[j + 1] : start;
    }
    this.chainSize[start] = size;
    this.chainLiberties[start] = this.searchedLiberties;
  }

  /**
   * Searches the block (same-colour stones connected through neighbours, 3.0 §9.16.4.4) of
   * `start`, stopping at its first liberty: returns -1 when it has one, else the block's size,
   * with its stones in blockStones[0, size). The list doubles as the search's work list, so no
   * stack is needed; stones seen are marked with `stamp`.
   */
  private searchBlockWithoutLiberties(start: number, stamp: number): number {
    return this.searchBlock(start, stamp, true);
  }

  /**
   * Searches the block of `start` (see searchBlockWithoutLiberties): with `stopAtLiberty`, -1 at
   * its first liberty; else the whole block, its pseudo-liberties counted into searchedLiberties.
   */
  private searchBlock(start: number, stamp: number, stopAtLiberty: boolean): number {
    // Locals: the loop runs for every stone of every block searched.
    const cells = this.cells;
    const neighbours = this.neighbours;
    const visitStamp = this.visitStamp;
    const blockStones = this.blockStones;
    const color = cells[start];
    visitStamp[start] = stamp;
    blockStones[0] = start;
    let size = 1;
    let liberties = 0;
    for (let next = 0; next < size; next++) {
      const p = blockStones[next];
      for (let i = p * 4; i < p * 4 + 4; i++) {
        const n = neighbours[i];
        if (n < 0) continue;
        const cell = cells[n];
        if (cell === EMPTY) {
          if (stopAtLiberty) return -1;
          liberties++;
        } else if (cell === color && visitStamp[n] !== stamp) {
          visitStamp[n] = stamp;
          blockStones[size++] = n;
        }
      }
    }
    this.searchedLiberties = liberties;
    return size;
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.visitStamp.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }
}

export function combineHash(high: number, low: number): ZobristHash {
  // The high half has 21 bits (see zobristKeys), the low half 32: 53 bits, exact in a double.
  return high * 2 ** 32 + (low >>> 0);
}

/** The high half of a combined hash (combineHash's `high`). */
export function hashHighOf(hash: ZobristHash): number {
  return Math.floor(hash / 2 ** 32);
}

/** The low half of a combined hash, as a signed integer (combineHash's `low`). */
export function hashLowOf(hash: ZobristHash): number {
  return (hash % 2 ** 32) | 0;
}

function neighbourTable(width: number, height: number): Int32Array {
  const table = new Int32Array(width * height * 4).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x > 0) table[p * 4] = p - 1;
      if (x < width - 1) table[p * 4 + 1] = p + 1;
      if (y > 0) table[p * 4 + 2] = p - width;
      if (y < height - 1) table[p * 4 + 3] = p + width;
    }
  }
  return table;
}

/** The fixed seed of the Zobrist keys: hashes are reproducible from run to run. */
const ZOBRIST_SEED = 0x5eed_7e17;

/** Keys for every (point, colour); they depend only on the point index, never on Math.random. */
function zobristKeys(pointCount: number): { high: Int32Array; low: Int32Array } {
  const next = splitMix32(ZOBRIST_SEED);
  const high = new Int32Array(pointCount * 2);
  const low = new Int32Array(pointCount * 2);
  for (let k = 0; k < pointCount * 2; k++) {
    high[k] = next() & 0x1fffff; // 21 bits, so that high and low together fit a double exactly
    low[k] = next();
  }
  return { high, low };
}

/** A small deterministic PRNG (SplitMix32): good enough spread for hash keys. */
export function splitMix32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}
