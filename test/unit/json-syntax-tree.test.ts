/**
 * The 3.0 syntax tree against an oracle no one here wrote: jsonc-parser's own parseTree. On a
 * valid document both must give the same tree, node for node (type, offset, length, value, a
 * property's colon), however our tree got there: parsed whole, or moved by edits with its
 * property keys made only when first read (parse/json/parseJson.ts SyntaxNode, PropertyNode).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import { analyze, reanalyze, type Analysis } from '../../server/src/analysis';
import { keyNameOf, keySpanOf, valueOf } from '../../server/src/parse/json/parseJson';
import { packGameSteps } from '../../server/src/parse/json/packSteps';
import { generateGame } from '../../server/src/sample/generateGame';

const ROOT = resolve(__dirname, '../..');

/**
 * The tree as lines, depth first; `count` limits how many nodes are read (a partial walk makes only
 * some keys); with `parents`, each node's parent link is checked (the node it was reached from).
 */
function treeLines(root: Node | undefined, count = Infinity, parents = false): string[] {
  const lines: string[] = [];
  const pending: [Node, Node | undefined, number][] = root ? [[root, undefined, 0]] : [];
  for (let item = pending.pop(); item && lines.length < count; item = pending.pop()) {
    const [node, parent, depth] = item;
    const link = parents && node.parent !== parent ? ' BAD PARENT' : '';
    lines.push(`${depth} ${node.type} ${node.offset}+${node.length} colon ${node.colonOffset} ${JSON.stringify(node.value)}${link}`);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) pending.push([children[i], node, depth + 1]);
  }
  return lines;
}

function ourRoot(a: Analysis): Node | undefined {
  assert.equal(a.syntax?.format, 'json');
  return a.syntax.format === 'json' ? a.syntax.json.root : undefined;
}

function assertSameTree(a: Analysis, what: string): void {
  assert.deepEqual(a.findings.filter((f) => f.clause === '3.1'), [], `${what}: valid JSON`);
  const expected = treeLines(parseTree(a.text, [], { disallowComments: true }));
  assert.ok(expected.length > 10, `${what}: a tree to compare`);
  assert.deepEqual(treeLines(ourRoot(a)), expected, what);
}

/** Every property, depth first, without reading `children` of properties (objects' and arrays' only). */
function propertiesOf(root: Node | undefined): Node[] {
  const found: Node[] = [];
  const pending: Node[] = root ? [root] : [];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'property') {
      found.push(node);
      const value = valueOf(node);
      if (value) pending.push(value);
    } else {
      for (const child of node.children ?? []) pending.push(child);
    }
  }
  return found;
}

const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.startsWith('3.0-') && f.endsWith('.wei7'));

describe('3.0 syntax tree = jsonc-parser parseTree', () => {
  test('the examples, a generated game, and keys written with escapes, spaces and line breaks around the colon', () => {
    const texts: [string, string][] = examples.map((f) => [f, readFileSync(join(ROOT, 'examples', f), 'utf8')]);
    texts.push(['generated game', generateGame(300).json]);
    texts.push([
      'escaped keys',
      '{"format": "wei7", "version": "3.0", "\\u0073ize": 19,\n  "info" :\n {"name": "a\\"b"},\n  "tree"\n:\n{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}]}}\n',
    ]);
    assert.ok(examples.length >= 3, 'the 3.0 examples are there');
    for (const [name, text] of texts) assertSameTree(analyze(text), name);
  });

  test('keys read without making them (name, span, value) agree with the tree jsonc-parser makes', () => {
    const text = readFileSync(join(ROOT, 'examples', '3.0-tutorial.wei7'), 'utf8');
    const ours = propertiesOf(ourRoot(analyze(text)));
    const theirs = propertiesOf(parseTree(text));
    assert.equal(ours.length, theirs.length);
    assert.ok(ours.length > 20);
    ours.forEach((property, i) => {
      const key = theirs[i].children![0];
      assert.equal(keyNameOf(property), key.value);
      assert.deepEqual(keySpanOf(property), { start: key.offset, end: key.offset + key.length });
      assert.equal(valueOf(property)?.offset, valueOf(theirs[i])?.offset);
    });
  });

  test('after edits in a steps array, with keys made before, between and after the moves', () => {
    let a = analyze(generateGame(400).json);
    const edits: [string, string][] = [
      ['"comment": "', '"comment": "变化'], // typed inside a comment: everything after it moves
      ['"x": 3', '"x":  3'], // a space: the point's children move, its keys were not made yet
      ['"color": 2', '"color":\n 2'], // a line break after a colon
    ];
    for (const [round, [from, to]] of edits.entries()) {
      const at = a.text.indexOf(from, (a.text.length * (round + 1)) >> 2);
      assert.ok(at > 0, `${from} is in the text`);
      // Keys of the first part made now: they are then moved as children; the rest is made after the moves.
      treeLines(ourRoot(a), 2000 * (round + 1));
      a = reanalyze(a, { start: at, end: at + from.length, text: to });
      assertSameTree(a, `after ${JSON.stringify(to)}`);
    }
  });
});

