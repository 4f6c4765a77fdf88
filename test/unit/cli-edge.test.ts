/**
 * The `wei7` CLI at its edges (issue 9), as users run it: the built bin/wei7.js as a child
 * process. Missing, unreadable, binary and special files, directories without documents, no
 * arguments, and all of them mixed with good and bad files: a clear message for each, the other
 * files still checked, and the exit status the README gives (0 no error, 1 errors found, 2 usage
 * errors or unreadable files).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/wei7.js');

function wei7(args: string[], cwd = ROOT) {
  // A timeout: reading a pipe or a device must not hang the command.
  const run = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    cwd,
    timeout: 30_000,
    env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '' },
  });
  assert.equal(run.error, undefined, `wei7 ${args.join(' ')}: ${String(run.error)}`);
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function workspace(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wei7-edge-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const GOOD = '<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n';
const BAD = '<wei7 version="2.2">\n  <size>20</size>\n  <moves><black x="3" y="3"/></moves>\n</wei7>\n';
/** Checks with a warning only (a DOCTYPE): exit 0. */
const WARNING = '<!DOCTYPE wei7>\n<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n';
const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe, 0]);

/** Root reads files whatever their mode: a file made unreadable by chmod is unreadable only for others. */
function chmodDenies(file: string): boolean {
  chmodSync(file, 0o000);
  try {
    readFileSync(file);
    return false;
  } catch {
    return true;
  }
}

function mkfifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

