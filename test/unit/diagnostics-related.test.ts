/**
 * A diagnostic's related places (LSP relatedInformation): a move onto an occupied point points to
 * the move or the pre stone that put the stone there, read from the replay of the document as it
 * is. Real documents of both formats in, diagnostics out, with exact ranges and messages.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, reanalyze } from '../../server/src/analysis';
import { toDiagnostics, type Wei7Diagnostic } from '../../server/src/features/diagnostics';
import { relatedPlaces } from '../../server/src/features/relatedPlaces';
import type { Locale } from '../../server/src/l10n/catalogue';
import { LineIndex } from '../../server/src/model/lineIndex';
import { xml22 } from '../support/expect';

/** The diagnostics of `text` as the server publishes them (without the spec links). */
function diagnosticsOf(text: string, locale: Locale = 'en'): Wei7Diagnostic[] {
  const analysis = analyze(text);
  return toDiagnostics(analysis, new LineIndex(text), { locale }, relatedPlaces(analysis));
}

/** The LSP range of the `nth` (0-based) occurrence of `needle` in `text`. */
function rangeOf(text: string, needle: string, nth = 0): Wei7Diagnostic['range'] {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `occurrence ${nth} of ${needle}`);
  }
  const lines = new LineIndex(text);
  return { start: lines.positionAt(at), end: lines.positionAt(at + needle.length) };
}

function doc30(...steps: string[]): string {
  return game30('', '', steps);
}
/** A 9×9 game with the rules type named (`Chinese`, `Japanese`), a pre's stones if any, and the steps. */
function game30(rules: string, pre: string, steps: string[]): string {
  const info = rules ? `\n  "info": {"rules": {"type": "${rules}"}},` : '';
  const preMember = pre ? `"pre": {"stones": [${pre}]}, ` : '';
  return `{\n  "format": "wei7",\n  "version": "3.0",\n  "size": 9,${info}\n  "tree": {${preMember}"steps": [\n    ${steps.join(',\n    ')}\n  ]}\n}\n`;
}
function stone30(color: 1 | 2, x: number, y: number): string {
  return `{"color": ${color}, "point": {"x": ${x}, "y": ${y}}}`;
}
function pass30(color: 1 | 2): string {
  return `{"action": {"type": "move", "value": {"color": ${color}, "point": null}}}`;
}
/**
 * A ko on 9×9 (the board tests' one): after these eight moves Black takes at (2, 1), and White
 * retakes at (1, 1).
 *   . X O
 *   X O . O
 *   . X O
 */
const KO_SETUP: [1 | 2, number, number][] = [[1, 1, 0], [2, 2, 0], [1, 0, 1], [2, 3, 1], [1, 1, 2], [2, 2, 2], [1, 8, 8], [2, 1, 1]];
function move30(color: 1 | 2, x: number, y: number): string {
  return `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}}`;
}
function takeback30(count: number): string {
  return `{"action": {"type": "takeback", "value": ${count}}}`;
}

/** The one diagnostic of a document whose only problem is the move onto an occupied point. */
function onlyDiagnostic(text: string, locale: Locale = 'en'): Wei7Diagnostic {
  const diagnostics = diagnosticsOf(text, locale);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  return diagnostics[0];
}

