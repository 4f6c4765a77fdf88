/**
 * EditedText (server/src/text/sourceText.ts) against the string it stands for: after every edit of
 * a random chain, each read (charCodeAt, slice, indexOf, lastIndexOf, startsWith) gives what the
 * same read of the edited string gives, for offsets inside, at and past the text's ends and
 * searches that cross the pieces' bounds; and no read but the whole text's makes it one string.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { splitMix32 } from '../../server/src/engine/board';
import { EditedText, flatText, type SourceText } from '../../server/src/text/sourceText';

/** A deterministic generator in [0, 1), so a failure names its seed. */
function random(seed: number): () => number {
  const next = splitMix32(seed);
  return () => (next() >>> 0) / 4294967296;
}

const ALPHABET = ['a', 'b', '"', '<', '\r', '\n', '好', '\ud83d', '\ude00'];

function randomString(next: () => number, maxLength: number): string {
  const length = Math.floor(next() * (maxLength + 1));
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return s;
}

/** Every read of `text` at a few positions, compared with the same read of `expected`. */
function assertSameReads(text: SourceText, expected: string, next: () => number, label: string): void {
  assert.equal(text.length, expected.length, `${label}: length`);
  const positions = [-2, -1, 0, 1, expected.length - 1, expected.length, expected.length + 1, Number.NaN, 1.5];
  for (let i = 0; i < 6; i++) positions.push(Math.floor(next() * (expected.length + 2)) - 1);
  for (const at of positions) {
    assert.deepEqual(text.charCodeAt(at), expected.charCodeAt(at), `${label}: charCodeAt(${at})`);
    const end = Math.floor(next() * (expected.length + 3)) - 1;
    assert.equal(text.slice(at, end), expected.slice(at, end), `${label}: slice(${at}, ${end})`);
    assert.equal(text.slice(at), expected.slice(at), `${label}: slice(${at})`);
    // Needles cut from the text itself (so they are found, often across pieces) and made up.
    const from = Math.floor(next() * (expected.length + 1));
    const needles = [expected.slice(from, from + 1 + Math.floor(next() * 4)), randomString(next, 3), ''];
    for (const needle of needles) {
      assert.equal(text.indexOf(needle, at), expected.indexOf(needle, at), `${label}: indexOf(${JSON.stringify(needle)}, ${at})`);
      assert.equal(text.lastIndexOf(needle, at), expected.lastIndexOf(needle, at), `${label}: lastIndexOf(${JSON.stringify(needle)}, ${at})`);
      assert.equal(text.startsWith(needle, at), expected.startsWith(needle, at), `${label}: startsWith(${JSON.stringify(needle)}, ${at})`);
    }
    const needle = expected.slice(from, from + 2);
    assert.equal(text.indexOf(needle), expected.indexOf(needle), `${label}: indexOf(${JSON.stringify(needle)})`);
    assert.equal(text.lastIndexOf(needle), expected.lastIndexOf(needle), `${label}: lastIndexOf(${JSON.stringify(needle)})`);
  }
}

describe('EditedText reads as the edited string', () => {
  for (let seed = 1; seed <= 40; seed++) {
    test(`seed ${seed}: 30 edits in a row, each version read`, () => {
      const next = random(seed);
      let expected = randomString(next, 40);
      let text: SourceText = expected;
      const versions: { text: SourceText; expected: string }[] = [];
      for (let i = 0; i < 30; i++) {
        const start = Math.floor(next() * (expected.length + 1));
        const end = Math.min(expected.length, start + Math.floor(next() * 5));
        const inserted = randomString(next, 4);
        text = EditedText.edit(text, { start, end, text: inserted });
        expected = expected.slice(0, start) + inserted + expected.slice(end);
        assertSameReads(text, expected, next, `seed ${seed}, edit ${i}`);
        versions.push({ text, expected });
      }
      // Earlier versions stay as they were (an analysis keeps the text it was made from), and the whole text is right.
      for (const version of versions) assert.equal(flatText(version.text), version.expected);
      // Read again once flat: the same answers.
      assertSameReads(text, expected, next, `seed ${seed}, flat`);
    });
  }

  test('an edit of a long text keeps its pieces: reading around the edit does not copy the text', () => {
    const base = 'x'.repeat(100_000) + '<a/>' + 'y'.repeat(100_000);
    const edited = EditedText.edit(base, { start: 100_001, end: 100_001, text: 'b' }) as EditedText;
    assert.ok(edited instanceof EditedText);
    assert.equal(edited.slice(100_000, 100_006), '<ba/>y');
    assert.equal(edited.indexOf('/>', 99_990), 100_003);
    assert.equal(edited.lastIndexOf('<', 100_010), 100_000);
    assert.equal(edited.charCodeAt(edited.length), Number.NaN);
    // Still in pieces: a second edit is made from them (toString would have left one piece).
    const again = EditedText.edit(edited, { start: 0, end: 1, text: '' }) as EditedText;
    assert.ok(again instanceof EditedText);
    assert.equal(flatText(again), base.slice(1, 100_001) + 'b' + base.slice(100_001));
  });

  test('after 128 pieces an edit gives one string', () => {
    let text: SourceText = 'abcdefghij'.repeat(100);
    let expected = text;
    let i = 0;
    while (i < 200) {
      const at = (i * 7) % expected.length;
      text = EditedText.edit(text, { start: at, end: at + 1, text: 'Z' });
      expected = expected.slice(0, at) + 'Z' + expected.slice(at + 1);
      i++;
      if (typeof text === 'string') break;
    }
    assert.equal(typeof text, 'string', 'made one string again');
    assert.ok(i > 30, `not before many edits (${i})`);
    assert.equal(text, expected);
  });
});
