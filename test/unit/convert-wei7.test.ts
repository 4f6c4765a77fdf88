/**
 * wei7 2.x ⇄ 3.0 on the spec's own examples (examples/*.wei7, repaired as docs/spec-examples.md
 * tells):
 * - the 2.2 examples converted to 3.0 mean what the 3.0 examples say (records compared), with
 *   exactly the differences docs/spec-examples.md lists between the two specs' examples;
 * - the tutorial converts to the 3.0 example's very text, and back to the 2.2 example's text;
 * - every example converts to both formats with zero errors and warnings under our checks;
 * - record → wei7 → record is stable; the 3.0 timeline's takebacks become variations.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/analysis';
import { checkGame } from '../../server/src/engine/checkGame';
import { readWei7 } from '../../server/src/convert/fromWei7';
import { allNodes, mainLine, type GameRecord, type RecordNode, type RecordTime } from '../../server/src/convert/record';
import { writeWei7Json } from '../../server/src/convert/toWei7Json';
import { writeWei7Xml } from '../../server/src/convert/toWei7Xml';
import type { ConversionWarning } from '../../server/src/convert/record';

const EXAMPLES = join(__dirname, '../../examples');
const example = (name: string): string => readFileSync(join(EXAMPLES, name), 'utf8');

function ok<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) assert.fail(`conversion failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

function problems(text: string): string[] {
  const analysis = analyze(text);
  assert.ok(analysis.document);
  const findings = [...analysis.findings, ...checkGame(analysis.document, { rules: 'none', sameColorHint: false })];
  return findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => `${f.clause} ${f.message.id}`);
}

/** Data to compare: no source positions; times as UTC instants. */
function comparable(value: unknown): unknown {
  const instant = (t: RecordTime): string => {
    const c = t.clock ?? { hour: 0, minute: 0, second: '0' };
    const ms = Date.UTC(t.year, t.month - 1, t.day, c.hour, c.minute) - (t.zoneMinutes ?? 0) * 60_000;
    return `${new Date(ms).toISOString().slice(0, 16)}:${Number(c.second ?? '0')}`;
  };
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'at' ? undefined : key === 'time' ? instant(v as RecordTime) : v)));
}

function ids(warnings: readonly ConversionWarning[]): string[] {
  return warnings.map((w) => w.message.id);
}

function moves(nodes: readonly RecordNode[]): string[] {
  return nodes.filter((n) => n.move).map((n) => `${n.move?.color} ${n.move?.point ? `${n.move.point.x},${n.move.point.y}` : 'pass'}`);
}

const ALL = ['2.0-lg-cup', '2.2-simple', '2.2-tutorial', '3.0-lg-cup', '3.0-simple', '3.0-tutorial', '3.0-timeline'];

for (const name of ALL) {
  test(`${name}: converts to wei7 3.0 and 2.2 with zero errors and warnings`, () => {
    const record = ok(readWei7(example(`${name}.wei7`)));
    assert.deepEqual(problems(ok(writeWei7Json(record))), []);
    assert.deepEqual(problems(ok(writeWei7Xml(record))), []);
  });

  test(`${name}: record → 3.0 → record is the same record`, () => {
    const record = ok(readWei7(example(`${name}.wei7`)));
    // 3.0 has no splitter (the warning says so).
    const without = comparable(record) as GameRecord;
    for (const node of allNodes(without.root)) delete node.splitter;
    assert.deepEqual(comparable(ok(readWei7(ok(writeWei7Json(record))))), without);
  });
}

for (const name of ['2.0-lg-cup', '2.2-simple', '2.2-tutorial', '3.0-tutorial']) {
  test(`${name}: record → 2.2 → record is the same record`, () => {
    const record = ok(readWei7(example(`${name}.wei7`)));
    assert.deepEqual(comparable(ok(readWei7(ok(writeWei7Xml(record))))), comparable(record));
  });
}

test('2.2 → 3.0: the tutorial becomes the 3.0 example, character for character', () => {
  const converted = writeWei7Json(ok(readWei7(example('2.2-tutorial.wei7'))));
  assert.equal(ok(converted), example('3.0-tutorial.wei7'));
  assert.deepEqual(converted.warnings, []);
});

