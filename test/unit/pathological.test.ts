/**
 * Pathological documents (issue 9): nesting 100,000 deep, 20 MB, a 1 MB comment, a board of a
 * billion points, billion laughs, invalid UTF-8, and CRLF / BOM / non-BMP text. Every feature's
 * pure function runs on each, as the server would call it; nothing may overflow the stack, hang,
 * allocate without bound, or put a range in the wrong place.
 *
 * Memory is measured in a child process of its own (this file, run again with --expose-gc and
 * PATHOLOGICAL_PROBE set), so that what other tests left on the heap does not count.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyze, type Analysis } from '../../server/src/analysis';
import { LineIndex, type Position } from '../../server/src/model/lineIndex';
import type { Span } from '../../server/src/model/types';
import { createReplay } from '../../server/src/engine/replay';
import { toDiagnostics } from '../../server/src/features/diagnostics';
import { relatedPlaces } from '../../server/src/features/relatedPlaces';
import { hoverAt } from '../../server/src/features/hover';
import { complete } from '../../server/src/features/completion';
import { documentOutline } from '../../server/src/features/symbols';
import { foldingRanges } from '../../server/src/features/folding';
import { selectionSpans } from '../../server/src/features/selectionRanges';
import { inlayHints } from '../../server/src/features/inlayHints';
import { definitionAt, referencesAt } from '../../server/src/features/definition';
import { formatDocument, formatRange } from '../../server/src/features/format';
import { fixesFor } from '../../server/src/features/codeActions';
import { previewPosition } from '../../server/src/features/position';
import { playMove } from '../../server/src/features/playMove';
import { TestLspClient } from '../support/lspClient';

const ROOT = resolve(__dirname, '../..');
const DEPTH = 100_000;
const STEP = '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}';

/* ---------- every feature, as the server calls it ---------- */

interface FeatureRun {
  readonly name: string;
  readonly ms: number;
}

/**
 * Runs every feature's pure function on `analysis` at `offsets` (the server's handlers add only
 * the conversion of offsets to positions); throws with the feature's name if one throws.
 * Returns the time of each.
 */
function everyFeature(analysis: Analysis, offsets: readonly number[], afterEach?: (name: string) => void): FeatureRun[] {
  const text = analysis.text;
  const lines = new LineIndex(text);
  const doc = analysis.document;
  const replay = doc && createReplay(doc);
  const view = { uri: 'file:///p.wei7', version: 1, analysis, lines, replay };
  const runs: FeatureRun[] = [];
  const run = (name: string, f: () => unknown): void => {
    const started = performance.now();
    try {
      f();
    } catch (e) {
      throw new Error(`${name} threw: ${e instanceof Error ? e.stack : String(e)}`);
    }
    runs.push({ name, ms: performance.now() - started });
    afterEach?.(name);
  };
  const positions: Position[] = offsets.map((o) => lines.positionAt(o));
  run('diagnostics', () => toDiagnostics(analysis, lines, { locale: 'en', specBaseUrl: 'file:///spec/' }));
  run('replay (last node)', () => doc?.nodes.length && replay?.positionAfter(doc.nodes[doc.nodes.length - 1]));
  run('outline', () => JSON.stringify(documentOutline(analysis, { locale: 'en', replay })));
  run('folding', () => foldingRanges(analysis, lines));
  run('inlay hints', () => inlayHints(analysis, { start: 0, end: text.length }, 'en', replay));
  // As the server sends them: each range nested in its parent, through JSON.stringify.
  run('selection ranges', () =>
    offsets.map((o) => JSON.stringify(selectionSpans(analysis, o).reduceRight<object | undefined>((parent, span) => ({ range: span, parent }), undefined))),
  );
  run('hover', () => offsets.map((o) => hoverAt(analysis, o, { locale: 'en', replay })));
  run('completion', () => offsets.map((o) => complete(analysis, { offset: o, locale: 'en' })));
  run('definition', () => offsets.map((o) => definitionAt(analysis, o)));
  run('references', () => offsets.map((o) => referencesAt(analysis, o, true)));
  run('formatting', () => formatDocument(analysis, { tabSize: 2, insertSpaces: true }));
  run('range formatting', () => offsets.map((o) => formatRange(analysis, { start: Math.max(0, o - 100), end: o }, { tabSize: 2, insertSpaces: true })));
  // (An occupied-point fix walks the moves after its move: on a 100,000-deep game, 10 ms a finding.)
  run('code actions (first 100 findings)', () => analysis.findings.slice(0, 100).map((f) => fixesFor(analysis, f)));
  run('wei7/position', () => positions.map((p) => previewPosition(view, p)));
  run('wei7/playMove', () => positions.map((p) => playMove(view, { uri: view.uri, position: p, point: { x: 10, y: 10 }, asVariation: true }, 'en')));
  return runs;
}

function timings(runs: readonly FeatureRun[]): string {
  return runs.map((r) => `${r.name} ${r.ms.toFixed(0)} ms`).join(', ');
}

/** Every finding lies in the text. */
function assertSpansInside(analysis: Analysis): void {
  for (const f of analysis.findings) {
    assert.ok(f.span.start >= 0 && f.span.start <= f.span.end && f.span.end <= analysis.text.length, `${f.message.id} [${f.span.start}, ${f.span.end})`);
  }
}

