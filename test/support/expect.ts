/** Assertions on what a user sees: a marked fixture in, exactly the marked findings out. */
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/analysis';
import { parseMarked, renderMarked, toExpected } from './markers';

/** Asserts that analyzing the fixture gives exactly the findings its markers say (clause, severity, range). */
export function assertFindings(marked: string): void {
  const { text, expected } = parseMarked(marked);
  const actual = toExpected(analyze(text).findings);
  assert.deepEqual(actual, expected, `actual findings:\n${renderMarked(text, actual)}`);
}

/** A wei7 2.2 document around the given moves content (and optional game), for short fixtures. */
export function xml22(moves: string, options: { game?: string; size?: string; version?: string } = {}): string {
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<wei7 version="${options.version ?? '2.2'}">`,
    `  <size>${options.size ?? '19'}</size>`,
    ...(options.game !== undefined ? [`  ${options.game}`] : []),
    `  <moves>`,
    `    ${moves}`,
    `  </moves>`,
    `</wei7>`,
    ``,
  ].join('\n');
}
