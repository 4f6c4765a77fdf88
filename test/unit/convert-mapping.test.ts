/**
 * The mapping table, case by case: what each SGF property becomes in wei7 3.0 and 2.2 and back,
 * and for every lossy case, the warning that says so (nothing is dropped silently).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/analysis';
import { checkGame } from '../../server/src/engine/checkGame';
import { readSgf, readSgfBytes } from '../../server/src/convert/fromSgf';
import { readWei7 } from '../../server/src/convert/fromWei7';
import type { Conversion, ConversionWarning, GameRecord } from '../../server/src/convert/record';
import { writeSgf } from '../../server/src/convert/toSgf';
import { writeWei7Json } from '../../server/src/convert/toWei7Json';
import { writeWei7Xml } from '../../server/src/convert/toWei7Xml';

function ok<T>(result: Conversion<T>): T {
  if (!result.ok) assert.fail(`conversion failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Warnings as "id arg arg @line:column". */
function said(warnings: readonly ConversionWarning[]): string[] {
  return warnings.map((w) => [w.message.id, ...(w.message.args ?? [])].join(' ') + (w.at ? ` @${w.at.line}:${w.at.column}` : ''));
}

function ids(warnings: readonly ConversionWarning[]): string[] {
  return warnings.map((w) => w.message.id);
}

function clean(text: string): void {
  const analysis = analyze(text);
  assert.ok(analysis.document);
  const findings = [...analysis.findings, ...checkGame(analysis.document, { rules: 'none', sameColorHint: false })];
  assert.deepEqual(findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => `${f.clause} ${f.message.id}`), [], text);
}

function sgf(text: string): { record: GameRecord; warnings: string[] } {
  const read = readSgf(text);
  return { record: ok(read), warnings: said(read.warnings) };
}

/** The SGF's first tree as written back, through 3.0. */
function backToSgf(record: GameRecord): string {
  return ok(writeSgf(ok(readWei7(ok(writeWei7Json(record))))));
}

/* ---------- setup, handicap, problems ---------- */

test('AB/AW at the root are the pre stones; HA[n] with its n stones is a handicap, written back as HA', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[19]HA[2]AB[dp][pd]PL[W];W[qp])');
  assert.deepEqual(warnings, []);
  assert.deepEqual(record.root.stones, [{ color: 'black', point: { x: 3, y: 15 } }, { color: 'black', point: { x: 15, y: 3 } }]);
  assert.equal(record.root.problem, undefined, 'PL[W] of a handicap game is just who starts');
  const json = ok(writeWei7Json(record));
  clean(json);
  assert.match(json, /"pre": \{\n {6}"stones": \[\n {8}\{"color": 1, "point": \{"x": 3, "y": 15\} \},/);
  assert.match(backToSgf(record), /HA\[2\]AB\[dp\]\[pd\]/);
});

test('HA without stones places them on the fixed points; HA that disagrees with the stones is reported', () => {
  const placed = sgf('(;GM[1]SZ[19]HA[3];W[qq])');
  assert.deepEqual(placed.record.root.stones.map((s) => `${s.point.x},${s.point.y}`), ['15,3', '3,15', '15,15']);
  assert.deepEqual(placed.warnings, ['convert.handicap.placed 3 @1:2']);
  assert.deepEqual(sgf('(;GM[1]SZ[19]HA[2]AB[dp][pd][pp];W[qq])').warnings, ['convert.handicap.mismatch 2 3 @1:2']);
});

test('setup after the first move (AB, AW, AE) cannot be a wei7 pre: dropped, with the node\'s line and column', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[9]\n;B[ee]\n;AB[cc]AW[gg]AE[ee]C[setup]\n;W[dd])');
  assert.deepEqual(warnings, ['convert.sgf.setupDropped AB @3:1', 'convert.sgf.setupDropped AW @3:1', 'convert.sgf.setupDropped AE @3:1']);
  const json = ok(writeWei7Json(record));
  clean(json);
  clean(ok(writeWei7Xml(record)));
  assert.doesNotMatch(json, /"stones"/);
  assert.match(json, /"pre": \{"comment": "setup"\}/, 'what the node also said stays, as a position of its own');
});

test('a point set up twice keeps its first stone (a pre holds one stone a point)', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[9]AB[cc][dd]AW[cc];B[ee])');
  assert.deepEqual(record.root.stones.map((s) => s.color), ['black', 'black']);
  assert.deepEqual(warnings, ['convert.sgf.stoneTwice cc @1:2']);
});

