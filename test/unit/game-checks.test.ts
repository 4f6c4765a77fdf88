/**
 * The game-level checks (server/src/engine/checkGame.ts) on real documents of both formats,
 * run through analyze(). Markers give the expected findings: ⟦3.17|…⟧ an error,
 * ⟦warning:rules.japanese.6|…⟧ a rules warning, ⟦information:play.sameColor|…⟧ the hint.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyze } from '../../server/src/analysis';
import { checkGame, type GameCheckOptions } from '../../server/src/engine/checkGame';
import { catalogueEntries, localize } from '../../server/src/l10n/catalogue';
import type { Finding } from '../../server/src/model/types';
import { parseMarked, renderMarked, toExpected } from '../support/markers';
import { xml22 } from '../support/expect';

const ROOT = resolve(__dirname, '../..');
const DEFAULTS: GameCheckOptions = { rules: 'fromFile', sameColorHint: true };

/** Asserts the game checks of the fixture are exactly its markers, and that nothing else is wrong with it. */
function assertGame(marked: string, options: GameCheckOptions = DEFAULTS): void {
  const { text, expected } = parseMarked(marked);
  const analysis = analyze(text);
  assert.ok(analysis.document, 'the fixture is a wei7 document');
  const actual = checkGame(analysis.document, options);
  assert.deepEqual(toExpected(actual), expected, `actual game findings:\n${renderMarked(text, toExpected(actual))}`);
  // The fixture itself is valid: analyze() reports nothing but (possibly, once wired in) the game checks.
  const ours = new Set(checkGame(analysis.document, DEFAULTS).map(key));
  const others = analysis.findings.filter((f) => !ours.has(key(f)));
  assert.deepEqual(toExpected(others), [], `other findings:\n${renderMarked(text, toExpected(others))}`);
}

function key(f: Finding): string {
  return `${f.clause}@${f.span.start}-${f.span.end}:${f.severity}`;
}

// ---------------------------------------------------------------------------------------------
// Fixture builders. A marker wraps the token a finding points at: in 3.0 the point object, the
// colour number, the takeback count, the "pre" key; in 2.x the x and y attributes, the
// element name, the stone element.

type Marks = { point?: string; color?: string };
const wrap = (marker: string | undefined, s: string): string => (marker ? `⟦${marker}|${s}⟧` : s);

/** 3.0 move step; color 1 black, 2 white. */
function mv(color: 1 | 2, x: number, y: number, marks: Marks = {}): string {
  return `{"action": {"type": "move", "value": {"color": ${wrap(marks.color, String(color))}, "point": ${wrap(marks.point, `{"x": ${x}, "y": ${y}}`)}}}}`;
}
function pass30(color: 1 | 2): string {
  return `{"action": {"type": "move", "value": {"color": ${color}, "point": null}}}`;
}
function takeback(count: number, marker?: string): string {
  return `{"action": {"type": "takeback", "value": ${wrap(marker, String(count))}}}`;
}
function stone30(color: 1 | 2, x: number, y: number, marker?: string): string {
  return wrap(marker, `{"color": ${color}, "point": {"x": ${x}, "y": ${y}}}`);
}
function doc30(tree: string, options: { size?: string; rules?: string } = {}): string {
  const info = options.rules ? `,\n  "info": {"rules": {"type": "${options.rules}"}}` : '';
  return `{\n  "format": "wei7",\n  "version": "3.0",\n  "size": ${options.size ?? '9'}${info},\n  "tree": ${tree}\n}\n`;
}
function steps(...list: string[]): string {
  return `[\n    ${list.join(',\n    ')}\n  ]`;
}

/** 2.x move element. */
function mv22(color: 'black' | 'white', x: number, y: number, marks: Marks = {}): string {
  const name = wrap(marks.color, color);
  return `<${name} ${wrap(marks.point, `x="${x}" y="${y}"`)} />`;
}
function game22(rules: string): { game: string; size: string } {
  return { game: `<game><rules type="${rules}" /></game>`, size: '9' };
}
const NINE = { size: '9' };

