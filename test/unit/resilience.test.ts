/**
 * Server resilience (issue 9) through the real protocol (the built dist/server.js over stdio):
 * requests about unknown or closed documents, positions out of range, malformed parameters,
 * 200 edits sent without waiting, and cancellation. The server answers every request (empty or
 * null where there is nothing to say, never an error for a well-formed request), publishes the
 * diagnostics of the final text last, and is still alive at the end.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestLspClient, type PublishedDiagnostics } from '../support/lspClient';
import { analyze } from '../../server/src/analysis';
import { LineIndex } from '../../server/src/model/lineIndex';
import { toDiagnostics } from '../../server/src/features/diagnostics';
import { random32 } from '../../scripts/fuzzCore';

const XML = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<wei7 version="2.2">',
  '  <size>19</size>',
  '  <game name="resilience"><black name="B" /><white name="W" /></game>',
  '  <moves>',
  '    <black x="3" y="3" comment="first" />',
  '    <white x="15" y="15" />',
  '    <moves><black x="16" y="3" /></moves>',
  '    <black x="15" y="3" />',
  '  </moves>',
  '</wei7>',
  '',
].join('\n');

const JSON30 = `{
  "format": "wei7",
  "version": "3.0",
  "size": 19,
  "tree": {
    "steps": [
      {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}, "comment": "first"},
      {"action": {"type": "move", "value": {"color": 2, "point": {"x": 15, "y": 15}}}}
    ]
  }
}
`;

const OPTIONS = { tabSize: 2, insertSpaces: true };

/** Every request the server answers about a document, at `position` (and around it). */
function documentRequests(uri: string, position: unknown, range: unknown): [string, unknown][] {
  const textDocument = { uri };
  return [
    ['textDocument/hover', { textDocument, position }],
    ['textDocument/completion', { textDocument, position }],
    ['textDocument/completion', { textDocument, position, context: { triggerKind: 2, triggerCharacter: '<' } }],
    ['textDocument/documentSymbol', { textDocument }],
    ['textDocument/foldingRange', { textDocument }],
    ['textDocument/selectionRange', { textDocument, positions: [position] }],
    ['textDocument/inlayHint', { textDocument, range }],
    ['textDocument/definition', { textDocument, position }],
    ['textDocument/references', { textDocument, position, context: { includeDeclaration: true } }],
    ['textDocument/formatting', { textDocument, options: OPTIONS }],
    ['textDocument/rangeFormatting', { textDocument, range, options: OPTIONS }],
    [
      'textDocument/codeAction',
      { textDocument, range, context: { diagnostics: [{ range, message: 'x', code: '3.4', severity: 1, source: 'wei7 2.2' }] } },
    ],
    ['wei7/position', { uri, position }],
    ['wei7/playMove', { uri, position, point: { x: 9, y: 9 } }],
    ['wei7/playMove', { uri, position, point: { x: 9, y: 9 }, asVariation: true }],
  ];
}

