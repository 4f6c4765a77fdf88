/**
 * `wei7 check` with worker threads (--jobs): the output of many files is the same, byte for byte,
 * whether the main thread checks them (--jobs 1, as before) or worker threads do (the default, or
 * --jobs N): the order of the files, standard output and error, the exit status. Run as users run
 * it (the built bin/wei7.js as a child process) on a collection of 120 records made from the
 * examples, some broken, with unreadable files named among them; and in process, the pool of
 * workers itself: workers that crash, workers that cannot start, output streamed in order.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkCommand, parseJobs, workerCount, WORKER_THRESHOLD, MAX_THREADS, MAX_REQUESTED_THREADS } from '../../server/src/cli/checkCommand';
import { checkInWorkers, batchSizeFor, type StopReason } from '../../server/src/cli/checkPool';
import type { CheckTask } from '../../server/src/cli/checkWorker';
import type { FileOutcome } from '../../server/src/cli/checkFile';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/wei7.js');
const CLI_BUNDLE = join(ROOT, 'dist/cli.js');

function wei7(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    timeout: 120_000,
    maxBuffer: 1 << 26,
    env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', ...env },
  });
  assert.equal(run.error, undefined, `wei7 ${args.join(' ')}: ${String(run.error)}`);
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe, 0]);

/** The i-th document of the collection: an example, as it is or broken in one of several ways. */
function document(examples: readonly Buffer[], i: number): Uint8Array {
  const original = examples[i % examples.length];
  const text = original.toString('utf8');
  switch (i % 9) {
    case 1: // 3.4: a board size that is not allowed
      return Buffer.from(text.replace('<size>19</size>', '<size>20</size>').replace('"size": 19', '"size": 20'));
    case 3: // cut in the middle: syntax errors
      return original.subarray(0, Math.floor(original.length * 0.6));
    case 4: // 3.1: a byte that is not UTF-8, in the middle
      return Buffer.concat([original.subarray(0, original.length >> 1), Buffer.from([0xff]), original.subarray(original.length >> 1)]);
    case 5:
      return i % 2 ? BINARY : new Uint8Array();
    case 7: // number forms: komi 7.50
      return Buffer.from(text.replace('komi="7.5"', 'komi="7.50"').replace('"komi": 7.5', '"komi": 7.50'));
    default:
      return original;
  }
}

/** 120 records in sub-directories (the walk sorts them), and a directory without records. */
function collection(): { dir: string; records: string } {
  const examples = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.wei7'))
    .sort()
    .map((f) => readFileSync(join(ROOT, 'examples', f)));
  const dir = mkdtempSync(join(tmpdir(), 'wei7-jobs-'));
  const records = join(dir, 'records');
  for (let i = 0; i < 120; i++) {
    const folder = join(records, `group-${String(i % 7)}`, i % 3 ? '' : '棋谱');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `game-${String(119 - i).padStart(3, '0')}.wei7`), document(examples, i));
  }
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'plain.wei7'), 'not a directory');
  return { dir, records };
}

