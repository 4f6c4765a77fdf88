/**
 * 3.0 plain move steps read as one node each (parse/json/plainSteps.ts) must be invisible: what a
 * user sees (findings with their ranges, the syntax tree node for node, the model, positions after
 * every move) is what the generic parser's reading gives (AnalysisOptions.readsPlainMoves false),
 * on real and generated games, on every near-plain step the reading must leave to the generic
 * parser, and after edits. The fuzz holds the same property on mutated documents ('plain-steps').
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from 'jsonc-parser';
import { analyze, reanalyze, DEFAULT_ANALYSIS_OPTIONS, type Analysis } from '../../server/src/analysis';
import { elementsOf, member } from '../../server/src/parse/json/parseJson';
import { PlainMoveStep } from '../../server/src/parse/json/plainSteps';
import { observable } from '../support/observable';
import { plainInRecords } from '../support/corpus';
import { generateGame } from '../../server/src/sample/generateGame';

const GENERIC = { ...DEFAULT_ANALYSIS_OPTIONS, readsPlainMoves: false };

/** Every step of every tree of a 3.0 analysis, without reading any step's children. */
function stepsOf(a: Analysis): Node[] {
  const root = a.syntax?.format === 'json' ? a.syntax.json.root : undefined;
  const steps: Node[] = [];
  const trees = [member(root, 'tree')];
  for (let tree = trees.pop(); tree; tree = trees.pop()) {
    steps.push(...elementsOf(member(tree, 'steps')));
    trees.push(...elementsOf(member(tree, 'branches')));
  }
  return steps;
}

function foldedCount(a: Analysis): number {
  return stepsOf(a).filter((step) => step instanceof PlainMoveStep && step.isFolded()).length;
}

/** What a user sees of `text` read with plain steps, and the generic reading's; the plain one's folded step count first (observable reads every step). */
function bothReadings(text: string): { folded: number; plain: string[]; generic: string[] } {
  const a = analyze(text);
  const folded = foldedCount(a);
  return { folded, plain: observable(a), generic: observable(analyze(text, GENERIC)) };
}

const game = (steps: readonly string[], size = '19'): string =>
  `{"format": "wei7", "version": "3.0", "size": ${size},\n "tree": {"steps": [\n  ${steps.join(',\n  ')}\n]}}\n`;
const move = (color: number, x: number | string, y: number | string, after = ''): string =>
  `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}${after}}`;

