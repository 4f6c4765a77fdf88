/**
 * The document store (lsp/documentStore.ts): each version's analysis starts from the previous one
 * and the edits the change log recorded, holds the editor's own text, and equals a new analysis;
 * a log that disagrees with the document (a bug elsewhere) costs time, never a wrong analysis.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, type Analysis, type TextChange } from '../../server/src/analysis';
import { ChangeLog } from '../../server/src/lsp/changeLog';
import { DocumentStore } from '../../server/src/lsp/documentStore';
import { generateGame } from '../../server/src/sample/generateGame';
import type { Connection, PublishDiagnosticsParams } from 'vscode-languageserver';
import { publishDiagnostics } from '../../server/src/lsp/features/diagnostics';
import type { FeatureContext } from '../../server/src/lsp/feature';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { EditedText } from '../../server/src/text/sourceText';

/** What a user sees of an analysis: its findings and the moves of its game. */
const seen = (a: Analysis): string[] => [
  ...a.findings.map((f) => `${f.span.start}-${f.span.end} ${f.message.id}`),
  ...(a.document?.nodes ?? []).map((n) => (n.kind === 'move' ? `${n.span.start} ${n.color?.value} ${n.point?.x},${n.point?.y}` : `${n.span.start} ${n.kind}`)),
];

/** Opens `text` in a store and applies `edits` one version at a time (offsets in the text before each). */
function edited(log: ChangeLog, text: string, edits: readonly TextChange[]): { store: DocumentStore; document: TextDocument } {
  const store = new DocumentStore(log);
  let document = log.configuration.create('file:///a.wei7', 'wei7', 1, text);
  store.get(document);
  edits.forEach((edit, i) => {
    const change: TextDocumentContentChangeEvent = { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, text: edit.text };
    document = log.configuration.update(document, [change], i + 2);
    store.get(document);
  });
  return { store, document };
}

for (const format of ['xml', 'json'] as const) {
  const text = generateGame(200, 4)[format];
  const comment = text.indexOf('手：') + 2;
  // A comment typed and deleted, and a coordinate of the 101st move changed (one digit for another).
  const x = text.indexOf(format === 'xml' ? 'x="' : '"x": ', text.indexOf(format === 'xml' ? 'x="' : '"x": ', text.length >> 1)) + (format === 'xml' ? 3 : 5);
  const digit = text[x] === '1' ? '2' : '1';
  const edits: TextChange[] = [
    { start: comment, end: comment, text: '好' },
    { start: comment, end: comment + 1, text: '' },
    { start: x, end: x + 1, text: digit },
  ];

  test(`${format}: each version's analysis holds the editor's text and equals a new analysis`, () => {
    const { store, document } = edited(new ChangeLog(), text, edits);
    const state = store.get(document);
    assert.equal(state.analysis.text, document.getText());
    assert.deepEqual(seen(state.analysis), seen(analyze(document.getText())));
  });

  test(`${format}: a change log that disagrees with the document gives the document's analysis`, () => {
    // A log that reports each edit a few steps too early: its offsets no longer give the editor's text.
    class ShiftedLog extends ChangeLog {
      override between(uri: string, from: number, to: number): TextChange[] | undefined {
        return super.between(uri, from, to)?.map((c) => ({ start: c.start - 300, end: c.end - 300, text: c.text }));
      }
    }
    const { store, document } = edited(new ShiftedLog(), text, edits);
    const state = store.get(document);
    assert.equal(state.analysis.text, document.getText());
    assert.deepEqual(seen(state.analysis), seen(analyze(document.getText())));
  });
}

/** The findings with their messages' arguments (line numbers among them). */
const findingsWithArgs = (a: Analysis): string[] => a.findings.map((f) => `${f.span.start}-${f.span.end} ${f.message.id} ${JSON.stringify(f.message.args ?? [])}`);

for (const lineBreak of ['\n', '\r\n', '\r']) {
  test(`json: a step typed key by key in the middle, lines ended by ${JSON.stringify(lineBreak)}: the messages name the lines a new analysis names`, () => {
    // An unclosed `{` swallows the steps after it: its findings name the line it was opened on,
    // which the store takes from the document's index of lines (not from a count of the text's).
    const text = generateGame(200, 4).json.replace(/\n/g, lineBreak);
    const at = text.indexOf(`${lineBreak}  {"action"`, text.length >> 1) + lineBreak.length;
    const typed = `{"action":{"type":"move","value":{"color":1,"point":{"x":0,"y":0}}}},${lineBreak}  `;
    const edits = [...typed].map((ch, i) => ({ start: at + i, end: at + i, text: ch }));
    const log = new ChangeLog();
    const store = new DocumentStore(log);
    let document = log.configuration.create('file:///lines.wei7', 'wei7', 1, text);
    store.get(document);
    let namingLines = 0;
    edits.forEach((edit, i) => {
      const change: TextDocumentContentChangeEvent = { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, text: edit.text };
      document = log.configuration.update(document, [change], i + 2);
      const analysis = store.get(document).analysis;
      const expected = findingsWithArgs(analyze(document.getText()));
      assert.deepEqual(findingsWithArgs(analysis), expected, `after typing ${JSON.stringify(typed.slice(0, i + 1))}`);
      if (analysis.findings.some((f) => f.message.id === 'json.closerExpected' || f.message.id === 'json.unmatchedCloser')) namingLines++;
    });
    assert.ok(namingLines > 10, `only ${namingLines} states had a finding naming a line`);
  });
}

for (const format of ['xml', 'json'] as const) {
  test(`${format}: a comment edit is checked and its diagnostics published without making the text one string`, () => {
    // A text in pieces is copied whole by its first read as one string (text/sourceText.ts): the
    // edit's re-read and the diagnostics it publishes must not ask for that.
    // One error to publish: the first move's x off the board.
    const text = generateGame(300, 4)[format].replace(format === 'xml' ? /x="\d+"/ : /"x": \d+/, format === 'xml' ? 'x="99"' : '"x": 99');
    const log = new ChangeLog();
    const store = new DocumentStore(log);
    const document = log.configuration.create('file:///pieces.wei7', 'wei7', 1, text);
    store.get(document);
    const at = text.indexOf('手：', text.length >> 1) + 2;
    log.configuration.update(document, [{ range: { start: document.positionAt(at), end: document.positionAt(at) }, text: '好' }], 2);
    const published: PublishDiagnosticsParams[] = [];
    const context = {
      store,
      // Only what publishDiagnostics uses of a connection.
      connection: { sendDiagnostics: (params: PublishDiagnosticsParams) => void published.push(params) } as unknown as Connection,
      locale: () => 'en' as const,
      settings: () => DEFAULT_SETTINGS,
      specBaseUrl: 'file:///spec/',
    } as unknown as FeatureContext;
    publishDiagnostics(context, document);
    const source = store.get(document).analysis.source;
    assert.ok(source instanceof EditedText && source === document.text, 'the analysis read the document\'s text as it is');
    assert.ok(!source.isOneString, 'still in pieces after the check and the publication');
    // What was published is what a new analysis of the text says.
    const fresh = analyze(document.getText());
    assert.ok(fresh.findings.length > 0);
    const ranges = fresh.findings.map((f) => ({ start: document.positionAt(f.span.start), end: document.positionAt(f.span.end) }));
    assert.deepEqual(published[0].diagnostics.map((d) => d.range), ranges);
    assert.deepEqual(published[0].diagnostics.map((d) => d.code), fresh.findings.map((f) => f.clause));
  });
}
