/**
 * Inlay hints (move numbers and captures, the setting, the requested range, a 10,000-move game),
 * folding ranges and selection ranges, through the real protocol on documents of both formats.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import {
  foldingRanges,
  initializeWithSettings,
  inlayHints,
  longGame,
  openExample,
  openText,
  positionOf,
  selectionRanges,
  selectionTexts,
  type InlayHintResult,
  type OpenDocument,
} from '../support/navigation';

/** A hint as [line, character, label, tooltip], and the text just before it. */
function hintRows(doc: OpenDocument, hints: InlayHintResult[] | null): [number, number, string, string | undefined, string][] {
  return (hints ?? []).map((h) => {
    const offset = doc.lines.offsetAt(h.position);
    return [h.position.line, h.position.character, h.label, h.tooltip, doc.text.slice(offset - 3, offset)];
  });
}

describe('inlay hints, folding and selection ranges', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  describe('inlay hints', () => {
    test('2.x: each move’s number on its path, after the element (variations number from where they branch)', async () => {
      const doc = await openExample(client, '2.2-simple.wei7');
      const hints = await inlayHints(client, doc);
      assert.ok(hints?.every((h) => h.paddingLeft === true));
      assert.deepEqual(hintRows(doc, hints), [
        [17, 57, '1', 'Move 1', ' />'],
        [19, 28, '2', 'Move 2', ' />'],
        [23, 40, '2', 'Move 2', ' />'],
        [27, 55, '2', 'Move 2', ' />'],
        [28, 25, '3', 'Move 3', ' />'],
        [29, 39, '4', 'Move 4', ' />'],
      ]);
    });

    test('3.0: after each move step, passes counted, other steps without a hint', async () => {
      const doc = await openExample(client, '3.0-simple.wei7');
      assert.deepEqual(hintRows(doc, await inlayHints(client, doc)), [
        [49, 131, '1', 'Move 1', '!"}'],
        [60, 11, '2', 'Move 2', '  }'],
        [61, 78, '3', 'Move 3', '} }'],
        [62, 110, '4', 'Move 4', 'i"}'],
        [63, 95, '5', 'Move 5', 'f"}'],
        [70, 92, '2', 'Move 2', '} }'],
        [76, 113, '2', 'Move 2', '} }'],
      ]);
    });

    test('captures as ×N, and only the moves that end inside the requested range', async () => {
      for (const [name, first] of [['2.0-lg-cup.wei7', '<black x="9" y="7"'], ['3.0-lg-cup.wei7', '"x": 9, "y": 7']]) {
        const doc = await openExample(client, name);
        const start = positionOf(doc, first);
        // Moves 75 and 76 each capture one stone; the range ends on the line of move 76.
        const range = { start: { line: start.line, character: 0 }, end: { line: start.line + 1, character: 200 } };
        assert.deepEqual(
          (await inlayHints(client, doc, range))?.map((h) => [h.position.line, h.label, h.tooltip]),
          [
            [start.line, '75 ×1', 'Move 75, captures 1 stone(s)'],
            [start.line + 1, '76 ×1', 'Move 76, captures 1 stone(s)'],
          ],
          name,
        );
      }
    });

    // Speed is the benchmark's business (npm run bench); this checks the answer on a long game.
    test('a 10,000-move game: a window of 60 lines gives exactly those 60 moves, the same on a repeated request', async () => {
      const game = longGame(10_000);
      for (const [format, text, firstMoveLine] of [['xml', game.xml, 4], ['json', game.json, 5]] as const) {
        const doc = await openText(client, text, `long.${format}.wei7`);
        const range = { start: { line: firstMoveLine + 5000, character: 0 }, end: { line: firstMoveLine + 5059, character: 1000 } };
        const first = await inlayHints(client, doc, range);
        const again = await inlayHints(client, doc, range);
        assert.deepEqual(first, again);
        assert.deepEqual(first?.map((h) => [h.position.line, h.label.replace(/ ×\d+$/, '')]), Array.from({ length: 60 }, (_, i) => [firstMoveLine + 5000 + i, String(5001 + i)]), format);
      }
    });

    test('none when the user turns wei7.inlayHints off', async () => {
      const off = new TestLspClient();
      try {
        await initializeWithSettings(off, { inlayHints: false });
        const doc = await openExample(off, '2.2-simple.wei7');
        assert.deepEqual(await inlayHints(off, doc), []);
      } finally {
        await off.close();
      }
    });

    test('in Chinese, the tooltips', async () => {
      const zh = new TestLspClient();
      try {
        await zh.initialize('zh-cn');
        const doc = await openExample(zh, '3.0-lg-cup.wei7');
        const hints = (await inlayHints(zh, doc)) ?? [];
        assert.deepEqual([hints[0].tooltip, hints[74].label, hints[74].tooltip], ['第 1 手', '75 ×1', '第 75 手，提 1 子']);
      } finally {
        await zh.close();
      }
    });
  });

  describe('folding ranges', () => {
    test('2.x: elements over several lines, the end tag’s line left visible', async () => {
      const doc = await openExample(client, '2.2-simple.wei7');
      assert.deepEqual(await foldingRanges(client, doc), [
        { startLine: 1, endLine: 30 }, // <wei7>
        { startLine: 3, endLine: 8 }, // <game>
        { startLine: 10, endLine: 29 }, // root <moves>
        { startLine: 11, endLine: 15 }, // <pre>
        { startLine: 18, endLine: 19 }, // first variation
        { startLine: 21, endLine: 23 }, // second variation
      ]);
    });

    test('3.0: objects and arrays over several lines, the closing line left visible', async () => {
      const doc = await openExample(client, '3.0-simple.wei7');
      const ranges = await foldingRanges(client, doc);
      assert.deepEqual(ranges.slice(0, 9), [
        { startLine: 0, endLine: 80 }, // the root object
        { startLine: 4, endLine: 33 }, // info
        { startLine: 8, endLine: 11 }, // rules
        { startLine: 14, endLine: 24 }, // participants
        { startLine: 15, endLine: 18 }, // participants[0]
        { startLine: 20, endLine: 23 }, // participants[1]
        { startLine: 26, endLine: 28 }, // players
        { startLine: 30, endLine: 32 }, // result
        { startLine: 35, endLine: 79 }, // tree
      ]);
      assert.equal(ranges.length, 22);
    });

    test('long comments: a comment attribute over several lines (kind comment) and an XML comment', async () => {
      const text = [
        '<wei7 version="2.2">',
        '  <size>19</size>',
        '  <!-- a note',
        '       over two lines -->',
        '  <moves>',
        '    <black x="3" y="3"',
        '           comment="first line',
        'second line" />',
        '    <white x="15" y="3" comment="one line" />',
        '  </moves>',
        '</wei7>',
        '',
      ].join('\n');
      const doc = await openText(client, text);
      assert.deepEqual(await foldingRanges(client, doc), [
        { startLine: 0, endLine: 9 },
        { startLine: 2, endLine: 3, kind: 'comment' },
        { startLine: 4, endLine: 8 },
        // The element: its last line folds too (a self-closing element has no end tag to show).
        { startLine: 5, endLine: 7 },
        { startLine: 6, endLine: 7, kind: 'comment' },
      ]);
    });

    test('the LG Cup: the game’s long comments fold with their moves', async () => {
      const doc = await openExample(client, '2.0-lg-cup.wei7');
      const ranges = await foldingRanges(client, doc);
      const lines = doc.text.split('\n');
      assert.deepEqual(ranges.slice(3, 5), [{ startLine: 11, endLine: 13 }, { startLine: 30, endLine: 32 }]);
      assert.match(lines[11], /^ {4}<pre comment="（荆凌虎根据棋院观战整理）$/);
      assert.match(lines[30], /^ {4}<black x="9" y="3" comment="关于第 17 手/);
    });
  });

  describe('selection ranges', () => {
    test('2.x: value → attribute → start tag → parent’s content → parent … → document', async () => {
      const doc = await openExample(client, '2.2-simple.wei7');
      const [komi, pass] = await selectionRanges(client, doc, [positionOf(doc, 'komi="7.5"', 0, 7), positionOf(doc, 'type="pass"', 0, 1)]);
      const texts = selectionTexts(doc, komi);
      assert.deepEqual(texts.slice(0, 3), ['7.5', 'komi="7.5"', '<rules scoring="area" komi="7.5" type="Chinese" />']);
      assert.deepEqual(texts.slice(3).map((t) => t.slice(0, 15)), ['\n    <rules sco', '<game domain="w', '\n  <size>19</si', '<wei7 version="', '<?xml version="']);
      assert.equal(texts[texts.length - 1], doc.text);
      assert.deepEqual(selectionTexts(doc, pass).slice(0, 3), ['type', 'type="pass"', '<white type="pass" />']);
    });

    test('3.0: key inside its quotes → key → property → object inside → object → property … → document', async () => {
      const doc = await openExample(client, '3.0-simple.wei7');
      const [komi] = await selectionRanges(client, doc, [positionOf(doc, '"komi"', 0, 2)]);
      const texts = selectionTexts(doc, komi);
      assert.deepEqual(texts.slice(0, 3), ['komi', '"komi"', '"komi": 7.5']);
      assert.deepEqual(texts.slice(3).map((t) => t.slice(0, 12)), ['\n      "scor', '{\n      "sco', '"rules": {\n ', '\n    "domain', '{\n    "domai', '"info": {\n  ', '\n  "format":', '{\n  "format"', '{\n  "format"']);
      assert.equal(texts[texts.length - 1], doc.text);
    });
  });
});