/** An answer with nothing in it: null, an empty list, or a preview answer saying there is no document. */
function isEmpty(answer: unknown): boolean {
  if (answer === null || answer === undefined) return true;
  if (Array.isArray(answer)) return answer.length === 0;
  const items = (answer as { items?: unknown[] }).items;
  if (Array.isArray(items)) return items.length === 0;
  const status = (answer as { status?: string; kind?: string; code?: string });
  return status.status === 'noDocument' || (status.kind === 'refused' && status.code === 'noDocument');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Sends a request and says how it was answered: a result, or an error response (never silence). */
async function ask(client: TestLspClient, method: string, params: unknown): Promise<{ result?: unknown; error?: ResponseError<unknown> }> {
  try {
    return { result: await withTimeout(client.connection.sendRequest(method, params), 30_000, method) };
  } catch (e) {
    if (e instanceof ResponseError) return { error: e };
    throw e;
  }
}

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

/** The diagnostics the server should publish for `text`, in the protocol's shape (without the clause links). */
function expectedDiagnostics(text: string): unknown[] {
  return toDiagnostics(analyze(text), new LineIndex(text), { locale: 'en' }).map((d) => ({
    range: d.range,
    severity: SEVERITY[d.severity],
    code: d.code,
    source: d.source,
    message: d.message,
  }));
}

function published(p: PublishedDiagnostics): unknown[] {
  return p.diagnostics.map((d) => ({ range: d.range, severity: d.severity, code: d.code, source: d.source, message: d.message }));
}

describe('server resilience', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  test('requests about a document never opened answer empty, without an error', async () => {
    const uri = 'file:///never-opened.wei7';
    for (const [method, params] of documentRequests(uri, { line: 2, character: 3 }, { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } })) {
      const { result, error } = await ask(client, method, params);
      assert.equal(error, undefined, `${method}: ${error?.message}`);
      assert.ok(isEmpty(result), `${method} answered ${JSON.stringify(result)?.slice(0, 200)}`);
    }
  });

  test('requests about a closed document answer empty, and its diagnostics are cleared', async () => {
    for (const [uri, text] of [['file:///closed.xml.wei7', XML], ['file:///closed.json.wei7', JSON30]]) {
      await client.open(uri, text.replace('"19"', '"20"').replace('<size>19', '<size>20'));
      const cleared = client.diagnosticsFor(uri);
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
      assert.deepEqual((await cleared).diagnostics, []);
      for (const [method, params] of documentRequests(uri, { line: 5, character: 6 }, { start: { line: 0, character: 0 }, end: { line: 6, character: 0 } })) {
        const { result, error } = await ask(client, method, params);
        assert.equal(error, undefined, `${method}: ${error?.message}`);
        assert.ok(isEmpty(result), `${method} on a closed document answered ${JSON.stringify(result)?.slice(0, 200)}`);
      }
    }
  });

  test('positions out of range (line 1,000,000, negative character, past the line end) answer without an error', async () => {
    for (const [uri, text] of [['file:///range.xml.wei7', XML], ['file:///range.json.wei7', JSON30]]) {
      await client.open(uri, text);
      const positions = [
        { line: 1_000_000, character: 0 },
        { line: 1_000_000, character: 1_000_000 },
        { line: 3, character: -1 },
        { line: 3, character: -1_000_000 },
        { line: 5, character: 1_000_000 },
        { line: -1, character: 4 },
        { line: 0, character: 0 },
      ];
      for (const position of positions) {
        const ranges = [
          { start: position, end: position },
          { start: { line: 0, character: 0 }, end: position },
          { start: position, end: { line: 0, character: 0 } }, // reversed
        ];
        for (const range of ranges) {
          for (const [method, params] of documentRequests(uri, position, range)) {
            const { error } = await ask(client, method, params);
            assert.equal(error, undefined, `${method} at ${JSON.stringify(position)}, range ${JSON.stringify(range)}: ${error?.message}`);
          }
        }
      }
      // Formatting edits for a reversed or out-of-range range stay inside the document.
      const lines = new LineIndex(text);
      const last = lines.positionAt(text.length);
      for (const range of [
        { start: { line: 1_000_000, character: 0 }, end: { line: 0, character: 0 } },
        { start: { line: -5, character: -5 }, end: { line: 1_000_000, character: 3 } },
      ]) {
        const { result } = await ask(client, 'textDocument/rangeFormatting', { textDocument: { uri }, range, options: OPTIONS });
        for (const edit of (result as { range: { end: { line: number } } }[] | null) ?? []) assert.ok(edit.range.end.line <= last.line, JSON.stringify(edit));
      }
    }
  });

  test('malformed parameters get an answer (a result or an error response), and the server lives on', async () => {
    const uri = 'file:///malformed.wei7';
    await client.open(uri, XML);
    const textDocument = { uri };
    const malformed: [string, unknown][] = [
      ['textDocument/hover', { textDocument }],
      ['textDocument/hover', { textDocument, position: { line: 'two', character: null } }],
      ['textDocument/completion', { textDocument: {}, position: { line: 1, character: 1 } }],
      ['textDocument/selectionRange', { textDocument, positions: null }],
      ['textDocument/inlayHint', { textDocument }],
      ['textDocument/rangeFormatting', { textDocument, range: null, options: OPTIONS }],
      ['textDocument/codeAction', { textDocument, range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, context: {} }],
      ['textDocument/codeAction', { textDocument, range: null, context: { diagnostics: [{ range: null, message: 1 }] } }],
      ['wei7/position', null],
      ['wei7/position', { uri: 7, position: { line: 0 } }],
      ['wei7/playMove', { uri, position: { line: 5, character: 4 }, point: { x: '1', y: 2 } }],
      ['wei7/playMove', { uri, position: { line: 5, character: 4 }, point: { x: 1e308, y: -1 } }],
      ['wei7/playMove', { uri, position: { line: 5, character: 4 }, point: { x: 0.5, y: 2 } }],
      ['wei7/convert', { contentBase64: 7 }],
      ['wei7/convert', { contentBase64: '!!!not base64', fileName: 'x.sgf', to: 'json' }],
      ['wei7/noSuchRequest', {}],
    ];
    const answers: string[] = [];
    for (const [method, params] of malformed) {
      const { error } = await ask(client, method, params);
      answers.push(`${method}: ${error ? `error ${error.code}` : 'result'}`);
    }
    console.log(`  malformed requests: ${answers.join('; ')}`);
    // Notifications that make no sense: changes to and closing of a document never opened, opening twice.
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: 'file:///ghost.wei7', version: 2 }, contentChanges: [{ text: 'x' }] });
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: 'file:///ghost.wei7' } });
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'wei7', version: 9, text: JSON30 } });
    const { result, error } = await ask(client, 'textDocument/documentSymbol', { textDocument });
    assert.equal(error, undefined);
    assert.ok(Array.isArray(result) && result.length > 0, 'the server still answers');
  });

  test('200 incremental edits sent without waiting: coalesced, the last diagnostics published are those of the final text, versions never go back', async () => {
    for (const [uri, start] of [['file:///rapid.xml.wei7', XML], ['file:///rapid.json.wei7', JSON30]]) {
      await client.open(uri, start);
      let doc = TextDocument.create(uri, 'wei7', 1, start);
      const random = random32(uri.length * 7919);
      const pieces = ['', '<', '>', '"', '{', '}', ',', '9', 'black', '\n', '<moves>', '</moves>', ' x="3"', '"steps": [', '黑', '\u{1F600}'];
      const sent: Promise<void>[] = [];
      for (let version = 2; version <= 201; version++) {
        const text = doc.getText();
        // Every third edit repairs: it puts the starting text back, so that errors come and go.
        const change =
          version % 3 === 0
            ? { range: { start: doc.positionAt(0), end: doc.positionAt(text.length) }, text: start }
            : (() => {
                let from = Math.floor(random() * (text.length + 1));
                // Never between the halves of a surrogate pair: an editor does not cut a character.
                if (from > 0 && (text.charCodeAt(from - 1) & 0xfc00) === 0xd800) from--;
                let to = Math.min(text.length, from + Math.floor(random() * 4));
                if (to > 0 && (text.charCodeAt(to - 1) & 0xfc00) === 0xd800) to++;
                return { range: { start: doc.positionAt(from), end: doc.positionAt(to) }, text: pieces[Math.floor(random() * pieces.length)] };
              })();
        doc = TextDocument.update(doc, [change], version);
        sent.push(client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] }));
      }
      const final = client.diagnosticsFor(uri, 201);
      // One request right after the burst: it answers for the final version.
      const position = await ask(client, 'wei7/position', { uri, position: { line: 5, character: 6 } });
      await Promise.all(sent);
      assert.equal(position.error, undefined);
      assert.equal((position.result as { version?: number }).version, 201, 'the request after the burst sees the last version');
      const last = await withTimeout(final, 60_000, 'the final diagnostics');
      assert.deepEqual(published(last), expectedDiagnostics(doc.getText()), 'the diagnostics of version 201 are those of the final text');
      // Give any late publication a moment to arrive, then check the order.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const versions = client.published.filter((p) => p.uri === uri).map((p) => p.version ?? -1);
      for (let i = 1; i < versions.length; i++) assert.ok(versions[i] > versions[i - 1], `version ${versions[i]} published after ${versions[i - 1]}`);
      assert.equal(versions[versions.length - 1], 201, 'nothing older is published after the final version');
      console.log(`  ${uri}: ${versions.length} publications for 201 versions`);
      // A burst is analysed at its last version, not once per keystroke (lsp/features/diagnostics.ts).
      assert.ok(versions.length < 150, `${versions.length} publications for 200 edits sent at once: the burst was not coalesced`);
    }
  });

  test('a cancelled request ($/cancelRequest) is still answered, and later requests too', async () => {
    // A document big enough that its requests take a moment: 4,000 variations.
    const uri = 'file:///cancel.wei7';
    const variations = Array.from({ length: 4000 }, (_, i) => `    <moves><white x="${(i % 17) + 1}" y="${(Math.floor(i / 17) % 17) + 1}" /></moves>\n`).join('');
    const text = XML.replace('    <black x="15" y="3" />\n', `${variations}    <black x="15" y="3" />\n`);
    await client.open(uri, text);
    const outcomes: string[] = [];
    for (const method of ['textDocument/documentSymbol', 'textDocument/formatting', 'textDocument/foldingRange']) {
      const source = new CancellationTokenSource();
      const params = method === 'textDocument/formatting' ? { textDocument: { uri }, options: OPTIONS } : { textDocument: { uri } };
      const pending = client.connection.sendRequest(method, params, source.token);
      source.cancel();
      try {
        await withTimeout(pending, 30_000, method);
        outcomes.push(`${method}: answered in full`);
      } catch (e) {
        assert.ok(e instanceof ResponseError, `${method}: ${String(e)}`);
        // -32800: RequestCancelled, what a server that heeds the cancellation answers.
        assert.equal(e.code, -32800, `${method}: ${e.message}`);
        outcomes.push(`${method}: cancelled (-32800)`);
      }
    }
    // Cancelling a request that was already answered, or that never existed, changes nothing.
    await client.connection.sendNotification('$/cancelRequest', { id: 987654 });
    console.log(`  cancellation: ${outcomes.join('; ')}`);
    const { result, error } = await ask(client, 'textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 6 } });
    assert.equal(error, undefined);
    assert.ok(result, 'the server still answers');
  });

  test('a cancelled request queued behind a slow edit is answered', async () => {
    // The edit makes the server analyse 2 MB before it reads the request; the request is cancelled while it waits.
    const uri = 'file:///queued.wei7';
    await client.open(uri, XML);
    const big = XML.replace('    <black x="15" y="3" />\n', `${'    <moves><white x="4" y="4" comment="a comment to make the document bigger" /></moves>\n'.repeat(25_000)}    <black x="15" y="3" />\n`);
    const published2 = client.diagnosticsFor(uri, 2);
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: big }] });
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }, source.token);
    source.cancel();
    let outcome: string;
    try {
      await withTimeout(pending, 60_000, 'documentSymbol');
      outcome = 'answered in full';
    } catch (e) {
      assert.ok(e instanceof ResponseError && e.code === -32800, String(e));
      outcome = 'cancelled (-32800)';
    }
    console.log(`  a request cancelled while queued behind a 2 MB analysis: ${outcome}`);
    await withTimeout(published2, 60_000, 'diagnostics of the big version');
    const { error } = await ask(client, 'textDocument/foldingRange', { textDocument: { uri } });
    assert.equal(error, undefined);
  });

  test('the server process is still alive and answering at the end', async () => {
    const uri = 'file:///alive.wei7';
    const diagnostics = await client.open(uri, XML.replace('<size>19', '<size>20'));
    assert.equal(diagnostics.diagnostics[0]?.code, '3.4');
    const { result, error } = await ask(client, 'textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 9 } });
    assert.equal(error, undefined);
    assert.ok(result);
  });
});
