/**
 * English and Simplified Chinese are both complete: the server's message catalogue, the manifest's
 * %keys% (package.nls.json, package.nls.zh-cn.json) and the client's vscode.l10n.t strings
 * (l10n/bundle.l10n.zh-cn.json). Each test lists every gap at once.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { catalogueEntries, localize, type MessageId } from '../../server/src/l10n/catalogue';
import { SAXES_REASONS_ZH } from '../../server/src/l10n/messages/xml';

/** The bundled tests run from out/test/. */
const ROOT = resolve(__dirname, '../..');

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
}

function readStringTable(path: string): Record<string, string> {
  const table = readJson(path);
  assert.ok(table && typeof table === 'object' && !Array.isArray(table), `${path} is an object`);
  const entries = Object.entries(table as Record<string, unknown>);
  for (const [key, value] of entries) assert.equal(typeof value, 'string', `${path}: "${key}" is a string`);
  return table as Record<string, string>;
}

/** The `{n}` placeholders of a text, sorted and without repeats. */
function placeholders(text: string): string[] {
  return [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();
}

/** Every `%key%` string anywhere in a JSON value. */
function nlsKeys(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    const m = /^%(.+)%$/.exec(value);
    if (m) keys.add(m[1]);
  } else if (Array.isArray(value)) {
    for (const item of value) nlsKeys(item, keys);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) nlsKeys(item, keys);
  }
  return keys;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

