/**
 * A 2.x move keeps its point packed into one number (model/buildXml.ts packPoint) when it fits,
 * and as an object when it does not: a coordinate of 64 or more, a point written 512 characters
 * or more into its tag, or written 512 characters or more long. Either way the model gives the
 * point as written, at its place in the text, moved by edits before it; the board plays the
 * moves that fit and reports the ones off the board at their values.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, reanalyze, type Analysis } from '../../server/src/analysis';
import type { MoveNode } from '../../server/src/model/types';
import { positionRows } from '../../server/src/engine/replay';

const game = (moves: readonly string[]): string =>
  ['<?xml version="1.0" encoding="utf-8"?>', '<wei7 version="2.2">', '  <size>19</size>', '  <moves>', ...moves.map((m) => `    ${m}`), '  </moves>', '</wei7>', ''].join('\n');

/** Each move's point as the model gives it: x, y and the text its span covers. */
function points(a: Analysis): [number, number, string][] {
  return (a.document?.nodes ?? []).map((node) => {
    const point = (node as MoveNode).point;
    assert.ok(point, `move ${node.index} has a point`);
    return [point.x, point.y, a.text.slice(point.span.start, point.span.end)];
  });
}

const longComment = '长'.repeat(600);
const moves = [
  '<black x="3" y="4"/>', // packed (a plain move)
  '<white x="64" y="5"/>', // x too large to pack (a plain move)
  '<black x="16" y="99"/>', // y too large to pack
  `<white comment="${longComment}" x="5" y="6"/>`, // written 600+ characters into its tag
  `<black x="7"${' '.repeat(600)}y="8"/>`, // written 600+ characters long
  '<white x="9" y="10" comment="packed, with a comment"/>',
];
const expected: [number, number, string][] = [
  [3, 4, 'x="3" y="4"'],
  [64, 5, 'x="64" y="5"'],
  [16, 99, 'x="16" y="99"'],
  [5, 6, 'x="5" y="6"'],
  [7, 8, `x="7"${' '.repeat(600)}y="8"`],
  [9, 10, 'x="9" y="10"'],
];

test('a 2.x move\'s point is the one written, where it is written, whether it packs into a number or not', () => {
  const a = analyze(game(moves));
  assert.deepEqual(points(a), expected);
  // The two points off the board are reported on their values; the others are played.
  const offBoard = a.findings.filter((f) => f.severity === 'error').map((f) => a.text.slice(f.span.start, f.span.end));
  assert.deepEqual(offBoard, ['64', '99']);
  // The moves on the board are played as the same moves written plainly are.
  const plain = analyze(game(['<black x="3" y="4"/>', '<white x="5" y="6"/>', '<black x="7" y="8"/>', '<white x="9" y="10"/>']));
  const last = (b: Analysis): string[] => positionRows(b.replay?.positionAfter(b.document?.nodes.at(-1) as MoveNode) ?? assert.fail('no position'));
  assert.deepEqual(last(a), last(plain));
  assert.equal(last(a).join('').replace(/\./g, ''), 'XOXO');
});

test('an edit before the moves moves every point with its element, packed or not', () => {
  const a = analyze(game(moves));
  const at = a.text.indexOf('<black x="3"');
  const edited = reanalyze(a, { start: at, end: at, text: '<!-- 注释 -->\n    ' });
  assert.deepEqual(points(edited), expected);
  assert.deepEqual(points(edited), points(analyze(edited.text)));
});
