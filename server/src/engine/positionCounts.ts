/**
 * How many times each position (by its Zobrist hash) stands on the path being walked: the
 * repetition checks ask it once per move and the walk counts every move in and out. A Map keyed by
 * the 53-bit hashes boxed each one as a heap number on every call, which made most of a re-check's
 * garbage; this table keeps the two halves in typed arrays (open addressing, linear probing).
 * Counts fall to 0 but their keys stay: a walk meets a few positions per node, so the table stays
 * within a small multiple of the nodes walked.
 */
import type { ZobristHash } from './board';

const TWO_32 = 2 ** 32;

export class PositionCounts {
  private highs = new Int32Array(64);
  private lows = new Int32Array(64);
  private counts = new Int32Array(64);
  /** Slots in use (a slot is in use when its count was ever above 0: counts of 0 keep their key). */
  private used = new Uint8Array(64);
  private size = 0;

  get(hash: ZobristHash): number {
    const slot = this.find(hash);
    return this.used[slot] ? this.counts[slot] : 0;
  }

  add(hash: ZobristHash, delta: number): void {
    const slot = this.find(hash);
    if (!this.used[slot]) {
      this.used[slot] = 1;
      this.highs[slot] = Math.floor(hash / TWO_32) | 0;
      this.lows[slot] = hash | 0;
      this.size++;
      this.counts[slot] = Math.max(0, delta);
      if (this.size * 2 > this.used.length) this.grow();
      return;
    }
    // Never below 0 (as a count that reached 0 was forgotten before).
    this.counts[slot] = Math.max(0, this.counts[slot] + delta);
  }

  /** The slot holding `hash`, or the empty slot where it would go. */
  private find(hash: ZobristHash): number {
    const high = Math.floor(hash / TWO_32) | 0;
    const low = hash | 0;
    const mask = this.used.length - 1;
    let slot = (low ^ Math.imul(high, 0x9e3779b1)) & mask;
    while (this.used[slot] && (this.lows[slot] !== low || this.highs[slot] !== high)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { highs, lows, counts, used } = this;
    const capacity = used.length * 2;
    this.highs = new Int32Array(capacity);
    this.lows = new Int32Array(capacity);
    this.counts = new Int32Array(capacity);
    this.used = new Uint8Array(capacity);
    this.size = 0;
    for (let i = 0; i < used.length; i++) {
      if (!used[i]) continue;
      const hash = (highs[i] >>> 0) * TWO_32 + (lows[i] >>> 0);
      const slot = this.find(hash);
      this.used[slot] = 1;
      this.highs[slot] = highs[i];
      this.lows[slot] = lows[i];
      this.counts[slot] = counts[i];
      this.size++;
    }
  }
}
