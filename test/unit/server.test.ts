/** The language server through the real protocol: open and edit documents, read the diagnostics. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TestLspClient, type PublishedDiagnostics } from '../support/lspClient';
import { initializeWithSettings } from '../support/navigation';
import { DEFAULT_SETTINGS, readSettings } from '../../server/src/lsp/settings';
import { limitFindings } from '../../server/src/features/diagnostics';
import { finding } from '../../server/src/l10n/catalogue';
import type { Finding } from '../../server/src/model/types';
import { generateGame } from '../../server/src/sample/generateGame';
import { LineIndex } from '../../server/src/model/lineIndex';

const XML = '<wei7 version="2.2">\n  <size>19</size>\n  <moves><black x="3" y="3"/></moves>\n</wei7>\n';

describe('language server over stdio', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  test('announces incremental sync', async () => {
    const probe = new TestLspClient();
    const result = (await probe.initialize()) as { capabilities: { textDocumentSync: number } };
    assert.equal(result.capabilities.textDocumentSync, 2);
    await probe.close();
  });

  test('publishes diagnostics with clause code, source, exact range and a link to the bundled clause', async () => {
    const uri = 'file:///tmp/a.wei7';
    const published = await client.open(uri, XML.replace('<size>19', '<size>20'));
    assert.equal(published.diagnostics.length, 1);
    const [d] = published.diagnostics;
    assert.deepEqual(d.range, { start: { line: 1, character: 8 }, end: { line: 1, character: 10 } });
    assert.equal(d.severity, 1);
    assert.equal(d.code, '3.4');
    assert.equal(d.source, 'wei7 2.2');
    assert.match(d.message, /Board size "20" is not allowed/);
    assert.ok(d.codeDescription);
    assert.match(d.codeDescription.href, /^file:\/\/.*\/dist\/spec\/wei7-2\.2\.html#c3\.4$/);
    assert.ok(existsSync(fileURLToPath(d.codeDescription.href.replace(/#.*/, ''))), 'the linked spec page is bundled');
  });

  test('incremental edits: an error appears and is repaired', async () => {
    const uri = 'file:///tmp/b.wei7';
    assert.deepEqual((await client.open(uri, XML)).diagnostics, []);
    // Type "0" after x="3": x="30" is off the 19×19 board.
    const broken = await client.change(uri, 2, [{ range: { start: { line: 2, character: 20 }, end: { line: 2, character: 20 } }, text: '0' }]);
    assert.deepEqual(broken.diagnostics.map((d) => [d.code, d.range.start.character, d.range.end.character]), [['3.17.1.2', 19, 21]]);
    const repaired = await client.change(uri, 3, [{ range: { start: { line: 2, character: 20 }, end: { line: 2, character: 21 } }, text: '' }]);
    assert.deepEqual(repaired.diagnostics, []);
  });

  test('a JSON (3.0) document gets the 3.0 source', async () => {
    const published = await client.open('file:///tmp/c.wei7', '{"format": "wei7", "version": "3.1", "tree": {}}');
    assert.deepEqual(published.diagnostics.map((d) => [d.code, d.source, d.range.start.character, d.range.end.character]), [['3.2', 'wei7 3.0', 30, 35]]);
  });

  test('a file whose name does not end in .wei7 (the language chosen by hand): a 3.1 error at its start; none for .WEI7 or an untitled document (session 35)', async () => {
    const misnamed = await client.open('file:///tmp/game%20one.xml', XML);
    assert.deepEqual(
      misnamed.diagnostics.map((d) => [d.code, d.range, d.message]),
      [['3.1', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, 'The file game one.xml does not have the extension .wei7: a wei7 document saved as a file must have it.']],
    );
    for (const uri of ['file:///tmp/GAME.WEI7', 'untitled:Untitled-1']) assert.deepEqual((await client.open(uri, XML)).diagnostics, [], uri);
  });

  test('messages follow the client locale', async () => {
    const zh = new TestLspClient();
    await zh.initialize('zh-cn');
    const published = await zh.open('file:///tmp/d.wei7', XML.replace('<size>19', '<size>20'));
    assert.match(published.diagnostics[0].message, /棋盘大小“20”不合法/);
    await zh.close();
  });

  test('a move onto an occupied point has the move that put the stone there as related information', async () => {
    const uri = 'file:///tmp/occupied.wei7';
    const text = '<wei7 version="2.2">\n  <size>9</size>\n  <moves>\n    <black x="2" y="3"/>\n    <white x="2" y="3"/>\n  </moves>\n</wei7>\n';
    // Published at once without it, and again with it once the document is idle (its cost is a long game's keystroke's).
    const first = await client.open(uri, text);
    assert.deepEqual(first.diagnostics.map((d) => [d.code, d.relatedInformation]), [['9.6', undefined]]);
    const published = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, d.range, d.relatedInformation]),
      [[
        '9.6',
        { start: { line: 4, character: 11 }, end: { line: 4, character: 22 } },
        [{ location: { uri, range: { start: { line: 3, character: 11 }, end: { line: 3, character: 22 } } }, message: "The stone on (2, 3) is Black's, from move 1." }],
      ]],
    );
  });

  test('closing a document clears its diagnostics', async () => {
    const uri = 'file:///tmp/e.wei7';
    await client.open(uri, XML.replace('<size>19', '<size>20'));
    const cleared = client.diagnosticsFor(uri);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    assert.deepEqual((await cleared).diagnostics, []);
  });
});

