/**
 * Hovers through the real protocol, on the examples of both formats: clauses, moves (notation,
 * captures, the board), komi and margin in 目 and 子, participants, times; English and Chinese.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestLspClient } from '../support/lspClient';
import { hover, openExample, openText, positionOf, textIn, type OpenDocument } from '../support/navigation';

/** Where the server links clauses: the spec pages it bundles beside dist/server.js. */
const SPEC = `${pathToFileURL(resolve(__dirname, '../../dist/spec')).href}/`;

/** The hover's Markdown and the text its range covers. */
async function hoverAt(client: TestLspClient, doc: OpenDocument, needle: string, nth = 0, delta = 0): Promise<{ value: string; token: string }> {
  const result = await hover(client, doc, positionOf(doc, needle, nth, delta));
  assert.ok(result, `a hover at "${needle}"`);
  assert.equal(result.contents.kind, 'markdown');
  assert.ok(result.range, 'the hover has a range');
  return { value: result.contents.value, token: textIn(doc, result.range) };
}

function sections(value: string): string[] {
  return value.split('\n\n---\n\n');
}

const MOVE_30_EN = [
  '**Move 30** · White · (2, 10) · C9 · SGF `ck`',
  'Captures: none',
  'Position after the move, the part of the 19×19 board around it:',
  [
    '```text',
    '   A B C D E F G H J',
    '13 . . . . . . . . .',
    '12 . . . . . . . . .',
    '11 . . . . . . . . .',
    '10 . . . . . . . . .',
    ' 9 . .(O). . . . . .',
    ' 8 . . . . . . . . .',
    ' 7 . . . . . . . . .',
    ' 6 . . X . . . . . .',
    ' 5 . . . . . . . . .',
    '```',
  ].join('\n'),
].join('\n\n');

/** Move 75 (black K12) captures the white stone on K11. */
const MOVE_75_EN = [
  '**Move 75** · Black · (9, 7) · K12 · SGF `jh`',
  'Captures 1 stone(s): K11',
  'Position after the move, the part of the 19×19 board around it:',
  [
    '```text',
    '   F G H J K L M N O',
    '16 . . . . X X O X .',
    '15 . O . . . O . X O',
    '14 . . . X X O . X O',
    '13 . O . X O O O X O',
    '12 . . . X(X). X O .',
    '11 X O O X . X O O .',
    '10 . X O . X O . . .',
    ' 9 . . . . . . . . .',
    ' 8 . . . . . . . . .',
    '```',
  ].join('\n'),
].join('\n\n');

