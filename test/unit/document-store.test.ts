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
import { generateGame } from '../../bench/generate';

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