test('setup at the start of each variation from an empty root (a problem collection) stays setup', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[9](;AB[cc]AW[dc]PL[B]C[one];B[dd])(;AB[gg]AW[gf]PL[W];W[ff]))');
  assert.deepEqual(warnings, []);
  assert.deepEqual(record.root.children.map((c) => [c.stones.length, c.problem]), [[2, 'black'], [2, 'white']]);
  const json = ok(writeWei7Json(record));
  clean(json);
  clean(ok(writeWei7Xml(record)));
  assert.match(json, /"branches": \[\n {6}\{\n {8}"pre": \{\n {10}"stones"/);
});

test('PL on a setup node or a move is the problem colour; elsewhere it is reported', () => {
  assert.equal(sgf('(;GM[1]SZ[9]AB[cc]PL[W];W[dd])').record.root.problem, 'white');
  assert.equal(sgf('(;GM[1]SZ[9];B[cc]PL[B])').record.root.children[0].problem, 'black');
  assert.deepEqual(sgf('(;GM[1]SZ[9]PL[B];B[cc])').warnings, ['convert.sgf.turnDropped B @1:2']);
  assert.match(ok(writeWei7Xml(sgf('(;GM[1]SZ[9];B[cc]PL[W])').record)), /<black x="2" y="2" problem="white" \/>/);
});

/* ---------- marks ---------- */

test('CR/SQ/TR/MA become @ # % * and come back; LB keeps one-character labels and reports the others', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[9];B[ee]CR[aa]SQ[ba]TR[ca]MA[da]LB[ea:A][fa:10][ga:あ][ha:?]L[ab][bb]SL[ii]AR[aa:bb])');
  assert.deepEqual(record.root.children[0].marks.map((m) => m.symbol).sort(), ['#', '%', '*', '?', '@', 'A', 'a', 'b'].sort());
  assert.deepEqual(warnings.filter((w) => !w.startsWith('convert.sgf.markupDropped')), ['convert.mark.label 10 @1:13', 'convert.mark.label あ @1:13']);
  assert.deepEqual(ids(readSgf('(;SZ[9];B[ee]SL[ii]AR[aa:bb])').warnings), ['convert.sgf.markupDropped', 'convert.sgf.markupDropped']);
  const back = backToSgf(record);
  for (const written of ['CR[aa]', 'SQ[ba]', 'TR[ca]', 'MA[da]', 'LB[ea:A][ha:?][ab:a][bb:b]']) assert.ok(back.includes(written), `${written} in ${back}`);
  clean(ok(writeWei7Json(record)));
  clean(ok(writeWei7Xml(record)));
});

/* ---------- board, komi, result, date, names ---------- */

test('SZ[19:13]: a rectangle in 3.0 and SGF; wei7 2.2 cannot hold it (an error, not a warning)', () => {
  const { record } = sgf('(;GM[1]SZ[19:13];B[pd])');
  const json = ok(writeWei7Json(record));
  assert.match(json, /"size": \{"width": 19, "height": 13\}/);
  clean(json);
  const xml = writeWei7Xml(record);
  assert.equal(xml.ok, false);
  if (!xml.ok) assert.deepEqual(xml.error.message, { id: 'convert.xml.size', args: [19, 13] });
  assert.match(backToSgf(record), /SZ\[19:13\]/);
  assert.equal(writeWei7Xml(sgf('(;GM[1]SZ[8];B[dd])').record).ok, false, '8×8 is no 2.2 size either');
});

test('KM: 3.0 allows 0, 2.2 writes komi 0 as no komi; other values out of range are dropped with a warning', () => {
  const zero = sgf('(;GM[1]SZ[19]KM[0.00];B[pd])').record;
  assert.match(ok(writeWei7Json(zero)), /"komi": 0/);
  const xml = writeWei7Xml(zero);
  assert.doesNotMatch(ok(xml), /komi/);
  assert.deepEqual(xml.warnings, []);
  for (const km of ['-5.5', '6.25', '375']) {
    const record = sgf(`(;GM[1]SZ[19]KM[${km}];B[pd])`).record;
    assert.deepEqual(ids(writeWei7Json(record).warnings), ['convert.komi.dropped30'], km);
    assert.deepEqual(ids(writeWei7Xml(record).warnings), ['convert.komi.dropped22'], km);
  }
  assert.match(ok(writeWei7Xml(sgf('(;GM[1]SZ[19]KM[6.500000];B[pd])').record)), /komi="6.5"/);
});