describe('a move onto an occupied point points to where the stone came from', () => {
  test("3.0: the earlier move's point, its colour and move number, in English and Chinese", () => {
    const text = doc30(move30(1, 2, 2), move30(2, 2, 2));
    const point = '{"x": 2, "y": 2}';
    const en = onlyDiagnostic(text);
    assert.equal(en.code, '3.17');
    assert.deepEqual(en.range, rangeOf(text, point, 1));
    assert.deepEqual(en.related, [{ range: rangeOf(text, point, 0), message: "The stone on (2, 2) is Black's, from move 1." }]);
    const zh = onlyDiagnostic(text, 'zh-cn');
    assert.deepEqual(zh.related?.map((place) => place.message), ['(2, 2) 上的棋子是第 1 手黑棋下的。']);
  });

  test('2.x: a stone of the pre (the stone element’s x and y)', () => {
    const text = xml22('<pre><white x="4" y="4" /></pre><black x="4" y="4" />', { size: '9' });
    const d = onlyDiagnostic(text);
    assert.equal(d.code, '9.6');
    assert.deepEqual(d.range, rangeOf(text, 'x="4" y="4"', 1));
    assert.deepEqual(d.related, [{ range: rangeOf(text, 'x="4" y="4"', 0), message: 'The stone on (4, 4) is a stone of this pre.' }]);
  });

  test('a captured stone is not it: the move that took the point after the capture is', () => {
    // Black (0, 0) is captured by White's move 4; White's move 6 takes the corner; Black's move 7 is onto it.
    const text = doc30(move30(1, 0, 0), move30(2, 1, 0), move30(1, 5, 5), move30(2, 0, 1), move30(1, 6, 6), move30(2, 0, 0), move30(1, 0, 0));
    const point = '{"x": 0, "y": 0}';
    const d = onlyDiagnostic(text);
    assert.deepEqual(d.range, rangeOf(text, point, 2));
    assert.deepEqual(d.related, [{ range: rangeOf(text, point, 1), message: "The stone on (0, 0) is White's, from move 6." }]);
  });

  test('after a takeback, the move numbers and stones are those of the path left', () => {
    // Both moves are taken back; White's (5, 5) is then move 1 of the path, and Black's (5, 5) is onto it.
    const text = doc30(move30(1, 3, 3), move30(2, 4, 4), takeback30(2), move30(2, 5, 5), move30(1, 5, 5));
    const point = '{"x": 5, "y": 5}';
    const d = onlyDiagnostic(text);
    assert.deepEqual(d.range, rangeOf(text, point, 1));
    assert.deepEqual(d.related, [{ range: rangeOf(text, point, 0), message: "The stone on (5, 5) is White's, from move 1." }]);
  });

  test('each move onto the stone gets its own place, and other diagnostics get none', () => {
    const text = doc30(move30(1, 2, 2), move30(2, 2, 2), move30(1, 3, 3), move30(2, 2, 2), move30(1, 9, 0));
    const diagnostics = diagnosticsOf(text);
    const point = '{"x": 2, "y": 2}';
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range, d.related?.map((place) => place.range)]),
      [
        ['3.17', rangeOf(text, point, 1), [rangeOf(text, point, 0)]],
        ['3.17', rangeOf(text, point, 2), [rangeOf(text, point, 0)]],
        ['3.6', rangeOf(text, '9', 1), undefined], // x = 9 is off the board (the first 9 is the size)
      ],
    );
  });
});

describe('the other game findings point to where they come from', () => {
  const ko = KO_SETUP.map(([color, x, y]) => move30(color, x, y));

  test('Chinese rules, a repeated position: the move after which the board was the same', () => {
    const text = game30('Chinese', '', [...ko, move30(1, 2, 1), pass30(2), pass30(1), move30(2, 1, 1)]);
    const d = onlyDiagnostic(text);
    const point = '{"x": 1, "y": 1}';
    assert.deepEqual([d.code, d.range], ['rules.chinese.6', rangeOf(text, point, 1)]);
    assert.deepEqual(d.related, [{ range: rangeOf(text, point, 0), message: 'The same position was on the board after move 8.' }]);
    assert.deepEqual(onlyDiagnostic(text, 'zh-cn').related?.map((place) => place.message), ['第 8 手之后棋盘上的局面与此相同。']);
  });

  test("Chinese rules, a position repeated from the pre's: the pre's key", () => {
    const pre = KO_SETUP.filter(([, x]) => x !== 8).map(([color, x, y]) => stone30(color, x, y)).join(', ');
    const text = game30('Chinese', pre, [move30(1, 2, 1), pass30(2), pass30(1), move30(2, 1, 1)]);
    const d = onlyDiagnostic(text);
    assert.deepEqual([d.code, d.range], ['rules.chinese.6', rangeOf(text, '{"x": 1, "y": 1}', 1)]);
    assert.deepEqual(d.related, [{ range: rangeOf(text, '"pre"'), message: 'The same position was on the board after this pre.' }]);
  });

  test('Japanese rules, a ko retaken at once: the move that took it', () => {
    const text = game30('Japanese', '', [...ko, move30(1, 2, 1), move30(2, 1, 1)]);
    const d = onlyDiagnostic(text);
    assert.deepEqual([d.code, d.range], ['rules.japanese.6', rangeOf(text, '{"x": 1, "y": 1}', 1)]);
    assert.deepEqual(d.related, [{ range: rangeOf(text, '{"x": 2, "y": 1}'), message: 'Move 9 has just taken the ko, on (2, 1).' }]);
    assert.deepEqual(onlyDiagnostic(text, 'zh-cn').related?.map((place) => place.message), ['第 9 手刚在 (2, 1) 提劫。']);
  });

  test("a pre's second stone on a point: its first", () => {
    const text = game30('', `${stone30(1, 4, 4)}, ${stone30(2, 4, 4)}`, [move30(1, 2, 2)]);
    const d = onlyDiagnostic(text);
    assert.deepEqual([d.code, d.range], ['3.16.2.5', rangeOf(text, stone30(2, 4, 4))]);
    assert.deepEqual(d.related, [{ range: rangeOf(text, stone30(1, 4, 4)), message: "This pre's first stone on (4, 4)." }]);
  });
});

