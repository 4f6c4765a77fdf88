/**
 * The walks of model/tree that jump a whole line at once (firstOnPath, endOfMainLine) against the
 * plain walks they replace, and childCount (which makes no list) against the children's list, for every node of documents with variations in both formats, from
 * scratch and after incremental edits (which relink nodes in place).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyze, reanalyze, type Analysis } from '../../server/src/analysis';
import { childCount, endOfMainLine, firstOnPath } from '../../server/src/model/tree';
import type { PlayNode } from '../../server/src/model/types';
import { generateGame } from '../../server/src/sample/generateGame';

const ROOT = resolve(__dirname, '../..');

function firstByParents(node: PlayNode): PlayNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

function endByMainChildren(node: PlayNode): PlayNode {
  let n = node;
  while (n.children.length > 0) n = n.children[0];
  return n;
}

/** Every node: the jumping walks land where the plain ones do (compared by index: a failing diff of two nodes would print the whole game); returns how many nodes were checked. */
function assertWalksAgree(analysis: Analysis, label: string): number {
  const nodes = analysis.document?.nodes ?? [];
  for (const node of nodes) {
    assert.equal(firstOnPath(node).index, firstByParents(node).index, `${label}: first node of the path to node ${node.index}`);
    assert.equal(endOfMainLine(node).index, endByMainChildren(node).index, `${label}: end of the main line from node ${node.index}`);
    assert.equal(childCount(node), node.children.length, `${label}: children of node ${node.index}`);
  }
  return nodes.length;
}

describe('model/tree walks by lines', () => {
  test('examples with variations (2.x nested moves, 3.0 branches)', () => {
    for (const name of ['2.2-simple.wei7', '2.2-tutorial.wei7', '3.0-simple.wei7', '3.0-tutorial.wei7']) {
      const analysis = analyze(readFileSync(resolve(ROOT, 'examples', name), 'utf8'));
      assert.ok(assertWalksAgree(analysis, name) > 0, `${name} has nodes`);
    }
  });

  test('a generated game with a variation every 250 moves, both formats, from scratch and after edits', () => {
    for (const format of ['xml', 'json'] as const) {
      const text = generateGame(800, 3)[format];
      let analysis = analyze(text);
      const lines = (analysis.document?.rootLine?.lines.length ?? 0) + 1;
      assert.ok(lines > 2, `${format}: the game has variations`);
      // The counts the preview's forks ask for: nodes with several children among them.
      assert.ok(analysis.document?.nodes.some((node) => childCount(node) > 1), `${format}: a node has variations`);
      assert.equal(assertWalksAgree(analysis, `${format} from scratch`), analysis.document?.nodes.length);
      // A move line cut out and pasted back, in the main line and in a variation (变化图), then a
      // move typed key by key: the incremental paths relink nodes in place.
      const moveLine = format === 'xml' ? /^ {4}<(?:black|white) [^\n]*\n/m : /^ {2}\{"action"[^\n]*,\n/m;
      const variationLine = format === 'xml' ? /^ {6}<[^\n]*变化图[^\n]*\n/m : /^ {2}\{[^\n]*变化图[^\n]*\n/m;
      for (const re of [moveLine, variationLine]) {
        const found = re.exec(analysis.text.slice(Math.floor(analysis.text.length / 2)));
        assert.ok(found, `${format}: ${re} is in the document`);
        const at = Math.floor(analysis.text.length / 2) + found.index;
        analysis = reanalyze(analysis, { start: at, end: at + found[0].length, text: '' });
        assertWalksAgree(analysis, `${format} after cutting ${JSON.stringify(found[0].trim())}`);
        analysis = reanalyze(analysis, { start: at, end: at, text: found[0] });
        assertWalksAgree(analysis, `${format} after pasting it back`);
      }
      const typed = format === 'xml' ? '    <white x="0" y="0" />\n' : '  {"action":{"type":"move","value":{"color":2,"point":{"x":0,"y":0}}}},\n';
      const at = analysis.text.indexOf('\n', Math.floor(analysis.text.length / 3)) + 1;
      for (let i = 0; i < typed.length; i++) {
        analysis = reanalyze(analysis, { start: at + i, end: at + i, text: typed[i] });
        assertWalksAgree(analysis, `${format} typing ${JSON.stringify(typed.slice(0, i + 1))}`);
      }
      assert.equal(analysis.text, text.slice(0, at) + typed + text.slice(at));
    }
  });
});
