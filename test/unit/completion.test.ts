/**
 * Completions through the language server's own handler (textDocument/completion over stdio), on
 * documents of both formats, whole and half-typed: exact labels, insert texts and replaced ranges.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import { completionsAt, offsetAt, type LspCompletionItem } from '../support/editing';
import { xml22 } from '../support/expect';
import { analyze } from '../../server/src/analysis';
import { elementRules, VERSION_VALUES } from '../../server/src/validate/xml/elementRules';
import { childRules } from '../../server/src/validate/xml/validateXml';
import {
  ACTION_TYPES,
  EVALUATIONS,
  FORMAT_VALUES,
  RULES_TYPES,
  SCORINGS,
  SHAPES,
  VALUE_CLAUSE,
  VERSION_VALUES_30,
  type ObjectKind,
} from '../../server/src/validate/json/shapes';

/** What an item does: its label, the text it inserts and the text it replaces. */
interface Effect {
  readonly label: string;
  readonly newText: string;
  readonly replaces: string;
}

function effects(items: readonly LspCompletionItem[], text: string): Effect[] {
  return items.map((item) => {
    assert.ok(item.textEdit, `${item.label} has a text edit`);
    const start = offsetAt(text, item.textEdit.range.start);
    const end = offsetAt(text, item.textEdit.range.end);
    return { label: item.label, newText: item.textEdit.newText, replaces: text.slice(start, end) };
  });
}

