/**
 * Documents of one format to compare two readings on: the examples, the shared real SGF records
 * converted, and generated games with variations (the plain-move tests read each both ways).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { convertBytes } from '../../server/src/convert/convert';
import { generateGame } from '../../bench/generate';

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
