/**
 * The outline (document symbols) through the real protocol: game information, then the lines of
 * play (variations, tutorial chapters) with their first moves, problems marked, exact ranges; the
 * 5000-item cap on huge documents.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver-types';
import { TestLspClient } from '../support/lspClient';
import { documentSymbols, openExample, openText, textIn, type OpenDocument, type SymbolResult } from '../support/navigation';

/** A symbol as a row: name, detail, kind, range as line:character, the selected text; then its children. */
type Row = [string, string | undefined, number, string, string, Row[]?];

function rows(doc: OpenDocument, symbols: SymbolResult[]): Row[] {
  return symbols.map((s) => {
    const r = s.range;
    const row: Row = [s.name, s.detail, s.kind, `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`, textIn(doc, s.selectionRange)];
    if (s.children?.length) row.push(rows(doc, s.children));
    return row;
  });
}

/** The protocol requires selectionRange inside range, and children inside their parent. */
function assertNested(symbols: SymbolResult[], parent?: SymbolResult): void {
  const before = (a: { line: number; character: number }, b: { line: number; character: number }): boolean =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  for (const s of symbols) {
    assert.ok(before(s.range.start, s.selectionRange.start) && before(s.selectionRange.end, s.range.end), `${s.name}: selection inside range`);
    if (parent) assert.ok(before(parent.range.start, s.range.start) && before(s.range.end, parent.range.end), `${s.name}: inside ${parent.name}`);
    assertNested(s.children ?? [], s);
  }
}

const { Object: OBJECT, Property: PROPERTY, Namespace: NAMESPACE, Module: MODULE, Event: EVENT, Null: NULL } = SymbolKind;

