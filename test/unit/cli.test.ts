/** The `wei7` CLI as users run it: the built bin/wei7.js as a child process, on real files. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/wei7.js');

function wei7(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: ROOT, env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '', ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function workspace(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'wei7-cli-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const VALID = '<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n';
const INVALID = '<wei7 version="2.2">\n  <size>20</size>\n  <moves><black x="3" y="3"/></moves>\n</wei7>\n';

describe('wei7 check', () => {
  test('the bundled examples check clean (exit 0)', () => {
    const r = wei7(['check', 'examples']);
    assert.equal(r.stdout, '');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '7 file(s) checked: 0 error(s), 0 warning(s).\n');
  });
  test('text output: FILE:LINE:COL: error CODE message, exit 1', () => {
    const dir = workspace({ 'bad.wei7': INVALID });
    const file = join(dir, 'bad.wei7');
    const r = wei7(['check', file]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      `${file}:2:9: error 3.4 Board size "20" is not allowed: <size> must be 7, 9, 11, 13, 15, 17 or 19, written as a plain number.\n`,
    );
  });
  test('json output with LSP ranges, severity, code and source', () => {
    const dir = workspace({ 'bad.wei7': INVALID, 'good.wei7': VALID });
    const r = wei7(['check', '--format', 'json', join(dir, 'good.wei7'), join(dir, 'bad.wei7')]);
    assert.equal(r.code, 1);
    assert.deepEqual(JSON.parse(r.stdout), [
      { file: join(dir, 'good.wei7'), diagnostics: [] },
      {
        file: join(dir, 'bad.wei7'),
        diagnostics: [
          {
            range: { start: { line: 1, character: 8 }, end: { line: 1, character: 10 } },
            severity: 'error',
            code: '3.4',
            source: 'wei7 2.2',
            message: 'Board size "20" is not allowed: <size> must be 7, 9, 11, 13, 15, 17 or 19, written as a plain number.',
          },
        ],
      },
    ]);
  });
  test('a related place follows its diagnostic as a note line (text) and as relatedInformation (json)', () => {
    const occupied = '<wei7 version="2.2">\n  <size>9</size>\n  <moves>\n    <black x="2" y="3"/>\n    <white x="2" y="3"/>\n  </moves>\n</wei7>\n';
    const dir = workspace({ 'occupied.wei7': occupied });
    const file = join(dir, 'occupied.wei7');
    const text = wei7(['check', file]);
    assert.equal(text.code, 0, 'a warning only');
    assert.equal(
      text.stdout,
      `${file}:5:12: warning 9.6 The point (2, 3) is already occupied: a move (步) is a move of Go (§9.6), and a move of Go goes on an empty point. It is skipped in replay.\n` +
        `${file}:4:12: note The stone on (2, 3) is Black's, from move 1.\n`,
    );
    const json = JSON.parse(wei7(['check', '--format', 'json', file]).stdout) as { diagnostics: { relatedInformation?: unknown }[] }[];
    assert.deepEqual(json[0].diagnostics.map((d) => d.relatedInformation), [
      [{ location: { uri: pathToFileURL(file).href, range: { start: { line: 3, character: 11 }, end: { line: 3, character: 22 } } }, message: "The stone on (2, 3) is Black's, from move 1." }],
    ]);
  });
  test('messages in Simplified Chinese from the environment or --locale', () => {
    const dir = workspace({ 'bad.wei7': INVALID });
    for (const r of [wei7(['check', join(dir, 'bad.wei7')], { LANG: 'zh_CN.UTF-8' }), wei7(['check', '--locale', 'zh-cn', join(dir, 'bad.wei7')])]) {
      assert.match(r.stdout, /:2:9: error 3\.4 棋盘大小“20”不合法/);
      assert.match(r.stderr, /已检查 1 个文件：1 个错误/);
    }
  });
  test('a missing file is a clear message and exit 2, and the other files are still checked', () => {
    const dir = workspace({ 'bad.wei7': INVALID });
    const r = wei7(['check', join(dir, 'missing.wei7'), join(dir, 'bad.wei7')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`cannot read ${join(dir, 'missing.wei7')}: no such file or directory`));
    assert.match(r.stdout, /bad\.wei7:2:9: error 3\.4/);
  });
  test('a directory is searched for .wei7 files; one with none is an error', () => {
    const dir = workspace({ 'a/b/bad.wei7': INVALID, 'a/ok.wei7': VALID, 'a/notes.txt': 'x', 'empty/readme.md': '' });
    const r = wei7(['check', join(dir, 'a')]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout.split('\n').filter(Boolean).length, 1);
    const empty = wei7(['check', join(dir, 'empty')]);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /holds no \.wei7 files/);
  });
  test('invalid UTF-8 is a 3.1 error at the bad byte', () => {
    const bytes = Buffer.concat([Buffer.from('<wei7 version="2.2"><size>19</size><moves><black x="3" y="3" comment="中'), Buffer.from([0xff]), Buffer.from('"/></moves></wei7>\n')]);
    const dir = workspace({ 'bytes.wei7': bytes });
    const r = wei7(['check', join(dir, 'bytes.wei7')]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /bytes\.wei7:1:72: error 3\.1 The file is not valid UTF-8 \(first bad byte at byte offset 73\)/);
  });
  test('a byte order mark is not a column: line 1 is numbered as the editor shows it (without the BOM)', () => {
    const text = '<wei7 version="2.3"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n';
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const dir = workspace({ 'plain.wei7': text, 'bom.wei7': Buffer.concat([bom, Buffer.from(text)]) });
    const columns = ['plain.wei7', 'bom.wei7'].map((name) => wei7(['check', join(dir, name)]).stdout.replace(join(dir, name), 'FILE'));
    assert.equal(columns[0], 'FILE:1:16: error 3.2 version="2.3" is not a wei7 2.x version; it must be 2.2 (or 2.1 or 2.0 for older documents).\n');
    assert.equal(columns[1], columns[0]);
    // A bad byte after a BOM: its column counts the characters after the BOM; its byte offset counts the BOM's bytes.
    const dirBytes = workspace({ 'bytes.wei7': Buffer.concat([bom, Buffer.from('<wei7 version="2.2"><size>19</size><moves><black x="3" y="3" comment="'), Buffer.from([0xff]), Buffer.from('"/></moves></wei7>\n')]) });
    assert.match(wei7(['check', join(dirBytes, 'bytes.wei7')]).stdout, /bytes\.wei7:1:71: error 3\.1 The file is not valid UTF-8 \(first bad byte at byte offset 73\)/);
    // `wei7 board` takes the editor's positions too: character 44 is the move's `<` with or without the BOM.
    const boards = ['plain.wei7', 'bom.wei7'].map((name) => wei7(['board', join(dir, name), '--line', '0', '--character', '44', '--format', 'json']));
    assert.equal(boards[0].code, 0, boards[0].stderr);
    assert.equal(boards[1].stdout, boards[0].stdout);
  });
  test('a binary file gets a clear diagnostic, not a crash', () => {
    const dir = workspace({ 'x.wei7': new Uint8Array([0, 1, 2, 3, 0x89, 0x50]) });
    const r = wei7(['check', join(dir, 'x.wei7')]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /x\.wei7:1:1: error 3\.1 /);
  });
  test('usage errors exit 2', () => {
    assert.equal(wei7([]).code, 2);
    assert.equal(wei7(['check']).code, 2);
    assert.equal(wei7(['frobnicate']).code, 2);
    assert.equal(wei7(['check', '--format', 'yaml', 'x']).code, 2);
    assert.equal(wei7(['check', '--colour', 'x']).code, 2);
  });
});
