/**
 * 2.x plain move elements read without saxes (parse/xml/plainMoves.ts) must be invisible: what a
 * user sees (findings with their ranges, the element tree with every attribute's spans, the model,
 * positions after every move) is what saxes's reading gives (AnalysisOptions.readsPlainMoves
 * false), on real and generated games, on every near-plain element the reading must leave to
 * saxes, and after edits. The fuzz holds the same property on mutated documents ('plain-steps').
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, reanalyze, DEFAULT_ANALYSIS_OPTIONS, type Analysis } from '../../server/src/analysis';
import type { XmlElement } from '../../server/src/parse/xml/parseXml';
import { PlainMoveElement } from '../../server/src/parse/xml/plainMoves';
import { observable } from '../support/observable';
import { plainInRecords } from '../support/corpus';
import { generateGame } from '../../server/src/sample/generateGame';

const GENERIC = { ...DEFAULT_ANALYSIS_OPTIONS, readsPlainMoves: false };

/** How many elements of a 2.x analysis are plain moves still folded (read without reading any element's attributes). */
function foldedCount(a: Analysis): number {
  const root = a.syntax?.format === 'xml' ? a.syntax.xml.root : undefined;
  let count = 0;
  const pending: XmlElement[] = root ? [root] : [];
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (element instanceof PlainMoveElement && element.isFolded()) count++;
    for (const child of element.children) if (child.kind === 'element') pending.push(child);
  }
  return count;
}

/** What a user sees of `text` read with plain moves (the element tree included), and saxes's reading; the folded count first (observable reads every attribute). */
function bothReadings(text: string): { folded: number; plain: string[]; generic: string[] } {
  const a = analyze(text);
  const folded = foldedCount(a);
  return { folded, plain: observable(a, true), generic: observable(analyze(text, GENERIC), true) };
}

const game = (moves: readonly string[], size = '<size>19</size>', newline = '\n'): string =>
  ['<?xml version="1.0" encoding="utf-8"?>', '<wei7 version="2.2">', `  ${size}`, '  <moves>', ...moves.map((m) => `    ${m}`), '  </moves>', '</wei7>', ''].join(newline);
const move = (name: string, x: number | string, y: number | string, after = ''): string => `<${name} x="${x}" y="${y}"${after} />`;

