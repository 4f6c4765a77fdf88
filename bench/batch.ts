/**
 * `wei7 check DIR` on a collection of a few thousand records (issue 8): files per second, whole
 * process, and how many cores it kept busy (CPU time ÷ wall time); with `--jobs 1` (the main
 * thread alone) and by default (worker threads), in interleaved rounds, and the speed-up.
 *
 * The collection, written to a temporary directory: the real SGF records (../shared/data/sgf)
 * read with the project's converter and varied (name, a comment, the main line cut at different
 * lengths), written in both formats; and generated games of 100–300 moves in both formats.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { workerCount, WORKER_THRESHOLD } from '../server/src/cli/checkCommand';
import { readRecord, writeRecord } from '../server/src/convert/convert';
import type { GameRecord, RecordNode } from '../server/src/convert/record';
import { generateGame } from '../server/src/sample/generateGame';
import { bytes, ms, ratio, summarize, type Section, type Table } from './report';

export interface BatchOptions {
  readonly root: string;
  /** A scratch directory that the caller removes. */
  readonly tmp: string;
  readonly realSgfDir: string;
  readonly quick: boolean;
}

/** Variants of each real record, and generated games (each written in both formats). */
const VARIANTS = 32;
const GENERATED = 900;

interface Collection {
  readonly dir: string;
  readonly files: number;
  readonly xmlFiles: string[];
  readonly size: number;
  readonly moves: number;
  readonly problems: string[];
}

/** A variant of a record: another name, a comment somewhere, and the main line cut at 100 %, 85 %, 70 % or 55 %. */
function variant(record: GameRecord, v: number): GameRecord {
  const copy = structuredClone(record);
  const mainLine: RecordNode[] = [];
  for (let node = copy.root; node.children.length; node = node.children[0]) mainLine.push(node.children[0]);
  const keep = Math.max(1, Math.round(mainLine.length * (1 - (v % 4) * 0.15)));
  if (keep < mainLine.length) mainLine[keep - 1].children = [];
  const commented = mainLine[v % keep];
  if (commented) commented.comment = `${commented.comment ? `${commented.comment}\n` : ''}变化 ${v}: 这里也可以考虑脱先。`;
  return { ...copy, info: { ...copy.info, name: `${copy.info.name ?? '对局'} #${v}` } };
}

function buildCollection(dir: string, realSgfDir: string, quick: boolean): Collection {
  const problems: string[] = [];
  const xmlFiles: string[] = [];
  let files = 0;
  let size = 0;
  let moves = 0;
  const put = (sub: string, name: string, text: string): void => {
    const folder = join(dir, sub);
    mkdirSync(folder, { recursive: true });
    const file = join(folder, name);
    writeFileSync(file, text);
    files++;
    size += Buffer.byteLength(text);
    if (name.endsWith('-x.wei7')) xmlFiles.push(file);
  };
  let real: string[] = [];
  try {
    real = readdirSync(realSgfDir).filter((f) => /\.sgf$/i.test(f));
  } catch (e) {
    problems.push(`cannot read ${realSgfDir}: ${String(e)}`);
  }
  real.forEach((f, index) => {
    const read = readRecord(readFileSync(join(realSgfDir, f)), f);
    if (!read.ok) {
      problems.push(`${f}: not readable`);
      return;
    }
    const name = `${String(index).padStart(2, '0')}-${f.replace(/\.sgf$/i, '').slice(0, 30)}`;
    for (let v = 0; v < (quick ? 4 : VARIANTS); v++) {
      const record = variant(read.value, v);
      for (const [target, suffix] of [['xml', 'x'], ['json', 'j']] as const) {
        const written = writeRecord(record, target);
        if (written.ok) put(`real/${name}`, `${v}-${suffix}.wei7`, written.value);
        else problems.push(`${f} variant ${v} ${target}: not writable`);
      }
    }
  });
  for (let i = 0; i < (quick ? 60 : GENERATED); i++) {
    const count = 100 + ((i * 37) % 201);
    const game = generateGame(count, 1000 + i);
    moves += 2 * game.moves;
    put(`generated/${String(i % 20).padStart(2, '0')}`, `game-${i}-x.wei7`, game.xml);
    put(`generated/${String(i % 20).padStart(2, '0')}`, `game-${i}-j.wei7`, game.json);
  }
  return { dir, files, xmlFiles, size, moves, problems };
}