test('3.0 → 2.2: the tutorial becomes the 2.2 example (line breaks in comments as &#10;)', () => {
  const converted = ok(writeWei7Xml(ok(readWei7(example('3.0-tutorial.wei7')))));
  assert.equal(converted.replace(/&#10;/g, '\n'), example('2.2-tutorial.wei7'));
});

test('2.2 → 3.0: the simple example means what 3.0 §5 says, but for the differences of the two specs', () => {
  const from22 = ok(readWei7(example('2.2-simple.wei7')));
  const from30 = ok(readWei7(example('3.0-simple.wei7')));
  const json = writeWei7Json(from22);
  assert.deepEqual(ids(json.warnings), ['convert.splitterDropped'], 'splitter="medium" has no 3.0 form');
  const a = comparable(ok(readWei7(ok(json)))) as GameRecord;
  const b = comparable(from30) as GameRecord;
  // Known (docs/spec-examples.md D5): 2.2 says white wins by 2.5, 3.0 says black; the time is the same instant.
  assert.deepEqual(a.info.result, { winner: 'white', margin: 2.5 });
  assert.deepEqual(b.info.result, { winner: 'black', margin: 2.5 });
  assert.deepEqual({ ...a.info, result: undefined }, { ...b.info, result: undefined });
  // The handicap pre: title, comment, three stones, a mark.
  const { children: rootChildrenA, ...rootA } = a.root;
  const { children: rootChildrenB, ...rootB } = b.root;
  assert.deepEqual(rootA, rootB);
  assert.equal(rootA.title, 'handicap title');
  assert.equal(rootA.stones.length, 3);
  // White 4,4 "haha!" with a black problem, then three continuations: the main line and two variations.
  const [whiteA] = rootChildrenA;
  const [whiteB] = rootChildrenB;
  assert.deepEqual({ ...whiteA, children: [] }, { ...whiteB, children: [] });
  assert.equal(whiteA.comment, 'haha!');
  assert.equal(whiteA.problem, 'black');
  assert.equal(whiteA.children.length, 3);
  assert.deepEqual(whiteA.children.slice(1), whiteB.children.slice(1), 'the two variations');
  assert.equal(whiteA.children[2].comment, 'second variation');
  // The main line: black 17,8 (bad, two * marks) as in 3.0; after it 2.2 has white pass, black pass "def"; 3.0 adds black 10,10 "ghi" and puts "def" on the white pass.
  const [mainA] = whiteA.children;
  const [mainB] = whiteB.children;
  assert.deepEqual({ ...mainA, children: [] }, { ...mainB, children: [] });
  assert.deepEqual(mainA.marks.map((m) => m.symbol), ['*', '*']);
  assert.deepEqual(moves(mainLine(mainA)), ['black 17,8', 'white pass', 'black pass']);
  assert.deepEqual(moves(mainLine(mainB)), ['black 17,8', 'white pass', 'black 10,10', 'white pass']);
  assert.equal(mainLine(mainA)[2].comment, 'def');
  assert.equal(mainLine(mainB)[3].comment, 'def');
});

test('2.0 → 3.0: the LG Cup game means what 3.0 §8 says: 163 moves, 63 marks, every comment', () => {
  const from22 = ok(readWei7(example('2.0-lg-cup.wei7')));
  const from30 = ok(readWei7(example('3.0-lg-cup.wei7')));
  const a = comparable(ok(readWei7(ok(writeWei7Json(from22))))) as GameRecord;
  const b = comparable(from30) as GameRecord;
  const lineA = mainLine(a.root);
  const lineB = mainLine(b.root);
  assert.equal(moves(lineA).length, 163);
  assert.deepEqual(moves(lineA), moves(lineB));
  assert.equal(lineA.reduce((n, node) => n + node.marks.length, 0), 63);
  assert.deepEqual(lineA.map((n) => n.marks), lineB.map((n) => n.marks));
  // Known: 3.0 ends with a result step (white resigns) whose comment is 2.2's last paragraph,
  // written there after three blank lines; the record keeps it as a paragraph of move 163.
  const last = lineA.length - 1;
  assert.equal(lineA[last].comment?.replace(/\n{4}/, '\n\n'), lineB[last].comment);
  for (let i = 0; i < last; i++) assert.equal(lineA[i].comment, lineB[i].comment, `comment ${i}`);
  assert.ok(lineA.every((n) => n.children.length <= 1), 'no variations');
  // Known: the start times differ (2.2 08:00Z, 3.0 00:30Z) and only 3.0 has the place.
  assert.deepEqual({ ...a.info, time: undefined, place: undefined }, { ...b.info, time: undefined, place: undefined });
  assert.equal(b.info.place, '韩国江原道百潭寺');
});

test('2.2 → 3.0 keeps the line breaks of comments (read from the raw attribute text)', () => {
  const record = ok(readWei7(example('2.0-lg-cup.wei7')));
  assert.match(record.root.comment ?? '', /^（荆凌虎根据棋院观战整理）\n\n2 月 23 日/);
  assert.match(ok(writeWei7Json(record)), /"comment": "（荆凌虎根据棋院观战整理）\\n\\n2 月 23 日/);
});

test('3.0 timeline: takebacks become variations, the moves that stand are the main line, messages become comments', () => {
  const read = readWei7(example('3.0-timeline.wei7'));
  const record = ok(read);
  assert.deepEqual(new Set(ids(read.warnings)), new Set(['convert.wei7.stepTime', 'convert.wei7.actor', 'convert.wei7.message', 'convert.wei7.takeback', 'convert.wei7.markStep']));
  assert.deepEqual(moves(mainLine(record.root)).slice(0, 8), [
    'black 3,3', 'white 15,3', 'black 3,15', 'white 15,15', 'black 13,12', 'white 16,5', 'black 15,1', 'white 16,2',
  ]);
  assert.deepEqual(moves(record.root.children), ['black 3,3', 'black 9,9'], 'the 天元 move that was taken back is a variation');
  assert.match(record.root.children[1].comment ?? '', /^wang: 什么？第一手下在天元/);
  const afterFour = mainLine(record.root)[4];
  assert.deepEqual(moves(afterFour.children), ['black 13,12', 'black 3,9'], 'replayed moves join the first line; li\'s 3,9 is a variation');
  assert.equal(record.root.comment, 'zhu: 大家好，我是主持人，这里是本次比赛的网上研究室。');
  assert.equal([...allNodes(record.root)].filter((n) => n.move).length, 16 - 4, 'the 4 replayed moves joined the moves they repeat');
});

test('3.0 trees with "pre" written after "steps" convert as with the usual order: the setup comes first, the title on it', () => {
  const move = (color: number, x: number, y: number): unknown => ({ action: { type: 'move', value: { color, point: { x, y } } } });
  const pre = (x: number): unknown => ({ stones: [{ color: 1, point: { x, y: 4 } }], comment: `setup ${x}` });
  const document = (preLast: boolean): string => {
    const tree = (title: string, x: number, steps: unknown[], branches?: unknown[]): unknown =>
      preLast ? { title, steps, pre: pre(x), ...(branches && { branches }) } : { title, pre: pre(x), steps, ...(branches && { branches }) };
    return JSON.stringify({ format: 'wei7', version: '3.0', size: 9, tree: tree('root', 1, [move(2, 2, 2), move(1, 3, 3)], [tree('a branch', 6, [move(2, 7, 7)]), tree('another', 5, [move(2, 0, 0)])]) }, null, 2);
  };
  const usual = ok(readWei7(document(false)));
  assert.equal(usual.root.title, 'root');
  assert.equal(usual.root.comment, 'setup 1');
  assert.deepEqual(moves(mainLine(usual.root)), ['white 2,2', 'black 3,3', 'white 7,7']);
  assert.deepEqual(comparable(ok(readWei7(document(true)))), comparable(usual));
});

test('2.2 → 3.0: a character reference beyond Unicode in a comment stays as written (fuzz, seed 1414: the conversion threw)', () => {
  const text = '<?xml version="1.0" encoding="UTF-8"?>\n<wei7 version="2.2"><size>19</size><game/><moves><black x="3" y="3" comment="a&#x110000;b&#99999999999;c&#x4e2d;"/></moves></wei7>\n';
  const record = ok(readWei7(text));
  assert.deepEqual([...allNodes(record.root)].map((node) => node.comment).filter((comment) => comment !== undefined), ['a&#x110000;b&#99999999999;c中']);
});
