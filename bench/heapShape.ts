/**
 * Where the heap of one open document goes: the objects a 10k-move game's DocumentStore entry
 * keeps (text, analysis, replay), compacted as the server does when idle, grouped by V8's name for
 * them (a class, `Object` for literals, `(object elements)` for arrays' backing stores), with
 * bytes a move. Two heap snapshots of this process, before and after the document is opened; the
 * difference is the document's. `npm run bench` measures the total; this says what it is made of
 * (docs/performance-limits.md quotes it).
 *
 *   npm run bench:heap [-- xml|json] [-- --moves N] [-- --top N]
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { compactInSlices } from '../server/src/analysis';
import { DocumentStore } from '../server/src/lsp/documentStore';
import { generateGame } from '../server/src/sample/generateGame';

const argv = process.argv.slice(2);
const format: 'xml' | 'json' = argv.includes('json') ? 'json' : 'xml';
const numberAfter = (flag: string, fallback: number): number => {
  const at = argv.indexOf(flag);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const moves = numberAfter('--moves', 10_000);
const top = numberAfter('--top', 20);

/** The parts of V8's .heapsnapshot format read here. */
interface HeapSnapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[], ...unknown[]] } };
  readonly nodes: number[];
  readonly strings: string[];
}

interface Group {
  count: number;
  bytes: number;
}

/** Bytes and objects by "type:name" in a snapshot file (read once the next snapshot is written, so these maps are in neither). */
function groups(file: string): Map<string, Group> {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const result = new Map<string, Group>();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    // Strings are named by their text: group them by type alone.
    const type = types[snapshot.nodes[i + typeAt]];
    const key = type.includes('string') ? type : `${type}: ${name.slice(0, 40)}`;
    const group = result.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += snapshot.nodes[i + sizeAt];
    result.set(key, group);
  }
  return result;
}

const game = generateGame(moves);
const before = writeHeapSnapshot(join(tmpdir(), `wei7-heap-before-${process.pid}.heapsnapshot`));
// A fresh copy of the text, as the server gets it from the protocol (not the generator's): it counts.
const text = JSON.parse(JSON.stringify(game[format])) as string;
const store = new DocumentStore();
const state = store.get(TextDocument.create('file:///bench/heap.wei7', 'wei7', 1, text));
for (const slices = compactInSlices(state.analysis, Number.POSITIVE_INFINITY); !slices.next().done; );
const after = writeHeapSnapshot(join(tmpdir(), `wei7-heap-after-${process.pid}.heapsnapshot`));
const grown = groups(after);
const base = groups(before);
rmSync(before);
rmSync(after);
// Keep the document alive until both snapshots are written.
if (!state.analysis.text.length) throw new Error('empty analysis');

const rows = [...grown].map(([key, g]) => {
  const b = base.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: g.count - b.count, bytes: g.bytes - b.bytes };
});
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
const size = Buffer.byteLength(text);
const kB = (n: number): string => `${(n / 1000).toFixed(0)} kB`;
console.log(`${moves} moves, ${format.toUpperCase()}: ${kB(size)} of UTF-8 (${text.length} characters); the document keeps ${kB(total)}, ${(total / size).toFixed(1)}× its size, ${(total / moves).toFixed(0)} bytes a move\n`);
console.log('| objects (V8 type: name) | count | bytes | bytes a move |\n|---|---|---|---|');
for (const r of rows.sort((a, b) => b.bytes - a.bytes).slice(0, top)) console.log(`| ${r.key} | ${r.count} | ${r.bytes} | ${(r.bytes / moves).toFixed(0)} |`);
