/**
 * The resident checker (`wei7 resident start|stop|status`), run as users run it: the built
 * bin/wei7.js as child processes, each test with a temporary directory of its own (TMPDIR) so that
 * no checker a developer runs is touched. What `wei7 check` prints through a resident checker is
 * the same, byte for byte and with the same exit status, as what it prints by itself; the status's
 * count of checks tells that the checker, not the client, did the checking.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { residentAddress, type ResidentAddress } from '../../server/src/cli/resident/address';
import { exchange } from '../../server/src/cli/resident/client';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/wei7.js');
const BUNDLE = join(ROOT, 'dist/cli.js');
const EXAMPLES = join(ROOT, 'examples');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A temporary directory standing for the user's TMPDIR, and `wei7` run with it. */
function sandbox() {
  const tmp = mkdtempSync(join(tmpdir(), 'wei7-resident-test-'));
  const pids: number[] = [];
  const wei7 = (args: string[], options: { env?: Record<string, string>; cwd?: string; shell?: string } = {}): Run => {
    const env = { ...process.env, TMPDIR: tmp, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', LANGUAGE: '', WEI7_RESIDENT: '', ...options.env };
    const run = options.shell
      ? spawnSync('bash', ['-c', options.shell], { encoding: 'utf8', cwd: options.cwd ?? ROOT, timeout: 60_000, env })
      : spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: options.cwd ?? ROOT, timeout: 60_000, maxBuffer: 1 << 26, env });
    assert.equal(run.error, undefined, `wei7 ${args.join(' ')}: ${String(run.error)}`);
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const start = (...extra: string[]): number => {
    const started = wei7(['resident', 'start', ...extra]);
    assert.equal(started.code, 0, started.stderr);
    const pid = Number(/process (\d+)/.exec(started.stdout)?.[1]);
    assert.ok(pid > 0, started.stdout);
    pids.push(pid);
    return pid;
  };
  const checks = (): number => {
    const status = wei7(['resident', 'status']);
    assert.equal(status.code, 0, `no resident checker: ${status.stdout}${status.stderr}`);
    return Number(/(\d+) check\(s\)/.exec(status.stdout)?.[1]);
  };
  /** Stops every checker this sandbox started, whatever a test did. */
  const cleanUp = (): void => {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already stopped.
      }
    }
  };
  return { tmp, wei7, start, checks, cleanUp };
}

const sandboxes: ReturnType<typeof sandbox>[] = [];
function newSandbox(): ReturnType<typeof sandbox> {
  const box = sandbox();
  sandboxes.push(box);
  return box;
}
after(() => sandboxes.forEach((box) => box.cleanUp()));

/** A collection with findings of every kind: the examples and broken copies of them. */
function records(tmp: string): string {
  const dir = join(tmp, 'records');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  for (const name of readdirSync(EXAMPLES).filter((n) => n.endsWith('.wei7'))) copyFileSync(join(EXAMPLES, name), join(dir, name));
  writeFileSync(join(dir, 'sub', 'bad size.wei7'), '<?xml version="1.0"?>\n<wei7 version="2.2">\n  <size>20</size>\n  <moves>\n    <black x="3" y="3" />\n  </moves>\n</wei7>\n');
  writeFileSync(join(dir, 'sub', 'cut.wei7'), '{"format": "wei7", "version": "3.0", "size": 19, "tree": {"steps": [');
  writeFileSync(join(dir, 'sub', '中文.wei7'), '<?xml version="1.0"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n    <black x="3" y="3" />\n    <white x="3" y="3" />\n  </moves>\n</wei7>\n');
  return dir;
}