test('RE: B+R, W+2.5, 0/Draw; Void and ? are no result; B+T loses "on time"; a margin out of range is dropped', () => {
  const result = (re: string) => {
    const read = readSgf(`(;GM[1]SZ[19]RE[${re}];B[pd])`);
    return { result: ok(read).info.result, warnings: ids(read.warnings) };
  };
  assert.deepEqual(result('B+R'), { result: { winner: 'black' }, warnings: [] });
  assert.deepEqual(result('B+Resign'), { result: { winner: 'black' }, warnings: [] });
  assert.deepEqual(result('W+2.5'), { result: { winner: 'white', margin: 2.5 }, warnings: [] });
  assert.deepEqual(result('0'), { result: { winner: null }, warnings: [] });
  assert.deepEqual(result('Draw'), { result: { winner: null }, warnings: [] });
  assert.deepEqual(result('Void'), { result: undefined, warnings: ['convert.result.none'] });
  assert.deepEqual(result('?'), { result: undefined, warnings: ['convert.result.none'] });
  assert.deepEqual(result('B+T'), { result: { winner: 'black' }, warnings: ['convert.result.howDropped'] });
  assert.deepEqual(result('black wins'), { result: undefined, warnings: ['convert.result.unreadable'] });
  const draw = sgf('(;GM[1]SZ[19]RE[0];B[pd])').record;
  assert.match(ok(writeWei7Json(draw)), /"winner": null/);
  assert.match(ok(writeWei7Xml(draw)), /<result winner="neither" \/>/);
  assert.match(backToSgf(draw), /RE\[0\]/);
  const odd = sgf('(;GM[1]SZ[19]RE[W+0.3];B[pd])').record;
  const json = writeWei7Json(odd);
  assert.deepEqual(ids(json.warnings), ['convert.margin.dropped']);
  assert.match(ok(json), /"result": \{\n {6}"winner": 2\n {4}\}/);
});

test('DT: a date becomes midnight UTC (3.0) or the start of the day without a zone (2.2), with a warning', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[19]DT[2014-11-05,06];B[pd])');
  assert.deepEqual(warnings, ['convert.time.moreDates 2014-11-05,06 @1:2']);
  const json = writeWei7Json(record);
  assert.match(ok(json), /"time": "2014-11-05T00:00Z"/);
  assert.deepEqual(said(json.warnings), ['convert.time.midnight 2014-11-05 2014-11-05T00:00Z @1:2']);
  assert.match(ok(writeWei7Xml(record)), /<time>2014-11-05T00:00:00<\/time>/);
  assert.deepEqual(sgf('(;GM[1]DT[29th September 2012];B[pd])').record.info.time, { year: 2012, month: 9, day: 29 });
  assert.deepEqual(sgf('(;GM[1]DT[sometime];B[pd])').warnings, ['convert.valueUnreadable DT sometime @1:2']);
});

test('times between wei7 formats: a zone becomes UTC in 3.0, no zone is taken as UTC, SGF keeps the date', () => {
  const xml = (time: string) => `<wei7 version="2.2"><size>9</size><game><time>${time}</time></game><moves><black x="1" y="1"/></moves></wei7>`;
  const shifted = writeWei7Json(ok(readWei7(xml('2011-09-06T02:35:19.5822023+08:00'))));
  assert.match(ok(shifted), /"time": "2011-09-05T18:35:19.5822023Z"/);
  const local = writeWei7Json(ok(readWei7(xml('2011-09-06T02:35:00'))));
  assert.match(ok(local), /"time": "2011-09-06T02:35:00Z"/);
  assert.deepEqual(ids(local.warnings), ['convert.time.assumedUtc']);
  const sgfOut = writeSgf(ok(readWei7(xml('2011-09-06T02:35:00+08:00'))));
  assert.match(ok(sgfOut), /DT\[2011-09-06\]/);
  assert.deepEqual(ids(sgfOut.warnings), ['convert.time.clockDropped']);
});

test('players, names and rules: PB/PW/BR/WR ⇄ participants and players (3.0) and game black/white (2.2); EV, RU, unknown properties', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[19]PB[古力]BR[9p]PW[李世石]WR[9p]EV[LG Cup]GN[Final 1]RU[AGA]XX[1]TM[300];B[pd]XX[2];W[dd]XX[3])');
  assert.deepEqual(warnings, [
    'convert.nameDropped LG Cup Final 1 @1:2',
    'convert.rules.unknown AGA @1:2',
    'convert.sgf.unknownProperty XX @1:2',
    'convert.sgf.gameInfoDropped TM 300 @1:2',
  ]);
  assert.equal(readSgf('(;GM[1]SZ[19];B[pd]XX[2];W[dd]XX[3])').warnings[0].count, 2, 'one warning with a count for a property on every node');
  assert.equal(record.info.name, 'Final 1');
  const json = ok(writeWei7Json(record));
  assert.match(json, /"participants": \[\n {6}\{"name": "古力", "rank": "9p"\},\n {6}\{"name": "李世石", "rank": "9p"\}\n {4}\],\n {4}"players": \[\n {6}\{"participant": 0, "color": 1\},\n {6}\{"participant": 1, "color": 2\}\n {4}\]/);
  assert.match(ok(writeWei7Xml(record)), /<black name="古力" rank="9p" \/>\n {4}<white name="李世石" rank="9p" \/>/);
  assert.match(backToSgf(record), /GN\[Final 1\]PB\[古力\]BR\[9p\]PW\[李世石\]WR\[9p\]/);
  assert.match(ok(writeWei7Json(sgf('(;GM[1]RU[Japanese];B[pd])').record)), /"type": "Japanese"/);
});