/** Items in the order the editor shows them. */
function sorted(items: readonly LspCompletionItem[]): LspCompletionItem[] {
  return [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
}

function labels(items: readonly LspCompletionItem[]): string[] {
  return sorted(items).map((item) => item.label);
}

let client: TestLspClient;

before(async () => {
  client = new TestLspClient();
  await client.initialize();
});
after(() => client.close());

describe('2.x completions: elements', () => {
  test('after "<" in moves: the children of moves and snippets whose move is the colour to play (white after black)', async () => {
    const { items, text } = await completionsAt(client, xml22('<black x="3" y="3" />\n    <‸'), '<');
    assert.deepEqual(effects(sorted(items), text), [
      { label: 'moves', newText: '<moves>\n\t$0\n</moves>', replaces: '<' },
      { label: 'black', newText: '<black x="$1" y="$2" />', replaces: '<' },
      { label: 'white', newText: '<white x="$1" y="$2" />', replaces: '<' },
      { label: 'mark', newText: '<mark x="$1" y="$2" symbol="$3" />', replaces: '<' },
      { label: 'move', newText: '<white x="$1" y="$2" />', replaces: '<' },
      { label: 'pass', newText: '<white type="pass" />', replaces: '<' },
      { label: 'variation', newText: '<moves>\n\t<white x="$1" y="$2" />$0\n</moves>', replaces: '<' },
    ]);
    const move = items.find((i) => i.label === 'move');
    assert.equal(move?.insertTextFormat, 2);
    assert.equal(move?.kind, 15);
    assert.equal(move?.detail, 'a move by white, whose turn it is here');
    assert.equal(move?.filterText, '<move');
    assert.match(move?.documentation?.value ?? '', /^\*\*§3\.17\.1\*\* /);
  });

  test('an empty moves: pre is allowed (first child), black plays first, no "<" typed yet', async () => {
    const { items, text, offset } = await completionsAt(client, xml22('‸'));
    assert.deepEqual(labels(items), ['moves', 'pre', 'black', 'white', 'mark', 'move', 'pass', 'pre with stones', 'variation']);
    const byLabel = new Map(effects(items, text).map((e) => [e.label, e]));
    assert.deepEqual(byLabel.get('move'), { label: 'move', newText: '<black x="$1" y="$2" />', replaces: '' });
    assert.deepEqual(byLabel.get('pre with stones'), {
      label: 'pre with stones',
      newText: '<pre>\n\t<black x="$1" y="$2" />\n\t<white x="$3" y="$4" />$0\n</pre>',
      replaces: '',
    });
    const pre = items.find((i) => i.label === 'pre');
    assert.deepEqual(pre?.textEdit?.range.start, pre?.textEdit?.range.end);
    assert.equal(offsetAt(text, pre!.textEdit!.range.start), offset);
  });

  test('pre only as the first child of moves (§3.15)', async () => {
    const { items } = await completionsAt(client, xml22('<black x="3" y="3" />\n    ‸'));
    assert.ok(!labels(items).includes('pre'));
    assert.ok(!labels(items).includes('pre with stones'));
    const before = await completionsAt(client, xml22('‸<black x="3" y="3" />'));
    assert.ok(labels(before.items).includes('pre'));
    const second = await completionsAt(client, xml22('<pre />\n    ‸'));
    assert.ok(!labels(second.items).includes('pre'));
  });

  test('the root: size, game, moves in this order and each once (§3.3)', async () => {
    const between = await completionsAt(client, '<wei7 version="2.2">\n  <size>19</size>\n  <‸\n  <moves><black x="1" y="1" /></moves>\n</wei7>\n', '<');
    assert.deepEqual(effects(between.items, between.text), [{ label: 'game', newText: '<game>\n\t$0\n</game>', replaces: '<' }]);
    const empty = await completionsAt(client, '<wei7 version="2.2">\n  <‸', '<');
    assert.deepEqual(effects(sorted(empty.items), empty.text), [
      { label: 'size', newText: '<size>${1|19,17,15,13,11,9,7|}</size>', replaces: '<' },
      { label: 'game', newText: '<game>\n\t$0\n</game>', replaces: '<' },
      { label: 'moves', newText: '<moves>\n\t$0\n</moves>', replaces: '<' },
    ]);
    const afterMoves = await completionsAt(client, '<wei7 version="2.2">\n  <size>19</size>\n  <moves />\n  <‸\n</wei7>', '<');
    assert.deepEqual(labels(afterMoves.items), []);
  });

  test('game: each child at most once (§3.5), attributes-only children as empty-element tags', async () => {
    const { items, text } = await completionsAt(client, '<wei7 version="2.2">\n  <size>19</size>\n  <game>\n    <black name="a" />\n    <‸\n  </game>\n', '<');
    assert.deepEqual(effects(sorted(items), text), [
      { label: 'rules', newText: '<rules $1/>', replaces: '<' },
      { label: 'time', newText: '<time>$1</time>', replaces: '<' },
      { label: 'white', newText: '<white $1/>', replaces: '<' },
      { label: 'result', newText: '<result winner="${1|black,white,neither|}" />', replaces: '<' },
    ]);
  });

  test('a new document: the root element with its required parts', async () => {
    const { items, text } = await completionsAt(client, '<‸', '<');
    assert.deepEqual(effects(items, text), [
      {
        label: 'wei7',
        newText: '<wei7 version="${1|2.2,2.1,2.0|}">\n\t<size>${2|19,17,15,13,11,9,7|}</size>\n\t<moves>\n\t\t$0\n\t</moves>\n</wei7>',
        replaces: '<',
      },
    ]);
  });

  test('half-typed at the end of the text: "<" and a partial name', async () => {
    const doc = '<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n    <black x="3" y="3" />\n    <';
    const lt = await completionsAt(client, `${doc}‸`, '<');
    assert.equal(effects(lt.items, lt.text).find((e) => e.label === 'move')?.newText, '<white x="$1" y="$2" />');
    const partial = await completionsAt(client, `${doc}wh‸`);
    assert.deepEqual(
      effects(sorted(partial.items), partial.text).slice(0, 3),
      [
        { label: 'moves', newText: '<moves>\n\t$0\n</moves>', replaces: '<wh' },
        { label: 'black', newText: '<black x="$1" y="$2" />', replaces: '<wh' },
        { label: 'white', newText: '<white x="$1" y="$2" />', replaces: '<wh' },
      ],
    );
  });

  test('renaming the name of a tag that has attributes changes only the name', async () => {
    const { items, text } = await completionsAt(client, xml22('<bl‸ack x="3" y="3" />'));
    assert.deepEqual(
      effects(sorted(items), text).map((e) => [e.label, e.newText, e.replaces]),
      [
        ['moves', '<moves', '<black'],
        ['pre', '<pre', '<black'],
        ['black', '<black', '<black'],
        ['white', '<white', '<black'],
        ['mark', '<mark', '<black'],
      ],
    );
    assert.ok(items.every((i) => i.insertTextFormat === 1));
  });

  test('in pre: stones and marks; in a value element: its values', async () => {
    const pre = await completionsAt(client, xml22('<pre>\n      <‸\n    </pre>'), '<');
    assert.deepEqual(effects(sorted(pre.items), pre.text), [
      { label: 'black', newText: '<black x="$1" y="$2" />', replaces: '<' },
      { label: 'white', newText: '<white x="$1" y="$2" />', replaces: '<' },
      { label: 'mark', newText: '<mark x="$1" y="$2" symbol="$3" />', replaces: '<' },
    ]);
    const size = await completionsAt(client, '<wei7 version="2.2">\n  <size>1‸</size>\n');
    assert.deepEqual(
      effects(sorted(size.items), size.text).map((e) => [e.label, e.replaces]),
      [['19', '1'], ['17', '1'], ['15', '1'], ['13', '1'], ['11', '1'], ['9', '1'], ['7', '1']],
    );
    assert.equal(size.items[0].detail, '19×19 board');
  });

  test('the end tag of the open element', async () => {
    const { items, text } = await completionsAt(client, xml22('<black x="3" y="3" />\n    <moves>\n      <white x="1" y="1" />\n    </‸'), '/');
    assert.deepEqual(effects(items, text), [{ label: '</moves>', newText: '</moves>', replaces: '</' }]);
  });

  test('a space in text content triggers nothing', async () => {
    const { items } = await completionsAt(client, xml22('<black x="3" y="3" /> ‸'), ' ');
    assert.deepEqual(items, []);
  });
});

describe('2.x completions: the colour of a move snippet', () => {
  const moveOf = async (marked: string): Promise<string | undefined> => {
    const { items, text } = await completionsAt(client, marked);
    return effects(items, text).find((e) => e.label === 'move')?.newText;
  };

  test('after a pre with problem: that colour (§3.16.4)', async () => {
    assert.equal(await moveOf(xml22('<pre problem="white"><black x="1" y="1" /></pre>\n    ‸')), '<white x="$1" y="$2" />');
  });

  test('after handicap stones (a pre of black stones): white, as in the spec example', async () => {
    assert.equal(await moveOf(xml22('<pre><black x="3" y="3" /><black x="15" y="15" /></pre>\n    ‸')), '<white x="$1" y="$2" />');
  });

  test('in a variation placed before a move: the colour of that move (§3.12)', async () => {
    const marked = xml22('<black x="3" y="3" />\n    <moves>\n      ‸\n    </moves>\n    <white x="15" y="15" />');
    assert.equal(await moveOf(marked), '<white x="$1" y="$2" />');
  });

  test('at the end of a variation: the opposite of its last move', async () => {
    const marked = xml22('<black x="3" y="3" />\n    <moves>\n      <white x="4" y="4" />\n      ‸\n    </moves>\n    <white x="15" y="15" />');
    assert.equal(await moveOf(marked), '<black x="$1" y="$2" />');
  });

  test('inside the main line, between moves: after the move before the cursor', async () => {
    const marked = xml22('<black x="3" y="3" />\n    <white x="4" y="4" />\n    ‸\n    <white x="15" y="15" />');
    assert.equal(await moveOf(marked), '<black x="$1" y="$2" />');
  });
});

describe('2.x completions: attributes and values', () => {
  test('attributes of a move not yet present, with the enum values as choices', async () => {
    const { items, text } = await completionsAt(client, xml22('<black x="3" y="3" ‸/>'), ' ');
    assert.deepEqual(effects(sorted(items), text), [
      { label: 'eval', newText: 'eval="${1|bad,normal,good,trick|}"', replaces: '' },
      { label: 'title', newText: 'title="$1"', replaces: '' },
      { label: 'comment', newText: 'comment="$1"', replaces: '' },
      { label: 'problem', newText: 'problem="${1|no,black,white|}"', replaces: '' },
      { label: 'type', newText: 'type="${1|normal,pass|}"', replaces: '' },
      { label: 'splitter', newText: 'splitter="${1|small,medium,large|}"', replaces: '' },
    ]);
    assert.equal(items.find((i) => i.label === 'eval')?.detail, 'optional attribute of <black> (§3.16.1)');
  });

  test('a pass takes no x or y (§3.17.1.2); a half-typed attribute name is replaced whole', async () => {
    const pass = await completionsAt(client, xml22('<white type="pass" ‸'), ' ');
    assert.deepEqual(labels(pass.items), ['eval', 'title', 'comment', 'problem', 'splitter']);
    const partial = await completionsAt(client, xml22('<white x="3" y="3" spl‸'));
    assert.deepEqual(effects(partial.items, partial.text).find((e) => e.label === 'splitter'), {
      label: 'splitter',
      newText: 'splitter="${1|small,medium,large|}"',
      replaces: 'spl',
    });
  });

  test('right after a value, a new attribute brings the space before it', async () => {
    const { items, text } = await completionsAt(client, xml22('<black x="3" y="3"‸/>'));
    assert.deepEqual(effects(items, text)[0], { label: 'eval', newText: ' eval="${1|bad,normal,good,trick|}"', replaces: '' });
  });

  test('required attributes sort first: mark, result, the root', async () => {
    const mark = await completionsAt(client, xml22('<mark ‸'), ' ');
    assert.deepEqual(labels(mark.items), ['x', 'y', 'symbol']);
    assert.equal(mark.items.find((i) => i.label === 'x')?.detail, 'required attribute of <mark> (§3.18)');
    const result = await completionsAt(client, '<wei7 version="2.2"><size>19</size><game><result ‸/></game>', ' ');
    assert.deepEqual(labels(result.items), ['winner', 'margin']);
    const stone = await completionsAt(client, xml22('<pre><black ‸/></pre>'), ' ');
    assert.deepEqual(labels(stone.items), ['x', 'y']);
  });

  const valueCases: [string, string, string[]][] = [
    ['eval', xml22('<black x="3" y="3" eval="‸" />'), ['bad', 'normal', 'good', 'trick']],
    ['problem', xml22('<pre problem="‸" />'), ['no', 'black', 'white']],
    ['splitter', xml22('<black x="3" y="3" splitter="‸" />'), ['small', 'medium', 'large']],
    ['move type', xml22('<black type="‸" />'), ['normal', 'pass']],
    ['rules type', '<wei7 version="2.2"><size>19</size><game><rules type="‸" /></game>', ['Chinese', 'Japanese', 'Korean']],
    ['scoring', '<wei7 version="2.2"><size>19</size><game><rules scoring="‸" /></game>', ['area', 'territory']],
    ['winner', '<wei7 version="2.2"><size>19</size><game><result winner="‸" /></game>', ['black', 'white', 'neither']],
    ['version', '<wei7 version="‸">', ['2.0', '2.1', '2.2']],
  ];
  for (const [name, marked, values] of valueCases) {
    test(`values of ${name}`, async () => {
      const { items, text } = await completionsAt(client, marked, '"');
      assert.deepEqual(effects(sorted(items), text), values.map((value) => ({ label: value, newText: value, replaces: '' })));
    });
  }

  test('a value being typed is replaced whole, in single quotes too, and after "=" the value brings its quotes', async () => {
    const typed = await completionsAt(client, xml22("<black x='3' y='3' eval='go‸od' />"));
    assert.deepEqual(effects(typed.items, typed.text)[2], { label: 'good', newText: 'good', replaces: 'good' });
    const bare = await completionsAt(client, xml22('<black x="3" y="3" eval=‸'), '=');
    assert.deepEqual(effects(bare.items, bare.text)[0], { label: 'bad', newText: '"bad"', replaces: '' });
  });

  test('details in Chinese for a Chinese client', async () => {
    const zh = new TestLspClient();
    await zh.initialize('zh-cn');
    const { items } = await completionsAt(zh, xml22('<black x="3" y="3" />\n    ‸'));
    assert.equal(items.find((i) => i.label === 'move')?.detail, '白方的一手（此处轮到白方）');
    assert.match(items.find((i) => i.label === 'black')?.documentation?.value ?? '', /^\*\*§3\.17\.1\*\* .*(x|y)/);
    await zh.close();
  });
});

const JSON_HEAD = '{\n  "format": "wei7",\n  "version": "3.0",\n';

describe('3.0 completions: properties', () => {
  test('the root object: every property, required ones first', async () => {
    const { items, text } = await completionsAt(client, '{‸}');
    assert.deepEqual(effects(sorted(items), text), [
      { label: 'format', newText: '"format": "wei7"', replaces: '' },
      { label: 'version', newText: '"version": "3.0"', replaces: '' },
      { label: 'tree', newText: '"tree": {$1}', replaces: '' },
      { label: 'size', newText: '"size": ${1:19}', replaces: '' },
      { label: 'info', newText: '"info": {$1}', replaces: '' },
    ]);
    assert.equal(items.find((i) => i.label === 'tree')?.detail, 'required property of root (§3.16)');
  });

  test('properties not yet present; a comma where the next property follows', async () => {
    const { items, text } = await completionsAt(client, '{"format": "wei7", ‸"tree": {}}');
    assert.deepEqual(effects(sorted(items), text), [
      { label: 'version', newText: '"version": "3.0",', replaces: '' },
      { label: 'size', newText: '"size": ${1:19},', replaces: '' },
      { label: 'info', newText: '"info": {$1},', replaces: '' },
    ]);
  });

  test('a property on a new line after one without a comma: the comma is added after that one', async () => {
    const { items, text } = await completionsAt(client, '{\n  "format": "wei7"\n  ‸\n}');
    const version = items.find((i) => i.label === 'version');
    assert.deepEqual(version?.additionalTextEdits, [{ range: { start: { line: 1, character: 18 }, end: { line: 1, character: 18 } }, newText: ',' }]);
    assert.equal(offsetAt(text, version!.textEdit!.range.start), text.indexOf('\n}'));
  });

  test('a key being typed is replaced with its quotes; a key before a colon keeps its value', async () => {
    const typed = await completionsAt(client, '{"format": "wei7", "ver‸');
    assert.deepEqual(effects(typed.items, typed.text).find((e) => e.label === 'version'), { label: 'version', newText: '"version": "3.0"', replaces: '"ver' });
    const renamed = await completionsAt(client, '{"format": "wei7", "ver‸": "3.0", "tree": {}}');
    assert.deepEqual(effects(renamed.items, renamed.text).find((e) => e.label === 'version'), { label: 'version', newText: '"version"', replaces: '"ver"' });
  });

  const kinds: [ObjectKind, string, string[]][] = [
    ['info', `${JSON_HEAD}  "info": {‸},\n  "tree": {}\n}`, ['domain', 'id', 'name', 'rules', 'time', 'place', 'participants', 'players', 'result']],
    ['rules', `${JSON_HEAD}  "info": {"rules": {‸}},\n  "tree": {}\n}`, ['scoring', 'komi', 'type']],
    ['participant', `${JSON_HEAD}  "info": {"participants": [{‸}]},\n  "tree": {}\n}`, ['domain', 'id', 'name', 'title', 'rank']],
    ['player', `${JSON_HEAD}  "info": {"players": [{‸}]},\n  "tree": {}\n}`, ['participant', 'color']],
    ['result', `${JSON_HEAD}  "info": {"result": {‸}},\n  "tree": {}\n}`, ['winner', 'margin']],
    ['size', `${JSON_HEAD}  "size": {‸},\n  "tree": {}\n}`, ['width', 'height']],
    ['tree', `${JSON_HEAD}  "tree": {‸}\n}`, ['title', 'pre', 'steps', 'branches']],
    ['tree', `${JSON_HEAD}  "tree": {"branches": [{‸}]}\n}`, ['title', 'pre', 'steps', 'branches']],
    ['pre', `${JSON_HEAD}  "tree": {"pre": {‸}}\n}`, ['stones', 'problem', 'marks', 'comment']],
    ['stone', `${JSON_HEAD}  "tree": {"pre": {"stones": [{‸}]}}\n}`, ['color', 'point']],
    ['point', `${JSON_HEAD}  "tree": {"pre": {"stones": [{"point": {‸}}]}}\n}`, ['x', 'y']],
    ['problem', `${JSON_HEAD}  "tree": {"pre": {"problem": {‸}}}\n}`, ['color']],
    ['mark', `${JSON_HEAD}  "tree": {"pre": {"marks": [{‸}]}}\n}`, ['point', 'symbol']],
    ['step', `${JSON_HEAD}  "tree": {"steps": [{‸}]}\n}`, ['action', 'time', 'actor', 'marks', 'comment']],
    ['action', `${JSON_HEAD}  "tree": {"steps": [{"action": {‸}}]}\n}`, ['type', 'value']],
    ['moveValue', `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "move", "value": {‸}}}]}\n}`, ['color', 'point', 'evaluation', 'problem']],
    ['result', `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "result", "value": {‸}}}]}\n}`, ['winner', 'margin']],
    ['mark', `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "mark", "value": {‸}}}]}\n}`, ['point', 'symbol']],
  ];
  for (const [kind, marked, expected] of kinds) {
    test(`the properties of ${kind} (${marked.slice(JSON_HEAD.length, marked.indexOf('‸')).trim()})`, async () => {
      const { items } = await completionsAt(client, marked);
      const required: readonly string[] = SHAPES[kind].required;
      assert.deepEqual(labels(items), [...expected.filter((p) => required.includes(p)), ...expected.filter((p) => !required.includes(p))]);
    });
  }

  test('property skeletons: action type opens the list of types; a move value gets the colour to play', async () => {
    const action = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [{"action": {‸}}]}\n}`);
    const type = action.items.find((i) => i.label === 'type');
    assert.equal(type?.textEdit?.newText, '"type": "$1"');
    assert.equal(type?.command?.command, 'editor.action.triggerSuggest');
    const steps = '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } } }';
    const value = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${steps}, {"action": {"type": "move", "value": {‸}}}]}\n}`);
    assert.deepEqual(
      effects(sorted(value.items), value.text).map((e) => e.newText),
      ['"color": 2', '"point": {"x": $1, "y": $2}', '"evaluation": "${1|bad,good,trick,controversial|}"', '"problem": {"color": ${1|1,2|}}'],
    );
    const withType = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "takeback", ‸}}]}\n}`);
    assert.deepEqual(effects(withType.items, withType.text), [{ label: 'value', newText: '"value": ${1:1}', replaces: '' }]);
    const valueOfType = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${steps}, {"action": {"type": "move", "value": ‸}}]}\n}`, ' ');
    assert.deepEqual(effects(valueOfType.items, valueOfType.text), [{ label: '{…}', newText: '{"color": 2, "point": {"x": $1, "y": $2} }', replaces: '' }]);
  });

  test('a space after a comma triggers nothing; a space after a colon does', async () => {
    assert.deepEqual((await completionsAt(client, '{"format": "wei7", ‸}', ' ')).items, []);
    const version = await completionsAt(client, '{"format": "wei7", "version": ‸}', ' ');
    assert.deepEqual(effects(version.items, version.text), [{ label: '"3.0"', newText: '"3.0"', replaces: '' }]);
  });
});