/** The tree as lines with each node's parent link checked. */
const linkedLines = (root: Node | undefined): string[] => treeLines(root, Infinity, true);

const step = (x: number, more = ''): string => `{"action": {"type": "move", "value": {"color": ${1 + (x % 2)}, "point": {"x": ${x}, "y": 3}}}${more}}`;
const game = (steps: string[]): string => `{"format": "wei7", "version": "3.0", "size": 19,\n "tree": {"steps": [\n${steps.join(',\n')}\n], "branches": [{"steps": [${step(9)}]}]}}\n`;

describe('3.0 steps packed while idle (packSteps.ts) read back as the same tree', () => {
  test('a generated game and the examples: every step packed, then read, gives the tree jsonc-parser makes, parents linked', () => {
    const texts: [string, string][] = examples.map((f) => [f, readFileSync(join(ROOT, 'examples', f), 'utf8')]);
    texts.push(['generated game', generateGame(300, 5).json]);
    for (const [name, text] of texts) {
      const a = analyze(text);
      const before = linkedLines(ourRoot(analyze(text)));
      // Every step read (a plain move step's nodes are made: plainSteps.ts), then packed.
      linkedLines(ourRoot(a));
      const packed = packGameSteps(ourRoot(a));
      assert.ok(packed > 0, `${name}: steps packed`);
      assert.equal(packGameSteps(ourRoot(a)), 0, `${name}: packed steps are passed over`);
      assertSameTree(a, `${name}, packed`);
      assert.deepEqual(linkedLines(ourRoot(a)), before, `${name}: parents`);
    }
    const generated = analyze(generateGame(300, 5).json);
    linkedLines(ourRoot(generated));
    assert.equal(packGameSteps(ourRoot(generated)), generated.document?.nodes.filter((n) => n.kind !== 'pre').length, 'every step of every branch');
  });

  test('steps with syntax errors, missing colons and values, deep nesting or too many members: what fits is packed, the rest stays, all read back the same', () => {
    const deep = `{"action": {"type": "move", "value": {"color": 1, "point": {"x": 4, "y": 4}}}, "extra": ${'['.repeat(40)}1${']'.repeat(40)}}`;
    const wide = `{"action": {"type": "pass"}, "extra": 1, ${Array.from({ length: 1100 }, (_, i) => `"k${i}": ${i}`).join(', ')}}`;
    const broken = ['{"action": {"type": "move", "value": {"color": 1, "point": {"x": 5 "y": 3}}}}', '{"action" {"type": "pass"}}', '{"action": {"type": "move", "value": }, "comment": "好"}', '{"comment": "未完', '{"a": tru, "b": -, "c": 1e, "d": null}'];
    for (const steps of [[step(1), deep, step(2)], [step(1), wide, step(3)], [step(1), ...broken, step(2)]]) {
      const text = game(steps);
      const a = analyze(text);
      const before = linkedLines(ourRoot(analyze(text)));
      linkedLines(ourRoot(a));
      const packed = packGameSteps(ourRoot(a));
      assert.ok(packed >= 2, `${packed} steps packed`);
      assert.deepEqual(linkedLines(ourRoot(a)), before);
    }
  });

  test('packed steps moved by edits before them, then read: the tree jsonc-parser makes of the new text', () => {
    let a = analyze(generateGame(400).json);
    const edits: [string, string][] = [
      ['"comment": "', '"comment": "变化'],
      ['"x": 3', '"x":  3'],
      ['"color": 2', '"color":\n 2'],
      ['"y": 4', '"y":4'],
    ];
    for (const [round, [from, to]] of edits.entries()) {
      assert.ok(packGameSteps(ourRoot(a)) > 0, 'steps packed before the edit');
      const at = a.text.indexOf(from, (a.text.length * (round + 1)) / 5);
      assert.ok(at > 0, `${from} is in the text`);
      a = reanalyze(a, { start: at, end: at + from.length, text: to });
      assertSameTree(a, `after ${JSON.stringify(to)}`);
    }
  });
});