/** The same arguments checked in this process by the main thread alone: the output of the single-threaded run. */
async function singleThreaded(args: string[], locale: 'en' | 'zh-cn' = 'en') {
  assert.equal(args[0], 'check');
  const r = await checkCommand(args.slice(1), locale);
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

describe('wei7 check --jobs: the same output from the main thread and from worker threads', () => {
  const { dir, records } = collection();
  // Unreadable files named among the records (a worker reads them and reports them, in their place).
  const mixed = [join(dir, 'missing.wei7'), records, '/dev/null', join(dir, 'empty'), join(dir, 'plain.wei7/inner.wei7'), join(records, 'group-1/game-118.wei7')];

  test('text: --jobs 1, --jobs 2, --jobs 3 and the default print the same bytes and exit with the same status', async () => {
    const expected = await singleThreaded(['check', ...mixed]);
    const errors = expected.stderr.split('\n').filter(Boolean);
    assert.deepEqual(errors.slice(0, -1), [
      `wei7: cannot read ${join(dir, 'missing.wei7')}: no such file or directory.`,
      'wei7: cannot read /dev/null: it is not a regular file (a pipe, a device or a socket).',
      `wei7: ${join(dir, 'empty')} holds no .wei7 files.`,
      `wei7: cannot read ${join(dir, 'plain.wei7/inner.wei7')}: a part of the path before the file name is not a directory.`,
    ]);
    assert.match(errors[errors.length - 1], /^121 file\(s\) checked: [1-9]\d* error\(s\), \d+ warning\(s\)\.$/);
    assert.equal(expected.code, 2);
    // game-118 is i = 1: the 2.2 example with <size>20</size>, in group-1 (i % 3 ≠ 0: not in 棋谱/).
    const sized = join(records, 'group-1/game-118.wei7');
    assert.ok(
      expected.stdout.includes(`${sized}:3:9: error 3.4 Board size "20" is not allowed: <size> must be 7, 9, 11, 13, 15, 17 or 19, written as a plain number.\n`),
      expected.stdout.slice(0, 2000),
    );
    // In the order of the walk (sorted), then the file named again at the end.
    const files = expected.stdout.split('\n').filter(Boolean).map((line) => line.slice(0, line.indexOf('.wei7:') + 5));
    const order = files.filter((file, i) => file !== files[i - 1]);
    assert.deepEqual(order.slice(0, -1), [...new Set(order.slice(0, -1))].sort());
    assert.equal(order[order.length - 1], sized);
    assert.ok(order.length > 40, `${order.length} files with findings`);

    for (const jobs of [['--jobs', '1'], ['--jobs', '2'], ['--jobs=3'], []]) {
      const r = wei7(['check', ...jobs, ...mixed]);
      assert.equal(r.stdout, expected.stdout, `stdout with ${jobs.join(' ') || 'the default'}`);
      assert.equal(r.stderr, expected.stderr, `stderr with ${jobs.join(' ') || 'the default'}`);
      assert.equal(r.code, 2, jobs.join(' '));
    }
  });

  test('text without unreadable files: exit 1 either way', async () => {
    const expected = await singleThreaded(['check', records]);
    assert.equal(expected.code, 1);
    assert.match(expected.stderr, /^120 file\(s\) checked: [1-9]\d* error\(s\)/);
    for (const jobs of ['1', '2']) assert.deepEqual(wei7(['check', '--jobs', jobs, records]), expected, `--jobs ${jobs}`);
    assert.deepEqual(wei7(['check', records]), expected, 'the default');
  });

  test('json: the same array, in the layout of JSON.stringify(…, null, 2), from either', async () => {
    const expected = await singleThreaded(['check', '--format', 'json', ...mixed]);
    const reports = JSON.parse(expected.stdout) as { file: string; diagnostics: unknown[] }[];
    assert.equal(reports.length, 121);
    assert.equal(expected.stdout, `${JSON.stringify(reports, null, 2)}\n`);
    assert.equal(expected.code, 2);
    for (const jobs of [['--jobs', '1'], ['--jobs', '2'], []]) {
      const r = wei7(['check', '--format', 'json', ...jobs, ...mixed]);
      assert.equal(r.stdout, expected.stdout, jobs.join(' ') || 'the default');
      assert.equal(r.stderr, expected.stderr);
      assert.equal(r.code, 2);
    }
    // No file checked: an empty array, as before.
    const none = wei7(['check', '--format', 'json', '--jobs', '2', join(dir, 'missing.wei7')]);
    assert.deepEqual(none, { code: 2, stdout: '[]\n', stderr: `wei7: cannot read ${join(dir, 'missing.wei7')}: no such file or directory.\n` });
  });

  test('Simplified Chinese messages come out the same from the workers', async () => {
    const expected = await singleThreaded(['check', records], 'zh-cn');
    assert.match(expected.stderr, /^已检查 120 个文件：/);
    assert.deepEqual(wei7(['check', records], { LANG: 'zh_CN.UTF-8' }), expected);
    assert.deepEqual(wei7(['check', '--locale', 'zh-cn', '--jobs', '2', records]), expected);
  });

  test('--jobs that is not a whole number of 1 or more: a clear message naming the value, exit 2, nothing checked', () => {
    for (const value of ['0', 'x', '-1', '1.5', '', '2x', '0x10']) {
      const r = wei7(['check', `--jobs=${value}`, records]);
      assert.deepEqual(r, { code: 2, stdout: '', stderr: `wei7: option --jobs needs a whole number of threads, 1 or more ("${value}" is not one).\n` }, value);
    }
    const zh = wei7(['check', '--jobs', 'x', '--locale', 'zh-cn', records]);
    assert.deepEqual(zh, { code: 2, stdout: '', stderr: 'wei7：选项 --jobs 需要一个不小于 1 的整数（线程数），“x”不是。\n' });
    const help = wei7(['--help']);
    assert.match(help.stdout, /^ {2}wei7 check \[--format text\|json\] \[--locale en\|zh-cn\] \[--jobs N\] FILE\|DIR\.\.\.$/m);
  });
});

describe('how many workers', () => {
  test('by default: none under the threshold or with two cores or fewer, a thread a core but one up to 8 (the main thread one of them), no more than the files give work for; --jobs N: N threads, at most one a file and at most 64', () => {
    assert.ok(WORKER_THRESHOLD >= 2);
    assert.equal(workerCount(WORKER_THRESHOLD - 1, undefined, 8), 0);
    // At the threshold, two threads (the main thread and a worker), however many cores.
    assert.equal(workerCount(WORKER_THRESHOLD, undefined, 8), 1);
    // One core is left to V8's own threads: with two, the main thread alone.
    assert.equal(workerCount(10_000, undefined, 1), 0);
    assert.equal(workerCount(10_000, undefined, 2), 0);
    assert.equal(workerCount(10_000, undefined, 4), 2);
    assert.equal(workerCount(10_000, undefined, 64), MAX_THREADS - 1);
    assert.equal(workerCount(10_000, 1, 8), 0);
    assert.equal(workerCount(10_000, 12, 2), 11);
    assert.equal(workerCount(120, 2, 2), 1);
    assert.equal(workerCount(3, 8, 8), 2);
    // However many are asked for and however many files: an isolate each would run the machine out of memory.
    assert.equal(MAX_REQUESTED_THREADS, 64);
    assert.equal(workerCount(100_000, 99_999, 2), 63);
    assert.equal(workerCount(100_000, 65, 128), 63);
    // One file: the main thread alone.
    assert.equal(workerCount(1, 2, 8), 0);
  });
  test('--jobs values', () => {
    assert.equal(parseJobs('1'), 1);
    assert.equal(parseJobs('16'), 16);
    for (const bad of ['0', '00', '-2', '+2', '2.0', 'two', ' 2', '1e3', '9999999']) assert.equal(parseJobs(bad), undefined, bad);
  });
  test('batches: small enough to share the files out evenly', () => {
    assert.equal(batchSizeFor(32, 2), 2);
    assert.equal(batchSizeFor(120, 2), 7);
    assert.equal(batchSizeFor(3000, 2), 16);
    assert.equal(batchSizeFor(5, 8), 1);
  });
});

/** A stand-in worker (eval'd code) that speaks the protocol of checkWorker.ts and stops as told by the file's name. */
const FAKE_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (batch) => {
  for (const task of batch) {
    if (task.path.includes('throw')) throw new Error('boom on ' + task.path);
    if (task.path.includes('exit')) process.exit(7);
    parentPort.postMessage({ index: task.index, outcome: { stdout: task.path + '\\n', stderr: '', checked: true, errors: 0, warnings: 0 } });
  }
});
parentPort.postMessage({ ready: true });
`;
const BROKEN_WORKER = `throw new Error('cannot start');`;

async function pool(paths: readonly string[], code: string, workers = 2, checkHere?: (task: CheckTask) => FileOutcome) {
  const outcomes = new Map<number, FileOutcome>();
  const stops: [string, StopReason][] = [];
  let started = 0;
  const tasks: CheckTask[] = paths.map((path, index) => ({ index, path }));
  const leftover = await checkInWorkers(tasks, {
    workers,
    batchSize: 3,
    createWorker: () => {
      started++;
      return new Worker(code, { eval: true });
    },
    onOutcome: (index, outcome) => {
      assert.equal(outcomes.has(index), false, `index ${index} once`);
      outcomes.set(index, outcome);
    },
    stopped: (task, reason) => {
      stops.push([task.path, reason]);
      return { stdout: '', stderr: `stopped at ${task.path}\n`, checked: false, errors: 0, warnings: 0 };
    },
    checkHere,
  });
  return { outcomes, stops, leftover, started };
}

describe('the pool of workers', () => {
  const names = (n: number, bad: Record<number, string> = {}): string[] => Array.from({ length: n }, (_, i) => bad[i] ?? `f${i}`);

  test('every file once, whatever worker checked it', async () => {
    const r = await pool(names(40), FAKE_WORKER);
    assert.deepEqual(r.leftover, []);
    assert.deepEqual([...r.outcomes.keys()].sort((a, b) => a - b), [...Array(40).keys()]);
    assert.deepEqual([...r.outcomes.entries()].map(([i, o]) => [i, o.stdout]).sort((a, b) => Number(a[0]) - Number(b[0])), names(40).map((n, i) => [i, `${n}\n`]));
    assert.equal(r.started, 2);
  });

  test('a worker that throws: the file it was on is an internal error, the files queued behind it are checked by others', async () => {
    const r = await pool(names(30, { 10: 'throw-10' }), FAKE_WORKER);
    assert.deepEqual(r.leftover, []);
    assert.deepEqual(r.stops, [['throw-10', { error: 'Error: boom on throw-10' }]]);
    assert.equal(r.outcomes.get(10)?.stderr, 'stopped at throw-10\n');
    for (let i = 0; i < 30; i++) if (i !== 10) assert.equal(r.outcomes.get(i)?.stdout, `f${i}\n`, `f${i}`);
    // The stopped worker was replaced.
    assert.equal(r.started, 3);
  });

  test('workers that exit, again and again: each time one file blamed, the others checked; no hang', async () => {
    const bad = { 0: 'exit-0', 1: 'exit-1', 2: 'exit-2', 17: 'exit-17', 29: 'exit-29' };
    const r = await pool(names(30, bad), FAKE_WORKER);
    assert.deepEqual(r.leftover, []);
    assert.deepEqual(r.stops.map(([p]) => p).sort(), Object.values(bad).sort());
    for (const [, reason] of r.stops) assert.deepEqual(reason, { exitCode: 7 });
    assert.equal(r.outcomes.size, 30);
    for (let i = 0; i < 30; i++) if (!(i in bad)) assert.equal(r.outcomes.get(i)?.stdout, `f${i}\n`);
  });

  test('the main thread checking files too: every file once, some by each', async () => {
    const here = (task: CheckTask): FileOutcome => ({ stdout: `${task.path} here\n`, stderr: '', checked: true, errors: 0, warnings: 0 });
    const r = await pool(names(200), FAKE_WORKER, 1, here);
    assert.deepEqual(r.leftover, []);
    assert.deepEqual([...r.outcomes.keys()].sort((a, b) => a - b), [...Array(200).keys()]);
    const byMain = [...r.outcomes.values()].filter((o) => o.stdout.endsWith(' here\n')).length;
    // The main thread starts at once, while the worker loads; the worker checks some too.
    assert.ok(byMain > 0 && byMain < 200, `${byMain} of 200 by the main thread`);
    for (const [i, o] of r.outcomes) assert.match(o.stdout, new RegExp(`^f${i}( here)?\n$`));
    // A worker that stops while the main thread helps: still every file once.
    const stopping = await pool(names(60, { 40: 'exit-40' }), FAKE_WORKER, 1, here);
    assert.equal(stopping.outcomes.size, 60);
    assert.ok(stopping.stops.every(([p]) => p === 'exit-40'));
  });

  test('workers that cannot start: no file blamed, every file handed back for the main thread', async () => {
    const r = await pool(names(20), BROKEN_WORKER);
    assert.equal(r.outcomes.size, 0);
    assert.deepEqual(r.stops, []);
    assert.deepEqual(r.leftover.map((t) => t.path), names(20));
    // With the main thread checking too: what it checked before they stopped, and the rest handed back.
    const here = (task: CheckTask): FileOutcome => ({ stdout: `${task.path}\n`, stderr: '', checked: true, errors: 0, warnings: 0 });
    const helped = await pool(names(20), BROKEN_WORKER, 2, here);
    assert.deepEqual(helped.stops, []);
    assert.deepEqual([...helped.outcomes.keys(), ...helped.leftover.map((t) => t.index)].sort((a, b) => a - b), [...Array(20).keys()]);
  });

  test('the command with workers that cannot start: the main thread checks everything, same output', async () => {
    const { records } = collection();
    const script = join(mkdtempSync(join(tmpdir(), 'wei7-jobs-worker-')), 'broken.js');
    writeFileSync(script, BROKEN_WORKER);
    const expected = await checkCommand([records], 'en');
    const withBroken = await checkCommand(['--jobs', '2', records], 'en', { workerScript: script, cores: 2 });
    assert.deepEqual(withBroken, expected);
  });

  test('the command with the real workers (dist/cli.js): standard output streamed in order, in many writes, equal to the main thread\'s', async () => {
    const { records } = collection();
    const expected = await checkCommand([records], 'en');
    const chunks: string[] = [];
    const streamed = await checkCommand(['--jobs', '2', records], 'en', { workerScript: CLI_BUNDLE, cores: 2, write: (chunk) => chunks.push(chunk) });
    assert.equal(chunks.join(''), expected.stdout);
    assert.ok(chunks.length > 10, `${chunks.length} writes`);
    assert.deepEqual({ ...streamed, stdout: chunks.join('') }, expected);
    assert.equal(streamed.stdout, '');
  });
});