describe('3.0 plain move steps: the generic reading, without its objects', () => {
  test('real records converted, the examples and generated games with branches: the same findings, tree, model and positions', () => {
    const folded = plainInRecords('json', bothReadings);
    // Most moves of these games are plain: the reading was taken, not passed over.
    assert.ok(folded > 2000, `${folded} steps read as one node`);
  });

  test('laid out in any JSON white space, with a comment, on any board: read as one node, and the same', () => {
    const steps = [
      move(1, 3, 3),
      '{ "action" :{"type":"move","value":{"color":2,"point":{"x":15,"y":3}}}}',
      '{\n    "action": {\n      "type": "move",\n      "value": {"color": 1, "point": {"x": 0, "y": 18}}\n    }\n  }',
      move(2, 10, 4, ', "comment": "好棋！“妙”"'),
      move(1, 9, 9, ' ,\t"comment"\r\n:  "" '),
      // JSON's own escapes: a comment of several lines, quotes, a character written by its code.
      move(2, 8, 8, ', "comment": "第一行\\n第二行\\t“引”\\"q\\" \\\\ \\/ \\b\\f\\r \\u4e00\\u4E8C \\ud83d\\ude00 \\ud800"'),
      move(1, 7, 7, ', "comment": "ends in an escaped backslash \\\\"'),
    ];
    const readings = bothReadings(game(steps));
    assert.equal(readings.folded, steps.length);
    assert.deepEqual(readings.plain, readings.generic);
  });

  test('near-plain steps are the generic parser\'s, findings and all', () => {
    const nearPlain: [string, string][] = [
      ['a coordinate with a leading zero', move(1, '03', 3)],
      ['a fraction', move(1, '3.0', 3)],
      ['an exponent', move(1, '1e1', 3)],
      ['a negative coordinate', move(1, -1, 3)],
      ['a colour that is none', move(3, 3, 3)],
      ['a coordinate as a string', move(1, '"3"', 3)],
      ['a pass', '{"action": {"type": "move", "value": {"color": 1, "point": null}}}'],
      ['a property more', move(1, 3, 3, ', "time": 5')],
      ['marks', move(1, 3, 3, ', "marks": [{"point": {"x": 1, "y": 1}, "symbol": "a"}]')],
      ['the value before the type', '{"action": {"value": {"color": 1, "point": {"x": 3, "y": 3}}, "type": "move"}}'],
      ['y before x', '{"action": {"type": "move", "value": {"color": 1, "point": {"y": 3, "x": 3}}}}'],
      ['an escape JSON does not have in the comment', move(1, 3, 3, ', "comment": "a\\xb"')],
      ['a \\u escape of fewer than four hex digits', move(1, 3, 3, ', "comment": "a\\u12"')],
      ['a \\u escape with a letter that is no hex digit', move(1, 3, 3, ', "comment": "a\\u12G4"')],
      ['a backslash before a Chinese character', move(1, 3, 3, ', "comment": "a\\好"')],
      ['a comment ending in a space', move(1, 3, 3, ', "comment": "好 "')],
      ['a comment ending in a comma', move(1, 3, 3, ', "comment": "好,"')],
      ['a comment with a line break typed in it', move(1, 3, 3, ', "comment": "好\n棋"')],
      ['a comment in the syntax', '{"action": {"type": "move", /* here */ "value": {"color": 1, "point": {"x": 3, "y": 3}}}}'],
      ['a trailing comma', '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3,}}}}'],
      ['a decimal comma', move(1, '3,5', 3)],
      ['a missing colon', '{"action": {"type" "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}'],
      ['its last brace left out', '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}'],
      ['a full-width digit', move(1, '３', 3)],
    ];
    for (const [what, step] of nearPlain) {
      const text = game([move(2, 4, 4), step, move(2, 5, 5)]);
      const readings = bothReadings(text);
      assert.equal(readings.folded, 2, `${what}: only the steps around it are read as one node`);
      assert.deepEqual(readings.plain, readings.generic, what);
    }
  });

  test('a point off the board, and a board of no readable size: checked as the generic reading checks it', () => {
    for (const [size, x, y] of [['9', 9, 3], ['9', 3, 12], ['{"width": 9, "height": 13}', 3, 12], ['"big"', 30, 3], ['0', 1, 1]] as const) {
      const text = game([move(1, x, y), move(2, 1, 1)], size);
      const readings = bothReadings(text);
      // The move on the board stays one node; one off it is checked by the generic checks, which read its nodes.
      assert.ok(readings.folded >= 1, `size ${size}`);
      assert.deepEqual(readings.plain, readings.generic, `size ${size}, point ${x}, ${y}`);
    }
    const offBoard = analyze(game([move(1, 9, 3)], '9'));
    const range = offBoard.findings.find((f) => f.message.id === 'coordinate.range');
    const at = offBoard.text.indexOf('"x": 9') + 5;
    assert.deepEqual(range && [range.clause, range.span], ['3.6', { start: at, end: at + 1 }]);
  });

  test('edits before, inside and after plain steps: the same as a new analysis and as the generic reading; steps an edit only moves stay one node', () => {
    let a = analyze(generateGame(400, 3).json);
    const before = foldedCount(a);
    const edits: [string, string][] = [
      ['"name": "', '"name": "新'], // in info: every step moves
      ['"x": 1', '"x": 12'], // a coordinate: that step read again
      ['"comment": "', '"comment": "变化'],
      ['}}}},', '}}}, "time": 3},'], // a plain step made a generic one
      ['"color": 2', '"color":\n 2'],
    ];
    for (const [round, [from, to]] of edits.entries()) {
      const at = a.text.indexOf(from, round === 0 ? 0 : (a.text.length * round) / 6);
      assert.ok(at >= 0, `${from} is in the text`);
      a = reanalyze(a, { start: at, end: at + from.length, text: to });
      if (round === 0) assert.equal(foldedCount(a), before, 'an edit in info unfolds no step');
      const text = a.text;
      const seen = observable(a);
      assert.deepEqual(seen, observable(analyze(text)), `after ${JSON.stringify(to)}: a new analysis`);
      assert.deepEqual(seen, observable(analyze(text, GENERIC)), `after ${JSON.stringify(to)}: the generic reading`);
    }
  });
});