/* ---------- the documents ---------- */

function nestedXml(depth: number, closed: boolean): string {
  const head = '<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n    <black x="3" y="3" />\n';
  return head + '<moves><white x="15" y="15"/>'.repeat(depth) + (closed ? `${'</moves>'.repeat(depth)}\n  </moves>\n</wei7>\n` : '');
}

function nestedJson(depth: number, closed: boolean): string {
  const head = `{"format": "wei7", "version": "3.0", "size": 19, "tree": {"steps": [${STEP}], "branches": [`;
  const white = '{"action":{"type":"move","value":{"color":2,"point":{"x":15,"y":15}}}}';
  return head + `{"steps":[${white}],"branches":[`.repeat(depth) + (closed ? `${']}'.repeat(depth)}]}}\n` : '');
}

/** Offsets worth asking at: the start, the deepest point, the middle, the end. */
function probes(text: string, deepest: number): number[] {
  return [0, 30, deepest, text.length >> 1, text.length - 1, text.length];
}

/* ---------- memory, measured in a child process ---------- */

interface Probe {
  /** The largest heap seen between the stages (garbage included). */
  readonly heapGrowth: number;
  /** What the analysis and the replay hold after a full GC. */
  readonly retained: number;
  /** The process's peak resident memory, less what it had before the document was made. */
  readonly rssGrowth: number;
  /** The document's size in UTF-8 bytes. */
  readonly bytes: number;
  readonly ms: number;
  readonly size: number;
  readonly findings: number;
  /** An error finding sits exactly on the value of the last x="99" / "x": 99 (the documents that have one). */
  readonly lastErrorExact: boolean;
  readonly note?: string;
}

/** Builds the document a probe measures: generated inside the child, so it is the only thing there. */
function probeDocument(name: string): string {
  switch (name) {
    case '20mb-xml': {
      // A game collection: 1 move, then variations of 2 moves each with a comment, about 20 MB; one error at the end.
      const comment = 'A long comment on this variation, as annotated collections have them. 黑棋 &amp; 白棋 '.repeat(3);
      const parts: string[] = ['<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n    <black x="3" y="3" />\n'];
      let size = parts[0].length;
      for (let i = 0; size < 20_000_000; i++) {
        const x = (i % 18) + 1;
        const y = Math.floor(i / 18) % 18 + 1;
        const part = `    <moves>\n      <white x="${x}" y="${y === 3 && x === 3 ? 4 : y}" comment="${comment}${i}" />\n      <black x="${(x + 5) % 19}" y="${(y + 7) % 19 === 3 ? 4 : (y + 7) % 19}" />\n    </moves>\n`;
        parts.push(part);
        size += part.length;
      }
      parts.push('    <moves><white x="99" y="3" /></moves>\n  </moves>\n</wei7>\n');
      return parts.join('');
    }
    case '20mb-json': {
      const comment = 'A long comment on this variation, as annotated collections have them. 黑棋 & 白棋 '.repeat(3);
      const parts: string[] = [`{\n  "format": "wei7",\n  "version": "3.0",\n  "size": 19,\n  "tree": {\n    "steps": [${STEP}],\n    "branches": [\n`];
      let size = parts[0].length;
      for (let i = 0; size < 20_000_000; i++) {
        const x = (i % 18) + 1;
        const y = (Math.floor(i / 18) % 15) + 4;
        const part = `      {"steps": [{"action": {"type": "move", "value": {"color": 2, "point": {"x": ${x}, "y": ${y}}}}, "comment": "${comment}${i}"}]},\n`;
        parts.push(part);
        size += part.length;
      }
      parts.push(`      {"steps": [{"action": {"type": "move", "value": {"color": 2, "point": {"x": 99, "y": 3}}}}]}\n    ]\n  }\n}\n`);
      return parts.join('');
    }
    case 'size-1e9-square':
      return `{"format": "wei7", "version": "3.0", "size": 1000000000, "tree": {"pre": {"stones": [{"color": 1, "point": {"x": 999999999, "y": 999999999}}]}, "steps": [${STEP}]}}\n`;
    case 'size-1e9-rect':
      return `{"format": "wei7", "version": "3.0", "size": {"width": 1000000000, "height": 1000000000}, "tree": {"steps": [${STEP}]}}\n`;
    case 'size-1e9-xml':
      return '<wei7 version="2.2"><size>1000000000</size><moves><black x="999999999" y="3"/></moves></wei7>\n';
    case 'billion-laughs':
      return billionLaughs();
    default:
      throw new Error(`no probe ${name}`);
  }
}

function billionLaughs(): string {
  const entities = ['  <!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) entities.push(`  <!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE wei7 [',
    ...entities,
    '  <!ENTITY xxe SYSTEM "file:///etc/passwd">',
    ']>',
    '<wei7 version="2.2">',
    '  <size>19</size>',
    '  <game name="&lol9;"><black name="&xxe;"/><white name="&lol9;&lol9;"/></game>',
    '  <moves><black x="3" y="3" comment="&lol9;"/><white x="4" y="4" title="&xxe;"/></moves>',
    '</wei7>',
    '',
  ].join('\n');
}

/** Keeps a probe's analysis alive while the retained heap is measured. */
let held: unknown;

