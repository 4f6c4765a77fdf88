/** lineNumberAt (one look-up without an index) gives LineIndex's line at every offset, whatever the line breaks. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex, lineNumberAt } from '../../server/src/model/lineIndex';

test('lineNumberAt agrees with LineIndex at every offset of texts with LF, CR LF and lone CR', () => {
  const texts = ['', 'one line', 'a\nb\n\nc', '\n\n', 'a\r\nb\r\n', 'a\rb\r\rc', 'mixed\r\n\n\r中文\nend\r', '\r\n'];
  for (const text of texts) {
    const lines = new LineIndex(text);
    for (let offset = 0; offset <= text.length; offset++) {
      assert.equal(lineNumberAt(text, offset), lines.positionAt(offset).line, `${JSON.stringify(text)} at ${offset}`);
    }
  }
});