describe('2.x plain move elements: saxes\'s reading, without saxes', () => {
  test('real records converted, the examples and generated games with variations: the same findings, tree, model and positions', () => {
    const folded = plainInRecords('xml', bothReadings);
    // Most moves of these games are plain: the reading was taken, not passed over.
    assert.ok(folded > 3000, `${folded} elements read as plain moves`);
  });

  test('laid out in any XML white space and line ending, with a comment, in variations: read as plain moves, and the same', () => {
    const moves = [
      '<black x="3" y="3"/>',
      '<white\tx="15"\n      y="3"   />',
      move('black', 0, 18, ' comment="好棋！“妙” a > b, \'c\'"'),
      move('white', 10, 4, ' comment=""'),
      '<moves><black x="9" y="9"/><white x="8" y="9" comment="变化"/></moves>',
      '<black x="16" y="16"\r\n/>',
      '<!-- 注释 --><white x="2" y="2"/>',
    ];
    for (const newline of ['\n', '\r\n', '\r']) {
      const readings = bothReadings(game(moves, '<size>19</size>', newline));
      assert.equal(readings.folded, 8, `line endings ${JSON.stringify(newline)}`);
      assert.deepEqual(readings.plain, readings.generic, `line endings ${JSON.stringify(newline)}`);
    }
  });

  test('near-plain elements are saxes\'s, findings and all', () => {
    const nearPlain: [string, string][] = [
      ['a coordinate with a leading zero', move('black', '03', 3)],
      ['three digits', move('black', 100, 3)],
      ['a negative coordinate', move('black', -1, 3)],
      ['a full-width digit', move('black', '３', 3)],
      ['single quotes', "<black x='3' y='3'/>"],
      ['y before x', '<black y="3" x="3"/>'],
      ['white space around =', '<black x = "3" y="3"/>'],
      ['a pass', '<black type="pass"/>'],
      ['a type written out', move('black', 3, 3, ' type="normal"')],
      ['a title', move('black', 3, 3, ' title="开局"')],
      ['a comment before the point', '<black comment="好" x="3" y="3"/>'],
      ['a reference in the comment', move('black', 3, 3, ' comment="a &amp; b"')],
      ['a tab in the comment', move('black', 3, 3, ' comment="a\tb"')],
      ['a line break in the comment', move('black', 3, 3, ' comment="a\nb"')],
      ['U+0085 in the comment', move('black', 3, 3, ' comment="a\u0085b"')],
      ['a character beyond the BMP in the comment', move('black', 3, 3, ' comment="𝄞"')],
      ['a `<` in the comment', move('black', 3, 3, ' comment="a<b"')],
      ['an attribute after the comment', move('black', 3, 3, ' comment="a" eval="good"')],
      ['no space between attributes', '<black x="3"y="3"/>'],
      ['not self-closing', '<black x="3" y="3"></black>'],
      ['its `/` left out', '<black x="3" y="3">'],
      ['a misspelt name', '<blakc x="3" y="3"/>'],
      ['a capital letter', '<Black x="3" y="3"/>'],
      ['a capital X', '<black X="3" y="3"/>'],
      ['text before it', 'oops<black x="3" y="3"/>'],
    ];
    for (const [what, element] of nearPlain) {
      const text = game([move('white', 4, 4), element, move('white', 5, 5)]);
      const readings = bothReadings(text);
      assert.deepEqual(readings.plain, readings.generic, what);
      // The element after a slip that leaves elements open (`<black x="3" y="3">`) is read in it by
      // the run that reads slips: then no element is read as a plain move.
      assert.ok(readings.folded <= 2, `${what}: not read as a plain move`);
    }
  });

  test('where a <moves> does not hold it (a setup stone, a player, a move outside any <moves>): saxes\'s', () => {
    const texts = [
      '<wei7 version="2.2"><size>19</size><moves><pre><black x="3" y="3"/><white x="4" y="4"/></pre><black x="5" y="5"/></moves></wei7>',
      '<wei7 version="2.2"><size>19</size><black x="3" y="3"/><moves><black x="5" y="5"/></moves></wei7>',
      '<wei7 version="2.2"><game><black x="3" y="3"/></game><size>19</size><moves><black x="5" y="5"/></moves></wei7>',
    ];
    for (const text of texts) {
      const readings = bothReadings(text);
      assert.equal(readings.folded, 1, text);
      assert.deepEqual(readings.plain, readings.generic, text);
    }
  });

  test('a point off the board, and a board of no readable size: checked as saxes\'s reading is', () => {
    for (const [size, x, y] of [['<size>9</size>', 9, 3], ['<size>9</size>', 3, 12], ['<size>big</size>', 30, 3], ['', 40, 1], ['<size>0</size>', 1, 1]] as const) {
      const text = game([move('black', x, y), move('white', 1, 1)], size);
      const readings = bothReadings(text);
      // The move on the board stays plain; one off it is checked by the generic checks, which read its attributes.
      assert.ok(readings.folded >= 1, `size ${size}, point ${x}, ${y}`);
      assert.deepEqual(readings.plain, readings.generic, `size ${size}, point ${x}, ${y}`);
    }
    const offBoard = analyze(game([move('black', 9, 3)], '<size>9</size>'));
    const range = offBoard.findings.find((f) => f.message.id === 'coordinate.range');
    const at = offBoard.text.indexOf('x="9"') + 3;
    assert.deepEqual(range && [range.clause, range.span], ['3.17.1.2', { start: at, end: at + 1 }]);
  });

  test('a document that saxes finds an error in is read by saxes alone (the run that reads slips reads no plain moves)', () => {
    const text = game([move('black', 3, 3), move('white', 4, 4), '<black x="5" y="5"', move('white', 6, 6)]);
    const readings = bothReadings(text);
    assert.equal(readings.folded, 0);
    assert.deepEqual(readings.plain, readings.generic);
  });

  test('edits before, inside and after plain moves: the same as a new analysis and as saxes\'s reading; moves an edit only moves stay plain', () => {
    let a = analyze(generateGame(400, 3).xml);
    const before = foldedCount(a);
    assert.ok(before > 300, `${before} plain moves`);
    const edits: [string, string][] = [
      ['name="', 'name="新'], // in the header: every move moves
      ['x="1"', 'x="12"'], // a coordinate: that move read again
      ['comment="', 'comment="变化'],
      ['" />', '" title="t" />'], // a plain move made one that is not
      ['<white x=', '<white\n x='],
      ['<black x="3" y="', '<black x="3" y="1'],
    ];
    for (const [round, [from, to]] of edits.entries()) {
      const at = a.text.indexOf(from, round === 0 ? 0 : (a.text.length * round) / 7);
      assert.ok(at >= 0, `${from} is in the text`);
      a = reanalyze(a, { start: at, end: at + from.length, text: to });
      if (round === 0) assert.equal(foldedCount(a), before, 'an edit in the header unfolds no move');
      const text = a.text;
      const seen = observable(a, true);
      assert.deepEqual(seen, observable(analyze(text), true), `after ${JSON.stringify(to)}: a new analysis`);
      assert.deepEqual(seen, observable(analyze(text, GENERIC), true), `after ${JSON.stringify(to)}: saxes's reading`);
    }
  });
});
