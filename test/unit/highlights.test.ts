/**
 * Document highlights and linked editing through the real protocol: in 2.x the two tag names of
 * the element at the cursor (the matching `</moves>` among nested variations), renamed together;
 * in 3.0 a participant's entry (written) and the indices pointing to it (read).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import { openExample, openText, positionOf, textIn, type LspPosition, type LspRange, type OpenDocument } from '../support/navigation';

interface HighlightResult {
  readonly range: LspRange;
  readonly kind?: number;
}

/** Each highlight as [line, the text it covers, its kind]. */
async function highlights(client: TestLspClient, doc: OpenDocument, position: LspPosition): Promise<[number, string, number | undefined][]> {
  const result = (await client.connection.sendRequest('textDocument/documentHighlight', { textDocument: { uri: doc.uri }, position })) as HighlightResult[] | null;
  return (result ?? []).map((h) => [h.range.start.line, textIn(doc, h.range), h.kind]);
}

async function linked(client: TestLspClient, doc: OpenDocument, position: LspPosition): Promise<{ ranges: [number, number, string][]; wordPattern?: string } | null> {
  const result = (await client.connection.sendRequest('textDocument/linkedEditingRange', { textDocument: { uri: doc.uri }, position })) as { ranges: LspRange[]; wordPattern?: string } | null;
  return result && { ranges: result.ranges.map((r) => [r.start.line, r.start.character, textIn(doc, r)]), wordPattern: result.wordPattern };
}

const TEXT = 1;
const READ = 2;
const WRITE = 3;

const NESTED = `<wei7 version="2.2">
  <size>9</size>
  <moves>
    <black x="3" y="3" />
    <moves>
      <white x="5" y="5" />
      <moves>
        <black x="6" y="6" />
      </moves>
    </moves>
    <white x="4" y="4" />
  </moves>
</wei7>
`;

describe('document highlights and linked editing', () => {
  let client: TestLspClient;
  let nested: OpenDocument;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
    nested = await openText(client, NESTED, 'nested.wei7');
  });
  after(() => client.close());

  test('2.x: the start tag\'s name highlights the end tag\'s, each <moves> its own among nested ones', async () => {
    assert.deepEqual(await highlights(client, nested, positionOf(nested, '<moves>', 1, 3)), [[4, 'moves', TEXT], [9, 'moves', TEXT]]);
    assert.deepEqual(await highlights(client, nested, positionOf(nested, '<moves>', 2, 1)), [[6, 'moves', TEXT], [8, 'moves', TEXT]]);
    assert.deepEqual(await highlights(client, nested, positionOf(nested, '<moves>', 0, 6)), [[2, 'moves', TEXT], [11, 'moves', TEXT]]);
  });

  test('2.x: from the end tag, and with the cursor just after the name', async () => {
    assert.deepEqual(await highlights(client, nested, positionOf(nested, '</moves>', 1, 4)), [[4, 'moves', TEXT], [9, 'moves', TEXT]]);
    assert.deepEqual(await highlights(client, nested, positionOf(nested, '</wei7>', 0, 6)), [[0, 'wei7', TEXT], [12, 'wei7', TEXT]]);
    assert.deepEqual(await highlights(client, nested, positionOf(nested, '<size>', 0, 5)), [[1, 'size', TEXT], [1, 'size', TEXT]]);
  });

  test('2.x: nothing on a self-closed element, an attribute, text or white space', async () => {
    for (const [needle, delta] of [['<black x="3"', 2], ['x="3"', 0], ['>9<', 1], ['    <white x="4"', 1]] as const) {
      assert.deepEqual(await highlights(client, nested, positionOf(nested, needle, 0, delta)), [], needle);
    }
  });

  test('2.x: after a stray "<", the tag\'s own name, not a "<" inside an attribute value before it', async () => {
    const stray = await openText(client, '<wei7 version="2.2"><size>9</size><moves>< <pre title="a</b>c">x</pre></moves></wei7>', 'stray.wei7');
    const names = [[0, 'pre', TEXT], [0, 'pre', TEXT]];
    assert.deepEqual(await highlights(client, stray, positionOf(stray, '</pre>', 0, 3)), names);
    assert.deepEqual((await linked(client, stray, positionOf(stray, '<pre', 0, 2)))?.ranges, [[0, 44, 'pre'], [0, 66, 'pre']]);
  });

  test('2.x: an element left open has no end tag to highlight', async () => {
    const open = await openText(client, '<wei7 version="2.2"><size>9</size><moves><black x="1" y="1"/>', 'open.wei7');
    assert.deepEqual(await highlights(client, open, positionOf(open, '<moves>', 0, 2)), []);
    assert.equal(await linked(client, open, positionOf(open, '<moves>', 0, 2)), null);
  });

  test('2.x: an end tag that misspells the name ends the element, but is no pair to rename or highlight; selection ranges hold its name', async () => {
    const mistyped = await openText(client, '<wei7 version="2.2"><size>9</size><moves><black x="1" y="1"/></mves></wei7>', 'mistyped.wei7');
    assert.equal(await linked(client, mistyped, positionOf(mistyped, '<moves>', 0, 2)), null);
    assert.deepEqual(await highlights(client, mistyped, positionOf(mistyped, '<moves>', 0, 2)), []);
    const result = (await client.connection.sendRequest('textDocument/selectionRange', { textDocument: { uri: mistyped.uri }, positions: [positionOf(mistyped, '</mves>', 0, 3)] })) as { range: LspRange; parent?: unknown }[];
    const ranges: string[] = [];
    for (let r: { range: LspRange; parent?: unknown } | undefined = result[0]; r; r = r.parent as typeof r) ranges.push(mistyped.text.split('\n')[0].slice(r.range.start.character, r.range.end.character));
    assert.deepEqual(ranges.slice(0, 3), ['mves', '</mves>', '<moves><black x="1" y="1"/></mves>']);
  });

  test('2.x linked editing: both names, from either tag, with the pattern a tag name may take', async () => {
    const expected = { ranges: [[6, 7, 'moves'], [8, 8, 'moves']] as [number, number, string][], wordPattern: '[A-Za-z_:][-A-Za-z0-9_.:]*' };
    assert.deepEqual(await linked(client, nested, positionOf(nested, '<moves>', 2, 3)), expected);
    assert.deepEqual(await linked(client, nested, positionOf(nested, '</moves>', 0, 7)), expected);
    assert.equal(await linked(client, nested, positionOf(nested, 'y="6"', 0, 1)), null);
  });

  test('3.0: a participant\'s entry is written, the indices to it read; nothing for tags there', async () => {
    const timeline = await openExample(client, '3.0-timeline.wei7');
    const actorLines = timeline.text.split('\n').flatMap((line, i) => (line.includes('"actor": 5') ? [i] : []));
    const expected = [[19, '{"name": "zhu"}', WRITE], ...actorLines.map((line) => [line, '5', READ])];
    assert.deepEqual(await highlights(client, timeline, positionOf(timeline, '"actor": 5', 2, 9)), expected);
    assert.deepEqual(await highlights(client, timeline, positionOf(timeline, '"zhu"', 0, 2)), expected);
    assert.deepEqual(await highlights(client, timeline, positionOf(timeline, '"komi"', 0, 1)), []);
    assert.equal(await linked(client, timeline, positionOf(timeline, '"actor": 5', 0, 2)), null);
  });
});
