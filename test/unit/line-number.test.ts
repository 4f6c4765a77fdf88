/** lineNumberAt (one look-up without an index) gives LineIndex's line at every offset, whatever the line breaks. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex, lineNumberAt, lineStartsOf } from '../../server/src/model/lineIndex';

test('lineNumberAt agrees with LineIndex at every offset of texts with LF, CR LF and lone CR', () => {
  const texts = ['', 'one line', 'a\nb\n\nc', '\n\n', 'a\r\nb\r\n', 'a\rb\r\rc', 'mixed\r\n\n\r中文\nend\r', '\r\n'];
  for (const text of texts) {
    const lines = new LineIndex(text);
    for (let offset = 0; offset <= text.length; offset++) {
      assert.equal(lineNumberAt(text, offset), lines.positionAt(offset).line, `${JSON.stringify(text)} at ${offset}`);
    }
  }
});

test('lineStartsOf finds the breaks of any part of a text as a reading of each character would (LF, CR LF as one, lone CR)', () => {
  // The definition, character by character: a break ends at an LF, or at a CR not followed by an LF (even one past `to`).
  const literal = (text: string, from: number, to: number, first: number): number[] => {
    const starts = [first];
    for (let i = from; i < to; i++) {
      if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
    }
    return starts;
  };
  let seed = 7;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const alphabet = ['\n', '\r', 'a', '中'];
  for (let k = 0; k < 2000; k++) {
    const text = Array.from({ length: random(12) }, () => alphabet[random(alphabet.length)]).join('');
    const from = random(text.length + 1);
    const to = from + random(text.length - from + 1);
    assert.deepEqual(lineStartsOf(text, from, to, 5), literal(text, from, to, 5), `${JSON.stringify(text)} [${from}, ${to})`);
  }
  assert.deepEqual(lineStartsOf('a\r\nb\rc\n'), [0, 3, 5, 7]);
  // A CR just before `to` whose LF is past it is no break there: the LF, read later, is.
  assert.deepEqual(lineStartsOf('a\r\nb', 0, 2), [0]);
});
