/**
 * How many times each position (by its Zobrist hash) stands on the path being walked: the walk
 * counts every move in and out, and the repetition check reads the count a move's position had
 * before it from the same call (addHalves returns it). A Map keyed by
 * the 53-bit hashes boxed each one as a heap number on every call, which made most of a re-check's
 * garbage; this table keeps the two halves in a typed array (open addressing, linear probing).
 * Counts fall to 0 but their keys stay: a walk meets a few positions per node, so the table stays
 * within a small multiple of the nodes walked.
 */
import { combineHash, hashHighOf, hashLowOf, type ZobristHash } from './board';

export class PositionCounts {
  /**
   * The table, two ints a slot: the hash's low half, then its high half (21 bits) with the slot's
   * USED bit and its count above them (COUNT_SHIFT). A slot is in use when its count was ever above
   * 0 (counts of 0 keep their key). Eight bytes a slot rather than sixteen (the fields apart): a
   * 10k-move game's table is 128 kB instead of 512, and every move reads a slot of it at random.
   */
  private slots: Int32Array;
  private capacity: number;
  private size = 0;
  /** The counts too large for a slot (COUNT_MAX there), by hash: a position repeated a thousand times on one path. */
  private readonly largeCounts = new Map<ZobristHash, number>();

  /** `expectedPositions`: how many distinct positions the caller may count; the table is made big enough to hold them without growing. */
  constructor(expectedPositions = 32) {
    let capacity = 64;
    while (capacity * MAX_LOAD < expectedPositions) capacity *= 2;
    this.capacity = capacity;
    this.slots = new Int32Array(capacity * 2);
  }

  get(hash: ZobristHash): number {
    return this.getHalves(hashHighOf(hash), hashLowOf(hash));
  }

  /** Adds `delta` to the position's count (never below 0); returns the count before. */
  add(hash: ZobristHash, delta: number): number {
    return this.addHalves(hashHighOf(hash), hashLowOf(hash), delta);
  }

  /** get, with the hash as its halves (board.ts combineHash's high and low): no 53-bit number made. */
  getHalves(high: number, low: number): number {
    const at = this.find(high, low);
    const tag = this.slots[at + 1];
    if ((tag & USED) === 0) return 0;
    const count = tag >>> COUNT_SHIFT;
    return count === COUNT_MAX ? (this.largeCounts.get(combineHash(high, low)) as number) : count;
  }

  /** add, with the hash as its halves; returns the count before (one look-up for a caller that reads it and counts in). */
  addHalves(high: number, low: number, delta: number): number {
    const slots = this.slots;
    const at = this.find(high, low);
    const tag = slots[at + 1];
    if ((tag & USED) === 0) {
      slots[at] = low;
      this.setCount(at, high, low, Math.max(0, delta));
      this.size++;
      if (this.size > this.capacity * MAX_LOAD) this.grow();
      return 0;
    }
    const stored = tag >>> COUNT_SHIFT;
    const count = stored === COUNT_MAX ? (this.largeCounts.get(combineHash(high, low)) as number) : stored;
    // Never below 0 (as a count that reached 0 was forgotten before).
    this.setCount(at, high, low, Math.max(0, count + delta));
    return count;
  }

  private setCount(at: number, high: number, low: number, count: number): void {
    if (count >= COUNT_MAX) this.largeCounts.set(combineHash(high, low), count);
    else if (this.largeCounts.size > 0) this.largeCounts.delete(combineHash(high, low));
    this.slots[at + 1] = high | USED | (Math.min(count, COUNT_MAX) << COUNT_SHIFT);
  }

  /** Where the slot holding the hash starts in `slots`, or the empty slot where it would go. */
  private find(high: number, low: number): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
    for (;;) {
      const tag = slots[slot * 2 + 1];
      if ((tag & USED) === 0 || (slots[slot * 2] === low && (tag & HIGH_MASK) === high)) return slot * 2;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.capacity *= 2;
    this.slots = new Int32Array(this.capacity * 2);
    for (let at = 0; at < old.length; at += 2) {
      const tag = old[at + 1];
      if ((tag & USED) === 0) continue;
      const to = this.find(tag & HIGH_MASK, old[at]);
      this.slots[to] = old[at];
      this.slots[to + 1] = tag;
    }
  }
}

/** A slot's second int: the high half in bits 0–20, USED in bit 21, the count in bits 22–31 (COUNT_MAX: see largeCounts). */
const HIGH_MASK = 0x1fffff;
const USED = 1 << 21;
const COUNT_SHIFT = 22;
const COUNT_MAX = 0x3ff;
/** At most this share of the slots in use: linear probing's probes stay short up to about there. */
const MAX_LOAD = 0.75;
