/**
 * The server packs a 3.0 game's steps while the document is idle (lsp/features/compaction.ts,
 * parse/json/packSteps.ts). Every feature must answer the same on a packed analysis as on the one
 * the check left: hovers, completions, selection ranges, fixes, formatting and the outline at
 * offsets all over the document, the steps packed again before every request (a request that reads
 * a step makes its nodes again, as the next idle pass finds it).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyze, type Analysis } from '../../server/src/analysis';
import { packGameSteps } from '../../server/src/parse/json/packSteps';
import { hoverAt } from '../../server/src/features/hover';
import { complete } from '../../server/src/features/completion/index';
import { selectionSpans } from '../../server/src/features/selectionRanges';
import { fixesFor } from '../../server/src/features/codeActions/index';
import { formatDocument } from '../../server/src/features/format/index';
import { documentOutline } from '../../server/src/features/symbols';
import { generateGame } from '../../bench/generate';

const ROOT = resolve(__dirname, '../..');

/** Packs every step of `analysis` now; returns how many. */
function packNow(analysis: Analysis): number {
  return analysis.syntax?.format === 'json' ? packGameSteps(analysis.syntax.json.root) : 0;
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

describe('3.0: features answer the same on steps packed while idle', () => {
  const documents: [string, string][] = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.startsWith('3.0-') && f.endsWith('.wei7'))
    .map((f) => [f, readFileSync(join(ROOT, 'examples', f), 'utf8')]);
  documents.push(['generated game of 120 moves with branches', generateGame(120, 5).json], ['a game with errors in its steps', BROKEN]);

  for (const [name, text] of documents) {
    test(name, () => {
      const plain = analyze(text);
      const packed = analyze(text);
      assert.ok(packNow(packed) > 0, 'steps packed');
      // Every offset of a small document, about 400 of a long one.
      const stride = Math.max(1, Math.floor(text.length / 400));
      for (let offset = 0; offset <= text.length; offset += stride) {
        packNow(packed);
        assert.equal(answersAt(packed, offset), answersAt(plain, offset), `${name} at offset ${offset}`);
      }
      for (const finding of plain.findings) {
        packNow(packed);
        const same = packed.findings.find((f) => f.span.start === finding.span.start && f.message.id === finding.message.id);
        assert.ok(same, `${name}: ${finding.message.id} found on the packed analysis`);
        assert.equal(JSON.stringify(fixesFor(packed, same)), JSON.stringify(fixesFor(plain, finding)), `${name}: fixes for ${finding.message.id}`);
      }
      packNow(packed);
      assert.deepEqual(formatDocument(packed, { tabSize: 2, insertSpaces: true }), formatDocument(plain, { tabSize: 2, insertSpaces: true }), `${name}: formatting`);
      packNow(packed);
      assert.equal(JSON.stringify(documentOutline(packed, { locale: 'en' })), JSON.stringify(documentOutline(plain, { locale: 'en' })), `${name}: outline`);
    });
  }
});
