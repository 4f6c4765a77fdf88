/**
 * SGF ⇄ wei7 on the real records in ../shared/data/sgf:
 * - every record converts to wei7 3.0 and 2.2, and the result checks with zero errors and zero
 *   warnings (analyze() and the game checks);
 * - SGF → wei7 → SGF keeps the moves, variations, setup, comments, marks and game information,
 *   compared on the trees @sabaki/sgf parses from the original and from the round trip;
 * - record → wei7 → record gives the same record back (for both wei7 formats).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type SgfNode } from '@sabaki/sgf';
import { analyze } from '../../server/src/analysis';
import { checkGame } from '../../server/src/engine/checkGame';
import { readSgfBytes } from '../../server/src/convert/fromSgf';
import { readWei7 } from '../../server/src/convert/fromWei7';
import type { GameRecord, RecordTime } from '../../server/src/convert/record';
import { writeSgf } from '../../server/src/convert/toSgf';
import { writeWei7Json } from '../../server/src/convert/toWei7Json';
import { writeWei7Xml } from '../../server/src/convert/toWei7Xml';

const SGF_DIR = join(__dirname, '../../../shared/data/sgf');
const records = readdirSync(SGF_DIR).filter((f) => /\.sgf$/i.test(f)).sort();

/** Every error and warning our checks give a wei7 text (information, such as "not simulated", is not a problem). */
function problems(text: string): string[] {
  const analysis = analyze(text);
  assert.ok(analysis.document, 'the output is a wei7 document');
  const findings = [...analysis.findings, ...checkGame(analysis.document, { rules: 'none', sameColorHint: false })];
  return findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => `${f.severity} ${f.clause} ${f.message.id} ${JSON.stringify(f.message.args ?? [])}`);
}