/** In the child: analyse the probe's document and run every feature, report heap growth (peak over the run, and retained). */
function runProbe(name: string): Probe {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const text = probeDocument(name);
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  // Sampled after each stage, garbage included (a GC before each stage, so that one stage's
  // garbage does not count for the next): a lower bound of the peak in between.
  let worst = '';
  const sample = (stage = 'analysis'): void => {
    const used = process.memoryUsage().heapUsed;
    if (used > peak) [peak, worst] = [used, stage];
    gc();
  };
  const started = performance.now();
  const analysis = analyze(text);
  sample();
  const ms = performance.now() - started;
  const runs = everyFeature(analysis, [30, text.length >> 1, text.length - 1], sample);
  const replay = analysis.document && createReplay(analysis.document);
  if (analysis.document?.nodes.length) replay?.positionAfter(analysis.document.nodes[analysis.document.nodes.length - 1]);
  held = [analysis, replay]; // what the server keeps for an open document, held through the GC
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  const rssGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
  const last = Math.max(text.lastIndexOf('x="99"') + 3, text.lastIndexOf('"x": 99') + 5);
  const lastErrorExact = analysis.findings.some((f) => f.severity === 'error' && f.span.start === last && f.span.end === last + 2);
  return {
    heapGrowth: peak - before,
    retained,
    rssGrowth,
    ms,
    size: text.length,
    bytes: Buffer.byteLength(text),
    findings: analysis.findings.length,
    lastErrorExact,
    note: `${timings(runs)}; largest heap after ${worst}`,
  };
}