/** Diagnostics as if published for `uri` (their related places name the document they are in). */
function withUri(diagnostics: PublishedDiagnostics['diagnostics'], uri: string): PublishedDiagnostics['diagnostics'] {
  return diagnostics.map((d) => ({ ...d, relatedInformation: d.relatedInformation?.map((place) => ({ ...place, location: { ...place.location, uri } })) }));
}

for (const [format, what, coordinate] of [
  ['json', 'a 3.0 game left idle: its steps are packed in the background (lsp/features/compaction.ts)', '"x": '],
  ['xml', "a 2.x game left idle: its moves' attributes are packed in the background (lsp/features/compaction.ts)", 'x="'],
] as const) {
  describe(what, () => {
    const text = generateGame(3000, 11)[format];
    const lines = new LineIndex(text);
    const lineCol = (offset: number): { line: number; character: number } => lines.positionAt(offset);
    const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
    // Hovers on x coordinates all over the game.
    const offsets = Array.from({ length: 40 }, (_, i) => text.indexOf(coordinate, Math.floor((text.length * i) / 40)) + coordinate.length);
    const hovers = (client: TestLspClient, uri: string): Promise<unknown[]> =>
      Promise.all(offsets.map((offset) => client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: lineCol(offset) })));

    test('hovers before and after the idle time are the same, and an edit after it gets the diagnostics of the edited text', async () => {
      const client = new TestLspClient();
      await client.initialize();
      const uri = `file:///tmp/idle.${format}.wei7`;
      try {
        await client.open(uri, text);
        const fresh = await hovers(client, uri);
        assert.ok(fresh.every((h) => h !== null), 'a hover on every coordinate');
        await sleep(800); // idle: every step or move packed (3,000 of them, 200 a slice)
        assert.deepEqual(await hovers(client, uri), fresh);
        await sleep(800);
        // A coordinate in the middle moved off the board (a 4 typed before it), then put back once the edited version is idle and being packed.
        const at = offsets[20];
        const broken = await client.change(uri, 2, [{ range: { start: lineCol(at), end: lineCol(at) }, text: '4' }]);
        await sleep(150);
        const repaired = await client.change(uri, 3, [{ range: { start: lineCol(at), end: { ...lineCol(at), character: lineCol(at).character + 1 } }, text: '' }]);
        const brokenText = text.slice(0, at) + '4' + text.slice(at);
        const reference = await client.open(`file:///tmp/idle-reference.${format}.wei7`, brokenText);
        assert.ok(broken.diagnostics.length > 0, 'the move off the board is reported');
        assert.deepEqual(withUri(broken.diagnostics, uri), withUri(reference.diagnostics, uri));
        const original = await client.open(`file:///tmp/idle-original.${format}.wei7`, text);
        assert.deepEqual(withUri(repaired.diagnostics, uri), withUri(original.diagnostics, uri));
      } finally {
        await client.close();
      }
    });
  });
}