// The ko of the board tests, built by alternate moves on 9×9:
//   . X O        black takes at (2,1), white retakes at (1,1)
//   X O . O
//   . X O
const KO_SETUP: [1 | 2, number, number][] = [
  [1, 1, 0], [2, 2, 0], [1, 0, 1], [2, 3, 1], [1, 1, 2], [2, 2, 2], [1, 8, 8], [2, 1, 1],
];
const koSetup30 = (): string[] => KO_SETUP.map(([c, x, y]) => mv(c, x, y));
const koSetup22 = (): string[] => KO_SETUP.map(([c, x, y]) => mv22(c === 1 ? 'black' : 'white', x, y));

// ---------------------------------------------------------------------------------------------

describe('a move onto an occupied point', () => {
  test('3.0: an error citing 3.17 at the point; the move is skipped', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), mv(2, 2, 2, { point: '3.17' }), mv(1, 3, 3))}}`)));

  test('2.x: a warning citing 9.6 (a 步 is a move of Go) at the x and y attributes', () =>
    assertGame(xml22([mv22('black', 2, 2), mv22('white', 2, 2, { point: 'warning:9.6' }), mv22('black', 3, 3)].join(''), NINE)));

  test('a stone captured earlier frees its point; a stone still there does not', () =>
    assertGame(doc30(`{"steps": ${steps(...koSetup30(), mv(1, 2, 1), mv(2, 7, 7), mv(1, 1, 1), mv(2, 2, 1, { point: '3.17' }))}}`)));
});

describe('pre stones (3.0 §3.16.2.5, 2.x §3.14)', () => {
  test('3.0: each stone of a block without liberties is an error', () =>
    assertGame(
      doc30(`{"pre": {"stones": [${stone30(1, 0, 0, '3.16.2.5')}, ${stone30(2, 1, 0)}, ${stone30(2, 0, 1)}, ${stone30(2, 5, 5)}]}}`),
    ));

  test('3.0: a block of two without liberties, and a living block, in the corner', () =>
    assertGame(
      doc30(
        `{"pre": {"stones": [${stone30(1, 0, 0, '3.16.2.5')}, ${stone30(1, 1, 0, '3.16.2.5')}, ` +
          `${stone30(2, 2, 0)}, ${stone30(2, 0, 1)}, ${stone30(2, 1, 1)}]}}`,
      ),
    ));

  test('3.0: two stones on one point, the second is the error', () =>
    assertGame(doc30(`{"pre": {"stones": [${stone30(1, 4, 4)}, ${stone30(2, 4, 4, '3.16.2.5')}]}}`)));

  test('2.x: the same as warnings citing 3.14', () =>
    assertGame(
      xml22(
        `<pre>⟦warning:3.14|<black x="0" y="0" />⟧<white x="1" y="0" /><white x="0" y="1" />` +
          `<black x="4" y="4" />⟦warning:3.14|<white x="4" y="4" />⟧</pre>${mv22('black', 6, 6)}`,
        NINE,
      ),
    ));
});

describe('a pre with stones only from the empty board (2.2 §3.15, 3.0 §3.16.2.6), along the path', () => {
  test('3.0: a branch whose pre has stones after the steps of its tree', () =>
    assertGame(
      doc30(
        `{"steps": ${steps(mv(1, 2, 2))}, "branches": [` +
          `{⟦3.16.2.6|"pre"⟧: {"stones": [${stone30(2, 6, 6)}]}, "steps": ${steps(mv(2, 5, 5))}},` +
          `{"pre": {"comment": "a pre without stones is fine"}, "steps": ${steps(mv(2, 4, 4))}}]}`,
      ),
    ));

  test('3.0: after another pre with stones', () =>
    assertGame(
      doc30(
        `{"pre": {"stones": [${stone30(1, 2, 2)}]}, "branches": [{⟦3.16.2.6|"pre"⟧: {"stones": [${stone30(2, 6, 6)}]}}]}`,
      ),
    ));

  test('3.0: stone-bearing pres in sibling branches are independent (the tutorial shape)', () =>
    assertGame(
      doc30(
        `{"title": "contents", "pre": {"comment": "no stones"}, "branches": [` +
          `{"pre": {"stones": [${stone30(1, 2, 2)}], "problem": {"color": 1}}, "steps": ${steps(mv(1, 3, 3))}},` +
          `{"pre": {"stones": [${stone30(2, 2, 2)}], "problem": {"color": 2}}, "steps": ${steps(mv(2, 3, 3))}}]}`,
      ),
    ));

  test('2.x: a nested moves with no later move branches from the end of its parent: its pre comes after a move', () =>
    assertGame(xml22(`${mv22('black', 2, 2)}<moves><⟦3.15|pre⟧><white x="6" y="6" /></pre>${mv22('white', 5, 5)}</moves>`, NINE)));

  test('2.x: a variation of the first move starts from the empty board, so its pre may have stones', () =>
    assertGame(xml22(`<moves><pre><white x="6" y="6" /></pre>${mv22('black', 5, 5)}</moves>${mv22('black', 2, 2)}`, NINE)));

  test('the 2.2 and 3.0 tutorials (stone-bearing pres in sibling chapters) have no game findings', () => {
    for (const file of ['2.2-tutorial.wei7', '3.0-tutorial.wei7']) {
      const doc = analyze(readFileSync(join(ROOT, 'examples', file), 'utf8')).document;
      assert.ok(doc);
      assert.deepEqual(checkGame(doc, DEFAULTS), [], file);
    }
  });
});

describe('takeback (3.0 §3.16.3.2.2)', () => {
  test('taking back more moves than the path has is an error at the count', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), pass30(2), takeback(3, '3.16.3.2.2'), mv(1, 3, 3))}}`)));

  test('moves taken back are gone: a later takeback counts what is left', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), mv(2, 3, 3), takeback(1), takeback(1), takeback(1, '3.16.3.2.2'))}}`)));

  test('a takeback counts the moves of its own path only', () =>
    assertGame(
      doc30(
        `{"steps": ${steps(mv(1, 2, 2))}, "branches": [{"steps": ${steps(mv(2, 3, 3), mv(1, 4, 4))}}, {"steps": ${steps(takeback(2, '3.16.3.2.2'))}}]}`,
      ),
    ));

  test('a point freed by a takeback can be played again', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), takeback(1), mv(2, 2, 2), mv(1, 3, 3))}}`)));
});