describe('related places follow edits that change nothing in the game', () => {
  test("2.x: a bare & typed inside a pre: its first stone on a point is where the text now has it (found by the fuzz, seed 23737)", () => {
    // The pre is read again and plays the same: the replay keeps its entry, whose stones are those of its walk.
    const text = xml22('<pre><black x="1" y="1" />\n<black x="4" y="4" /><white x="4" y="4" /></pre><black x="2" y="2" />', { size: '9' });
    const at = text.indexOf('<black x="1"');
    const edited = `${text.slice(0, at)}&${text.slice(at)}`;
    const after = reanalyze(analyze(text), { start: at, end: at, text: '&' });
    const related = (a: ReturnType<typeof analyze>): unknown[] =>
      toDiagnostics(a, new LineIndex(edited), { locale: 'en' }, relatedPlaces(a)).map((d) => [d.code, d.range, d.related]);
    assert.deepEqual(related(after), related(analyze(edited)));
    assert.deepEqual(related(after).slice(2), [
      ['3.14', rangeOf(edited, '<white x="4" y="4" />'), [{ range: rangeOf(edited, '<black x="4" y="4" />'), message: "This pre's first stone on (4, 4)." }]],
    ]);
  });
});

describe('syntax findings point to the other half of the problem', () => {
  test('3.0: a property given twice in an object: where it is first given (the key, quotes included)', () => {
    const step = '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 1, "y": 1}}}, "comment": "a", "comment": "b"}';
    const text = doc30(step);
    const d = onlyDiagnostic(text);
    assert.deepEqual([d.code, d.range], ['3.1', rangeOf(text, '"comment"', 1)]);
    assert.deepEqual(d.related, [{ range: rangeOf(text, '"comment"', 0), message: 'The property "comment" is first given here.' }]);
    assert.deepEqual(onlyDiagnostic(text, 'zh-cn').related?.map((place) => place.message), ['属性“comment”第一次出现在这里。']);
  });

  test('2.x: an end tag that matches no open element: the name in the start tag of the element open there', () => {
    const text = xml22('<pre title="a">\n      <black x="1" y="1" />\n      </game>\n    </pre>\n    <black x="2" y="2" />');
    const d = onlyDiagnostic(text);
    assert.deepEqual([d.code, d.range], ['3.1', rangeOf(text, 'game', 0)]);
    assert.deepEqual(d.related, [{ range: rangeOf(text, 'pre', 0), message: 'The element <pre> is opened here.' }]);
  });

  test("2.x: a variation's <moves> start tag left out before its <pre>: the name in the end tag without it", () => {
    const text = xml22('<black x="1" y="1" />\n      <pre title="a" />\n      <white x="2" y="2" />\n    </moves>\n    <white x="3" y="3" />');
    const d = onlyDiagnostic(text);
    assert.deepEqual([d.code, d.range, d.message], ['3.1', rangeOf(text, 'pre', 0), 'The start tag <moves> was left out before <pre>: its end tag </moves> comes later.']);
    assert.deepEqual(d.related, [{ range: rangeOf(text, 'moves', 1), message: 'The end tag </moves> whose start tag was left out.' }]);
    assert.deepEqual(onlyDiagnostic(text, 'zh-cn').related?.map((place) => place.message), ['开始标签被漏写的结束标签 </moves>。']);
  });
});