test('GC goes at the start of the root comment; a name with a line break becomes one line', () => {
  const { record, warnings } = sgf('(;GM[1]SZ[19]GC[Title match]C[Opening remarks]PB[Black\nplayer];B[pd])');
  assert.equal(record.root.comment, 'Title match\n\nOpening remarks');
  assert.deepEqual(warnings, ['convert.sgf.gameCommentMoved @1:2']);
  const json = writeWei7Json(record);
  assert.match(ok(json), /\{"name": "Black player"\}/);
  assert.deepEqual(ids(json.warnings), ['convert.text.madeSingleLine']);
});

/* ---------- annotations, titles, positions in mid-line ---------- */

test('BM/TE/DO/IT ⇄ bad/good/trick/controversial; 2.2 has no "controversial"', () => {
  const { record } = sgf('(;GM[1]SZ[9];B[aa]BM[1];W[bb]TE[1];B[cc]DO[];W[dd]IT[])');
  const line = [record.root.children[0]];
  for (let i = 0; i < 3; i++) line.push(line[i].children[0]);
  assert.deepEqual(line.map((n) => n.evaluation), ['bad', 'good', 'trick', 'controversial']);
  assert.match(ok(writeWei7Json(record)), /"evaluation": "controversial"/);
  const xml = writeWei7Xml(record);
  assert.deepEqual(ids(xml.warnings), ['convert.xml.controversial']);
  assert.match(ok(xml), /<black x="0" y="0" eval="bad" \/>\n {4}<white x="1" y="1" eval="good" \/>\n {4}<black x="2" y="2" eval="trick" \/>\n {4}<white x="3" y="3" \/>/);
  assert.match(backToSgf(record), /;B\[aa\]BM\[1\]\n {2};W\[bb\]TE\[1\]\n {2};B\[cc\]DO\[1\]\n {2};W\[dd\]IT\[1\]/);
});

test('a comment-only node or a titled move in mid-line: 3.0 starts a one-branch tree, 2.2 a trailing nested moves; both check clean and come back', () => {
  const { record } = sgf('(;GM[1]SZ[9];B[ee];C[a thought];W[cc];B[gg]N[Chapter 2];W[gc])');
  const json = writeWei7Json(record);
  assert.deepEqual(json.warnings.map((w) => [w.message.id, w.count]), [['convert.json.oneBranch', 2]]);
  clean(ok(json));
  assert.match(ok(json), /"branches": \[\n {6}\{\n {8}"pre": \{"comment": "a thought"\},/);
  assert.match(ok(json), /"title": "Chapter 2",/);
  const xml = ok(writeWei7Xml(record));
  clean(xml);
  assert.match(xml, /<black x="4" y="4" \/>\n {4}<moves>\n {6}<pre comment="a thought" \/>\n {6}<white x="2" y="2" \/>\n {6}<black x="6" y="6" title="Chapter 2" \/>/);
  const strip = (r: GameRecord) => JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === 'at' ? undefined : v)));
  assert.deepEqual(strip(ok(readWei7(ok(json)))), strip(record));
  assert.deepEqual(strip(ok(readWei7(xml))), strip(record));
});

test('wei7 → SGF reports what SGF cannot hold: splitters, a position\'s evaluation, domains and ids, other participants', () => {
  const xml = '<wei7 version="2.2"><size>9</size><game domain="d" id="7"><black name="A" title="名人"/></game><moves><pre eval="good" comment="c"/><black x="1" y="1" splitter="large"/></moves></wei7>';
  const out = writeSgf(ok(readWei7(xml)));
  assert.deepEqual(ids(out.warnings).sort(), ['convert.fieldDropped', 'convert.fieldDropped', 'convert.fieldDropped', 'convert.sgf.positionEvaluation', 'convert.splitterDropped'].sort());
  const json = '{"format": "wei7", "version": "3.0", "info": {"participants": [{"name": "a"}, {"name": "b"}, {"name": "host"}], "players": [{"participant": 0, "color": 1}, {"participant": 1, "color": 2}]}, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } } }]}}';
  assert.deepEqual(said(writeWei7Xml(ok(readWei7(json))).warnings), ['convert.participantDropped host @1:46']);
});

