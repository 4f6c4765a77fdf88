/**
 * The server's document (lsp/editedDocument.ts) against vscode-languageserver-textdocument's, the
 * library it stands in for: after every change of random chains (line breaks of every kind, edits
 * between a CR and its LF, ranges given end first, whole-text changes), the text, the line count,
 * positionAt of every offset and offsetAt of positions inside, past and before the lines agree
 * with a library document made from the same text. (The library's own document, updated change by
 * change, keeps a line too many when an edit joins a CR and an LF into one line break, or one too
 * few when it splits them: its update counts the breaks of the inserted text only.)
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { splitMix32 } from '../../server/src/engine/board';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { EditedDocument } from '../../server/src/lsp/editedDocument';

/** A deterministic generator in [0, 1), so a failure names its seed. */
function random(seed: number): () => number {
  const next = splitMix32(seed);
  return () => (next() >>> 0) / 4294967296;
}

const PIECES = ['a', 'b', '\r', '\n', '\r\n', '好', '<x/>'];

function randomText(next: () => number, max: number): string {
  let s = '';
  const n = Math.floor(next() * (max + 1));
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

function assertSame(ours: EditedDocument, theirs: TextDocument, label: string): void {
  assert.equal(ours.getText(), theirs.getText(), `${label}: text`);
  assert.equal(ours.lineCount, theirs.lineCount, `${label}: lineCount`);
  for (let offset = -1; offset <= theirs.getText().length + 1; offset++) {
    assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset), `${label}: positionAt(${offset})`);
  }
  for (let line = -1; line <= theirs.lineCount; line++) {
    for (const character of [-1, 0, 1, 2, 3, 50]) {
      const position = { line, character };
      assert.equal(ours.offsetAt(position), theirs.offsetAt(position), `${label}: offsetAt(${line}:${character})`);
    }
  }
}

describe('EditedDocument answers as the library document', () => {
  for (let seed = 1; seed <= 60; seed++) {
    test(`seed ${seed}: 25 changes`, () => {
      const next = random(seed);
      const content = randomText(next, 12);
      const ours = new EditedDocument('file:///a.wei7', 'wei7', 1, content);
      let theirs = TextDocument.create('file:///a.wei7', 'wei7', 1, content);
      assertSame(ours, theirs, `seed ${seed}, created`);
      for (let i = 0; i < 25; i++) {
        const text = theirs.getText();
        let change: TextDocumentContentChangeEvent;
        let after: string;
        if (next() < 0.05) {
          change = { text: randomText(next, 8) };
          after = change.text;
        } else {
          const a = Math.floor(next() * (text.length + 1));
          const b = Math.min(text.length, a + Math.floor(next() * 4));
          const inserted = randomText(next, 3);
          // Some ranges are given end first; the library takes them in order.
          const [from, to] = next() < 0.1 ? [b, a] : [a, b];
          // Positions from offsets: an offset between a CR and its LF is given as the CR's (as the library gives it).
          const start = theirs.offsetAt(theirs.positionAt(from));
          const end = theirs.offsetAt(theirs.positionAt(to));
          change = { range: { start: theirs.positionAt(from), end: theirs.positionAt(to) }, text: inserted };
          after = text.slice(0, Math.min(start, end)) + inserted + text.slice(Math.max(start, end));
        }
        ours.update([change], i + 2);
        theirs = TextDocument.create('file:///a.wei7', 'wei7', i + 2, after);
        assert.equal(ours.version, theirs.version);
        // Not every version is read whole: the next change then applies to pieces.
        if (next() < 0.5) assertSame(ours, theirs, `seed ${seed}, change ${i} ${JSON.stringify(change)}`);
      }
      assertSame(ours, theirs, `seed ${seed}, end`);
    });
  }

  test('typing an LF after a CR, or cutting what was between them, makes them one line break', () => {
    const ours = new EditedDocument('file:///a.wei7', 'wei7', 1, 'ab\rcd');
    assert.equal(ours.lineCount, 2);
    ours.update([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' }], 2);
    assert.equal(ours.getText(), 'ab\r\ncd');
    assert.equal(ours.lineCount, 2);
    assert.deepEqual(ours.positionAt(4), { line: 1, character: 0 });
    const other = new EditedDocument('file:///b.wei7', 'wei7', 1, 'ab\rX\ncd');
    assert.equal(other.lineCount, 3);
    other.update([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' }], 2);
    assert.equal(other.getText(), 'ab\r\ncd');
    assert.equal(other.lineCount, 2);
    assert.deepEqual(other.positionAt(4), { line: 1, character: 0 });
    assert.deepEqual(other.positionAt(3), { line: 0, character: 2 }, 'between the CR and the LF: the CR\'s place');
  });

  test('a paste of 200,000 lines and its undo', () => {
    const document = new EditedDocument('file:///c.wei7', 'wei7', 1, 'a\nb');
    const pasted = 'x\n'.repeat(200_000);
    document.update([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: pasted }], 2);
    assert.equal(document.lineCount, 200_002);
    assert.deepEqual(document.positionAt(document.getText().length), { line: 200_001, character: 1 });
    document.update([{ range: { start: { line: 1, character: 0 }, end: { line: 200_001, character: 0 } }, text: '' }], 3);
    assert.equal(document.getText(), 'a\nb');
    assert.equal(document.lineCount, 2);
  });
});
