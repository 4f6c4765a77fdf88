/**
 * The benchmark's results as data, their statistics, and the report: docs/performance.md
 * (overwritten by every full run of `npm run bench`) and the same text on standard output.
 *
 * Every section of the run (bench/run.ts, bench/latency.ts, bench/batch.ts) hands back a
 * `Section`: some tables, notes and target checks. This file formats them, and holds the few
 * helpers the sections share (statistics, a full GC).
 */
import { cpus, loadavg, availableParallelism, totalmem, release, platform } from 'node:os';
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/* ---------- statistics ---------- */

export interface Summary {
  /** How many measured runs (warm-up runs excluded). */
  readonly n: number;
  readonly min: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
}

/** Linear interpolation between closest ranks (so with few samples p95 is close to the maximum). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, min: sorted[0] ?? Number.NaN, median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted[sorted.length - 1] ?? Number.NaN };
}

/* ---------- measuring helpers shared by the sections ---------- */

setFlagsFromString('--expose-gc');
/** V8's full GC (exposed at run time, so `node out/bench/run.js` needs no flag). */
const gc = runInNewContext('gc') as () => void;

export function collectGarbage(): void {
  gc();
}

/* ---------- formatting ---------- */

/** Milliseconds with about three significant digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  if (value >= 1) return `${value.toFixed(2)} ms`;
  return `${value.toFixed(3)} ms`;
}

export function ratio(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value >= 10 ? `${value.toFixed(1)}×` : `${value.toFixed(2)}×`;
}

export function bytes(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const size = Math.abs(value);
  if (size >= 1e6) return `${(value / 1e6).toFixed(2)} MB`;
  if (size >= 1e3) return `${(value / 1e3).toFixed(1)} kB`;
  return `${value.toFixed(0)} B`;
}

/** "n / min / median / p95" cells of a summary. */
export function summaryCells(s: Summary): string[] {
  return [String(s.n), ms(s.min), ms(s.median), ms(s.p95)];
}

/* ---------- the report's parts ---------- */

export interface Table {
  readonly title?: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface TargetCheck {
  readonly name: string;
  /** The limit as written in issue 8, e.g. "≤ 1.5× saxes". */
  readonly limit: string;
  /** What was measured, with its numbers. */
  readonly measured: string;
  /** undefined: could not be measured (the reason is in `measured`). */
  readonly pass: boolean | undefined;
  /** How far from the limit: "3.2× over the limit", "1.4× headroom". */
  readonly margin: string;
}

export interface Section {
  readonly title: string;
  /** Paragraphs before the tables: what was measured and how. */
  readonly intro: readonly string[];
  readonly tables: readonly Table[];
  readonly notes: readonly string[];
  readonly targets: readonly TargetCheck[];
}

/** A target of the form "measured ≤ limit" (times, ratios, sizes): PASS/FAIL and the margin. */
export function atMost(name: string, limitText: string, measured: number, limit: number, measuredText: string): TargetCheck {
  if (!Number.isFinite(measured)) return { name, limit: limitText, measured: measuredText, pass: undefined, margin: '—' };
  const pass = measured <= limit;
  const margin = pass ? `${ratio(limit / measured)} headroom` : `${ratio(measured / limit)} over the limit`;
  return { name, limit: limitText, measured: measuredText, pass, margin };
}

/** A target of the form "measured ≥ limit" (speed-ups). */
export function atLeast(name: string, limitText: string, measured: number, limit: number, measuredText: string): TargetCheck {
  if (!Number.isFinite(measured)) return { name, limit: limitText, measured: measuredText, pass: undefined, margin: '—' };
  const pass = measured >= limit;
  const margin = pass ? `${ratio(measured / limit)} headroom` : `${ratio(limit / measured)} short of the limit`;
  return { name, limit: limitText, measured: measuredText, pass, margin };
}

export function verdict(pass: boolean | undefined): string {
  return pass === undefined ? 'N/A' : pass ? 'PASS' : 'FAIL';
}

/* ---------- the machine ---------- */

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memory: string;
  readonly node: string;
  readonly os: string;
  readonly date: string;
  readonly loadAtStart: readonly number[];
}

