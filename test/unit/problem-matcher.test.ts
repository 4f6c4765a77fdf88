/**
 * The problem matcher the extension contributes (`$wei7`, package.json) for tasks that run
 * `wei7 check`: every diagnostic line the CLI prints must match it, and the fields it takes out
 * must be the diagnostics the CLI's JSON output gives for the same files, in both languages; the
 * note lines of related places must not match.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

interface ProblemPattern {
  readonly regexp: string;
  readonly file: number;
  readonly line: number;
  readonly column: number;
  readonly severity: number;
  readonly code: number;
  readonly message: number;
}

interface JsonReport {
  readonly file: string;
  readonly diagnostics: readonly {
    range: { start: { line: number; character: number } };
    severity: string;
    code: string;
    message: string;
    relatedInformation?: readonly { location: { range: { start: { line: number; character: number } } }; message: string }[];
  }[];
}

function matcherPattern(): ProblemPattern {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { problemMatchers: { name: string; pattern: ProblemPattern }[] } };
  const matcher = pkg.contributes.problemMatchers.find((m) => m.name === 'wei7');
  assert.ok(matcher, 'package.json contributes the wei7 problem matcher');
  return matcher.pattern;
}

function check(dir: string, locale: string, format: 'text' | 'json'): string {
  const run = spawnSync(process.execPath, [join(ROOT, 'bin/wei7.js'), 'check', '--locale', locale, '--format', format, 'records'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 1, run.stderr);
  return run.stdout;
}

test('every line of wei7 check matches the $wei7 problem matcher, with the fields of its JSON output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wei7-matcher-'));
  const records = join(dir, 'records');
  spawnSync('mkdir', ['-p', join(records, 'sub dir')]);
  // Errors and a warning, a path with a space and a colon-free Chinese message.
  writeFileSync(join(records, 'sub dir', 'a.wei7'), '<!DOCTYPE wei7>\n<wei7 version="2.2">\n  <size>20</size>\n  <moves><black x="3" y="3"/><black x="3" y="3"/></moves>\n</wei7>\n');
  writeFileSync(join(records, 'b.wei7'), '{"format": "wei7", "version": "3.0", "tree": {"steps": [{"action": {"type": "move", "value": {"color": 3, "point": {"x": 3, "y": 3}}}}]}}\n');
  const pattern = matcherPattern();
  const regexp = new RegExp(pattern.regexp);
  for (const locale of ['en', 'zh-cn']) {
    const expected = (JSON.parse(check(dir, locale, 'json')) as JsonReport[]).flatMap((r) =>
      r.diagnostics.map((d) => [r.file, String(d.range.start.line + 1), String(d.range.start.character + 1), d.severity, d.code, d.message]),
    );
    const expectedNotes = (JSON.parse(check(dir, locale, 'json')) as JsonReport[]).flatMap((r) =>
      r.diagnostics.flatMap((d) => (d.relatedInformation ?? []).map((place) => `${r.file}:${place.location.range.start.line + 1}:${place.location.range.start.character + 1}: note ${place.message}`)),
    );
    const lines = check(dir, locale, 'text').split('\n').filter(Boolean);
    assert.ok(expected.length >= 4 && expected.some((e) => e[3] === 'warning'), `errors and a warning: ${JSON.stringify(expected)}`);
    assert.equal(expectedNotes.length, 1, 'the move onto the occupied point has a related place');
    // A related place's note line is not a problem: the matcher passes over it (as over any line it does not match).
    const notes = lines.filter((line) => !regexp.test(line));
    assert.deepEqual(notes, expectedNotes);
    const matched = lines.flatMap((line) => {
      const m = regexp.exec(line);
      return m ? [[m[pattern.file], m[pattern.line], m[pattern.column], m[pattern.severity], m[pattern.code], m[pattern.message]]] : [];
    });
    assert.deepEqual(matched, expected);
  }
});