/** The string literals passed as the message of `l10n.t(…)` (calls with a variable cannot be checked here). */
function l10nStrings(source: string): string[] {
  const strings: string[] = [];
  const call = /\bl10n\.t\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")/g;
  for (let m = call.exec(source); m; m = call.exec(source)) {
    strings.push((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
  }
  return strings;
}

/**
 * Messages whose two texts use different arguments on purpose, with the reason. Anything else
 * with different placeholders is a translation that lost or mistyped an argument.
 */
const DIFFERENT_ARGUMENTS: Readonly<Record<string, string>> = {
  'nav.time.date': 'English writes the month name ({2}), Chinese the month number ({5})',
};

describe('localization: English and Simplified Chinese', () => {
  test('every message of the server catalogue has both texts, with the same {n} placeholders', () => {
    const gaps: string[] = [];
    for (const [id, text] of catalogueEntries()) {
      if (!text.en.trim()) gaps.push(`${id}: no English text`);
      if (!text.zh.trim()) gaps.push(`${id}: no Chinese text`);
      const en = placeholders(text.en).join(' ');
      const zh = placeholders(text.zh).join(' ');
      if (en !== zh && !(id in DIFFERENT_ARGUMENTS)) gaps.push(`${id}: placeholders ${en || 'none'} in English, ${zh || 'none'} in Chinese`);
      if (en === zh && id in DIFFERENT_ARGUMENTS) gaps.push(`${id}: listed in DIFFERENT_ARGUMENTS but its placeholders agree`);
    }
    const ids = new Set(catalogueEntries().map(([id]) => id));
    for (const id of Object.keys(DIFFERENT_ARGUMENTS)) if (!ids.has(id)) gaps.push(`${id}: listed in DIFFERENT_ARGUMENTS but not in the catalogue`);
    assert.deepEqual(gaps, []);
  });

  test('every %key% of package.json is in package.nls.json and package.nls.zh-cn.json', () => {
    const keys = [...nlsKeys(readJson('package.json'))].sort();
    assert.ok(keys.length > 0, 'the manifest is localized');
    const gaps: string[] = [];
    for (const file of ['package.nls.json', 'package.nls.zh-cn.json']) {
      const table = readStringTable(file);
      for (const key of keys) if (!table[key]?.trim()) gaps.push(`${file}: no text for %${key}%`);
    }
    assert.deepEqual(gaps, []);
  });

  test('package.nls.json and package.nls.zh-cn.json have the same keys', () => {
    const en = Object.keys(readStringTable('package.nls.json')).sort();
    const zh = Object.keys(readStringTable('package.nls.zh-cn.json')).sort();
    assert.deepEqual(zh, en);
  });

  test('every vscode.l10n.t string of the client is in l10n/bundle.l10n.zh-cn.json, with the same {n} placeholders', () => {
    const bundle = readStringTable('l10n/bundle.l10n.zh-cn.json');
    const strings = new Set(sourceFiles('client/src').flatMap((file) => l10nStrings(readFileSync(join(ROOT, file), 'utf8'))));
    assert.ok(strings.size > 0, 'the client is localized');
    const gaps: string[] = [];
    for (const message of strings) {
      const translation = bundle[message];
      if (!translation?.trim()) gaps.push(`no translation for "${message}"`);
      else if (placeholders(translation).join(' ') !== placeholders(message).join(' ')) gaps.push(`placeholders differ for "${message}"`);
    }
    assert.deepEqual(gaps, []);
  });
});

describe('localize: a message in words', () => {
  /** What localize must give: each {n} replaced by the n-th argument, when there is one. */
  const reference = (template: string, args: readonly (string | number)[]): string =>
    template.replace(/\{(\d+)\}/g, (whole, n: string) => (Number(n) < args.length ? String(args[Number(n)]) : whole));

  test('every message of the catalogue, in both languages, with none, some and all of its arguments', () => {
    let compared = 0;
    for (const [id, text] of catalogueEntries()) {
      for (const [locale, template] of [['en', text.en], ['zh-cn', text.zh]] as const) {
        const count = Math.max(-1, ...(template.match(/\{\d+\}/g) ?? []).map((p) => Number(p.slice(1, -1)))) + 1;
        for (let given = 0; given <= count; given++) {
          const args = Array.from({ length: given }, (_, i) => (i % 2 ? i * 7 : `«arg${i}»`));
          assert.equal(localize({ id: id as MessageId, args }, locale), reference(template, args), `${id} (${locale}, ${given} arguments)`);
          compared++;
        }
      }
    }
    assert.ok(compared > 500, `${compared} comparisons`);
  });

  test('a placeholder without its argument stays as written; an id the catalogue does not have comes back as it is', () => {
    // 'diagnostics.limited': '{0} more problems are not shown: the editor gets the first {1} …'
    assert.equal(localize({ id: 'diagnostics.limited', args: [7, 25] }, 'en'), '7 more problems are not shown: the editor gets the first 25 (errors first; the setting wei7.maxNumberOfProblems). Run `wei7 check` for all of them.');
    assert.equal(localize({ id: 'diagnostics.limited', args: [7] }, 'en'), '7 more problems are not shown: the editor gets the first {1} (errors first; the setting wei7.maxNumberOfProblems). Run `wei7 check` for all of them.');
    assert.equal(localize({ id: 'diagnostics.limited' }, 'zh-cn').includes('{0}'), true);
    // An id the catalogue does not have is given back as it is.
    assert.equal(localize({ id: 'no.such.message' as MessageId, args: [1] }, 'en'), 'no.such.message');
  });
});

describe('the XML parser\'s reasons in Chinese', () => {
  test('every reason saxes\'s source can give (its fail calls) is in SAXES_REASONS_ZH, but those of namespaces and of its own misuse', () => {
    const source = readFileSync(join(ROOT, 'node_modules/saxes/saxes.js'), 'utf8');
    const reasons = new Set<string>();
    for (const [, quoted] of source.matchAll(/fail\("((?:[^"\\]|\\.)*)"\)/g)) reasons.add(JSON.parse(`"${quoted}"`).replace(/\.$/, ''));
    // A template: its words before the first ${…}, as a name follows them.
    for (const [, head] of source.matchAll(/fail\(`([^`$]*)\$\{/g)) reasons.add(head.replace(/:?\s*$/, ''));
    // Ours reads XML without namespaces (xmlns off) and never writes after closing.
    const notMet = /prefix|namespace|cannot write after close/;
    const missing = [...reasons].filter((reason) => !notMet.test(reason) && !(reason in SAXES_REASONS_ZH));
    assert.ok(reasons.size > 30, `read ${reasons.size} reasons from saxes`);
    assert.deepEqual(missing, []);
  });
});