describe('wei7 check through a resident checker', () => {
  test('prints what the command prints by itself, byte for byte, and the checker did the checking', () => {
    const box = newSandbox();
    const dir = records(box.tmp);
    box.start();
    const cases: { args: string[]; env?: Record<string, string>; cwd?: string }[] = [
      { args: ['check', dir] },
      { args: ['check', '--format', 'json', dir] },
      { args: ['check', dir], env: { LANG: 'zh_CN.UTF-8' } },
      { args: ['check', '--locale', 'zh-cn', 'sub', 'missing.wei7'], cwd: dir },
      { args: ['check', join(dir, 'sub', 'bad size.wei7')] },
      { args: ['check'] },
      { args: ['check', '--jobs', 'x', dir] },
    ];
    for (const { args, env, cwd } of cases) {
      const before = box.checks();
      const resident = box.wei7(args, { env, cwd });
      assert.equal(box.checks(), before + 1, `${args.join(' ')}: not handed to the resident checker`);
      const alone = box.wei7(args, { env: { ...env, WEI7_RESIDENT: '0' }, cwd });
      assert.equal(box.checks(), before + 1, `${args.join(' ')}: WEI7_RESIDENT=0 still used the resident checker`);
      assert.deepEqual(resident, alone, args.join(' '));
    }
    // The cases above found something: the comparison was not of empty outputs.
    const found = box.wei7(['check', dir]);
    assert.equal(found.code, 1);
    assert.match(found.stdout, /bad size\.wei7:3:9: error 3\.4 /);
    assert.match(found.stderr, /^10 file\(s\) checked: \d+ error\(s\), \d+ warning\(s\)\.\n$/m);
  });

  test('a reader that goes away stops the client, not the checker', () => {
    const box = newSandbox();
    const dir = records(box.tmp);
    box.start();
    const before = box.checks();
    const head = box.wei7([], { shell: `"${process.execPath}" "${BIN}" check "${dir}" | head -c 10; echo " status \${PIPESTATUS[0]}"` });
    assert.match(head.stdout, / status (1|141)\n$/);
    assert.equal(box.checks(), before + 1);
    assert.equal(box.wei7(['check', dir]).code, 1);
  });

  test('a checker killed without stopping: check checks by itself, and start starts a new one', () => {
    const box = newSandbox();
    const dir = records(box.tmp);
    const pid = box.start();
    process.kill(pid, 'SIGKILL');
    // Wait for the process to be gone (its socket file stays: nothing removed it).
    for (let i = 0; i < 200 && alive(pid); i++) spawnSync('sleep', ['0.02']);
    assert.ok(existsSync(addressUnder(box.tmp).path), 'the killed checker left its socket file');
    const fallback = box.wei7(['check', dir]);
    assert.deepEqual(fallback, box.wei7(['check', dir], { env: { WEI7_RESIDENT: '0' } }));
    assert.equal(fallback.code, 1);
    assert.equal(box.wei7(['resident', 'status']).code, 1);
    const second = box.start();
    assert.notEqual(second, pid);
    assert.equal(box.checks(), 0);
  });
});

describe('wei7 check and a resident checker that fails', () => {
  /**
   * `wei7 check` against a stand-in for the checker, listening where the client looks, that
   * answers with `lines` and hangs up. The client runs asynchronously: the stand-in answers from
   * this process's event loop.
   */
  async function checkAgainst(lines: string[]): Promise<{ resident: Run; alone: Run }> {
    const box = newSandbox();
    const dir = records(box.tmp);
    const address = addressUnder(box.tmp);
    mkdirSync(address.directory as string, { mode: 0o700 });
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end(lines.join('')));
    });
    await new Promise<void>((done) => server.listen(address.path, done));
    try {
      const env = { ...process.env, TMPDIR: box.tmp, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', LANGUAGE: '' };
      const resident = await runAsync([BIN, 'check', dir], env);
      const alone = await runAsync([BIN, 'check', dir], { ...env, WEI7_RESIDENT: '0' });
      return { resident, alone };
    } finally {
      server.close();
    }
  }

  test('no answer, or an answer that is not JSON: check checks by itself', async () => {
    for (const lines of [[], ['not json\n'], ['{"status": 1}\n']]) {
      const { resident, alone } = await checkAgainst(lines);
      assert.deepEqual(resident, alone, JSON.stringify(lines));
      assert.equal(alone.code, 1);
    }
  });

  test('part of the output, then no result: the part is printed, and the command fails saying why', async () => {
    const { resident } = await checkAgainst(['{"out": "a.wei7:1:1: error 3.4 partial\\n"}\n']);
    assert.deepEqual(resident, {
      code: 2,
      stdout: 'a.wei7:1:1: error 3.4 partial\n',
      stderr: 'wei7: the resident checker stopped before it finished; run the command again, or with WEI7_RESIDENT=0.\n',
    });
  });
});

