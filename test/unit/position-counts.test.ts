/** The repetition checks' table of positions on the path (engine/positionCounts.ts), against a Map of the same counts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PositionCounts } from '../../server/src/engine/positionCounts';
import { splitMix32 } from '../../server/src/engine/board';

test('hashes that differ only in their high 21 bits, or only in their low 32, are different positions', () => {
  const counts = new PositionCounts();
  const low = 12345;
  // Many keys with one low half and scattered high halves: their probes cross each other's slots.
  const random = splitMix32(5);
  const highs = [...new Set(Array.from({ length: 300 }, () => (random() >>> 0) % 2 ** 21))];
  highs.forEach((high, i) => counts.add(high * 2 ** 32 + low, i + 1));
  highs.forEach((high, i) => assert.equal(counts.get(high * 2 ** 32 + low), i + 1, `high ${high}`));
  assert.equal(counts.get(low + 1), 0);
});

test('20,000 random walks in and out agree with a Map of counts (growth included, never below 0)', () => {
  const random = splitMix32(99);
  const counts = new PositionCounts();
  const expected = new Map<number, number>();
  const pool: number[] = [];
  for (let i = 0; i < 3000; i++) pool.push(((random() >>> 0) % 2 ** 21) * 2 ** 32 + (random() >>> 0));
  for (let i = 0; i < 20000; i++) {
    const hash = pool[(random() >>> 0) % pool.length];
    const delta = (random() >>> 0) % 3 === 0 ? -1 : 1;
    // Each add answers the count before it (the repetition check reads that).
    assert.equal(counts.add(hash, delta), expected.get(hash) ?? 0, `before adding ${delta} to ${hash} at step ${i}`);
    expected.set(hash, Math.max(0, (expected.get(hash) ?? 0) + delta));
  }
  for (const hash of pool) assert.equal(counts.get(hash), expected.get(hash) ?? 0, `hash ${hash}`);
});

test('a position counted thousands of times on one path (passes) keeps its exact count, up and down', () => {
  const counts = new PositionCounts();
  const hash = 1234 * 2 ** 32 + 99;
  for (let i = 0; i < 5000; i++) assert.equal(counts.add(hash, +1), i);
  assert.equal(counts.get(hash), 5000);
  for (let i = 0; i < 4990; i++) assert.equal(counts.add(hash, -1), 5000 - i);
  assert.equal(counts.get(hash), 10);
  counts.add(hash, -20);
  assert.equal(counts.get(hash), 0);
  assert.equal(counts.get(hash + 1), 0);
});
