/** `wei7 convert` as a function: output, -o, refusing to overwrite, --force, and exit 2 with a place for broken input. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertCommand, parseConvertArguments } from '../../server/src/cli/convertCommand';

const SGF = '(;GM[1]FF[4]SZ[9]PB[Kuro]PW[Shiro]KM[6.5]RE[W+2.5]\n;B[ee]C[tengen]\n;W[cc]BL[30]\n(;B[gg])\n(;B[cg]))\n';

function workspace(files: Record<string, string | Uint8Array> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'wei7-convert-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

test('no -o: the result goes to stdout, warnings to stderr with file:line:column, exit 0', () => {
  const dir = workspace({ 'game.sgf': SGF });
  const r = convertCommand([join(dir, 'game.sgf'), '--to', 'json']);
  assert.equal(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /^\{\n  "format": "wei7",\n  "version": "3.0",\n  "size": 9,/);
  assert.match(r.stdout, /\{"action": \{"type": "move", "value": \{"color": 1, "point": \{"x": 4, "y": 4\} \} \}, "comment": "tengen"\}/);
  assert.equal(r.stderr, `${join(dir, 'game.sgf')}:3:1: warning: Time left (BL) was dropped: wei7 does not record clocks.\n`);
});

test('--to xml and --to sgf, and --to=json', () => {
  const dir = workspace({ 'game.sgf': SGF });
  assert.match(convertCommand([join(dir, 'game.sgf'), '--to', 'xml']).stdout, /^<\?xml version="1.0" encoding="utf-8"\?>\n<wei7 version="2.2">\n  <size>9<\/size>/);
  assert.match(convertCommand([join(dir, 'game.sgf'), '--to', 'sgf']).stdout, /^\(\n  ;GM\[1\]FF\[4\]CA\[UTF-8\]SZ\[9\]/);
  assert.equal(convertCommand([`--to=json`, join(dir, 'game.sgf')]).exitCode, 0);
});

test('-o writes the file and says so; an existing file is refused without --force (exit 2) and replaced with it', () => {
  const dir = workspace({ 'game.sgf': SGF });
  const out = join(dir, 'game.wei7');
  const first = convertCommand([join(dir, 'game.sgf'), '--to', 'json', '-o', out]);
  assert.equal(first.exitCode, 0, first.stderr);
  assert.equal(first.stdout, '');
  assert.match(first.stderr, new RegExp(`wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(1 warning\\(s\\)\\)\\.\\n$`));
  assert.match(readFileSync(out, 'utf8'), /"version": "3.0"/);

  writeFileSync(out, 'keep me');
  const refused = convertCommand([join(dir, 'game.sgf'), '--to', 'xml', '-o', out]);
  assert.equal(refused.exitCode, 2);
  assert.equal(refused.stderr, `wei7 convert: ${out} already exists; add --force to replace it.\n`);
  assert.equal(readFileSync(out, 'utf8'), 'keep me');

  const forced = convertCommand([join(dir, 'game.sgf'), '--to', 'xml', '-o', out, '--force']);
  assert.equal(forced.exitCode, 0, forced.stderr);
  assert.match(readFileSync(out, 'utf8'), /<wei7 version="2.2">/);
});

test('a broken SGF: exit 2, the line and column of the fault, nothing written', () => {
  const dir = workspace({ 'cut.sgf': '(;GM[1]SZ[19]\n;B[pd]\n;W[dd]C[unfinished', 'open.sgf': '(;GM[1]\n;B[pd]\n(;W[dd])\n' });
  const out = join(dir, 'out.wei7');
  const cut = convertCommand([join(dir, 'cut.sgf'), '--to', 'json', '-o', out]);
  assert.equal(cut.exitCode, 2);
  assert.equal(cut.stdout, '');
  assert.equal(cut.stderr, `${join(dir, 'cut.sgf')}:3:8: cannot convert: this "[" opens a property value that is never closed with "]"\n`);
  assert.equal(existsSync(out), false);
  const open = convertCommand([join(dir, 'open.sgf'), '--to', 'json']);
  assert.equal(open.exitCode, 2);
  assert.match(open.stderr, /open\.sgf:1:1: cannot convert: the game tree opened here is not closed: the text ends \(line 4, column 1\) before its "\)"/);
});

test('unreadable and unknown inputs, and usage errors: exit 2 with a clear message', () => {
  const dir = workspace({ 'notes.txt': 'hello', 'small.wei7': '{"format": "wei7", "version": "3.0", "size": {"width": 19, "height": 13}, "tree": {}}' });
  const missing = convertCommand([join(dir, 'nope.sgf'), '--to', 'json']);
  assert.equal(missing.exitCode, 2);
  assert.equal(missing.stderr, `wei7 convert: cannot read ${join(dir, 'nope.sgf')}: no such file or directory.\n`);
  const unknown = convertCommand([join(dir, 'notes.txt'), '--to', 'json']);
  assert.equal(unknown.exitCode, 2);
  assert.match(unknown.stderr, /notes\.txt: cannot convert: this is not an SGF record, a wei7 document or a 石葉 XML record/);
  const narrow = convertCommand([join(dir, 'small.wei7'), '--to', 'xml']);
  assert.equal(narrow.exitCode, 2);
  assert.match(narrow.stderr, /cannot convert: the board is 19×13; wei7 2\.2 boards are square/);
  for (const args of [[], [join(dir, 'notes.txt')], [join(dir, 'notes.txt'), '--to', 'pdf'], [join(dir, 'notes.txt'), '--to', 'json', '--bogus']]) {
    const r = convertCommand(args);
    assert.equal(r.exitCode, 2, args.join(' '));
    assert.match(r.stderr, /Usage:\n  wei7 convert IN --to json\|xml\|sgf \[-o OUT\] \[--force\]/);
  }
});

test('messages in Simplified Chinese with --locale zh-cn', () => {
  const dir = workspace({ 'game.sgf': SGF });
  const r = convertCommand([join(dir, 'game.sgf'), '--to', 'json'], 'zh-cn');
  assert.match(r.stderr, /警告：剩余时间（BL）已丢弃/);
});

test('arguments: options in any order, = forms, one input only', () => {
  assert.deepEqual(parseConvertArguments(['-o', 'x.wei7', 'in.sgf', '--force', '--to=xml']), { input: 'in.sgf', target: 'xml', output: 'x.wei7', force: true });
  assert.deepEqual(parseConvertArguments(['a.sgf', 'b.sgf', '--to', 'json']), { error: { id: 'convert.cli.moreInputs', args: ['b.sgf'] } });
  assert.deepEqual(parseConvertArguments(['a.sgf', '--to']), { error: { id: 'convert.cli.missingValue', args: ['--to'] } });
});