describe('wei7 check at the edges', () => {
  test('no arguments: the usage on stderr, exit 2; check without files too; --help: usage on stdout, exit 0', () => {
    const none = wei7([]);
    assert.equal(none.code, 2);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /^Usage:\n {2}wei7 check /);
    const check = wei7(['check']);
    assert.equal(check.code, 2);
    assert.match(check.stderr, /^wei7: no files given\.\nUsage:/);
    const help = wei7(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage:/);
    assert.equal(help.stderr, '');
    // Asked of a command: the same answer, not "unknown option".
    for (const args of [['check', '--help'], ['board', '-h'], ['convert', 'in.sgf', '--help']]) {
      const r = wei7(args);
      assert.deepEqual([r.code, r.stdout, r.stderr], [0, help.stdout, ''], args.join(' '));
    }
  });

  test('--version: the version of the package, exit 0', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) assert.deepEqual(wei7([flag]), { code: 0, stdout: `wei7 ${version}\n`, stderr: '' });
  });

  test('a missing file: its name and "no such file or directory", exit 2; the files beside it are still checked', () => {
    const dir = workspace({ 'good.wei7': GOOD, 'bad.wei7': BAD });
    const r = wei7(['check', 'missing.wei7', 'bad.wei7', 'good.wei7'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^wei7: cannot read missing\.wei7: no such file or directory\.$/m);
    assert.equal(r.stdout, 'bad.wei7:2:9: error 3.4 Board size "20" is not allowed: <size> must be 7, 9, 11, 13, 15, 17 or 19, written as a plain number.\n');
    assert.match(r.stderr, /^2 file\(s\) checked: 1 error\(s\), 0 warning\(s\)\.$/m);
  });

  test('a directory is searched (sub-directories too, only *.wei7); one without .wei7 files is a clear error, exit 2', () => {
    const dir = workspace({
      'records/a/deep/bad.wei7': BAD,
      'records/good.wei7': GOOD,
      'records/notes.txt': 'not a record',
      'records/game.sgf': '(;GM[1]SZ[19];B[dd])',
      'other/readme.md': '# nothing here',
    });
    mkdirSync(join(dir, 'empty'));
    const records = wei7(['check', 'records'], dir);
    assert.equal(records.code, 1);
    assert.equal(records.stdout.split('\n').filter(Boolean).length, 1);
    assert.match(records.stdout, /^records\/a\/deep\/bad\.wei7:2:9: error 3\.4 /);
    assert.match(records.stderr, /^2 file\(s\) checked: 1 error/m);
    for (const name of ['other', 'empty']) {
      const r = wei7(['check', name], dir);
      assert.equal(r.code, 2, name);
      assert.match(r.stderr, new RegExp(`^wei7: ${name} holds no \\.wei7 files\\.$`, 'm'));
      assert.equal(r.stdout, '');
    }
    // A directory named like a document is searched, not read.
    mkdirSync(join(dir, 'folder.wei7'));
    writeFileSync(join(dir, 'folder.wei7/inner.wei7'), GOOD);
    const named = wei7(['check', 'folder.wei7'], dir);
    assert.equal(named.code, 0, named.stderr);
    assert.match(named.stderr, /^1 file\(s\) checked: 0 error/m);
  });

  test('Node\'s compile cache (bin/wei7.js) in a directory it cannot use, or turned off: the same output, no error (session 35)', () => {
    const dir = workspace({ 'bad.wei7': BAD });
    const plain = wei7(['check', 'bad.wei7'], dir);
    for (const env of [{ NODE_COMPILE_CACHE: '/dev/null/cache' }, { NODE_DISABLE_COMPILE_CACHE: '1' }]) {
      const run = spawnSync(process.execPath, [BIN, 'check', 'bad.wei7'], { encoding: 'utf8', cwd: dir, timeout: 30_000, env: { ...process.env, LANG: 'C', ...env } });
      assert.deepEqual([run.status, run.stdout, run.stderr], [plain.code, plain.stdout, plain.stderr], JSON.stringify(env));
    }
  });

  test('a file named without the extension .wei7, given by name: a 3.1 error at 1:1 (2.2 and 3.0 §3.1), and the document checked (session 35)', () => {
    const dir = workspace({ 'game.xml': BAD, 'GAME.WEI7': GOOD });
    const r = wei7(['check', 'game.xml', 'GAME.WEI7'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, 'game.xml:1:1: error 3.1 The file game.xml does not have the extension .wei7: a wei7 document saved as a file must have it.\ngame.xml:2:9: error 3.4 Board size "20" is not allowed: <size> must be 7, 9, 11, 13, 15, 17 or 19, written as a plain number.\n');
  });

  test('a file in UTF-16 (with a BOM, or without one): one 3.1 error for its encoding, and the document checked as read (session 35)', () => {
    // Read as UTF-8 it was two errors, "not valid UTF-8" and "not a wei7 document", and nothing else checked.
    const json = '{"format": "wei7", "version": "3.0", "size": "19", "tree": {}}\n';
    const utf16be = Buffer.from(Buffer.from(json, 'utf16le').map((_, i, b) => b[i ^ 1]));
    const dir = workspace({ 'le.wei7': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(GOOD.replace('<wei7', '<?xml version="1.0" encoding="UTF-16"?>\n<wei7'), 'utf16le')]), 'be.wei7': utf16be });
    const r = wei7(['check', 'be.wei7', 'le.wei7'], dir);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      'be.wei7:1:1: error 3.1 The file is encoded in UTF-16BE; wei7 documents are encoded in UTF-8 (it was read as UTF-16BE for this check: save it as UTF-8).\n' +
        'be.wei7:1:46: error 3.9 "size" must be a positive integer (a square board) or an object {"width": …, "height": …}, found "19".\n' +
        'le.wei7:1:1: error 3.1 The file is encoded in UTF-16LE; wei7 documents are encoded in UTF-8 (it was read as UTF-16LE for this check: save it as UTF-8).\n' +
        'le.wei7:1:31: error 3.1 The XML declaration names the encoding "UTF-16"; a wei7 document is encoded in UTF-8.\n',
    );
  });

  test('a binary file, an empty file, a file of NULs: clear 3.1 errors at 1:1, exit 1 (readable files with errors)', () => {
    const dir = workspace({ 'image.wei7': BINARY, 'empty.wei7': '', 'nul.wei7': '\0\0\0\0' });
    const binary = wei7(['check', 'image.wei7'], dir);
    assert.equal(binary.code, 1);
    assert.match(binary.stdout, /^image\.wei7:1:1: error 3\.1 The file is not valid UTF-8 \(first bad byte at byte offset 0\); wei7 documents are encoded in UTF-8\.$/m);
    assert.match(binary.stdout, /^image\.wei7:1:1: error 3\.1 This is not a wei7 document: /m);
    for (const name of ['empty.wei7', 'nul.wei7']) {
      const r = wei7(['check', name], dir);
      assert.equal(r.code, 1, name);
      assert.match(r.stdout, new RegExp(`^${name.replace('.', '\\.')}:1:1: error 3\\.1 This is not a wei7 document: `));
    }
    // JSON output stays valid JSON with a binary file in it.
    const json = wei7(['check', '--format', 'json', 'image.wei7', 'empty.wei7'], dir);
    assert.equal(json.code, 1);
    const reports = JSON.parse(json.stdout) as { file: string; diagnostics: { code: string }[] }[];
    assert.deepEqual(reports.map((r) => [r.file, r.diagnostics.map((d) => d.code)]), [['image.wei7', ['3.1', '3.1']], ['empty.wei7', ['3.1']]]);
  });

  test('an unreadable file: a path through a file (as root, where chmod 000 denies nothing) and chmod 000 (when it denies): clear reason, exit 2', () => {
    const dir = workspace({ 'a.wei7': GOOD, 'locked.wei7': GOOD, 'bad.wei7': BAD });
    const through = wei7(['check', 'a.wei7/b.wei7', 'bad.wei7'], dir);
    assert.equal(through.code, 2);
    assert.match(through.stderr, /^wei7: cannot read a\.wei7\/b\.wei7: a part of the path before the file name is not a directory\.$/m);
    assert.match(through.stdout, /^bad\.wei7:2:9: error 3\.4 /);
    if (chmodDenies(join(dir, 'locked.wei7'))) {
      const locked = wei7(['check', 'locked.wei7', 'bad.wei7'], dir);
      assert.equal(locked.code, 2);
      assert.match(locked.stderr, /^wei7: cannot read locked\.wei7: permission denied\.$/m);
      assert.match(locked.stdout, /^bad\.wei7:2:9: error 3\.4 /);
    } else {
      console.log(`  running as uid ${process.getuid?.()}: chmod 000 does not deny reading; the path through a file stands for it`);
    }
  });

  test('special files are refused, not read: a named pipe (would block forever), /dev/zero (never ends); symbolic link loops and dangling links', () => {
    const dir = workspace({ 'bad.wei7': BAD });
    symlinkSync('loop.wei7', join(dir, 'loop.wei7'));
    symlinkSync('nowhere.wei7', join(dir, 'dangling.wei7'));
    const files = ['loop.wei7', 'dangling.wei7', '/dev/zero'];
    const hasFifo = mkfifo(join(dir, 'pipe.wei7'));
    if (hasFifo) files.push('pipe.wei7');
    const r = wei7(['check', ...files, 'bad.wei7'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^wei7: cannot read loop\.wei7: too many symbolic links \(a loop of links\?\)\.$/m);
    assert.match(r.stderr, /^wei7: cannot read dangling\.wei7: no such file or directory\.$/m);
    assert.match(r.stderr, /^wei7: cannot read \/dev\/zero: it is not a regular file \(a pipe, a device or a socket\)\.$/m);
    if (hasFifo) assert.match(r.stderr, /^wei7: cannot read pipe\.wei7: it is not a regular file/m);
    assert.match(r.stdout, /^bad\.wei7:2:9: error 3\.4 /);
    // In a directory, special files and dangling links are not documents: skipped.
    const search = wei7(['check', '.'], dir);
    assert.equal(search.code, 1, search.stderr);
    assert.match(search.stderr, /^1 file\(s\) checked/m);
  });

  test('everything mixed: each unreadable file named, every readable file checked, exit 2', () => {
    const dir = workspace({ 'good.wei7': GOOD, 'warn.wei7': WARNING, 'bad.wei7': BAD, 'image.wei7': BINARY, 'a.wei7': GOOD });
    mkdirSync(join(dir, 'empty'));
    const r = wei7(['check', 'good.wei7', 'missing.wei7', 'warn.wei7', 'a.wei7/b.wei7', 'bad.wei7', 'empty', 'image.wei7'], dir);
    assert.equal(r.code, 2);
    const errors = r.stderr.split('\n').filter(Boolean);
    assert.deepEqual(errors, [
      'wei7: cannot read missing.wei7: no such file or directory.',
      'wei7: cannot read a.wei7/b.wei7: a part of the path before the file name is not a directory.',
      'wei7: empty holds no .wei7 files.',
      '4 file(s) checked: 3 error(s), 1 warning(s).',
    ]);
    const files = r.stdout.split('\n').filter(Boolean).map((line) => line.slice(0, line.indexOf(':')));
    assert.deepEqual([...new Set(files)], ['warn.wei7', 'bad.wei7', 'image.wei7']);
  });

  test('exit status: 0 clean, 0 with warnings only, 1 with errors, 2 once a file cannot be read', () => {
    const dir = workspace({ 'good.wei7': GOOD, 'warn.wei7': WARNING, 'bad.wei7': BAD });
    assert.equal(wei7(['check', 'good.wei7'], dir).code, 0);
    const warned = wei7(['check', 'warn.wei7'], dir);
    assert.equal(warned.code, 0);
    assert.match(warned.stdout, /^warn\.wei7:1:1: warning 3\.1 /);
    assert.equal(wei7(['check', 'good.wei7', 'bad.wei7'], dir).code, 1);
    assert.equal(wei7(['check', 'bad.wei7', 'missing.wei7'], dir).code, 2);
  });

  test('the reader of its output goes away (`wei7 check DIR | head -1`): no stack trace, the status of a closed pipe (141)', async () => {
    // 400 files of an error each: far more output than a pipe holds, so writing goes on after the reader closed it.
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`bad${String(i).padStart(3, '0')}.wei7`] = BAD;
    const dir = workspace(files);
    const child = spawn(process.execPath, [BIN, 'check', '--jobs', '1', '.'], { cwd: dir, env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const firstLine = await new Promise<string>((done) => child.stdout.once('data', (chunk: Buffer) => done(chunk.toString().split('\n')[0])));
    child.stdout.destroy();
    const code = await new Promise<number | null>((done) => child.on('close', (status) => done(status)));
    assert.match(firstLine, /^bad000\.wei7:2:9: error 3\.4 /);
    assert.equal(code, 141, stderr);
    assert.doesNotMatch(stderr, /EPIPE|Error|at /);
  });

  test('names: spaces, Chinese, a leading dash, and -- before a file named like an option', () => {
    const dir = workspace({ 'with space.wei7': BAD, '棋谱.wei7': BAD, '-dash.wei7': GOOD, '--format.wei7': BAD });
    const r = wei7(['check', 'with space.wei7', '棋谱.wei7', '-dash.wei7'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^with space\.wei7:2:9: error 3\.4 /m);
    assert.match(r.stdout, /^棋谱\.wei7:2:9: error 3\.4 /m);
    // An option-like name is an unknown option; after -- it is a file.
    assert.equal(wei7(['check', '--format.wei7'], dir).code, 2);
    const dashed = wei7(['check', '--format', 'json', '--', '--format.wei7'], dir);
    assert.equal(dashed.code, 1, dashed.stderr);
    assert.equal((JSON.parse(dashed.stdout) as { file: string }[])[0].file, '--format.wei7');
  });

  test('board and convert name an unreadable input the same way, exit 2', () => {
    const dir = workspace({ 'a.wei7': GOOD, 'image.wei7': BINARY });
    const board = wei7(['board', 'a.wei7/b.wei7', '--line', '1'], dir);
    assert.equal(board.code, 2);
    assert.match(board.stderr, /a\.wei7\/b\.wei7: a part of the path before the file name is not a directory/);
    const missing = wei7(['board', 'missing.wei7', '--line', '1'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /missing\.wei7: no such file or directory/);
    const convert = wei7(['convert', '/dev/zero', '--to', 'json'], dir);
    assert.equal(convert.code, 2);
    assert.match(convert.stderr, /^wei7 convert: cannot read \/dev\/zero: it is not a regular file/);
    const binary = wei7(['convert', 'image.wei7', '--to', 'json'], dir);
    assert.equal(binary.code, 2);
    assert.match(binary.stderr, /image\.wei7.*not valid UTF-8/);
  });

  test('convert: an SGF whose variations nest 10,000 deep is refused with a clear message, not an internal error', () => {
    const depth = 10_000;
    const dir = workspace({ 'deep.sgf': `(;GM[1]FF[4]SZ[19]${'(;B[aa]'.repeat(depth)}${')'.repeat(depth)})` });
    const r = wei7(['convert', 'deep.sgf', '--to', 'json'], dir);
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, /internal error|RangeError/);
    assert.match(r.stderr, /deep\.sgf.*nest too deeply to read/);
  });
});