describe('wei7 resident start, status, stop', () => {
  test('status and stop with none running; start, start again, status, stop', () => {
    const box = newSandbox();
    assert.deepEqual(box.wei7(['resident', 'status']), { code: 1, stdout: 'wei7: no resident checker is running; wei7 check checks by itself.\n', stderr: '' });
    assert.equal(box.wei7(['resident', 'stop']).code, 1);
    const pid = box.start('--idle-minutes', '5');
    const again = box.wei7(['resident', 'start']);
    assert.equal(again.code, 0);
    assert.match(again.stdout, new RegExp(`^wei7: a resident checker was already running\\.\\nwei7: a resident checker is running \\(process ${pid}, since \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z, 0 check\\(s\\) so far\\); .* It stops after 5 idle minutes`));
    const chinese = box.wei7(['resident', 'status'], { env: { LANG: 'zh_CN.UTF-8' } });
    assert.match(chinese.stdout, new RegExp(`^wei7：常驻检查进程正在运行（进程 ${pid}，`));
    assert.deepEqual(box.wei7(['resident', 'stop']), { code: 0, stdout: `wei7: the resident checker (process ${pid}) stopped.\n`, stderr: '' });
    for (let i = 0; i < 200 && alive(pid); i++) spawnSync('sleep', ['0.02']);
    assert.equal(alive(pid), false, 'the checker is still running after stop');
    assert.equal(existsSync(addressUnder(box.tmp).path), false, 'stop left the socket file');
  });

  test('usage errors', () => {
    const box = newSandbox();
    for (const [args, pattern] of [
      [['resident'], /^wei7: resident needs one of: start, stop, status\.\nUsage: wei7 resident start\|stop\|status \[--idle-minutes N\]\n$/],
      [['resident', 'restart'], /^wei7: resident needs one of/],
      [['resident', 'start', 'now'], /^wei7: resident needs one of/],
      [['resident', 'start', '--idle-minutes', '0'], /^wei7: option --idle-minutes needs a whole number of minutes from 1 to 10080 \("0" is not one\)\.\n$/],
      [['resident', 'start', '--idle-minutes=1.5'], /"1\.5" is not one/],
      [['resident', 'start', '--idle-minutes', '10081'], /"10081" is not one/],
      [['resident', 'start', '--jobs', '2'], /^wei7: unknown option "--jobs"\.\n$/],
    ] as const) {
      const run = box.wei7([...args]);
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stdout, '');
      assert.match(run.stderr, pattern, args.join(' '));
    }
  });

  test('a socket directory another user could write in is not used', () => {
    const box = newSandbox();
    const directory = addressUnder(box.tmp).directory as string;
    mkdirSync(directory);
    chmodSync(directory, 0o777);
    const start = box.wei7(['resident', 'start']);
    assert.equal(start.code, 2);
    assert.equal(start.stderr, `wei7: ${directory} is not a directory of your own that only you may write in, so no resident checker is used there. Remove it, or set TMPDIR to another directory.\n`);
    const dir = records(box.tmp);
    assert.deepEqual(box.wei7(['check', dir]), box.wei7(['check', dir], { env: { WEI7_RESIDENT: '0' } }));
  });

  test('a socket path too long: start fails and says why, and check checks by itself', () => {
    const box = newSandbox();
    const long = join(box.tmp, 'x'.repeat(120));
    mkdirSync(long);
    const start = box.wei7(['resident', 'start'], { env: { TMPDIR: long } });
    const path = addressUnder(long).path;
    assert.deepEqual(start, {
      code: 2,
      stdout: '',
      stderr: `wei7: the resident checker could not start: its socket's path, ${path}, is ${Buffer.byteLength(path)} bytes long, and a socket's path may be 103 at most; set TMPDIR to a shorter directory.\n`,
    });
    assert.equal(box.wei7(['resident', 'status'], { env: { TMPDIR: long } }).code, 1);
    const dir = records(box.tmp);
    assert.deepEqual(box.wei7(['check', dir], { env: { TMPDIR: long } }), box.wei7(['check', dir], { env: { WEI7_RESIDENT: '0' } }));
  });

  test('a request in a working directory that is gone, and a line that is not a request', async () => {
    const box = newSandbox();
    box.start();
    const address = addressUnder(box.tmp);
    const replies: unknown[] = [];
    const gone = join(box.tmp, 'gone');
    await exchange(address.path, { request: 'check', args: ['check', 'a.wei7'], cwd: gone, env: {} }, (reply) => replies.push(reply));
    assert.deepEqual(replies, [{ exitCode: 2, stdout: '', stderr: `wei7: the resident checker cannot work in ${gone} (ENOENT); run the command again with WEI7_RESIDENT=0.\n` }]);
    const odd: unknown[] = [];
    // @ts-expect-error: a request this checker does not know
    await exchange(address.path, { request: 'shutdown' }, (reply) => odd.push(reply));
    assert.deepEqual(odd, []);
    assert.equal(box.checks(), 1);
  });
});

describe('the address of a resident checker', () => {
  test('changes with the bundle (a rebuilt CLI never talks to the old checker)', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'wei7-address-'));
    const copy = join(tmp, 'cli.js');
    copyFileSync(BUNDLE, copy);
    const first = residentAddress(copy);
    utimesSync(copy, new Date(), new Date(Date.now() + 5000));
    const rebuilt = residentAddress(copy);
    assert.ok(first && rebuilt);
    assert.notEqual(first.path, rebuilt.path);
    assert.equal(first.directory, rebuilt.directory);
    assert.equal(residentAddress(join(tmp, 'none.js')), undefined);
  });
});

/** Whether the process runs (a zombie, which no parent has reaped yet, does not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z /.test(stat);
}

/** The address of the checker for the built CLI with `tmp` as TMPDIR (this process's tmpdir() swapped for it). */
function addressUnder(tmp: string): ResidentAddress {
  const address = residentAddress(BUNDLE);
  assert.ok(address?.directory);
  const under = (path: string): string => join(tmp, path.slice(tmpdir().length + 1));
  return { path: under(address.path), directory: under(address.directory), log: under(address.log) };
}

function runAsync(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