describe('rules warnings', () => {
  test('Japanese rules 1989: retaking a ko at once (第6条)', () =>
    assertGame(doc30(`{"steps": ${steps(...koSetup30(), mv(1, 2, 1), mv(2, 1, 1, { point: 'warning:rules.japanese.6' }))}}`, { rules: 'Japanese' })));

  test('Japanese: retaking after a move elsewhere is allowed', () =>
    assertGame(doc30(`{"steps": ${steps(...koSetup30(), mv(1, 2, 1), mv(2, 7, 7), mv(1, 6, 6), mv(2, 1, 1))}}`, { rules: 'Japanese' })));

  test('Korean rules: retaking a ko at once (第9条), suicide (第8条); 2.x', () =>
    assertGame(
      xml22(
        [...koSetup22(), mv22('black', 2, 1), mv22('white', 1, 1, { point: 'warning:rules.korean.9' }),
          mv22('black', 5, 5), mv22('white', 7, 0), mv22('black', 5, 6), mv22('white', 8, 1),
          mv22('black', 8, 0, { point: 'warning:rules.korean.8' })].join(''),
        game22('Korean'),
      ),
    ));

  test('Japanese rules: suicide (第4条), single stone and group', () =>
    assertGame(
      doc30(
        `{"steps": ${steps(mv(1, 0, 1), mv(2, 5, 5), mv(1, 1, 0), mv(2, 0, 0, { point: 'warning:rules.japanese.4' }),
          mv(1, 4, 4), mv(2, 7, 8), mv(1, 6, 8), mv(2, 8, 7), mv(1, 7, 7), mv(2, 8, 6), mv(1, 8, 5), mv(2, 5, 0), mv(1, 7, 6), mv(2, 8, 8, { point: 'warning:rules.japanese.4' }))}}`,
        { rules: 'Japanese' },
      ),
    ));

  test('a snapback is not a ko', () =>
    assertGame(
      doc30(
        `{"steps": ${steps(mv(1, 3, 0), mv(2, 2, 0), mv(1, 3, 1), mv(2, 0, 1), mv(1, 0, 2), mv(2, 1, 1), mv(1, 1, 2), mv(2, 2, 1), mv(1, 2, 2), mv(2, 8, 8),
          mv(1, 0, 0), mv(2, 1, 0), mv(1, 0, 0))}}`,
        { rules: 'Japanese' },
      ),
    ));

  test('Chinese rules 2002: suicide (第5条) and the ko retake as a repeated position (第6条)', () =>
    assertGame(
      doc30(
        `{"steps": ${steps(...koSetup30(), mv(1, 2, 1), mv(2, 1, 1, { point: 'warning:rules.chinese.6' }),
          mv(1, 5, 5), mv(2, 7, 0), mv(1, 5, 6), mv(2, 8, 1), mv(1, 8, 0, { point: 'warning:rules.chinese.5' }))}}`,
        { rules: 'Chinese' },
      ),
    ));

  test('Chinese: positional superko catches a cycle that is not an immediate retake (Japanese: nothing)', () => {
    const cycle = [...koSetup30(), mv(1, 2, 1), pass30(2), pass30(1)];
    assertGame(doc30(`{"steps": ${steps(...cycle, mv(2, 1, 1, { point: 'warning:rules.chinese.6' }))}}`, { rules: 'Chinese' }));
    assertGame(doc30(`{"steps": ${steps(...cycle, mv(2, 1, 1))}}`, { rules: 'Japanese' }));
  });

  test('Chinese: a triple ko comes back to the same position after six moves (Japanese: every retake is allowed)', () => {
    // Three kos; black can take in the first and third, white in the second.
    const ko = (ox: number, oy: number, inside: 1 | 2): string[] => [
      stone30(1, ox + 1, oy), stone30(1, ox, oy + 1), stone30(1, ox + 1, oy + 2),
      stone30(2, ox + 2, oy), stone30(2, ox + 3, oy + 1), stone30(2, ox + 2, oy + 2),
      inside === 2 ? stone30(2, ox + 1, oy + 1) : stone30(1, ox + 2, oy + 1),
    ];
    const pre = `"pre": {"stones": [${[...ko(0, 0, 2), ...ko(5, 0, 1), ...ko(0, 5, 2)].join(', ')}]}`;
    const cycle = (last?: string) =>
      steps(mv(1, 2, 1), mv(2, 6, 1), mv(1, 2, 6), mv(2, 1, 1), mv(1, 7, 1), mv(2, 1, 6, { point: last }));
    assertGame(doc30(`{${pre}, "steps": ${cycle('warning:rules.chinese.6')}}`, { rules: 'Chinese' }));
    assertGame(doc30(`{${pre}, "steps": ${cycle()}}`, { rules: 'Japanese' }));
  });

  test('Chinese: a variation walked before the main line is undone exactly (its captures put back, the hash restored)', () => {
    // The walk visits the variation first and undoes it; the main line's retake repeats the
    // position after black's capture only if the position (and its hash) came back whole.
    const variation = `{"steps": ${steps(mv(2, 6, 6), mv(1, 1, 1), mv(2, 7, 7))}}`;
    const tree = (marker?: string) =>
      `{"steps": ${steps(...koSetup30(), mv(1, 2, 1))}, "branches": [{"steps": ${steps(pass30(2), pass30(1), mv(2, 1, 1, { point: marker }))}}, ${variation}]}`;
    assertGame(doc30(tree('warning:rules.chinese.6'), { rules: 'Chinese' }));
    assertGame(doc30(tree(), { rules: 'Japanese' }));
  });

  test('positions of sibling variations and of moves taken back do not count', () => {
    assertGame(
      doc30(`{"steps": ${steps(mv(1, 2, 2))}, "branches": [{"steps": ${steps(mv(2, 6, 6))}}, {"steps": ${steps(mv(2, 6, 6))}}]}`, { rules: 'Chinese' }),
    );
    assertGame(doc30(`{"steps": ${steps(mv(1, 3, 3), takeback(1), mv(1, 3, 3), mv(2, 4, 4))}}`, { rules: 'Chinese' }));
  });

  test('the setting overrides the file: none, or another rule set', () => {
    const ko = (marker?: string) => doc30(`{"steps": ${steps(...koSetup30(), mv(1, 2, 1), mv(2, 1, 1, { point: marker }))}}`, { rules: 'Chinese' });
    assertGame(ko(), { rules: 'none', sameColorHint: true });
    assertGame(ko('warning:rules.korean.9'), { rules: 'korean', sameColorHint: true });
    assertGame(ko('warning:rules.japanese.6'), { rules: 'japanese', sameColorHint: true });
    const noRules = doc30(`{"steps": ${steps(...koSetup30(), mv(1, 2, 1), mv(2, 1, 1, { point: 'warning:rules.chinese.6' }))}}`);
    assertGame(noRules, { rules: 'chinese', sameColorHint: true });
    assertGame(noRules.replace(/⟦[^|]*\|/g, '').replace(/⟧/g, ''));
  });
});