describe('hovers', () => {
  let client: TestLspClient;
  let lgXml: OpenDocument;
  let lgJson: OpenDocument;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
    lgXml = await openExample(client, '2.0-lg-cup.wei7');
    lgJson = await openExample(client, '3.0-lg-cup.wei7');
  });
  after(() => client.close());

  describe('a move', () => {
    test('2.x: move 30 of the LG Cup: number, colour, (2,10), C9, SGF ck, no captures, the board around it, then its clause', async () => {
      const { value, token } = await hoverAt(client, lgXml, '<white x="2" y="10"', 0, 1);
      assert.equal(token, 'white');
      const [move, clause] = sections(value);
      assert.equal(move, MOVE_30_EN);
      assert.equal(
        clause,
        [
          '**§3.17** · `<white>`',
          '> 对于 black, white 元素而言（不包括 game 元素中的 black 或 white），它们作为 moves 的子元素和作为 pre 的子元素相比较：',
          'black and white elements (not those in game) in moves and in pre share some rules and differ in others.',
          `Spec: [wei7 2.2 §3.17](${SPEC}wei7-2.2.html#c3.17)`,
        ].join('\n\n'),
      );
    });

    test('3.0: the same move 30, hovered on its point, with the clause of a point in a move (3.16.3.2.1.2)', async () => {
      const { value, token } = await hoverAt(client, lgJson, '"point": {"x": 2, "y": 10}', 0, 1);
      assert.equal(token, '"point"');
      assert.deepEqual(sections(value), [
        MOVE_30_EN,
        [
          '**§3.16.3.2.1.2** · `point`',
          '> point 值满足 nullable(point)约束。如为 null 则表示 pass。',
          'point: nullable(point); null is a pass.',
          `Spec: [wei7 3.0 §3.16.3.2.1.2](${SPEC}wei7-3.0.html#c3.16.3.2.1.2)`,
        ].join('\n\n'),
      ]);
    });

    test('the stones a move captures, in both formats (move 75 takes K11)', async () => {
      const xml = await hoverAt(client, lgXml, '<black x="9" y="7"', 0, 10);
      assert.equal(xml.token, '9');
      assert.equal(sections(xml.value)[0], MOVE_75_EN);
      assert.match(sections(xml.value)[1], /^\*\*§3\.17\.1\.2\*\* · `x`/);
      const json = await hoverAt(client, lgJson, '"x": 9, "y": 7', 0, 13);
      assert.equal(json.token, '7');
      assert.equal(sections(json.value)[0], MOVE_75_EN);
      assert.match(sections(json.value)[1], /^\*\*§3\.6\*\* · `y`/);
    });

    test('a pass, and a suicide: the mover’s own stones removed, the emptied point still marked', async () => {
      const doc = await openText(
        client,
        '{"format": "wei7", "version": "3.0", "size": 9, "tree": {"pre": {"stones": [{"color": 2, "point": {"x": 1, "y": 0}}, {"color": 2, "point": {"x": 0, "y": 1}}]},\n' +
          '"steps": [{"action": {"type": "move", "value": {"color": 1, "point": null}}},\n{"action": {"type": "move", "value": {"color": 1, "point": {"x": 0, "y": 0}}}}]}}',
      );
      const pass = await hoverAt(client, doc, '"point": null', 0, 1);
      assert.equal(sections(pass.value)[0], '**Move 1** · Black · pass');
      const suicide = await hoverAt(client, doc, '"x": 0, "y": 0', 0, 1);
      assert.equal(
        sections(suicide.value)[0],
        [
          '**Move 2** · Black · (0, 0) · A9 · SGF `aa`',
          'Removes 1 of its own stone(s) (suicide): A9',
          'Position after the move:',
          ['```text', '  A B C D E F G H J', '9(.)O . . . . . . .', '8 O . . . . . . . .', ...[7, 6, 5, 4, 3, 2, 1].map((n) => `${n} . . . . . . . . .`), '```'].join('\n'),
        ].join('\n\n'),
      );
    });

    test('a setup (pre) shows its stones around their middle', async () => {
      const doc = await openExample(client, '2.2-tutorial.wei7');
      const { value } = await hoverAt(client, doc, '<pre title="吃子示例 1"', 0, 1);
      assert.equal(
        sections(value)[0],
        [
          '**Setup position** (move 0): 3 black and 1 white stone(s)',
          'Position after the setup, the part of the 19×19 board around it:',
          [
            '```text',
            '   F G H J K L M N O',
            '14 . . . . . . . . .',
            '13 . . . . . . . . .',
            '12 . . . . . . . . .',
            '11 . . . . X . . . .',
            '10 . . . X O X . . .',
            ' 9 . . . . . . . . .',
            ' 8 . . . . . . . . .',
            ' 7 . . . . . . . . .',
            ' 6 . . . . . . . . .',
            '```',
          ].join('\n'),
        ].join('\n\n'),
      );
    });
  });

  test('3.0: a pre hovered on its key; a board too large to simulate is said so', async () => {
    const tutorial = await openExample(client, '3.0-tutorial.wei7');
    const pre = await hoverAt(client, tutorial, '"pre"', 0, 1);
    assert.equal(pre.token, '"pre"');
    assert.match(sections(pre.value)[0], /^\*\*Setup position\*\* \(move 0\): 3 black and 1 white stone\(s\)\n\nPosition after the setup, the part of the 19×19 board around it:/);
    assert.match(sections(pre.value)[1], /^\*\*§3\.16\.2\*\* · `pre`/);
    const huge = await openText(client, '{"format": "wei7", "version": "3.0", "size": 60, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 59, "y": 0}}}}]}}');
    const move = await hoverAt(client, huge, '"type"', 0, 1);
    assert.equal(sections(move.value)[0], '**Move 1** · Black · (59, 0) · 60-60\n\nNo board is shown: the board size is unknown, or a side has more than 52 points.');
  });

  describe('komi and margin in 目 and 子 (1 子 = 2 目)', () => {
    test('2.x komi="7.5": 7.5 目 = 3.75 子, citing 3.10, then the clause of rules (3.6)', async () => {
      const doc = await openExample(client, '2.2-simple.wei7');
      for (const [needle, delta, token] of [['komi="7.5"', 6, '7.5'], ['komi="7.5"', 0, 'komi']] as const) {
        const { value, token: hovered } = await hoverAt(client, doc, needle, 0, delta);
        assert.equal(hovered, token);
        const [komi, clause] = sections(value);
        assert.equal(komi, 'Komi **7.5 目**: under area scoring (数子), 7.5 目 = 3.75 子, as 1 子 = 2 目 (§3.10).');
        assert.match(clause, /^\*\*§3\.6\*\* · `komi`\n\n> rules 元素表示规则/);
      }
    });

    test('3.0 "komi": 7.5, citing 3.10.9; "margin": 2.5 is 1.25 子', async () => {
      const doc = await openExample(client, '3.0-simple.wei7');
      const komi = await hoverAt(client, doc, '"komi": 7.5', 0, 8);
      assert.equal(komi.token, '7.5');
      assert.equal(sections(komi.value)[0], 'Komi **7.5 目**: under area scoring (数子), 7.5 目 = 3.75 子, as 1 子 = 2 目 (§3.10.9).');
      assert.match(sections(komi.value)[1], /^\*\*§3\.10\.1\*\* · `komi`/);
      const margin = await hoverAt(client, doc, '"margin"', 0, 1);
      assert.equal(margin.token, '"margin"');
      assert.equal(sections(margin.value)[0], 'Margin **2.5 目**: under area scoring (数子), 2.5 目 = 1.25 子, as 1 子 = 2 目 (§3.10.9).');
      assert.match(sections(margin.value)[1], /^\*\*§3\.8\*\* · `margin`/);
    });
  });

  describe('participants', () => {
    test('players[].participant and steps[].actor name the participant', async () => {
      const player = await hoverAt(client, lgJson, '"participant": 1', 0, 15);
      assert.equal(player.token, '1');
      assert.equal(sections(player.value)[0], 'Participant 1: **李世石**');
      assert.match(sections(player.value)[1], /^\*\*§3\.10\.7\*\* · `participant`/);
      const timeline = await openExample(client, '3.0-timeline.wei7');
      const actor = await hoverAt(client, timeline, '"actor": 5', 0, 1);
      assert.equal(sections(actor.value)[0], 'Participant 5: **zhu**');
      assert.match(sections(actor.value)[1], /^\*\*§3\.16\.3\.3\*\* · `actor`/);
    });

    test('an index with no participant says so', async () => {
      const doc = await openText(client, '{"format": "wei7", "version": "3.0", "info": {"participants": [{"name": "a"}], "players": [{"participant": 3}]}, "tree": {}}');
      const { value } = await hoverAt(client, doc, '"participant": 3', 0, 15);
      assert.equal(sections(value)[0], 'There is no participant 3: info.participants has 1 entries.');
    });
  });

  describe('times in words', () => {
    test('2.x <time> with a zone: the date and time as written, and in UTC', async () => {
      const doc = await openExample(client, '2.2-simple.wei7');
      const { value, token } = await hoverAt(client, doc, '2011-09-06', 0, 3);
      assert.equal(token, '2011-09-06T02:35:19.5822023+08:00');
      assert.deepEqual(sections(value).slice(0, 1), [
        'Played: **Tuesday, 6 September 2011, 02:35:19.5822023 (UTC+08:00)**\n\nIn UTC: Monday, 5 September 2011, 18:35:19.5822023 (UTC)',
      ]);
      assert.match(sections(value)[1], /^\*\*§3\.7\*\* · `time`/);
    });

    test('3.0 info.time (UTC) and a step time as minutes:seconds from the start, and when that was', async () => {
      const info = await hoverAt(client, lgJson, '"2009-02-23T00:30Z"', 0, 1);
      assert.equal(sections(info.value)[0], 'Played: **Monday, 23 February 2009, 00:30 (UTC)**');
      assert.match(sections(info.value)[1], /^\*\*§3\.10\.2\*\* · `time`/);
      const timeline = await openExample(client, '3.0-timeline.wei7');
      const step = await hoverAt(client, timeline, '220.555', 0, 2);
      assert.equal(step.token, '220.555');
      assert.equal(sections(step.value)[0], '**3:40.555** from the start of the game\n\nThat is Wednesday, 6 March 2013, 10:13:40.555 (UTC).');
      assert.match(sections(step.value)[1], /^\*\*§3\.16\.3\.1\*\* · `time`/);
    });
  });

  describe('clauses of names', () => {
    test('an element, an attribute and a property each show the clause that defines them', async () => {
      const xml = await openExample(client, '2.2-simple.wei7');
      const rules = await hoverAt(client, xml, '<rules', 0, 2);
      assert.equal(rules.token, 'rules');
      assert.match(rules.value, new RegExp(`^\\*\\*§3\\.6\\*\\* · \`<rules>\`\\n\\n> rules 元素表示规则[^]*\\n\\nSpec: \\[wei7 2\\.2 §3\\.6\\]\\(${SPEC.replace(/[.]/g, '\\.')}wei7-2\\.2\\.html#c3\\.6\\)$`));
      const endTag = await hoverAt(client, xml, '</moves>', 0, 3);
      assert.equal(endTag.token, 'moves');
      assert.match(endTag.value, /^\*\*§3\.11\*\* · `<moves>`/);
      const splitter = await hoverAt(client, xml, 'splitter="medium"', 0, 1);
      assert.match(splitter.value, /\*\*§3\.17\.1\.3\*\* · `splitter`/);
      const steps = await hoverAt(client, lgJson, '"steps"', 0, 1);
      assert.equal(steps.value.split('\n\n')[0], '**§3.16.3** · `steps`');
      const evaluation = await hoverAt(client, await openExample(client, '3.0-simple.wei7'), '"evaluation"', 0, 1);
      assert.match(evaluation.value, /\*\*§3\.16\.3\.2\.1\.3\*\* · `evaluation`/);
    });

    test('no hover between tokens or on names the spec does not define', async () => {
      const doc = await openText(client, '<wei7 version="2.2">\n  <size>19</size>\n  <game><foo bar="1"/></game>\n  <moves><black x="3" y="3"/></moves>\n</wei7>\n');
      assert.equal(await hover(client, doc, positionOf(doc, '  <size>', 0, 1)), null);
      assert.equal(await hover(client, doc, positionOf(doc, '<foo', 0, 1)), null);
      assert.equal(await hover(client, doc, positionOf(doc, 'bar=', 0, 1)), null);
    });
  });

  test('in Chinese: the move, komi and a time', async () => {
    const zh = new TestLspClient();
    await zh.initialize('zh-cn');
    try {
      const lg = await openExample(zh, '2.0-lg-cup.wei7');
      const move = await hoverAt(zh, lg, '<white x="2" y="10"', 0, 1);
      const [moveSection, clause] = sections(move.value);
      assert.equal(
        moveSection,
        MOVE_30_EN.replace('**Move 30** · White', '**第 30 手** · 白')
          .replace('Captures: none', '提子：无')
          .replace('Position after the move, the part of the 19×19 board around it:', '这一手之后的局面（19×19 棋盘上的局部）：'),
      );
      assert.match(clause, /\n\n规范：\[wei7 2\.2 §3\.17\]\(/);
      const simple = await openExample(zh, '2.2-simple.wei7');
      const komi = await hoverAt(zh, simple, 'komi="7.5"', 0, 6);
      assert.equal(sections(komi.value)[0], '贴目 **7.5 目**：按数子法，7.5 目 = 3.75 子（1 子 = 2 目，§3.10）。');
      const time = await hoverAt(zh, simple, '2011-09-06', 0, 3);
      assert.equal(sections(time.value)[0], '对局时间：**2011年9月6日 星期二 02:35:19.5822023（UTC+08:00）**\n\nUTC 时间：2011年9月5日 星期一 18:35:19.5822023（UTC）');
    } finally {
      await zh.close();
    }
  });
});