/* ---------- syntax faults and encodings ---------- */

test('SGF syntax faults: a clear error with line and column, never a silently shortened game', () => {
  const fault = (text: string) => {
    const read = readSgf(text);
    assert.equal(read.ok, false, text);
    return read.ok ? '' : `${read.error.message.id} @${read.error.at?.line}:${read.error.at?.column}`;
  };
  assert.equal(fault(''), 'convert.sgf.empty @1:1');
  assert.equal(fault('(;B[aa]\n;W[bb])\n)'), 'convert.sgf.unmatchedClose @3:1');
  assert.equal(fault('(;B[aa];W\n)'), 'convert.sgf.valueExpected @1:9');
  assert.equal(fault('(;B[aa](;W[bb]);B[cc])'), 'convert.sgf.nodeAfterVariations @1:16');
  assert.equal(fault('hello (;B[aa])'), 'convert.sgf.outsideTree @1:1');
  assert.equal(fault('((;B[aa]))'), 'convert.sgf.nodeExpected @1:2');
  assert.equal(fault('(;B[aa];[bb])'), 'convert.sgf.valueWithoutProperty @1:9');
  assert.equal(fault('(;B[aa]\n  ;W[b'), 'convert.sgf.unclosedValue @2:5');
  assert.equal(fault('(;B[aa] # )'), 'convert.sgf.unexpectedCharacter @1:9');
  assert.equal(fault('(;GM[3];B[aa])'), 'convert.sgf.notGo @1:2');
  assert.equal(fault('(;SZ[60];B[aa])'), 'convert.sgf.size @1:2');
});

test('a collection of games converts its first, with a warning', () => {
  assert.deepEqual(said(readSgf('(;GM[1];B[aa])\n(;GM[1];B[bb])').warnings), ['convert.sgf.moreGames 2 @2:2']);
});

test('SGF encodings: CA[GB2312] is decoded; undeclared bytes that are not UTF-8 are read as ISO-8859-1 with a warning', () => {
  // PB[黑] with 黑 in GB2312 (0xBA 0xDA).
  const gb = Uint8Array.from([...Buffer.from('(;GM[1]CA[GB2312]PB['), 0xba, 0xda, ...Buffer.from('];B[pd])')]);
  const read = readSgfBytes(gb);
  assert.equal(ok(read).info.participants[0].name, '黑');
  assert.deepEqual(read.warnings, []);
  const latin = Uint8Array.from([...Buffer.from('(;GM[1]PB[Jos'), 0xe9, ...Buffer.from('];B[pd])')]);
  const fallback = readSgfBytes(latin);
  assert.equal(ok(fallback).info.participants[0].name, 'José');
  assert.deepEqual(ids(fallback.warnings), ['convert.encoding.fallback']);
  assert.equal(readSgfBytes(Uint8Array.from([...Buffer.from('(;CA[x-klingon];B[pd])')])).ok, false);
});

test('variations of the first move: 2.2 nests them before it in the root moves, 3.0 branches the root tree', () => {
  const { record } = sgf('(;GM[1]SZ[9](;B[aa];W[bb])(;B[cc]))');
  const xml = ok(writeWei7Xml(record));
  assert.match(xml, /<moves>\n {4}<moves>\n {6}<black x="2" y="2" \/>\n {4}<\/moves>\n {4}<black x="0" y="0" \/>\n {4}<white x="1" y="1" \/>\n {2}<\/moves>/);
  const json = ok(writeWei7Json(record));
  assert.match(json, /"tree": \{\n {4}"branches": \[/);
  for (const text of [xml, json]) {
    clean(text);
    const back = ok(readWei7(text));
    assert.deepEqual(back.root.children.map((c) => c.move?.point), [{ x: 0, y: 0 }, { x: 2, y: 2 }]);
  }
});

test('an SGF pass (B[] or B[tt] on 19×19) is a pass', () => {
  const { record } = sgf('(;GM[1]SZ[19];B[];W[tt])');
  assert.deepEqual([record.root.children[0].move, record.root.children[0].children[0].move], [{ color: 'black', point: null }, { color: 'white', point: null }]);
  assert.match(ok(writeWei7Xml(record)), /<black type="pass" \/>\n {4}<white type="pass" \/>/);
  assert.match(backToSgf(record), /;B\[\]\n {2};W\[\]/);
});