describe('outline', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  test('2.x: game information, then the root line (titled by its pre), its problem and its variations with their first moves', async () => {
    const doc = await openExample(client, '2.2-simple.wei7');
    const symbols = await documentSymbols(client, doc);
    assertNested(symbols);
    assert.deepEqual(rows(doc, symbols), [
      ['Game information', undefined, OBJECT, '3:2-9:9', 'game', [
        ['Name', 'the game between you and me', PROPERTY, '3:35-3:69', 'name'],
        ['Rules', 'Chinese, area, komi 7.5', PROPERTY, '4:4-4:54', 'rules'],
        ['Time', '2011-09-06T02:35:19.5822023+08:00', PROPERTY, '5:4-5:50', 'time'],
        ['Black', 'me', PROPERTY, '6:4-6:50', 'black'],
        ['White', 'you', PROPERTY, '7:4-7:51', 'white'],
        ['Result', 'White wins by 2.5 目', PROPERTY, '8:4-8:42', 'result'],
      ]],
      ['handicap title', 'setup: 3 stone(s) · move 1: White E15', MODULE, '10:2-30:10', 'moves', [
        ['Problem: Black to play', 'move 1: White E15', EVENT, '17:4-17:57', 'white'],
        ['Variation 1', 'move 2: Black S11', NAMESPACE, '18:4-20:12', 'moves'],
        ['Variation 2', 'move 2: Black R10', NAMESPACE, '21:4-24:12', 'moves'],
      ]],
    ]);
  });

  test('3.0: the same document as JSON: properties with their keys selected, branches as variations', async () => {
    const doc = await openExample(client, '3.0-simple.wei7');
    const symbols = await documentSymbols(client, doc);
    assertNested(symbols);
    assert.deepEqual(rows(doc, symbols), [
      ['Game information', undefined, OBJECT, '4:2-34:3', '"info"', [
        ['Name', 'the game between you and me', PROPERTY, '7:4-7:41', '"name"'],
        ['Rules', 'Chinese, area, komi 7.5', PROPERTY, '8:4-12:5', '"rules"'],
        ['Time', '2011-09-05T18:35:19.5822023Z', PROPERTY, '13:4-13:42', '"time"'],
        ['Black', 'me', PROPERTY, '27:6-27:36', '0'],
        ['White', 'you', PROPERTY, '28:6-28:36', '1'],
        ['Result', 'Black wins by 2.5 目', PROPERTY, '30:4-33:5', '"result"'],
      ]],
      ['handicap title', 'setup: 3 stone(s) · move 1: White E15', MODULE, '35:2-80:3', '"tree"', [
        ['Problem: Black to play', 'move 1: White E15', EVENT, '49:6-49:131', '"move"'],
        ['Variation 1', 'move 2: Black S11', NAMESPACE, '52:6-67:7', '{'],
        ['Variation 2', 'move 2: Black S11', NAMESPACE, '68:6-72:7', '{'],
        ['Variation 3', 'move 2: Black R10', NAMESPACE, '73:6-78:7', '{'],
      ]],
    ]);
  });

  test('tutorials (2.2 §7, 3.0 §6): chapters by title, nested, with their problems', async () => {
    const expected = (pre: string): Row[] => [
      ['目录', undefined, MODULE, '', '', [
        ['如何吃子', undefined, MODULE, '', '', [
          ['吃子示例 1', 'setup: 4 stone(s) · move 1: Black K9', MODULE, '', '', [['Problem: Black to play', 'setup: 4 stone(s)', EVENT, '', pre]]],
          ['吃子示例 2', 'setup: 10 stone(s) · move 1: Black F19', MODULE, '', '', [['Problem: Black to play', 'setup: 10 stone(s)', EVENT, '', pre]]],
        ]],
        ['怎样判断胜负', 'setup: 66 stone(s)', MODULE, '', ''],
      ]],
    ];
    /** Ranges are checked elsewhere; here the tree, with only the problems' selections. */
    const shape = (list: Row[]): Row[] =>
      list.map(([name, detail, kind, , selected, children]) => {
        const row: Row = [name, detail, kind, '', kind === EVENT ? selected : ''];
        if (children) row.push(shape(children));
        return row;
      });
    for (const [name, pre] of [['2.2-tutorial.wei7', 'pre'], ['3.0-tutorial.wei7', '"pre"']]) {
      const doc = await openExample(client, name);
      const symbols = await documentSymbols(client, doc);
      assertNested(symbols);
      assert.deepEqual(shape(rows(doc, symbols)).slice(1), expected(pre), name);
    }
  });

  test('a timeline: players by their participants, the other participants after them', async () => {
    const doc = await openExample(client, '3.0-timeline.wei7');
    const [info] = await documentSymbols(client, doc);
    assert.deepEqual(
      (info.children ?? []).map((s) => [s.name, s.detail, textIn(doc, s.selectionRange)]),
      [
        ['Name', '在研究室', '"name"'],
        ['Rules', 'Chinese, area, komi 7.5', '"rules"'],
        ['Time', '2013-03-06T10:10:00Z', '"time"'],
        ['Participant 0', 'zhang', '"zhang"'],
        ['Participant 1', 'li', '"li"'],
        ['Participant 2', 'wang', '"wang"'],
        ['Participant 5', 'zhu', '"zhu"'],
        ['Participant 8', 'lin', '"lin"'],
        ['Participant 10', 'huang', '"huang"'],
        ['Player', 'chen', '3'],
        ['Player', 'liu', '7'],
        ['Player', 'shen', '6'],
        ['Player', 'zhao', '4'],
        ['Player', 'zhou', '9'],
      ],
    );
  });

  test('in Chinese: the LG Cup in both formats', async () => {
    const zh = new TestLspClient();
    await zh.initialize('zh-cn');
    try {
      for (const name of ['2.0-lg-cup.wei7', '3.0-lg-cup.wei7']) {
        const doc = await openExample(zh, name);
        const symbols = await documentSymbols(zh, doc);
        assert.deepEqual(
          symbols.map((s) => [s.name, s.detail, (s.children ?? []).map((c) => `${c.name}: ${c.detail}`)]),
          [
            ['棋局信息', undefined, [
              '名称: 第 13 届 LG 杯决赛三番棋第一局',
              '规则: Korean, territory, 贴 6.5 目',
              ...(name.startsWith('2') ? ['时间: 2009-02-23T16:00:00+08:00'] : ['时间: 2009-02-23T00:30Z', '地点: 韩国江原道百潭寺']),
              '黑方: 古力',
              '白方: 李世石',
              '结果: 黑中盘胜',
            ]],
            ['棋谱', '第 1 手：黑 Q16', []],
          ],
          name,
        );
      }
    } finally {
      await zh.close();
    }
  });

  describe('the cap: at most 5000 computed items, then a notice', () => {
    test('3.0: 6000 branches give the root line and 4999 variations, and a notice at the end of the document', async () => {
      const branch = '{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}]}';
      const text = `{"format": "wei7", "version": "3.0", "tree": {"branches": [\n${Array(6000).fill(branch).join(',\n')}\n]}}\n`;
      const doc = await openText(client, text);
      const symbols = await documentSymbols(client, doc);
      assert.equal(symbols.length, 2);
      const [root, notice] = symbols;
      assert.equal(root.name, 'Game record');
      assert.equal(root.children?.length, 4999);
      assert.deepEqual(root.children?.slice(-1).map((s) => [s.name, s.detail, s.range.start.line]), [['Variation 4999', 'move 1: Black D16', 4999]]);
      const end = doc.lines.positionAt(text.length);
      assert.deepEqual(notice, { name: 'Outline limited to 5000 items: 1001 more not shown', kind: NULL, range: { start: end, end }, selectionRange: { start: end, end }, children: [] });
    });

    test('2.x: nested moves count as well; the upper levels are complete first (breadth first)', async () => {
      // 2 lines with 3000 sub-variations each: both lines are listed, the second one's variations are cut.
      const group = `  <moves>\n    <black x="0" y="0" />\n${'    <moves><white x="1" y="1" /></moves>\n'.repeat(3000)}  </moves>\n`;
      const text = `<wei7 version="2.2">\n<size>19</size>\n<moves>\n<black x="3" y="3" />\n${group}${group}</moves>\n</wei7>\n`;
      const doc = await openText(client, text);
      const symbols = await documentSymbols(client, doc);
      const [root, notice] = symbols;
      assert.deepEqual(root.children?.map((s) => [s.name, s.children?.length]), [['Variation 1', 3000], ['Variation 2', 1997]]);
      assert.equal(notice.name, 'Outline limited to 5000 items: 1003 more not shown');
    });
  });
});
