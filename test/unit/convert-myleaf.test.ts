/**
 * 石葉 (MyLeaf) XML import, on the sample of the format's documentation (seed 004) rebuilt in
 * test/fixtures/convert/: once in UTF-8, once in Shift_JIS bytes with CRLF line ends, as the
 * format's own files are. Both read to the same record, with the main line, its variations (nested
 * three deep) and the variation's starting comment; the result converts to wei7 cleanly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/analysis';
import { checkGame } from '../../server/src/engine/checkGame';
import { detectInputFormat } from '../../server/src/convert/convert';
import { readMyLeaf, readMyLeafBytes } from '../../server/src/convert/fromMyLeaf';
import { allNodes, mainLine, type GameRecord, type RecordNode } from '../../server/src/convert/record';
import { writeWei7Json } from '../../server/src/convert/toWei7Json';
import { writeWei7Xml } from '../../server/src/convert/toWei7Xml';

const FIXTURES = join(__dirname, '../../test/fixtures/convert');
const utf8Bytes = readFileSync(join(FIXTURES, 'myleaf-sample.utf8.xml'));
const sjisBytes = readFileSync(join(FIXTURES, 'myleaf-sample.sjis.xml'));

function ok<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) assert.fail(`conversion failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

function withoutPositions(record: GameRecord): unknown {
  return JSON.parse(JSON.stringify(record, (key, value: unknown) => (key === 'at' ? undefined : value)));
}

function moveText(node: RecordNode): string {
  const m = node.move;
  return m ? `${m.color === 'black' ? 'B' : 'W'}${m.point ? String.fromCharCode(97 + m.point.x, 97 + m.point.y) : ''}` : '-';
}

test('the Shift_JIS fixture really is Shift_JIS (not UTF-8) and says so', () => {
  assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(sjisBytes));
  assert.match(sjisBytes.subarray(0, 60).toString('latin1'), /encoding="Shift_JIS"/);
  assert.equal(detectInputFormat(sjisBytes, 'kifu.xml'), 'myleaf');
  assert.equal(detectInputFormat(utf8Bytes, 'whatever'), 'myleaf', 'by the <igo> root, whatever the name');
});

test('UTF-8 and Shift_JIS read to the same record', () => {
  assert.deepEqual(withoutPositions(ok(readMyLeafBytes(sjisBytes))), withoutPositions(ok(readMyLeafBytes(utf8Bytes))));
});

test('game information: name, players with ranks, date, komi 0', () => {
  const { info } = ok(readMyLeafBytes(sjisBytes));
  assert.equal(info.name, 'サンプル1');
  assert.deepEqual(info.participants, [{ name: '猛虎', rank: '5段' }, { name: '恐竜', rank: '4段' }]);
  assert.deepEqual(info.players, [{ participant: 0, color: 'black' }, { participant: 1, color: 'white' }]);
  assert.deepEqual(info.time, { year: 2003, month: 7, day: 21 });
  assert.deepEqual(info.rules, { komi: 0 });
});

test('the main line: 13 moves from <main>, black first, alternating; move 4 with its comment and marks', () => {
  const record = ok(readMyLeafBytes(sjisBytes));
  const line = mainLine(record.root).slice(1);
  assert.deepEqual(line.map(moveText), ['Bpd', 'Wdd', 'Bpq', 'Wpn', 'Bcp', 'Wfp', 'Bdn', 'Wqq', 'Bqr', 'Wqp', 'Bor', 'Wqj', 'Bip']);
  assert.match(line[3].comment ?? '', /^白\(あ\)と右下隅を打つと/);
  // あ, い, ろ are not wei7 mark characters: they become the first free letters.
  assert.deepEqual(line[3].marks, [
    { point: { x: 3, y: 15 }, symbol: 'a' },
    { point: { x: 16, y: 10 }, symbol: 'b' },
    { point: { x: 15, y: 10 }, symbol: 'c' },
  ]);
});

test('the variations: after 8 main moves a line starting "変化図1" (black qp instead of qr), with lines nested three deep', () => {
  const read = readMyLeafBytes(sjisBytes);
  const record = ok(read);
  const afterEight = mainLine(record.root)[8];
  assert.deepEqual(afterEight.children.map(moveText), ['Bqr', '-']);
  const start = afterEight.children[1];
  assert.equal(start.comment, '変化図1');
  assert.deepEqual(mainLine(start).slice(1).map(moveText), ['Bqp', 'Wpp', 'Brp', 'Wrq', 'Brr', 'Wqr', 'Bpo', 'Wop', 'Boo', 'Wno', 'Bqo', 'Woq', 'Bon', 'Wmp']);
  const qr15 = mainLine(start)[6];
  assert.equal(qr15.comment, 'Aならハネコミ___Bならオサエ');
  assert.deepEqual(qr15.children.map(moveText), ['Bpo', 'Bpr'], 'after ID 15: A (main) or B (the nested line)');
  // Nested after the 2nd move of the variation, and again after its 7th move.
  const pp = mainLine(start)[2];
  assert.deepEqual(pp.children.map(moveText), ['Brp', 'Bpo']);
  const nested = mainLine(pp.children[1]);
  assert.deepEqual(nested[6].children.map(moveText), ['Wpr', 'Woq']);
  const nodes = [...allNodes(record.root)];
  assert.equal(nodes.filter((n) => n.move).length, 74, '13 main moves and 61 in variations');
  assert.equal(nodes.reduce((n, node) => n + Math.max(0, node.children.length - 1), 0), 5, 'five branch points');
  const warnings = read.warnings.map((w) => [w.message.id, ...(w.message.args ?? [])].join(' '));
  assert.deepEqual(warnings, [
    'convert.myleaf.settingDropped',
    'convert.myleaf.symbolReplaced あ a',
    'convert.myleaf.symbolReplaced い b',
    'convert.myleaf.symbolReplaced ろ c',
    'convert.myleaf.dropped HL',
  ]);
});

test('the 石葉 record converts to wei7 3.0 and 2.2 with zero errors and warnings', () => {
  const record = ok(readMyLeafBytes(sjisBytes));
  for (const text of [ok(writeWei7Json(record)), ok(writeWei7Xml(record))]) {
    const analysis = analyze(text);
    assert.ok(analysis.document);
    const findings = [...analysis.findings, ...checkGame(analysis.document, { rules: 'none', sameColorHint: false })];
    assert.deepEqual(findings.filter((f) => f.severity === 'error' || f.severity === 'warning'), []);
  }
});

test('石葉 details: HA "3子" places three stones, 逆コミ is kept for the writers to refuse, a broken file names its line', () => {
  const record = ok(readMyLeaf('<igo><kifu next="white"><info HA="3子" KM="-5"/><main><move pos="jj"/></main></kifu></igo>'));
  assert.deepEqual(record.root.stones.map((s) => `${s.point.x},${s.point.y}`), ['15,3', '3,15', '15,15']);
  assert.equal(record.root.children[0].move?.color, 'white');
  const json = writeWei7Json(record);
  assert.ok(json.warnings.some((w) => w.message.id === 'convert.komi.dropped30'));
  const broken = readMyLeaf('<igo>\n<kifu>\n<main><move pos="pd"></main>\n</kifu></igo>');
  assert.equal(broken.ok, false);
  if (!broken.ok) assert.equal(broken.error.at?.line, 3);
});