export function describeMachine(): Machine {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memory: bytes(totalmem()),
    node: process.version,
    os: `${platform()} ${release()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadAtStart: loadavg(),
  };
}

function load(values: readonly number[]): string {
  return values.map((v) => v.toFixed(2)).join(' / ');
}

/* ---------- the document ---------- */

function table(t: Table): string {
  const escape = (cell: string): string => cell.replace(/\|/g, '\\|');
  const lines = [`| ${t.headers.map(escape).join(' | ')} |`, `|${t.headers.map(() => '---').join('|')}|`, ...t.rows.map((r) => `| ${r.map(escape).join(' | ')} |`)];
  return `${t.title ? `**${t.title}**\n\n` : ''}${lines.join('\n')}\n`;
}

export interface Report {
  readonly machine: Machine;
  readonly loadAtEnd: readonly number[];
  readonly durationSeconds: number;
  readonly sections: readonly Section[];
  /** Sections that were not run (with --only) or failed, and why. */
  readonly skipped: readonly string[];
}

export function renderReport(report: Report): string {
  const m = report.machine;
  const machineLine = `${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.date}`;
  const busy = Math.max(m.loadAtStart[0], report.loadAtEnd[0]) > m.cores * 0.5;
  const out: string[] = [
    '# Performance',
    '',
    'Written by `npm run bench` (bench/run.ts, bench/latency.ts, bench/batch.ts, bench/report.ts); every run overwrites it. ' +
      'The numbers depend on the machine and on what else it runs: compare runs of the same machine only, and only when the load average was low. ' +
      'It runs on the Node our server runs on in the editor (bench/run.sh: VS Code 1.139\'s extension host, Node 24), and so does every process it starts (server, CLI); ' +
      '`WEI7_BENCH_NODE=node npm run bench` measures the machine\'s own Node. docs/performance-limits.md compares the two.',
    '',
    table({
      headers: ['machine', ''],
      rows: [
        ['CPU', m.cpu],
        ['cores (available parallelism)', String(m.cores)],
        ['memory', m.memory],
        ['Node (the benchmark, the server and the CLI)', m.node],
        ['OS', m.os],
        ['date (UTC)', m.date],
        ['load average 1 / 5 / 15 min at start', load(m.loadAtStart)],
        ['load average 1 / 5 / 15 min at end', load(report.loadAtEnd)],
        ['duration of the run', `${report.durationSeconds.toFixed(0)} s`],
      ],
    }),
  ];
  if (busy) {
    out.push(
      `> **The machine was busy** (1-minute load average above half the core count at the start or the end): other processes competed for the CPU, so absolute times are inflated and noisy. Ratios measured in the same rounds (interleaved) suffer less.`,
      '',
    );
  }
  const targets = report.sections.flatMap((s) => s.targets);
  out.push('## Targets (issue 8)', '', table({ headers: ['target', 'limit', 'measured', 'result', 'margin'], rows: targets.map((t) => [t.name, t.limit, t.measured, `**${verdict(t.pass)}**`, t.margin]) }));
  for (const s of report.sections) {
    out.push(`## ${s.title}`, '', `_${machineLine}_`, '');
    for (const p of s.intro) out.push(p, '');
    for (const t of s.tables) out.push(table(t));
    if (s.notes.length) out.push(...s.notes.map((n) => `- ${n}`), '');
  }
  if (report.skipped.length) out.push('## Not measured in this run', '', ...report.skipped.map((s) => `- ${s}`), '');
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/** Prints the report, and writes it to `path` when given. */
export function publishReport(report: Report, path: string | undefined): string {
  const text = renderReport(report);
  process.stdout.write(`\n${text}`);
  if (path) {
    writeFileSync(path, text);
    process.stdout.write(`\n(written to ${path})\n`);
  }
  return text;
}

/** The target lines on their own, as PASS/FAIL lines for the console. */
export function printTargets(sections: readonly Section[]): void {
  for (const t of sections.flatMap((s) => s.targets)) {
    process.stdout.write(`${verdict(t.pass).padEnd(4)}  ${t.name}: ${t.measured} (limit ${t.limit}; ${t.margin})\n`);
  }
}
