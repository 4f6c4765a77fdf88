/**
 * `wei7/moveOnPath` (wei7: Go to Move…) through the real protocol: the move numbered N on the line
 * of play through the cursor, in both formats, with variations, a takeback and moves past the end.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import { LineIndex } from '../../server/src/model/lineIndex';
import { MOVE_ON_PATH_REQUEST, type MoveOnPathResult } from '../../server/src/features/goToMove';
import { offsetAt } from '../support/codeActions';
import { typedMoveNumber } from '../../client/src/moveNumber';

let client: TestLspClient;
let documents = 0;

/** Opens `text`; returns a function asking, with the cursor at the start of `snippet`, for move `number`: the numbers and the text of the target's first line. */
async function open(text: string): Promise<(snippet: string, number?: number) => Promise<{ current: number; last: number; target?: string }>> {
  const uri = `file:///tmp/go-to-move-${++documents}.wei7`;
  await client.open(uri, text);
  const lines = new LineIndex(text);
  return async (snippet, number) => {
    const offset = text.indexOf(snippet);
    assert.ok(offset >= 0, snippet);
    const answer = await client.connection.sendRequest<MoveOnPathResult | null>(MOVE_ON_PATH_REQUEST, { uri, position: lines.positionAt(offset), number });
    assert.ok(answer);
    const start = answer.range && offsetAt(text, answer.range.start);
    return { current: answer.current, last: answer.last, ...(start === undefined ? {} : { target: text.slice(start, text.indexOf('\n', start)) }) };
  };
}

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<wei7 version="2.2">
  <size>9</size>
  <moves>
    <pre><black x="4" y="4" /></pre>
    <white x="2" y="2" />
    <black x="6" y="6" />
    <moves>
      <black x="6" y="2" />
      <white x="2" y="6" />
      <black x="7" y="7" />
    </moves>
    <white x="2" y="6" />
  </moves>
</wei7>
`;

describe('wei7/moveOnPath', () => {
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  test('2.2: on the main line, the moves of the main line; the setup is no move', async () => {
    const ask = await open(XML);
    assert.deepEqual(await ask('<white x="2" y="2"', 3), { current: 1, last: 3, target: '<white x="2" y="6" />' });
    assert.deepEqual(await ask('<white x="2" y="2"', 1), { current: 1, last: 3, target: '<white x="2" y="2" />' });
    // Before the first node: the main line from the start.
    assert.deepEqual(await ask('<?xml', 2), { current: 0, last: 3, target: '<black x="6" y="6" />' });
    assert.deepEqual(await ask('<pre>', 2), { current: 0, last: 3, target: '<black x="6" y="6" />' });
  });

  test('2.2: in a variation, the moves that lead to it, then the variation', async () => {
    const ask = await open(XML);
    // The variation follows black's 6,6 (move 2): its moves are 3 to 5, in place of white's 2,6.
    const inVariation = '<white x="2" y="6" />\n      <black';
    assert.deepEqual(await ask(inVariation, 1), { current: 4, last: 5, target: '<white x="2" y="2" />' });
    assert.deepEqual(await ask(inVariation, 3), { current: 4, last: 5, target: '<black x="6" y="2" />' });
    assert.deepEqual(await ask(inVariation, 5), { current: 4, last: 5, target: '<black x="7" y="7" />' });
    // No move 6 on this line: no target, and the numbers for the message.
    assert.deepEqual(await ask(inVariation, 6), { current: 4, last: 5 });
  });

  test('3.0: after a takeback, the move that stands', async () => {
    const text = [
      '{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [',
      '  {"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}},',
      '  {"action": {"type": "move", "value": {"color": 2, "point": {"x": 6, "y": 6}}}},',
      '  {"action": {"type": "takeback", "value": 1}},',
      '  {"action": {"type": "move", "value": {"color": 2, "point": {"x": 5, "y": 5}}}},',
      '  {"action": {"type": "move", "value": {"color": 1, "point": null}}}',
      ']}}',
      '',
    ].join('\n');
    const ask = await open(text);
    assert.deepEqual(await ask('{"action": {"type": "takeback"', 2), { current: 1, last: 3, target: '{"action": {"type": "move", "value": {"color": 2, "point": {"x": 5, "y": 5}}}},' });
    // A pass is a move too.
    assert.deepEqual(await ask('{"format"', 3), { current: 0, last: 3, target: '{"action": {"type": "move", "value": {"color": 1, "point": null}}}' });
  });

  test('a document that is not a game record, and bad parameters: null', async () => {
    const uri = 'file:///tmp/go-to-move-text.wei7';
    await client.open(uri, 'hello');
    const ask = (params: object): Promise<unknown> => client.connection.sendRequest(MOVE_ON_PATH_REQUEST, { uri, position: { line: 0, character: 0 }, ...params });
    assert.equal(await ask({}), null);
    await client.open('file:///tmp/go-to-move-xml.wei7', XML);
    assert.equal(await ask({ uri: 'file:///tmp/go-to-move-xml.wei7', number: 'two' }), null);
    assert.ok(await ask({ uri: 'file:///tmp/go-to-move-xml.wei7', number: 2 }));
  });
});

test('the number typed into Go to Move\'s input box: a whole number on the line of play, or nothing', () => {
  const typed = ['1', ' 7 ', '12', '0', '13', '-1', '3.5', '1e1', '１２', '１３', 'seven', '', '007'].map((text) => typedMoveNumber(text, 12));
  assert.deepEqual(typed, [1, 7, 12, undefined, undefined, undefined, undefined, undefined, 12, undefined, undefined, undefined, 7]);
});