interface TimedProcess {
  readonly wallMs: number;
  /** User + system time of the process and its threads. */
  readonly cpuMs: number;
  readonly status: number | null;
  readonly stderr: string;
}

/** Runs a command through bash so that `times` reports its CPU time (user + sys, all threads). */
function timed(command: string, args: readonly string[], cwd: string, stderrFile: string): TimedProcess {
  const script = '"$@" > /dev/null 2> "$ERRFILE"; status=$?; times; exit $status';
  const t0 = performance.now();
  const result = spawnSync('bash', ['-c', script, 'bench', command, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ERRFILE: stderrFile }, maxBuffer: 1 << 26 });
  const wallMs = performance.now() - t0;
  if (result.error) throw result.error;
  // `times`: the shell's own user/sys, then its children's.
  const children = result.stdout.trim().split('\n')[1] ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  let stderr = '';
  try {
    stderr = readFileSync(stderrFile, 'utf8');
  } catch {
    // No stderr file: the command did not start.
  }
  return { wallMs, cpuMs: (seconds[0] ?? Number.NaN) * 1000 + (seconds[1] ?? Number.NaN) * 1000, status: result.status, stderr };
}

interface BatchCommand {
  readonly label: string;
  readonly files: number;
  readonly size: number;
  readonly run: () => TimedProcess;
}

/**
 * Rounds of runs, each round running every command once (the order rotating from round to round),
 * so that a change in the machine's load affects them alike: the runs of each command.
 */
function repeatInterleaved(commands: readonly (() => TimedProcess)[], quick: boolean, budgetMs: number): TimedProcess[][] {
  const runs: TimedProcess[][] = commands.map(() => []);
  const started = performance.now();
  const [min, max] = quick ? [1, 1] : [3, 5];
  for (let round = 0; round < max && (round < min || performance.now() - started < budgetMs); round++) {
    for (let k = 0; k < commands.length; k++) {
      const i = (k + round) % commands.length;
      runs[i].push(commands[i]());
    }
  }
  return runs;
}