function ok<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) assert.fail(`conversion failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The record as data to compare: no source positions, and times as instants (a date alone is midnight UTC, as the writers say). */
function comparable(record: GameRecord): unknown {
  const instant = (t: RecordTime): string => {
    const c = t.clock ?? { hour: 0, minute: 0, second: '0' };
    const ms = Date.UTC(t.year, t.month - 1, t.day, c.hour, c.minute) - (t.zoneMinutes ?? 0) * 60_000;
    return `${new Date(ms).toISOString().slice(0, 16)}:${Number(c.second ?? '0')}`;
  };
  return JSON.parse(JSON.stringify(record, (key, value: unknown) => (key === 'at' ? undefined : key === 'time' ? instant(value as RecordTime) : value)));
}

/* ---------- SGF trees as @sabaki/sgf reads them, reduced to what wei7 keeps ---------- */

interface Projected {
  readonly props: Record<string, string>;
  readonly children: Projected[];
}

const SHAPES = ['CR', 'SQ', 'TR', 'MA'];

/** The node's properties that must survive a round trip, normalized (pass "tt" = "", lists sorted). */
function nodeProps(data: Record<string, string[]>, size: number): Record<string, string> {
  const props: Record<string, string> = {};
  for (const id of ['B', 'W']) {
    const value = data[id]?.[0];
    if (value !== undefined) props[id] = value === 'tt' && size <= 19 ? '' : value;
  }
  for (const id of ['AB', 'AW', ...SHAPES]) if (data[id]) props[id] = [...data[id]].sort().join(' ');
  // Labels of one wei7 mark character survive (longer ones are dropped with a warning); FF[3] L[] is labels a, b, c…
  const lettered = (data.L ?? []).map((point, i) => `${point}:${String.fromCharCode(97 + i)}`);
  const labels = [...(data.LB ?? []), ...lettered].filter((v) => /^..:[a-zA-Z0-9@#$%&*?]$/.test(v));
  if (labels.length) props.LB = labels.sort().join(' ');
  for (const id of ['C', 'N', 'PL', 'BM', 'TE', 'DO', 'IT']) if (data[id]) props[id] = data[id][0];
  return props;
}

/** The tree reduced to what wei7 keeps; a node left with nothing (only FG[], PM[] and the like) gives way to its children. */
function project(root: SgfNode, size: number): Projected {
  const below = (node: SgfNode): Projected[] => {
    const props = nodeProps(node.data, size);
    const children = node.children.flatMap(below);
    return Object.keys(props).length ? [{ props, children }] : children;
  };
  return { props: nodeProps(root.data, size), children: root.children.flatMap(below) };
}

/** Game information as wei7 keeps it (2.2 has no place, and no komi is its way to say komi 0). */
function gameInfo(data: Record<string, string[]>, via: 'json' | 'xml'): Record<string, string> {
  const text = (id: string): string | undefined => (data[id]?.[0].trim() ? data[id][0].trim() : undefined);
  const info: Record<string, string> = {};
  for (const id of ['PB', 'PW', 'BR', 'WR', ...(via === 'json' ? ['PC'] : [])]) if (text(id)) info[id] = text(id) as string;
  const name = text('GN') ?? text('EV');
  if (name) info.name = name;
  if (text('KM') && (via === 'json' || Number(text('KM')) !== 0)) info.KM = String(Number(text('KM')));
  const re = /^([BW])\+(.*)$/i.exec(text('RE') ?? '');
  if (re) info.RE = `${re[1].toUpperCase()}+${/^r(esign)?$/i.test(re[2]) ? 'R' : Number(re[2])}`;
  const ru = text('RU');
  if (ru && /^(chinese|japanese|korean)$/i.test(ru)) info.RU = ru;
  info.SZ = text('SZ') ?? '19';
  return info;
}

function count(tree: Projected): { moves: number; variations: number; comments: number; marks: number } {
  const totals = { moves: 0, variations: 0, comments: 0, marks: 0 };
  const pending = [tree];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if ('B' in node.props || 'W' in node.props) totals.moves++;
    if ('C' in node.props) totals.comments++;
    for (const id of [...SHAPES, 'LB']) if (node.props[id]) totals.marks += node.props[id].split(' ').length;
    totals.variations += Math.max(0, node.children.length - 1);
    pending.push(...node.children);
  }
  return totals;
}

/* ---------- the tests ---------- */

test(`there are SGF records to convert in ${SGF_DIR}`, () => {
  assert.ok(records.length >= 10, `found ${records.length}`);
});

const totals = { records: 0, moves: 0, variations: 0, comments: 0, marks: 0 };

for (const file of records) {
  const bytes = readFileSync(join(SGF_DIR, file));

  test(`${file}: converts to wei7 3.0 and 2.2, which check with no errors or warnings`, () => {
    const record = ok(readSgfBytes(bytes));
    assert.deepEqual(problems(ok(writeWei7Json(record))), []);
    assert.deepEqual(problems(ok(writeWei7Xml(record))), []);
  });

  test(`${file}: record → wei7 → record is the same record`, () => {
    const record = ok(readSgfBytes(bytes));
    assert.deepEqual(comparable(ok(readWei7(ok(writeWei7Json(record))))), comparable(record), 'through 3.0');
    // 2.2 has no place, and writes komi 0 as no komi (§3.6); both are warned about or lose nothing.
    const { place, rules, ...info } = record.info;
    const komi = rules?.komi === 0 ? undefined : rules?.komi;
    const in22 = { ...record, info: { ...info, ...(rules && { rules: { ...rules, komi } }) } };
    assert.deepEqual(comparable(ok(readWei7(ok(writeWei7Xml(record))))), comparable(in22), `through 2.2 (place ${place})`);
  });

  for (const via of ['json', 'xml'] as const) {
    test(`${file}: SGF → wei7 ${via === 'json' ? '3.0' : '2.2'} → SGF keeps moves, variations, comments, marks and game information`, () => {
      const original = parse(new TextDecoder().decode(bytes))[0];
      const size = Number((original.data.SZ?.[0] ?? '19').split(':')[0]);
      const wei7 = ok((via === 'json' ? writeWei7Json : writeWei7Xml)(ok(readSgfBytes(bytes))));
      const back = parse(ok(writeSgf(ok(readWei7(wei7)))))[0];
      assert.deepEqual(gameInfo(back.data, via), gameInfo(original.data, via));
      const expected = project(original, size);
      assert.deepEqual(project(back, size), expected);
      if (via === 'json') {
        const c = count(expected);
        totals.records++;
        totals.moves += c.moves;
        totals.variations += c.variations;
        totals.comments += c.comments;
        totals.marks += c.marks;
      }
    });
  }
}

test('the round trips compared every move, variation, comment and mark of the records', (t) => {
  t.diagnostic(JSON.stringify(totals));
  assert.equal(totals.records, records.length);
  assert.ok(totals.moves > 1500 && totals.variations > 10 && totals.comments > 20 && totals.marks > 20, JSON.stringify(totals));
});

test('the SGF dates survive as dates: DT → 3.0 time at midnight UTC → DT', () => {
  const sgf = '(;GM[1]FF[4]SZ[19]DT[2014-11-05];B[pd])';
  const record = ok(readSgfBytes(new TextEncoder().encode(sgf)));
  assert.match(ok(writeWei7Json(record)), /"time": "2014-11-05T00:00Z"/);
  assert.match(ok(writeSgf(ok(readWei7(ok(writeWei7Json(record)))))), /DT\[2014-11-05\]/);
});

test('wei7 → SGF: a move, a stone or a mark off the board is dropped with a warning naming it, not written as letters SGF reads otherwise (tt: a pass on 19×19)', () => {
  const wei7 =
    '<wei7 version="2.2"><size>9</size><moves><pre><black x="2" y="2"/><white x="9" y="0"/></pre>' +
    '<mark x="3" y="12" symbol="a"/><black x="19" y="19"/><white x="4" y="4"/><black x="2" y="25"/></moves></wei7>';
  const written = writeSgf(ok(readWei7(wei7)));
  assert.ok(written.ok);
  const nodes = parse(written.value)[0];
  const seen: Record<string, string[]>[] = [];
  for (let node: SgfNode | undefined = nodes; node; node = node.children[0]) seen.push(node.data as Record<string, string[]>);
  // The root holds the pre's stones; then the three moves' nodes, the two off the board left empty.
  assert.deepEqual(seen.map((data) => ({ AB: data.AB, AW: data.AW, B: data.B, W: data.W, LB: data.LB })), [
    { AB: ['cc'], AW: undefined, B: undefined, W: undefined, LB: undefined },
    { AB: undefined, AW: undefined, B: undefined, W: undefined, LB: undefined },
    { AB: undefined, AW: undefined, B: undefined, W: ['ee'], LB: undefined },
    { AB: undefined, AW: undefined, B: undefined, W: undefined, LB: undefined },
  ]);
  assert.deepEqual(
    written.warnings.filter((w) => w.message.id === 'convert.sgf.offBoardNotWritten').map((w) => w.message.args),
    [['AW', 9, 0, 9, 9], ['B', 19, 19, 9, 9], ['LB', 3, 12, 9, 9], ['B', 2, 25, 9, 9]],
  );
});