describe('the hint when one colour moves twice in a row', () => {
  test('in a game record, at the second move’s colour', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), mv(1, 3, 3, { color: 'information:play.sameColor' }), mv(2, 4, 4), pass30(1), mv(1, 5, 5, { color: 'information:play.sameColor' }))}}`)));

  test('2.x: at the element name', () =>
    assertGame(xml22([mv22('white', 2, 2), mv22('white', 3, 3, { color: 'information:play.sameColor' })].join(''), NINE)));

  test('not after a pre (handicap stones, then black again)', () =>
    assertGame(doc30(`{"pre": {"stones": [${stone30(1, 2, 2)}]}, "steps": ${steps(mv(1, 6, 6), mv(2, 3, 3))}}`)));

  test('not in problems and tutorials, nor when switched off', () => {
    assertGame(doc30(`{"pre": {"stones": [${stone30(1, 2, 2)}], "problem": {"color": 1}}, "steps": ${steps(mv(1, 6, 6), mv(1, 3, 3))}}`));
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), mv(1, 3, 3))}}`), { rules: 'fromFile', sameColorHint: false });
  });

  test('after a takeback, the move before it is the previous one', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2), mv(2, 3, 3), takeback(1), mv(1, 4, 4, { color: 'information:play.sameColor' }))}}`)));

  test('variations: the previous move is the one on the variation’s own path', () =>
    assertGame(
      xml22(
        [mv22('black', 2, 2), `<moves>${mv22('white', 5, 5)}</moves>`, mv22('white', 3, 3), `<moves>${mv22('white', 6, 6, { color: 'information:play.sameColor' })}</moves>`, mv22('black', 4, 4)].join(''),
        NINE,
      ),
    ));
});

describe('variations are independent', () => {
  test('3.0: sibling branches may play the same point', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2))}, "branches": [{"steps": ${steps(mv(2, 4, 4), mv(1, 5, 5))}}, {"steps": ${steps(mv(2, 4, 4), mv(1, 5, 5))}}]}`)));

  test('2.x: a variation and the move it stands for may play the same point', () =>
    assertGame(xml22([mv22('black', 2, 2), `<moves>${mv22('white', 4, 4)}${mv22('black', 5, 5)}</moves>`, mv22('white', 4, 4), mv22('black', 5, 5)].join(''), NINE)));
});