/** Runs a probe in a child process whose heap may not grow past `heapLimitMb` (it dies if it must). */
function probe(name: string, heapLimitMb = 512): Probe {
  const child = spawnSync(process.execPath, ['--expose-gc', `--max-old-space-size=${heapLimitMb}`, __filename], {
    env: { ...process.env, PATHOLOGICAL_PROBE: name },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  assert.equal(child.status, 0, `probe ${name} failed (a heap limit of ${heapLimitMb} MB): ${child.stderr.slice(-3000)}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as Probe;
}

const MB = 1 << 20;

if (process.env.PATHOLOGICAL_PROBE) {
  // The child: measure and print; no tests here.
  process.stdout.write(`${JSON.stringify(runProbe(process.env.PATHOLOGICAL_PROBE))}\n`);
} else {
  describe('pathological documents', () => {
    for (const closed of [true, false]) {
      test(`${DEPTH.toLocaleString('en')} nested moves (XML${closed ? '' : ', never closed'}): no stack overflow anywhere`, () => {
        const text = nestedXml(DEPTH, closed);
        const analysis = analyze(text);
        assert.ok(analysis.document, 'read as a wei7 document');
        assert.equal(analysis.document.nodes.length, DEPTH + 1);
        assertSpansInside(analysis);
        if (!closed) assert.ok(analysis.findings.some((f) => f.message.id === 'xml.unclosedAtEnd'));
        // Formatting leaves it as it is instead of writing gigabytes of indentation, and says why.
        if (closed) assert.deepEqual(formatDocument(analysis, { tabSize: 2, insertSpaces: true }), { edits: [], refused: { reason: 'tooDeep' } });
        const runs = everyFeature(analysis, probes(text, text.lastIndexOf('<white')));
        console.log(`  nested XML (${text.length} characters): ${timings(runs)}`);
      });
      test(`${DEPTH.toLocaleString('en')} nested branches (JSON${closed ? '' : ', never closed'}): no stack overflow anywhere`, () => {
        const text = nestedJson(DEPTH, closed);
        const analysis = analyze(text);
        assert.ok(analysis.document, 'read as a wei7 document');
        assert.equal(analysis.document.nodes.length, DEPTH + 1);
        assertSpansInside(analysis);
        if (!closed) assert.ok(analysis.findings.some((f) => f.message.id === 'json.unexpectedEnd'));
        if (closed) assert.deepEqual(formatDocument(analysis, { tabSize: 2, insertSpaces: true }), { edits: [], refused: { reason: 'tooDeep' } });
        const runs = everyFeature(analysis, probes(text, text.lastIndexOf('{"steps":')));
        console.log(`  nested JSON (${text.length} characters): ${timings(runs)}`);
      });
    }

    test('through the server: every request on documents nested 100,000 deep answers, and the server lives on', async () => {
      const client = new TestLspClient();
      try {
        await client.initialize();
        const documents: [string, string, string][] = [
          ['file:///deep.xml.wei7', nestedXml(DEPTH, true), '<white'],
          ['file:///deep-open.json.wei7', nestedJson(DEPTH, false), '{"steps":'],
        ];
        for (const [uri, text, last] of documents) {
          const lines = new LineIndex(text);
          const published = await client.open(uri, text);
          assert.ok(published.diagnostics.length > 0, 'diagnostics come');
          const deepest = lines.positionAt(text.lastIndexOf(last) + 2);
          const textDocument = { uri };
          const whole = { start: { line: 0, character: 0 }, end: lines.positionAt(text.length) };
          const requests: [string, unknown][] = [
            ['textDocument/documentSymbol', { textDocument }],
            ['textDocument/foldingRange', { textDocument }],
            ['textDocument/selectionRange', { textDocument, positions: [deepest, { line: 0, character: 1 }] }],
            ['textDocument/hover', { textDocument, position: deepest }],
            ['textDocument/completion', { textDocument, position: deepest }],
            ['textDocument/definition', { textDocument, position: deepest }],
            ['textDocument/references', { textDocument, position: deepest, context: { includeDeclaration: true } }],
            ['textDocument/inlayHint', { textDocument, range: whole }],
            ['textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } }],
            ['textDocument/rangeFormatting', { textDocument, range: { start: deepest, end: deepest }, options: { tabSize: 2, insertSpaces: true } }],
            ['textDocument/codeAction', { textDocument, range: whole, context: { diagnostics: published.diagnostics.slice(0, 20) } }],
            ['wei7/position', { uri, position: deepest }],
            ['wei7/playMove', { uri, position: deepest, point: { x: 9, y: 9 }, asVariation: true }],
          ];
          for (const [method, params] of requests) {
            const started = performance.now();
            const answer = await withTimeout(client.connection.sendRequest(method, params), 60_000, `${method} on ${uri}`);
            const ms = performance.now() - started;
            if (method === 'textDocument/selectionRange') assert.ok(Array.isArray(answer) && answer.length === 2, 'a selection range for each position');
            if (method === 'textDocument/documentSymbol') assert.ok(Array.isArray(answer) && answer.length > 0, 'an outline');
            if (ms > 5000) console.log(`  ${method} on ${uri}: ${ms.toFixed(0)} ms`);
          }
          await client.connection.sendNotification('textDocument/didClose', { textDocument });
        }
        const small = await client.open('file:///small.wei7', '<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n');
        assert.deepEqual(small.diagnostics, []);
      } finally {
        await client.close();
      }
    });

    test('a document nested 50 deep is still formatted, and its outline nests', () => {
      for (const text of [nestedXml(50, true), nestedJson(50, true)]) {
        const analysis = analyze(text);
        assert.ok(formatDocument(analysis, { tabSize: 2, insertSpaces: true }).edits.length > 0);
        let depth = 0;
        for (let level = documentOutline(analysis, { locale: 'en' }); level.length; level = level[level.length - 1].children) depth++;
        assert.ok(depth >= 50, `outline depth ${depth}`);
      }
    });

    for (const name of ['20mb-xml', '20mb-json']) {
      test(`a 20 MB document (${name.slice(5)}): diagnostics still come, memory bounded`, () => {
        // What the server keeps for the open document (analysis and replay) stays under 20 times its
        // size; every feature runs within a heap of 60 times (1.2 GB; Node's default here is 4 GB), or the child dies.
        const result = probe(name, 60 * 20);
        console.log(
          `  ${name}: ${(result.bytes / MB).toFixed(1)} MB, analysed in ${result.ms.toFixed(0)} ms, ${result.findings} finding(s); ` +
            `heap retained ${(result.retained / MB).toFixed(0)} MB (${(result.retained / result.bytes).toFixed(1)}×), ` +
            `largest heap seen +${(result.heapGrowth / MB).toFixed(0)} MB, peak RSS +${(result.rssGrowth / MB).toFixed(0)} MB; ${result.note}`,
        );
        assert.ok(result.bytes >= 20_000_000);
        assert.ok(result.lastErrorExact, 'the error at the very end is found, at its exact place');
        assert.ok(result.retained < 20 * result.bytes, `the analysis holds ${(result.retained / MB).toFixed(0)} MB for ${(result.bytes / MB).toFixed(0)} MB`);
      });
    }

    test('a 1 MB comment (XML attribute, XML comment, JSON string): every feature, in bounded time', () => {
      const big = 'x'.repeat(MB / 2) + '黑'.repeat(MB / 4) + ' \u{20000}'.repeat(MB / 12);
      const documents = [
        `<wei7 version="2.2"><size>19</size><moves><black x="3" y="3" comment="${big}"/><white x="4" y="4"/></moves></wei7>\n`,
        `<wei7 version="2.2"><size>19</size><!--${big}--><moves><black x="3" y="3"/></moves></wei7>\n`,
        `{"format": "wei7", "version": "3.0", "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}, "comment": "${big}"}]}}\n`,
      ];
      for (const text of documents) {
        const started = performance.now();
        const analysis = analyze(text);
        assertSpansInside(analysis);
        const inside = text.indexOf(big) + (MB >> 1);
        const runs = everyFeature(analysis, [0, text.indexOf(big) - 2, inside, text.length - 3]);
        const ms = performance.now() - started;
        console.log(`  1 MB comment (${text.slice(0, 12)}…): ${ms.toFixed(0)} ms; ${timings(runs)}`);
        assert.ok(ms < 10_000, `${ms} ms`);
        // A hover over the commented move shows the comment in part at most: a hover is no place for a megabyte.
        const hover = hoverAt(analysis, text.indexOf('black') + 1, { locale: 'en' });
        if (hover) assert.ok(hover.markdown.length < 100_000, `the hover is ${hover.markdown.length} characters`);
        // Completion inside the comment offers nothing that would replace it.
        for (const item of complete(analysis, { offset: inside, locale: 'en' })) assert.ok(item.edit.span.end - item.edit.span.start < 1000, item.label);
      }
    });

    test('50,000 unknown names in one object and on one element: each looked for a near miss once, in bounded time (found by the fuzz, seed 20202)', () => {
      // Each unknown name is checked against the names its shape allows but the object lacks: made once, not once a name.
      const names = Array.from({ length: 50_000 }, (_, i) => `"k${i}": 1`).join(', ');
      const attributes = Array.from({ length: 50_000 }, (_, i) => `k${i}="1"`).join(' ');
      const documents = [
        `{"format": "wei7", "version": "3.0", "tree": {"steps": [{"action": {"type": "message", "value": "a"}, ${names}}]}}\n`,
        `<wei7 version="2.2"><size>19</size><moves><black x="3" y="3" ${attributes}/></moves></wei7>\n`,
      ];
      for (const text of documents) {
        const started = performance.now();
        const analysis = analyze(text);
        const ms = performance.now() - started;
        console.log(`  50,000 unknown names (${text.slice(0, 12)}…): ${ms.toFixed(0)} ms`);
        assert.equal(analysis.findings.length, 50_000);
        assert.ok(ms < 10_000, `${ms} ms`);
      }
    });

    test('40,000 slips of one kind: each read once, never a search to the end of the text from each', () => {
      // [the text, how many findings at least]
      const documents: [string, number][] = [
        // A minified text is one line: a bare word's reading looks along its line up to a quote, not to the line's end.
        [`{"format": "wei7", "version": "3.0", "tree": {"title": "t", ${Array.from({ length: 40_000 }, (_, i) => `"k${i}": x`).join(', ')}}}\n`, 40_000],
        // Strings in single or curly quotes whose first closing quote does not end them: each read on at most 2,000 characters, not to the line's end (session 36: 20,000 in single quotes took 14 s).
        [`{"format": "wei7", "version": "3.0", "tree": {"title": "t", "steps": [${Array.from({ length: 40_000 }, (_, i) => (i % 2 ? "'a'b c" : '“a”b c')).join(', ')}]}}\n`, 80_000],
        // Whether a "-->" or a "?>" follows anywhere is looked up once for the text, not once a comment.
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<!-- note\n<black x="3" y="3"/>\n'.repeat(40_000)}</moves></wei7>\n`, 40_000],
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<?pi note\n<black x="3" y="3"/>\n'.repeat(40_000)}</moves></wei7>\n`, 40_000],
        // A comment's "--->" looks for the next "<" and "-->" from where the last look found them, not each time to the end of the text.
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<!-- note ---> b\n<black x="3" y="3"/>\n'.repeat(40_000)}</moves></wei7>\n`, 40_000],
        [`<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n<!-- a ${'---> b '.repeat(40_000)}`, 1],
        // A value's closing quote left out before its tag's end: the "<" is looked for up to the value's first quote, not on to the text's end.
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<black x="3" y="3 />\n'.repeat(40_000)}</moves></wei7>\n`, 40_000],
        [`<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n<!-- ${'a="b> '.repeat(40_000)}`, 1],
        // An end tag typed too early is looked for from where the last look stopped, not from the
        // first child each time (here each follows moves outside a <moves>: reported once).
        [`<wei7 version="2.2"><size>19</size><moves><black x="1" y="1"/></moves><game/>\n${'<black x="2" y="2"/></moves>\n'.repeat(40_000)}</wei7>\n`, 1],
        [`<wei7 version="2.2"><size>19</size>\n${'<game><black name="a"/>\n'.repeat(40_000)}<moves><black x="1" y="1"/></moves></wei7>\n`, 40_000],
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<black x="1" y="1" comment="a "b" c"/>\n<white x="3" y/>\n'.repeat(20_000)}</moves></wei7>\n`, 40_000],
        // An "=" left out before each value, and quotes after white space in text and in values, where none is left out.
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<black x "1" y="1" comment=" a " b"/>\n'.repeat(40_000)}</moves></wei7>\n<!-- ${' " '.repeat(40_000)} -->\n`, 40_000],
        // The same after a free-text value (session 36): its next quote is looked for up to the next "<", not on to the text's end.
        [`<wei7 version="2.2"><size>19</size><moves>\n${'<black x="1" y="1" title="a" c "d"/>\n<white x="2" y="2" title="a" c "d\n'.repeat(20_000)}</moves></wei7>\n`, 40_000],
        // An outer end tag typed inside an inner element, passed over: the end tags after each read ahead a few tags, not to the text's end.
        [`<wei7 version="2.2"><size>19</size><moves><black x="9" y="9"/>\n${'<moves>\n<pre>\n<white x="1" y="1"/>\n</moves><black x="2" y="2"/>\n</pre>\n<black x="3" y="3"/>\n</moves>\n'.repeat(20_000)}</moves></wei7>\n`, 20_000],
        // A <pre> out of place, then 39,999 more: only the first reads ahead for the </moves> of a start tag left out (xmlRun.ts startTagLeftOut).
        [`<wei7 version="2.2"><size>19</size>\n  <moves>\n    <black x="1" y="1"/>\n${'      <pre/>\n'.repeat(40_000)}  </moves>\n</wei7>\n`, 40_000],
        // 20,000 variations whose <moves> start tag was left out: each reads ahead over its own few tags.
        [`<wei7 version="2.2"><size>19</size>\n  <moves>\n    <black x="1" y="1"/>\n${'      <pre/>\n      <white x="2" y="2"/>\n    </moves>\n'.repeat(20_000)}  </moves>\n</wei7>\n`, 20_000],
        // 5,000 end tags that match none of 5,000 open elements: each read once, not every open element closed and opened again for it (fuzz seed 25050 #1006 took 1.9 s at 27 kB).
        [`<wei7 version="2.2"><size>19</size><moves>${'<moves>'.repeat(5_000)}${'</pre>'.repeat(5_000)}${'</moves>'.repeat(5_001)}</wei7>\n`, 5_000],
        // End tags left out, read by the indentation: each element ended once, by the next.
        [`<wei7 version="2.2"><size>19</size>\n  <moves>\n${'    <moves>\n      <black x="1" y="1"/>\n'.repeat(40_000)}  </moves>\n</wei7>\n`, 40_000],
        // An element indented by 200,000 spaces, left open, holding 40,000 moves: its indentation is read once.
        [`<wei7 version="2.2"><size>19</size>\n<moves>\n${' '.repeat(200_000)}<moves>\n${'<black x="1" y="1"/>\n'.repeat(40_000)}</moves>\n</wei7>\n`, 1],
      ];
      for (const [text, least] of documents) {
        const started = performance.now();
        const analysis = analyze(text);
        const ms = performance.now() - started;
        console.log(`  40,000 slips (${text.slice(0, 12)}…): ${ms.toFixed(0)} ms, ${analysis.findings.length} findings`);
        assert.ok(analysis.findings.length >= least, `${analysis.findings.length} findings`);
        assert.ok(ms < 10_000, `${ms} ms`);
      }
    });

    test('a ko fought 10,000 times, then 10,000 moves onto the first stone, each after a ko capture: every related place, in bounded time', () => {
      // Each move onto the stone walks the path down to it (replay.ts occupantOf): 5,000 walks of
      // 10,000 entries and more, none shared (a ko capture between each two). Moves onto it one
      // after another would share one walk.
      const move = (color: number, x: number, y: number): string => `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}}`;
      const ko = [[1, 1, 0], [2, 2, 0], [1, 0, 1], [2, 3, 1], [1, 1, 2], [2, 2, 2], [1, 8, 8], [2, 1, 1]].map(([c, x, y]) => move(c, x, y));
      const fight = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? move(2, 1, 1) : move(1, 2, 1)));
      const onto = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? (i % 4 === 1 ? move(1, 2, 1) : move(2, 1, 1)) : move(i % 4 ? 2 : 1, 1, 0)));
      const text = `{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [\n${[...ko, ...fight, ...onto].join(',\n')}\n]}}\n`;
      const started = performance.now();
      const analysis = analyze(text);
      const diagnostics = toDiagnostics(analysis, new LineIndex(text), { locale: 'en' }, relatedPlaces(analysis));
      const ms = performance.now() - started;
      const occupied = diagnostics.filter((d) => d.code === '3.17');
      console.log(`  10,000 ko captures, then 5,000 moves onto the first stone: ${ms.toFixed(0)} ms, ${occupied.length} moves onto it`);
      // (The other diagnostics are same-colour hints: a move onto the stone is between two of one colour.)
      assert.equal(occupied.length, 5_000);
      assert.ok(occupied.every((d) => d.related?.[0]?.message === "The stone on (1, 0) is Black's, from move 1."));
      assert.ok(ms < 10_000, `${ms} ms`);
    });

    for (const name of ['size-1e9-square', 'size-1e9-rect', 'size-1e9-xml']) {
      test(`size 1,000,000,000 (${name.slice(9)}): reported, never allocated`, () => {
        const text = probeDocument(name);
        const analysis = analyze(text);
        // 3.0 allows any size (§3.9) and says the board is not simulated; 2.2 allows 7 to 19 (§3.4).
        const expected = name.endsWith('xml') ? 'error' : 'information';
        assert.ok(analysis.findings.some((f) => f.severity === expected && f.span.start <= text.indexOf('1000000000') && text.indexOf('1000000000') < f.span.end), `an ${expected} on the size: ${JSON.stringify(analysis.findings)}`);
        assert.ok(analysis.document);
        assert.equal(createReplay(analysis.document).simulated, false);
        const result = probe(name);
        console.log(`  ${name}: ${result.ms.toFixed(1)} ms, heap growth ${(result.heapGrowth / 1024).toFixed(0)} KB (peak), ${result.findings} findings; ${result.note}`);
        assert.ok(result.heapGrowth < 8 * MB, `heap grew by ${(result.heapGrowth / MB).toFixed(1)} MB`);
      });
    }

    test('billion laughs: entities are never expanded; findings bounded; an external entity is never read', () => {
      const text = billionLaughs();
      const started = performance.now();
      const analysis = analyze(text);
      const ms = performance.now() - started;
      const references = text.match(/&(lol9|xxe);/g)?.length ?? 0;
      const byId = new Map<string, number>();
      for (const f of analysis.findings) byId.set(f.message.id, (byId.get(f.message.id) ?? 0) + 1);
      console.log(`  billion laughs: ${ms.toFixed(1)} ms, ${analysis.findings.length} findings (${[...byId].map(([k, v]) => `${k} ×${v}`).join(', ')}), ${references} references`);
      assert.ok(ms < 1000);
      assert.ok(analysis.findings.length <= 3 * references + 5, `${analysis.findings.length} findings`);
      assert.ok(analysis.findings.some((f) => f.message.id === 'xml.doctype'), 'the DOCTYPE is reported');
      // Nothing of /etc/passwd anywhere: not in a finding, not in a value of the model.
      const seen = JSON.stringify({ findings: analysis.findings, info: analysis.document?.info, nodes: analysis.document?.nodes.map((n) => [n.comment, n.title]) });
      assert.doesNotMatch(seen, /root:|lollol/);
      const result = probe('billion-laughs');
      console.log(`  billion laughs: heap growth ${(result.heapGrowth / 1024).toFixed(0)} KB (peak); ${result.note}`);
      assert.ok(result.heapGrowth < 8 * MB, `heap grew by ${(result.heapGrowth / MB).toFixed(1)} MB`);
      everyFeature(analysis, [text.indexOf('&lol9;') + 2, text.indexOf('&xxe;') + 2, text.indexOf('comment=') + 10]);
    });

    test('invalid UTF-8 given to the CLI: a clear error with the byte offset, exit 1; valid files beside it still checked', () => {
      const dir = mkdtempSync(join(tmpdir(), 'wei7-utf8-'));
      const valid = '<wei7 version="2.2"><size>19</size><moves><black x="3" y="3"/></moves></wei7>\n';
      const cases: [string, Uint8Array][] = [
        ['lone-continuation.wei7', Buffer.concat([Buffer.from('<wei7 version="2.2"><size>19</size><moves><black x="3" y="3" comment="'), Buffer.from([0x80]), Buffer.from('"/></moves></wei7>\n')])],
        ['truncated-sequence.wei7', Buffer.concat([Buffer.from('<wei7 version="2.2"><size>19</size><moves><black x="3" y="3" comment="'), Buffer.from([0xe9, 0xbb]), Buffer.from('"/></moves></wei7>\n')])],
        ['overlong.wei7', Buffer.concat([Buffer.from('<wei7 version="2.2"><size>19</size>'), Buffer.from([0xc0, 0xbc]), Buffer.from('</wei7>\n')])],
        ['encoded-surrogate.wei7', Buffer.concat([Buffer.from('{"format": "wei7", "version": "3.0", "info": {"name": "'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}}\n')])],
        ['latin1.wei7', Buffer.from('<wei7 version="2.2"><size>19</size><game name="Ãé\xe9"/></wei7>\n', 'latin1')],
      ];
      for (const [name, bytes] of cases) writeFileSync(join(dir, name), bytes);
      writeFileSync(join(dir, 'valid.wei7'), valid);
      // UTF-16 is read as what it is (session 35): one error for the encoding, and the valid document in it has no other.
      writeFileSync(join(dir, 'utf16.wei7'), Buffer.from(`\ufeff${valid}`, 'utf16le'));
      const run = spawnSync(process.execPath, [join(ROOT, 'bin/wei7.js'), 'check', dir], { encoding: 'utf8', env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '' } });
      assert.equal(run.status, 1, run.stderr);
      for (const [name, bytes] of cases) {
        // In every case the first byte past ASCII is the first bad one.
        const bad = bytes.findIndex((b) => b >= 0x80);
        const line = run.stdout.split('\n').find((l) => l.startsWith(join(dir, name)) && l.includes('not valid UTF-8'));
        assert.ok(line, `${name}: a UTF-8 error in\n${run.stdout}`);
        assert.match(line, new RegExp(`error 3\\.1 The file is not valid UTF-8 \\(first bad byte at byte offset ${bad}\\)`));
      }
      assert.ok(!run.stdout.includes('/valid.wei7:'), 'the valid file has no finding');
      assert.deepEqual(run.stdout.split('\n').filter((l) => l.startsWith(join(dir, 'utf16.wei7'))), [`${join(dir, 'utf16.wei7')}:1:1: error 3.1 The file is encoded in UTF-16LE; wei7 documents are encoded in UTF-8 (it was read as UTF-16LE for this check: save it as UTF-8).`]);
      assert.match(run.stderr, /7 file\(s\) checked/);
    });

    describe('CRLF, BOM and non-BMP characters: ranges exact in UTF-16 code units', () => {
      /** The LSP position of `offset`, computed independently of LineIndex. */
      function positionOf(text: string, offset: number): Position {
        const before = text.slice(0, offset).split(/\r\n|\r|\n/);
        return { line: before.length - 1, character: before[before.length - 1].length };
      }
      const emoji = '\u{1F600}';
      const cjkB = '\u{20000}';
      const variants: [string, (t: string) => string][] = [
        ['LF', (t) => t],
        ['CRLF', (t) => t.replace(/\n/g, '\r\n')],
        ['CR', (t) => t.replace(/\n/g, '\r')],
        ['BOM + CRLF', (t) => `\ufeff${t.replace(/\n/g, '\r\n')}`],
      ];
      const xml = `<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <game name="${emoji}${cjkB}"/>\n  <moves>\n    <black x="3" y="3" comment="${emoji.repeat(3)}\n${cjkB}" />\n    <white x="${cjkB}" y="99" />\n  </moves>\n</wei7>\n`;
      const json = `{\n  "format": "wei7",\n  "version": "3.0",\n  "info": {"name": "${emoji}${cjkB}"},\n  "tree": {"steps": [\n    {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}, "comment": "${emoji.repeat(3)}\\n${cjkB}"},\n    {"action": {"type": "move", "value": {"color": 2, "point": {"x": 99, "y": 3}}}, "comment": "${cjkB}"}\n  ]}\n}\n`;
      for (const [label, variant] of variants) {
        test(`${label}: XML`, () => {
          const text = variant(xml);
          const analysis = analyze(text);
          const lines = new LineIndex(text);
          const diagnostics = toDiagnostics(analysis, lines, { locale: 'en' });
          // x="𠀀" (not a number) and y="99" (off the board): the ranges cover exactly those values.
          for (const [value, start] of [[cjkB, text.indexOf(`x="${cjkB}"`) + 3], ['99', text.indexOf('y="99"') + 3]] as const) {
            const d = diagnostics.find((x) => x.range.start.line === positionOf(text, start).line && x.range.start.character === positionOf(text, start).character);
            assert.ok(d, `${label}: a diagnostic at ${JSON.stringify(positionOf(text, start))} for ${value}; got ${JSON.stringify(diagnostics.map((x) => x.range))}`);
            assert.deepEqual(d.range.end, positionOf(text, start + value.length));
          }
          for (const f of analysis.findings) assertWholeCharacters(text, f.span, f.message.id);
          checkPositionsRoundTrip(text, lines);
          // Hover right after the non-BMP name still finds the attribute; the hovered span is exact.
          const hover = hoverAt(analysis, text.indexOf('y="99"') + 4, { locale: 'en' });
          assert.ok(hover);
          assert.equal(text.slice(hover.span.start, hover.span.end), '99');
          // Formatting keeps the document's line break, and every edit is white space only.
          const { edits } = formatDocument(analyze(text.replace('y="99"', 'y="9"').replace(`x="${cjkB}"`, 'x="4"')), { tabSize: 4, insertSpaces: true });
          for (const e of edits) assert.match(e.newText, label.includes('CR') ? (label === 'CR' ? /^[ \r]*$/ : /^(\r\n| )*$/) : /^[ \n]*$/);
        });
        test(`${label}: JSON`, () => {
          const text = variant(json);
          const analysis = analyze(text);
          const lines = new LineIndex(text);
          const diagnostics = toDiagnostics(analysis, lines, { locale: 'en' });
          const start = text.indexOf('"x": 99') + 5;
          const d = diagnostics.find((x) => x.range.start.line === positionOf(text, start).line && x.range.start.character === positionOf(text, start).character);
          assert.ok(d, `${label}: a diagnostic on 99 at ${JSON.stringify(positionOf(text, start))}; got ${JSON.stringify(diagnostics.map((x) => [x.code, x.range]))}`);
          assert.deepEqual(d.range.end, positionOf(text, start + 2));
          for (const f of analysis.findings) assertWholeCharacters(text, f.span, f.message.id);
          checkPositionsRoundTrip(text, lines);
          const hover = hoverAt(analysis, start + 1, { locale: 'en' });
          assert.ok(hover);
          assert.equal(text.slice(hover.span.start, hover.span.end), '99');
          const fixed = analyze(text.replace('"x": 99', '"x": 9'));
          assert.deepEqual(fixed.findings.filter((f) => f.severity === 'error'), []);
          for (const e of formatDocument(fixed, { tabSize: 2, insertSpaces: true }).edits) assert.doesNotMatch(e.newText, /[^ \r\n]/);
        });
      }

      test('through the server: the published ranges are the same, in every variant', async () => {
        const client = new TestLspClient();
        try {
          await client.initialize();
          let n = 0;
          for (const [label, variant] of variants) {
            for (const text of [variant(xml), variant(json)]) {
              const published = await client.open(`file:///variant-${n++}.wei7`, text);
              const expected = toDiagnostics(analyze(text), new LineIndex(text), { locale: 'en' }).map((d) => [d.code, d.range]);
              assert.deepEqual(published.diagnostics.map((d) => [d.code, d.range]), expected, label);
              assert.ok(expected.length >= 1, label);
            }
          }
        } finally {
          await client.close();
        }
      });

      test('a BOM is not a character of the first line the diagnostics count wrong', () => {
        const text = '\ufeff<wei7 version="2.9"><size>19</size></wei7>\n';
        const [d] = toDiagnostics(analyze(text), new LineIndex(text), { locale: 'en' }).filter((x) => x.code === '3.2' || x.message.includes('2.9'));
        assert.ok(d);
        // The BOM is a UTF-16 code unit of line 0, as the editor counts it.
        assert.deepEqual(d.range.start, { line: 0, character: text.indexOf('2.9') });
      });
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A span never starts or ends between the halves of a surrogate pair, nor between CR and LF... at least not by a wrong count. */
function assertWholeCharacters(text: string, span: Span, what: string): void {
  for (const at of [span.start, span.end]) {
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at);
    assert.ok(!(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff), `${what}: [${span.start}, ${span.end}) splits a surrogate pair`);
  }
}

/** positionAt and offsetAt agree on every offset that is not inside a CR LF pair. */
function checkPositionsRoundTrip(text: string, lines: LineIndex): void {
  for (let offset = 0; offset <= text.length; offset++) {
    if (text[offset - 1] === '\r' && text[offset] === '\n') continue;
    assert.equal(lines.offsetAt(lines.positionAt(offset)), offset, `offset ${offset}`);
  }
}