describe('a document with very many problems', () => {
  // 1,200 moves off the 19×19 board (1,200 errors) and 300 unknown attributes (300 more errors),
  // and 1,498 hints that a colour moved twice in a row (1,200 black moves, then 300 white ones).
  const moves = Array.from({ length: 1500 }, (_, i) => (i < 1200 ? `<black x="${19 + i}" y="0"/>` : `<white x="${i % 19}" y="${i % 17}" z="1"/>`));
  const text = `<wei7 version="2.2"><size>19</size><moves>\n${moves.join('\n')}\n</moves></wei7>\n`;

  test('the editor gets the first 1000, errors first, and a notice of how many more there are', async () => {
    const client = new TestLspClient();
    await client.initialize();
    const published = await client.open('file:///tmp/many.wei7', text);
    assert.equal(published.diagnostics.length, 1001);
    const [notice, ...rest] = published.diagnostics;
    assert.equal(notice.code, 'wei7.limit');
    assert.equal(notice.severity, 3);
    assert.deepEqual(notice.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.match(notice.message, /^\d+ more problems are not shown: the editor gets the first 1000/);
    assert.ok(rest.every((d) => d.severity === 1), 'errors come first');
    assert.deepEqual(rest.map((d) => d.range.start.line), [...rest.map((d) => d.range.start.line)].sort((a, b) => a - b), 'in text order');
    await client.close();
  });

  test('wei7.maxNumberOfProblems sets how many: 25 gives the first 25 errors and a notice of the other 2,973', async () => {
    const client = new TestLspClient();
    try {
      await initializeWithSettings(client, { maxNumberOfProblems: 25 });
      const published = await client.open('file:///tmp/many-25.wei7', text);
      assert.equal(published.diagnostics.length, 26);
      const [notice, ...rest] = published.diagnostics;
      assert.equal(notice.code, 'wei7.limit');
      // 2,998 in all, errors first: the 25 sent are the first off-board moves.
      assert.equal(notice.message, '2973 more problems are not shown: the editor gets the first 25 (errors first; the setting wei7.maxNumberOfProblems). Run `wei7 check` for all of them.');
      // The first 25 off-board moves, on lines 1 to 25, each at its x value.
      assert.deepEqual(rest.map((d) => [d.range.start.line, d.code]), Array.from({ length: 25 }, (_, i) => [i + 1, '3.17.1.2']));
    } finally {
      await client.close();
    }
  });

  test('a malformed wei7.maxNumberOfProblems keeps the default', () => {
    for (const bad of [0, -5, 2.5, '25', null, Number.NaN]) assert.equal(readSettings({ maxNumberOfProblems: bad }).maxProblems, 1000, String(bad));
    assert.equal(DEFAULT_SETTINGS.maxProblems, 1000);
    assert.equal(readSettings({ maxNumberOfProblems: 1 }).maxProblems, 1);
    assert.equal(readSettings({ maxNumberOfProblems: 5000 }).maxProblems, 5000);
  });
});

describe('limitFindings: what the editor gets of very many findings', () => {
  const at = (start: number, severity: Finding['severity']): Finding => finding({ start, end: start + 1 }, '3.1', 'xml.notWellFormed', ['x'], severity);
  const findings = [at(0, 'warning'), at(1, 'error'), at(2, 'hint'), at(3, 'error'), at(4, 'warning'), at(5, 'information')];
  const kept = (limit: number): string[] => limitFindings(findings, limit).map((f) => `${f.span.start}${f.severity[0]}${f.message.id === 'diagnostics.limited' ? `:${f.message.args?.join('/')}` : ''}`);
  test('the most severe, of the least severe kept the first in text order, all in text order after a notice', () => {
    assert.deepEqual(kept(2), ['0i:4/2', '1e', '3e']);
    assert.deepEqual(kept(3), ['0i:3/3', '0w', '1e', '3e']);
    assert.deepEqual(kept(4), ['0i:2/4', '0w', '1e', '3e', '4w']);
    assert.deepEqual(kept(5), ['0i:1/5', '0w', '1e', '3e', '4w', '5i']);
    assert.deepEqual(kept(6), ['0w', '1e', '2h', '3e', '4w', '5i']);
  });
});