describe('boards larger than 52 (spec-notes: Size)', () => {
  test('one information at the size; structural checks still run; no simulation', () =>
    assertGame(
      doc30(`{"steps": ${steps(mv(1, 2, 2), mv(2, 2, 2), mv(1, 3, 3), takeback(9, '3.16.3.2.2'))}}`, { size: '⟦information:engine.size|60⟧', rules: 'Chinese' }),
    ));

  test('a rectangle with one side above 52', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 2, 2))}}`, { size: '⟦information:engine.size|{"width": 9, "height": 53}⟧' })));

  test('52×52 is simulated', () =>
    assertGame(doc30(`{"steps": ${steps(mv(1, 51, 51), mv(2, 51, 51, { point: '3.17' }))}}`, { size: '52' })));
});

describe('the spec’s LG Cup game (2.2 §8, 3.0 §8, repaired)', () => {
  for (const file of ['2.0-lg-cup.wei7', '3.0-lg-cup.wei7']) {
    test(`${file}: no illegal move, no rules warning (Korean), no slip`, () => {
      const doc = analyze(readFileSync(join(ROOT, 'examples', file), 'utf8')).document;
      assert.ok(doc);
      assert.deepEqual(checkGame(doc, DEFAULTS), []);
      for (const rules of ['chinese', 'japanese', 'korean'] as const) assert.deepEqual(checkGame(doc, { rules, sameColorHint: true }), [], rules);
    });
  }
});

test('every engine message exists in English and Chinese, and findings are put into words', () => {
  const engine = catalogueEntries().filter(([id]) => id.startsWith('engine.'));
  assert.ok(engine.length > 10);
  for (const [id, text] of engine) {
    assert.ok(text.en.trim() && text.zh.trim(), id);
    assert.equal(text.en.match(/\{\d\}/g)?.sort().join(), text.zh.match(/\{\d\}/g)?.sort().join(), `${id}: same arguments`);
  }
  const { text } = parseMarked(doc30(`{"steps": ${steps(mv(1, 2, 2), mv(2, 2, 2))}}`));
  const doc = analyze(text).document;
  assert.ok(doc);
  const [occupied] = checkGame(doc, DEFAULTS);
  assert.match(localize(occupied.message, 'en'), /\(2, 2\) is already occupied/);
  assert.match(localize(occupied.message, 'zh-cn'), /点 \(2, 2\) 上已经有棋子/);
});

describe('after a move that names a point and places no stone (its point unread or off the board), on its path', () => {
  // Black takes White's corner stone at (0, 0) with (1, 0) and (0, 1), then plays there. With
  // (1, 0) unread, nothing is taken, and Black's move onto (0, 0) only echoes that one mistake.
  const played = (first: string): string[] => [mv(1, 4, 4), mv(2, 0, 0), first, mv(2, 8, 8), mv(1, 0, 1), mv(2, 7, 7), mv(1, 0, 0)];
  const unread = '{"action": {"type": "move", "value": {"color": 1, "point": {"x": "one", "y": 0}}}}';
  const ids = (text: string): string[] => analyze(text).findings.map((f) => `${f.clause} ${f.message.id}`);

  test('3.0: the position is not the game\'s: no move onto an occupied point or rules warning is reported after it, only the move itself', () => {
    assert.deepEqual(ids(doc30(`{"steps": ${steps(...played(mv(1, 1, 0)))}}`)), []);
    const text = doc30(`{"steps": ${steps(...played(unread))}}`, { rules: 'Chinese' });
    assert.deepEqual(ids(text), ['3.6 json.nonNegativeInteger']);
    // Off the board: the same.
    assert.deepEqual(ids(doc30(`{"steps": ${steps(...played(mv(1, 1, 9)))}}`)).filter((id) => id.includes('engine.')), []);
  });

  test('3.0: taken back, it is off the path: a move onto an occupied point after it is reported again', () => {
    const text = doc30(`{"steps": ${steps(mv(1, 4, 4), mv(2, 0, 0), unread, takeback(1), mv(1, 0, 0))}}`);
    assert.deepEqual(ids(text), ['3.6 json.nonNegativeInteger', '3.17 engine.occupied']);
  });

  test('2.x: a move whose x has no value: the same, and other paths are checked as before', () => {
    const moves = [mv22('black', 4, 4), mv22('white', 0, 0), '<black x y="0" />', mv22('white', 8, 8), mv22('black', 0, 1), mv22('white', 7, 7), mv22('black', 0, 0)];
    const variation = `<moves>${mv22('black', 0, 0)}</moves>`;
    // The variation after White's (0, 0) is on a path without it: its move onto (0, 0) is reported.
    const text = xml22([...moves.slice(0, 2), variation, ...moves.slice(2)].join(''), NINE);
    assert.deepEqual(ids(text), ['9.6 engine.occupied22', '3.1 xml.attributeWithoutValue']);
    const at = analyze(text).findings[0].span.start;
    assert.equal(text.slice(at - '<moves><black '.length, at), '<moves><black ');
  });
});
