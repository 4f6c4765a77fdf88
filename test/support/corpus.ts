/**
 * Documents of one format to compare two readings on: the examples, the shared real SGF records
 * converted, and generated games with variations (the plain-move tests read each both ways).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertBytes } from '../../server/src/convert/convert';
import { generateGame } from '../../server/src/sample/generateGame';

const ROOT = resolve(__dirname, '../..');

/** [name, text] of every example of the format, every shared SGF record converted to it, and three generated games of 600 moves. */
export function recordsIn(format: 'xml' | 'json'): [string, string][] {
  const version = format === 'xml' ? '2.' : '3.0-';
  const texts: [string, string][] = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.startsWith(version) && f.endsWith('.wei7'))
    .map((f) => [f, readFileSync(join(ROOT, 'examples', f), 'utf8')]);
  const sgf = resolve(ROOT, '../shared/data/sgf');
  for (const f of readdirSync(sgf).filter((name) => /\.sgf$/i.test(name))) {
    const converted = convertBytes(readFileSync(join(sgf, f)), f, format);
    if (converted.ok) texts.push([`${f} → ${format === 'xml' ? '2.2' : '3.0'}`, converted.value]);
  }
  for (const seed of [1, 5, 9]) texts.push([`generated game, seed ${seed}`, generateGame(600, seed)[format]]);
  return texts;
}

/** What a user sees of a text read with plain moves and read generically, and how many moves the first read plain. */
export interface Readings {
  readonly folded: number;
  readonly plain: readonly string[];
  readonly generic: readonly string[];
}

/** Asserts that every record of the format (recordsIn) reads the same both ways; how many moves were read plain in all. */
export function plainInRecords(format: 'xml' | 'json', read: (text: string) => Readings): number {
  const texts = recordsIn(format);
  assert.ok(texts.length >= 15, `${texts.length} documents`);
  let folded = 0;
  for (const [name, text] of texts) {
    const readings = read(text);
    folded += readings.folded;
    assert.deepEqual(readings.plain, readings.generic, name);
  }
  return folded;
}