export async function runBatch(options: BatchOptions): Promise<Section> {
  const dir = join(options.tmp, 'batch');
  const t0 = performance.now();
  const collection = buildCollection(dir, options.realSgfDir, options.quick);
  process.stdout.write(`  batch: ${collection.files} files (${bytes(collection.size)}) written in ${ms(performance.now() - t0)}\n`);
  const cli = join(options.root, 'bin/wei7.js');
  const errFile = join(options.tmp, 'batch-stderr.txt');
  const rows: string[][] = [];
  const notes: string[] = [...collection.problems];

  /** Median wall times by label, for the speed-up. */
  const medians = new Map<string, number>();
  // No warm-up run: the files were just written, so they are in the page cache.
  const measure = (commands: readonly BatchCommand[], budgetMs: number, speedUpOver?: string): void => {
    const runsOf = repeatInterleaved(commands.map((c) => c.run), options.quick, budgetMs);
    commands.forEach(({ label, files, size }, i) => {
      const runs = runsOf[i];
      const wall = summarize(runs.map((r) => r.wallMs));
      const cpu = summarize(runs.map((r) => r.cpuMs));
      medians.set(label, wall.median);
      const last = runs[runs.length - 1];
      const summary = last.stderr.trim().split('\n').slice(-1)[0] ?? '';
      // The CLI's summary starts with the number of files it checked (in either language).
      const counted = /\d+/.exec(summary)?.[0];
      if (label.startsWith('node') && counted !== String(files)) notes.push(`The CLI reported "${summary}" for ${files} files written.`);
      const base = speedUpOver === undefined ? undefined : medians.get(speedUpOver);
      rows.push([
        label,
        String(files),
        bytes(size),
        String(wall.n),
        ms(wall.min),
        ms(wall.median),
        ms(wall.p95),
        (files / (wall.median / 1000)).toFixed(0),
        `${(size / 1e6 / (wall.median / 1000)).toFixed(2)} MB/s`,
        ms(cpu.median),
        ratio(cpu.median / wall.median),
        base === undefined ? '—' : ratio(base / wall.median),
        `${last.status}${summary ? `: ${summary.slice(0, 120)}` : ''}`,
      ]);
      process.stdout.write(`  batch: ${label}: ${ms(wall.median)} median, ${(files / (wall.median / 1000)).toFixed(0)} files/s, CPU ÷ wall ${ratio(cpu.median / wall.median)}\n`);
    });
  };

  const workers = workerCount(collection.files, undefined, availableParallelism());
  const single = `node bin/wei7.js check --jobs 1 DIR (main thread alone)`;
  const parallel = `node bin/wei7.js check DIR (default: ${workers ? `the main thread and ${workers} worker thread(s)` : 'no worker threads'})`;
  // Two threads (the main thread and a worker) are measured whatever the default: on a 2-core machine the default is the main thread alone.
  const two = `node bin/wei7.js check --jobs 2 DIR (the main thread and 1 worker thread)`;
  const cliRun = (jobs: readonly string[]) => (): TimedProcess => timed(process.execPath, [cli, 'check', ...jobs, dir], options.root, errFile);
  measure(
    [
      { label: single, files: collection.files, size: collection.size, run: cliRun(['--jobs', '1']) },
      { label: parallel, files: collection.files, size: collection.size, run: cliRun([]) },
      ...(workers === 1 ? [] : [{ label: two, files: collection.files, size: collection.size, run: cliRun(['--jobs', '2']) }]),
    ],
    60_000,
    single,
  );
  const speedUp = (medians.get(single) ?? Number.NaN) / (medians.get(parallel) ?? Number.NaN);
  const twoSpeedUp = (medians.get(single) ?? Number.NaN) / (medians.get(workers === 1 ? parallel : two) ?? Number.NaN);
  process.stdout.write(`  batch: default ÷ main thread alone: ${ratio(speedUp)}; two threads: ${ratio(twoSpeedUp)} (median wall times)\n`);
  const xmlSize = collection.xmlFiles.reduce((sum, f) => sum + readFileSync(f).length, 0);
  measure(
    [
      {
        label: 'reference: xmllint --noout --schema, the XML files in one process',
        files: collection.xmlFiles.length,
        size: xmlSize,
        run: () => timed('xmllint', ['--noout', '--schema', join(options.root, 'schemas/wei7-2.2.xsd'), ...collection.xmlFiles], options.root, errFile),
      },
    ],
    10_000,
  );
  const tables: Table[] = [
    {
      headers: ['command', 'files', 'size', 'n', 'wall min', 'median', 'p95', 'files/s (median)', 'throughput', 'CPU time (user + sys) median', 'cores busy (CPU ÷ wall)', 'speed-up over --jobs 1 (median wall)', 'exit status: last stderr line'],
      rows,
    },
  ];
  notes.push(
    `The default against the main thread alone: ${ratio(speedUp)}; two threads (the main thread and a worker) against it: ${ratio(twoSpeedUp)} (median wall time of \`--jobs 1\` ÷ that of the other, measured in the same interleaved rounds). By default \`wei7 check\` checks with one thread a core (at most 8: the main thread, which checks files too, and a worker thread for each other core) once it has ${WORKER_THRESHOLD} files or more (server/src/cli/checkCommand.ts says why); each worker loads the bundle and warms up its own JIT, so the speed-up stays below the core count.`,
    `The machine offers ${availableParallelism()} cores (os.availableParallelism()). "Cores busy" is the CLI's CPU time (all its threads, from bash's \`times\`) divided by its wall time: up to the core count when worker threads share the files. V8's own background threads (concurrent GC, compilers) alone make a single-threaded Node process show about 1.1–1.5×; on a loaded machine waiting for a CPU lowers it.`,
    `Collection: ${collection.files} files — the real records converted and varied (name, a comment, the main line cut at 100/85/70/55 %), ${options.quick ? 4 : VARIANTS} variants each, in both formats; and ${options.quick ? 60 : GENERATED} generated games of 100–300 moves (${collection.moves} moves in all) in both formats; in subdirectories. No warm-up run: the files were just written (page cache).`,
  );
  return {
    title: 'Batch: wei7 check DIR',
    intro: [
      'Whole process, `node bin/wei7.js check DIR` on a directory of records, output to /dev/null; the time includes walking the directory and reading the files. ' +
        '`--jobs 1` (every file in the main thread) and the default (worker threads) run in interleaved rounds, the order alternating, so that the machine\'s load weighs on both alike.',
    ],
    tables,
    notes,
    targets: [],
  };
}
