/**
 * Re-checking only what an edit changed (engine/checkGame.ts, GameChanges): with any set of
 * nodes marked as changed, the game checks and the replay must answer exactly as a walk of the
 * whole game does — findings, move numbers, prisoners, captures and every position.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyze } from '../../server/src/analysis';
import { checkAndReplayGame, type GameCheckOptions, type GameCheckResult } from '../../server/src/engine/checkGame';
import type { Finding, PlayNode, Wei7Document } from '../../server/src/model/types';
import { splitMix32 } from '../../server/src/engine/board';
import { generateGame } from '../../server/src/sample/generateGame';

const ROOT = resolve(__dirname, '../..');

function documents(): [string, Wei7Document][] {
  const docs: [string, Wei7Document][] = [];
  for (const file of readdirSync(join(ROOT, 'examples')).sort()) {
    const doc = analyze(readFileSync(join(ROOT, 'examples', file), 'utf8')).document;
    if (doc) docs.push([file, doc]);
  }
  // Fixtures whose findings depend on the path above the node: a superko cycle (positions along
  // the path), a pre with stones after a move and after another pre (moves and pres on the path),
  // a takeback (the stack), an occupied point.
  const mv = (c: 1 | 2, x: number, y: number): string => `{"action": {"type": "move", "value": {"color": ${c}, "point": {"x": ${x}, "y": ${y}}}}}`;
  const pass = (c: 1 | 2): string => `{"action": {"type": "move", "value": {"color": ${c}, "point": null}}}`;
  const ko = ([[1, 1, 0], [2, 2, 0], [1, 0, 1], [2, 3, 1], [1, 1, 2], [2, 2, 2], [1, 8, 8], [2, 1, 1]] as [1 | 2, number, number][]).map(([c, x, y]) => mv(c, x, y));
  const cycle = [...ko, mv(1, 2, 1), pass(2), pass(1), mv(2, 1, 1), mv(1, 5, 5), mv(2, 5, 5)];
  const stone = (c: 1 | 2, x: number, y: number): string => `{"color": ${c}, "point": {"x": ${x}, "y": ${y}}}`;
  // A move whose point is unread (the position after it is not the game's: nothing on its path depends on it until it is taken back).
  const unread = '{"action": {"type": "move", "value": {"color": 1, "point": {"x": "one", "y": 0}}}}';
  const afterUnread = [mv(1, 4, 4), mv(2, 0, 0), unread, mv(2, 8, 8), mv(1, 0, 1), mv(2, 7, 7), mv(1, 0, 0), '{"action": {"type": "takeback", "value": 5}}', mv(1, 0, 0)];
  const fixtures = [
    `{"steps": [${cycle.join(', ')}, {"action": {"type": "takeback", "value": 3}}, ${mv(2, 6, 6)}]}`,
    `{"steps": [${afterUnread.join(', ')}], "branches": [{"steps": [${mv(1, 0, 0)}]}]}`,
    `{"pre": {"stones": [${stone(1, 2, 2)}]}, "steps": [${mv(1, 3, 3)}], "branches": [{"pre": {"stones": [${stone(2, 6, 6)}]}, "steps": [${mv(2, 4, 4)}]}, {"steps": [${mv(2, 3, 3)}]}]}`,
  ];
  fixtures.forEach((tree, i) => {
    const doc = analyze(`{"format": "wei7", "version": "3.0", "size": 9, "info": {"rules": {"type": "Chinese"}}, "tree": ${tree}}`).document;
    if (doc) docs.push([`fixture ${i + 1}`, doc]);
  });
  const game = generateGame(600, 11);
  for (const format of ['xml', 'json'] as const) {
    const doc = analyze(game[format]).document;
    if (doc) docs.push([`generated 600 moves (${format})`, doc]);
  }
  return docs;
}

function findingKey(f: Finding): string {
  return `${f.span.start}-${f.span.end} ${f.severity} ${f.clause} ${f.message.id} ${JSON.stringify(f.message.args ?? [])}`;
}

function sortedKeys(result: GameCheckResult): string[] {
  return result.findings.map(findingKey).sort();
}

/** Marks `dirty` as changed and every other node as kept from `previous` (same objects, same document). */
function recheck(doc: Wei7Document, options: GameCheckOptions, previous: GameCheckResult, dirty: ReadonlySet<PlayNode>): GameCheckResult {
  const previousIndex = new Int32Array(doc.nodes.length);
  for (const node of doc.nodes) previousIndex[node.index] = dirty.has(node) ? -1 : node.index;
  return checkAndReplayGame(doc, options, { previous, previousIndex });
}

function assertSameGame(doc: Wei7Document, full: GameCheckResult, partial: GameCheckResult, what: string): void {
  assert.deepEqual(sortedKeys(partial), sortedKeys(full), `${what}: findings`);
  for (const node of doc.nodes) {
    assert.deepEqual(partial.replay.infoAt(node), full.replay.infoAt(node), `${what}: info of node ${node.index}`);
    const a = partial.replay.positionAfter(node);
    const b = full.replay.positionAfter(node);
    assert.deepEqual(a && [...a.cells], b && [...b.cells], `${what}: position after node ${node.index}`);
  }
}

describe('game checks re-run only under changed nodes', () => {
  const optionSets: GameCheckOptions[] = [
    { rules: 'fromFile', sameColorHint: true },
    { rules: 'chinese', sameColorHint: true },
    { rules: 'japanese', sameColorHint: false },
  ];
  for (const [name, doc] of documents()) {
    test(name, () => {
      const random = splitMix32(doc.nodes.length * 31 + 7);
      for (const options of optionSets) {
        const full = checkAndReplayGame(doc, options);
        const n = doc.nodes.length;
        const sets: [string, PlayNode[]][] = [
          ['nothing changed', []],
          ['the first node', doc.nodes.slice(0, 1)],
          ['a node at 10 %', [doc.nodes[Math.floor(n * 0.1)]]],
          ['a node in the middle', [doc.nodes[Math.floor(n / 2)]]],
          ['the last node', doc.nodes.slice(-1)],
          ['five nodes at random', Array.from({ length: 5 }, () => doc.nodes[(random() >>> 0) % n])],
          ['every node', [...doc.nodes]],
        ];
        for (const [what, dirty] of sets) {
          const partial = recheck(doc, options, full, new Set(dirty.filter(Boolean)));
          assertSameGame(doc, full, partial, `${options.rules}: ${what}`);
          // And again from the partial result: reuse must not drift over several versions.
          const again = recheck(doc, options, partial, new Set(dirty.filter(Boolean)));
          assertSameGame(doc, full, again, `${options.rules}: ${what}, twice`);
        }
      }
    });
  }

  test('a change of the rules in force re-checks every path', () => {
    const doc = analyze(generateGame(300, 5).xml).document as Wei7Document;
    const japanese = checkAndReplayGame(doc, { rules: 'japanese', sameColorHint: true });
    const chinese = checkAndReplayGame(doc, { rules: 'chinese', sameColorHint: true });
    const previousIndex = Int32Array.from(doc.nodes, (node) => node.index);
    const reused = checkAndReplayGame(doc, { rules: 'chinese', sameColorHint: true }, { previous: japanese, previousIndex });
    assert.deepEqual(sortedKeys(reused), sortedKeys(chinese));
  });
});
