/**
 * The server packs a 3.0 game's steps, and a 2.x game's attributes of moves and stones, while the
 * document is idle (lsp/features/compaction.ts, parse/json/packSteps.ts, parse/xml/packAttributes.ts).
 * Every feature must answer the same on a packed analysis, whose plain 3.0 move steps are also read
 * as one node each (parse/json/plainSteps.ts), as on one with every step read by the generic parser
 * and nothing packed: hovers, completions, selection ranges, fixes, formatting and the outline at
 * offsets all over the document, the steps packed again before every request (a request that reads
 * a step or an element's attributes makes them again, as the next idle pass finds it).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyze, compactInSlices, DEFAULT_ANALYSIS_OPTIONS, type Analysis } from '../../server/src/analysis';
import { hoverAt } from '../../server/src/features/hover';
import { complete } from '../../server/src/features/completion/index';
import { selectionSpans } from '../../server/src/features/selectionRanges';
import { fixesFor } from '../../server/src/features/codeActions/index';
import { formatDocument } from '../../server/src/features/format/index';
import { documentOutline } from '../../server/src/features/symbols';
import { generateGame } from '../../server/src/sample/generateGame';

const ROOT = resolve(__dirname, '../..');

/** Compacts `analysis` now, as the server does while idle; returns how many steps or elements it packed. */
function packNow(analysis: Analysis): number {
  const slices = compactInSlices(analysis, Number.POSITIVE_INFINITY);
  for (let slice = slices.next(); ; slice = slices.next()) if (slice.done) return slice.value;
}

/** What each feature answers at `offset`, as text to compare. */
function answersAt(analysis: Analysis, offset: number): string {
  return JSON.stringify({
    hover: hoverAt(analysis, offset, { locale: 'zh-cn' }),
    completion: complete(analysis, { offset, locale: 'en' }),
    selection: selectionSpans(analysis, offset),
  });
}

const BROKEN = `{"format": "wei7", "version": "3.0", "size": 9,
  "tree": {"steps": [
    {"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}, "comment": "好"},
    {"action": {"type": "move", "value": {"color": 1, "point": {"x": 2 "y": 3}}}},
    {"action": {"type": "move", "value": {"color": 2, "point": {"x": 2, "y": 2}}}, "time": -1, "extra": 1},
    {"action": {"type": "mvoe", "value": {"color": 2, "point": {"x": 30, "y": 2}}}},
    {"action": {"type": "move", "value": {"color": 2, "point": {"x": 4, "y": 4}}}, "marks": [{"point": {"x": 1}, "symbol": "q"}]}
  ]}}
`;

/** Every feature at offsets all over each document, on a packed analysis and on the reference one. */
function answersTheSame(documents: readonly (readonly [string, string])[]): void {
  for (const [name, text] of documents) {
    test(name, () => {
      // The reference: every step read by the generic parser, nothing packed.
      const reference = analyze(text, { ...DEFAULT_ANALYSIS_OPTIONS, readsPlainMoves: false });
      const packed = analyze(text);
      assert.ok(packNow(packed) > 0, 'steps or elements packed');
      // Every offset of a small document, about 400 of a long one.
      const stride = Math.max(1, Math.floor(text.length / 400));
      for (let offset = 0; offset <= text.length; offset += stride) {
        packNow(packed);
        assert.equal(answersAt(packed, offset), answersAt(reference, offset), `${name} at offset ${offset}`);
      }
      for (const finding of reference.findings) {
        packNow(packed);
        const same = packed.findings.find((f) => f.span.start === finding.span.start && f.message.id === finding.message.id);
        assert.ok(same, `${name}: ${finding.message.id} found on the packed analysis`);
        assert.equal(JSON.stringify(fixesFor(packed, same)), JSON.stringify(fixesFor(reference, finding)), `${name}: fixes for ${finding.message.id}`);
      }
      packNow(packed);
      assert.deepEqual(formatDocument(packed, { tabSize: 2, insertSpaces: true }), formatDocument(reference, { tabSize: 2, insertSpaces: true }), `${name}: formatting`);
      packNow(packed);
      assert.equal(JSON.stringify(documentOutline(packed, { locale: 'en' })), JSON.stringify(documentOutline(reference, { locale: 'en' })), `${name}: outline`);
    });
  }
}

function examples(prefix: string): [string, string][] {
  return readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.startsWith(prefix) && f.endsWith('.wei7'))
    .map((f) => [f, readFileSync(join(ROOT, 'examples', f), 'utf8')]);
}

const BROKEN_XML = `<?xml version="1.0" encoding="UTF-8"?>
<wei7 version="2.2">
  <size>9</size>
  <moves>
    <black x="2" y="2" comment="好" />
    <black x="2" y=3" />
    <white x="2" y="2" z="1" />
    <white x="30" y="2" />
    <black type="pass" />
    <white x="&amp;4" y="4" />
    <mark x="1" symbol="q" />
    <white x="4" y="5"/><black x="5" y="5"/>
    <white x=6 y="6" />
    <black x="7" y="7"
    <white x="8" y="8" />
  </moves>
</wei7>
`;

describe('3.0: features answer the same on steps packed while idle', () => {
  const documents = examples('3.0-');
  documents.push(['generated game of 120 moves with branches', generateGame(120, 5).json], ['a game with errors in its steps', BROKEN]);
  answersTheSame(documents);
});

describe('2.x: features answer the same on attributes packed while idle', () => {
  const documents = examples('2.');
  documents.push(['generated game of 300 moves with a variation', generateGame(300, 5).xml], ['a game with errors in its moves', BROKEN_XML]);
  answersTheSame(documents);
});
