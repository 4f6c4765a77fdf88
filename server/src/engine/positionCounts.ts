/**
 * How many times each position (by its Zobrist hash) stands on the path being walked: the
 * repetition checks ask it once per move and the walk counts every move in and out. A Map keyed by
 * the 53-bit hashes boxed each one as a heap number on every call, which made most of a re-check's
 * garbage; this table keeps the two halves in a typed array (open addressing, linear probing).
 * Counts fall to 0 but their keys stay: a walk meets a few positions per node, so the table stays
 * within a small multiple of the nodes walked.
 */
import type { ZobristHash } from './board';

const TWO_32 = 2 ** 32;

export class PositionCounts {
  /**
   * The table, SLOT ints per slot: the hash's high half, its low half, the count, and 1 when the
   * slot is in use (a slot is in use when its count was ever above 0: counts of 0 keep their key).
   * One array rather than one per field, so that a look-up reads one cache line, not four: the
   * table of a long game is larger than the caches and every move looks a position up.
   */
  private slots: Int32Array;
  private capacity: number;
  private size = 0;

  /** `expectedPositions`: how many distinct positions the caller may count; the table is made big enough to hold them without growing. */
  constructor(expectedPositions = 32) {
    let capacity = 64;
    while (capacity < expectedPositions * 2) capacity *= 2;
    this.capacity = capacity;
    this.slots = new Int32Array(capacity * SLOT);
  }

  get(hash: ZobristHash): number {
    const at = this.find(hash);
    return this.slots[at + USED] ? this.slots[at + COUNT] : 0;
  }

  add(hash: ZobristHash, delta: number): void {
    const slots = this.slots;
    const at = this.find(hash);
    if (!slots[at + USED]) {
      slots[at + USED] = 1;
      slots[at + HIGH] = Math.floor(hash / TWO_32) | 0;
      slots[at + LOW] = hash | 0;
      slots[at + COUNT] = Math.max(0, delta);
      this.size++;
      if (this.size * 2 > this.capacity) this.grow();
      return;
    }
    // Never below 0 (as a count that reached 0 was forgotten before).
    slots[at + COUNT] = Math.max(0, slots[at + COUNT] + delta);
  }

  /** Where the slot holding `hash` starts in `slots`, or the empty slot where it would go. */
  private find(hash: ZobristHash): number {
    const slots = this.slots;
    const high = Math.floor(hash / TWO_32) | 0;
    const low = hash | 0;
    const mask = this.capacity - 1;
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
    while (slots[slot * SLOT + USED] && (slots[slot * SLOT + LOW] !== low || slots[slot * SLOT + HIGH] !== high)) slot = (slot + 1) & mask;
    return slot * SLOT;
  }

  private grow(): void {
    const old = this.slots;
    this.capacity *= 2;
    this.slots = new Int32Array(this.capacity * SLOT);
    this.size = 0;
    for (let at = 0; at < old.length; at += SLOT) {
      if (!old[at + USED]) continue;
      const hash = (old[at + HIGH] >>> 0) * TWO_32 + (old[at + LOW] >>> 0);
      const to = this.find(hash);
      this.slots[to + HIGH] = old[at + HIGH];
      this.slots[to + LOW] = old[at + LOW];
      this.slots[to + COUNT] = old[at + COUNT];
      this.slots[to + USED] = 1;
      this.size++;
    }
  }
}

/** A slot's fields, by offset; four ints, so that no slot straddles a cache line. */
const HIGH = 0;
const LOW = 1;
const COUNT = 2;
const USED = 3;
const SLOT = 4;