describe('3.0 completions: values', () => {
  test('the size (§3.9): the usual square boards, then width and height (session 35: nothing was offered)', async () => {
    const { items, text } = await completionsAt(client, `${JSON_HEAD}  "size": ‸,\n  "tree": {}\n}\n`, ' ');
    assert.deepEqual(effects(sorted(items), text), [
      { label: '19', newText: '19', replaces: '' },
      { label: '13', newText: '13', replaces: '' },
      { label: '9', newText: '9', replaces: '' },
      { label: '{"width", "height"}', newText: '{"width": $1, "height": $2}', replaces: '' },
    ]);
    assert.deepEqual(sorted(items).map((item) => item.detail), ['19×19 board', '13×13 board', '9×9 board', 'a board of width × height points']);
  });

  test('half-typed: the action types with the value each needs, the move for the colour to play', async () => {
    const { items, text } = await completionsAt(client, '{"format": "wei7", "tree": {"steps": [{"action": {"type": "‸', '"');
    assert.deepEqual(effects(sorted(items), text), [
      { label: '"move"', newText: '"move", "value": {"color": 1, "point": {"x": $1, "y": $2} }', replaces: '"' },
      { label: '"takeback"', newText: '"takeback", "value": ${1:1}', replaces: '"' },
      { label: '"result"', newText: '"result", "value": {"winner": ${1|1,2,null|}}', replaces: '"' },
      { label: '"mark"', newText: '"mark", "value": {"point": {"x": $1, "y": $2}, "symbol": "${3:a}"}', replaces: '"' },
      { label: '"message"', newText: '"message", "value": "$1"', replaces: '"' },
    ]);
    assert.equal(items[0].detail, 'action "move" with the value it needs (§3.16.3.2.1)');
  });

  test('an action that has a value: the type alone, replacing the whole string', async () => {
    const { items, text } = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "mo‸ve", "value": 1}}]}\n}`);
    assert.deepEqual(effects(sorted(items), text).map((e) => [e.newText, e.replaces]), [
      ['"move"', '"move"'],
      ['"takeback"', '"move"'],
      ['"result"', '"move"'],
      ['"mark"', '"move"'],
      ['"message"', '"move"'],
    ]);
  });

  const valueCases: [string, string, string[]][] = [
    ['format', '{"format": ‸}', ['"wei7"']],
    ['version', '{"format": "wei7", "version": "‸"}', ['"3.0"']],
    ['scoring', `${JSON_HEAD}  "info": {"rules": {"scoring": "‸"}},\n  "tree": {}\n}`, ['"area"', '"territory"']],
    ['rules type', `${JSON_HEAD}  "info": {"rules": {"type": "‸"}},\n  "tree": {}\n}`, ['"Chinese"', '"Japanese"', '"Korean"']],
    ['evaluation', `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "move", "value": {"evaluation": "‸"}}}]}\n}`, ['"bad"', '"good"', '"trick"', '"controversial"']],
    ['stone color', `${JSON_HEAD}  "tree": {"pre": {"stones": [{"color": ‸}]}}\n}`, ['1', '2']],
    ['winner', `${JSON_HEAD}  "info": {"result": {"winner": ‸}},\n  "tree": {}\n}`, ['1', '2', 'null']],
    ['move point', `${JSON_HEAD}  "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": ‸}}}]}\n}`, ['{"x": $1, "y": $2}', 'null']],
  ];
  for (const [name, marked, expected] of valueCases) {
    test(`values of ${name}`, async () => {
      const { items } = await completionsAt(client, marked);
      assert.deepEqual(sorted(items).map((i) => i.textEdit?.newText), expected);
    });
  }

  test('colours are described', async () => {
    const { items } = await completionsAt(client, `${JSON_HEAD}  "info": {"players": [{"participant": 0, "color": ‸}]},\n  "tree": {}\n}`);
    assert.deepEqual(sorted(items).map((i) => [i.label, i.detail]), [['1', 'black'], ['2', 'white']]);
  });
});

describe('3.0 completions: steps and branches', () => {
  const move = (color: number, x: number, y: number): string => `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}} } } }`;

  test('a new step: a move and a pass for the colour to play, with the comma the array needs', async () => {
    const { items, text } = await completionsAt(client, `${JSON_HEAD}  "tree": {\n    "steps": [\n      ${move(1, 3, 3)},\n      ‸\n    ]\n  }\n}`);
    assert.deepEqual(effects(sorted(items), text), [
      { label: 'move', newText: '{"action": {"type": "move", "value": {"color": 2, "point": {"x": $1, "y": $2} } } }', replaces: '' },
      { label: 'pass', newText: '{"action": {"type": "move", "value": {"color": 2, "point": null} } }', replaces: '' },
    ]);
    assert.equal(items[0].detail, 'a step: a move by white, whose turn it is here');
    const between = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${move(1, 3, 3)}, ‸${move(2, 4, 4)}]}\n}`);
    assert.equal(effects(between.items, between.text)[0].newText.endsWith('} } },'), true);
  });

  test('after a takeback: the colour of the move taken back', async () => {
    const takeback = '{"action": {"type": "takeback", "value": 1}}';
    const { items, text } = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${move(1, 3, 3)}, ${move(2, 4, 4)}, ${takeback}, ‸]}\n}`);
    assert.match(effects(items, text)[0].newText, /"color": 2,/);
  });

  test('after a pre with a problem: that colour; in a branch: after the last move of the tree it branches from', async () => {
    const problem = await completionsAt(client, `${JSON_HEAD}  "tree": {"pre": {"problem": {"color": 2}}, "steps": [‸]}\n}`);
    assert.match(effects(problem.items, problem.text)[0].newText, /"color": 2,/);
    const branch = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${move(1, 3, 3)}], "branches": [‸]}\n}`);
    assert.deepEqual(effects(branch.items, branch.text), [
      {
        label: 'branch',
        newText: '{\n\t"steps": [\n\t\t{"action": {"type": "move", "value": {"color": 2, "point": {"x": $1, "y": $2} } } }$0\n\t]\n}',
        replaces: '',
      },
    ]);
    const inBranch = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${move(1, 3, 3)}], "branches": [{"steps": [${move(2, 4, 4)}, ‸]}]}\n}`);
    assert.match(effects(inBranch.items, inBranch.text)[0].newText, /"color": 1,/);
    const emptyBranch = await completionsAt(client, `${JSON_HEAD}  "tree": {"steps": [${move(1, 3, 3)}], "branches": [{"steps": [‸]}]}\n}`);
    assert.match(effects(emptyBranch.items, emptyBranch.text)[0].newText, /"color": 2,/);
  });

  test('items of the other arrays', async () => {
    const cases: [string, string][] = [
      [`${JSON_HEAD}  "tree": {"pre": {"stones": [‸]}}\n}`, '{"color": ${1|1,2|}, "point": {"x": $2, "y": $3} }'],
      [`${JSON_HEAD}  "tree": {"pre": {"marks": [‸]}}\n}`, '{"point": {"x": $1, "y": $2}, "symbol": "${3:a}"}'],
      [`${JSON_HEAD}  "info": {"participants": [‸]},\n  "tree": {}\n}`, '{"name": "$1"}'],
      [`${JSON_HEAD}  "info": {"players": [‸]},\n  "tree": {}\n}`, '{"participant": $1, "color": ${2|1,2|}}'],
    ];
    for (const [marked, expected] of cases) {
      const { items } = await completionsAt(client, marked);
      assert.deepEqual(items.map((i) => i.textEdit?.newText), [expected], marked);
    }
  });
});

describe('completion data matches the validators (until they export it)', () => {
  /** A valid 3.0 document with `inner` in place of the tree. */
  const doc30 = (root: string): string => `{"format": "wei7", "version": "3.0", ${root}}`;
  const quotedList = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');
  const places: Record<ObjectKind, (object: string) => string> = {
    root: (o) => `${o.slice(0, -1)}, "format": "wei7", "version": "3.0", "tree": {}}`,
    size: (o) => doc30(`"size": ${o}, "tree": {}`),
    info: (o) => doc30(`"info": ${o}, "tree": {}`),
    rules: (o) => doc30(`"info": {"rules": ${o}}, "tree": {}`),
    participant: (o) => doc30(`"info": {"participants": [${o}]}, "tree": {}`),
    player: (o) => doc30(`"info": {"participants": [{}], "players": [${o}]}, "tree": {}`),
    result: (o) => doc30(`"info": {"result": ${o}}, "tree": {}`),
    tree: (o) => doc30(`"tree": ${o}`),
    pre: (o) => doc30(`"tree": {"pre": ${o}}`),
    stone: (o) => doc30(`"tree": {"pre": {"stones": [${o}]}}`),
    step: (o) => doc30(`"tree": {"steps": [${o}]}`),
    action: (o) => doc30(`"tree": {"steps": [{"action": ${o}}]}`),
    moveValue: (o) => doc30(`"tree": {"steps": [{"action": {"type": "move", "value": ${o}}}]}`),
    point: (o) => doc30(`"tree": {"pre": {"stones": [{"color": 1, "point": ${o}}]}}`),
    mark: (o) => doc30(`"tree": {"pre": {"marks": [${o}]}}`),
    problem: (o) => doc30(`"tree": {"pre": {"problem": ${o}}}`),
  };
  for (const kind of Object.keys(places) as ObjectKind[]) {
    test(`3.0 ${kind}: the properties, required ones and clause the validator uses`, () => {
      const shape = SHAPES[kind];
      const unknown = analyze(places[kind]('{"zz": 0}')).findings.find((f) => f.message.id === 'json.unknownProperty');
      assert.deepEqual([unknown?.clause, unknown?.message.args?.[1]], [shape.clause, quotedList(shape.properties)]);
      const missing = analyze(places[kind]('{"zz": 0}')).findings.filter((f) => f.message.id === 'json.missingProperty');
      assert.deepEqual(missing.map((f) => f.message.args?.[0]), kind === 'root' ? [] : [...shape.required]);
    });
  }

  test('3.0: the enum values', () => {
    const enumCases: [string, readonly string[]][] = [
      [doc30('"info": {"rules": {"scoring": "zz"}}, "tree": {}'), SCORINGS],
      [doc30('"info": {"rules": {"type": "zz"}}, "tree": {}'), RULES_TYPES],
      [doc30('"tree": {"steps": [{"action": {"type": "zz"}}]}'), ACTION_TYPES],
      [doc30('"tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": null, "evaluation": "zz"}}}]}'), EVALUATIONS],
    ];
    for (const [text, values] of enumCases) {
      const wrong = analyze(text).findings.find((f) => f.message.id === 'json.enumValue');
      assert.equal(wrong?.message.args?.[1], quotedList(values), text);
    }
    for (const [text, value] of [[doc30('"tree": {}').replace('"wei7"', '"zz"'), FORMAT_VALUES[0]], [doc30('"tree": {}').replace('"3.0"', '"zz"'), VERSION_VALUES_30[0]]]) {
      const wrong = analyze(text).findings.find((f) => f.message.id === 'json.exactValue');
      assert.equal(wrong?.message.args?.[1], `"${value}"`, text);
    }
    for (const [type, clause] of Object.entries(VALUE_CLAUSE)) {
      const missing = analyze(doc30(`"tree": {"steps": [{"action": {"type": "${type}"}}]}`)).findings.find((f) => f.message.id === 'json.actionValueMissing');
      assert.equal(missing?.clause, clause, type);
    }
  });

  test('2.2: the children each container may hold, and the rule each child follows', () => {
    for (const [container, children] of Object.entries(childRules)) {
      const path: Record<string, string> = {
        wei7: '<wei7 version="2.2">X</wei7>',
        game: '<wei7 version="2.2"><size>19</size><game>X</game></wei7>',
        moves: '<wei7 version="2.2"><size>19</size><moves>X</moves></wei7>',
        pre: '<wei7 version="2.2"><size>19</size><moves><pre>X</pre></moves></wei7>',
      };
      const notAllowed = analyze(path[container].replace('X', '<zz />')).findings.find((f) => f.message.id === 'xml.elementNotAllowed');
      assert.equal(notAllowed?.message.args?.[2], Object.keys(children ?? {}).map((n) => `<${n}>`).join(', '), container);
      for (const [child, rule] of Object.entries(children ?? {})) {
        const unknownAttribute = analyze(path[container].replace('X', `<${child} zz="1" />`)).findings.find(
          (f) => f.message.id === 'xml.attributeNotAllowed' || f.message.id === 'xml.attributeNoneAllowed' || f.message.id === 'xml.preStoneAttribute',
        );
        const names = Object.keys(elementRules[rule].attributes).join(', ');
        assert.equal(unknownAttribute?.message.args?.[2] ?? '', names, `${container}/${child}`);
      }
    }
  });

  test('2.2: the version values', () => {
    for (const version of VERSION_VALUES) {
      assert.ok(!analyze(`<wei7 version="${version}"><size>19</size><moves><pre /></moves></wei7>`).findings.some((f) => f.clause === '3.2'));
    }
    assert.ok(analyze('<wei7 version="2.3"><size>19</size><moves><pre /></moves></wei7>').findings.some((f) => f.clause === '3.2'));
  });
});

describe('a new document (session 35: nothing was offered until a "<" or "{" was typed)', () => {
  /** A snippet as the editor writes it when each tab stop keeps its first choice or gets `stops[n]`. */
  function expand(snippet: string, stops: Record<string, string>): string {
    return snippet.replace(/\$\{(\d+)\|([^,|]*)[^}]*\}|\$(\d+)/g, (_, choiceStop: string | undefined, first: string | undefined, stop: string | undefined) =>
      choiceStop !== undefined ? (first ?? '') : (stops[stop ?? ''] ?? ''),
    ).replace(/\t/g, '  ');
  }

  test('an empty or blank document: a skeleton of each format, replacing the whole text; each, filled in, is a valid document', async () => {
    for (const marked of ['‸', '\n  ‸\n', '\uFEFF‸']) {
      const { items, text } = await completionsAt(client, marked);
      assert.deepEqual(labels(items), ['wei7 3.0', 'wei7 2.2'], JSON.stringify(marked));
      const made = effects(sorted(items), text);
      assert.deepEqual(made.map((e) => e.replaces), [text.replace('\uFEFF', ''), text.replace('\uFEFF', '')]);
      const [json, xml] = made.map((e) => expand(e.newText, { '2': '3', '3': '15' }));
      assert.equal(json, '{\n  "format": "wei7",\n  "version": "3.0",\n  "size": 19,\n  "tree": {\n    "steps": []\n  }\n}\n');
      assert.equal(xml, '<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n    <black x="3" y="15" />\n  </moves>\n</wei7>\n');
      for (const made of [json, xml]) assert.deepEqual(analyze(made).findings, [], made);
    }
    const zh = new TestLspClient();
    await zh.initialize('zh-cn');
    const { items } = await completionsAt(zh, '‸');
    assert.deepEqual(sorted(items).map((item) => item.detail), ['新的 wei7 3.0 文档（JSON）：format、version、size 和空的棋谱树', '新的 wei7 2.2 文档（XML）：XML 声明、size 和第一手']);
    await zh.close();
  });

  test('none for a space typed in a blank document (a trigger character), nor once anything else is typed', async () => {
    assert.deepEqual((await completionsAt(client, ' ‸', ' ')).items, []);
    assert.deepEqual((await completionsAt(client, 'x‸')).items, []);
  });
});
