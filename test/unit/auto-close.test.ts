/**
 * Auto-closing of 2.x tags through the real protocol (wei7/autoCloseTag): the document changed by
 * a typed `>` as the editor sends it, then the request the client makes at the cursor.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import { positionAt, rangeOf } from '../support/editing';
import { analyze } from '../../server/src/analysis';
import { elementOpenedAt } from '../../server/src/features/locate';

let opened = 0;

/** Opens `before`, types `>` at its `|`, and asks which end tag to write after it. */
async function typeGt(client: TestLspClient, marked: string): Promise<unknown> {
  const at = marked.indexOf('|');
  const text = marked.slice(0, at) + marked.slice(at + 1);
  const uri = `file:///auto-close-${++opened}.wei7`;
  await client.open(uri, text);
  await client.change(uri, 2, [{ range: rangeOf(text, at), text: '>' }]);
  const typed = text.slice(0, at) + '>' + text.slice(at);
  return client.connection.sendRequest('wei7/autoCloseTag', { uri, position: positionAt(typed, at + 1) });
}

const GAME = (moves: string): string => `<wei7 version="2.2">\n  <size>9</size>\n  <moves>\n    <black x="3" y="3"/>\n${moves}  </moves>\n</wei7>\n`;

describe('auto-closing 2.x tags', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  test('a variation\'s <moves> typed among the moves gets its </moves>, at any depth', async () => {
    assert.deepEqual(await typeGt(client, GAME('    <moves|\n')), { endTag: '</moves>' });
    assert.deepEqual(await typeGt(client, GAME('    <moves>\n      <white x="4" y="4"/>\n      <moves|\n    </moves>\n')), { endTag: '</moves>' });
  });

  test('a start tag with attributes, typed at the end of the document', async () => {
    assert.deepEqual(await typeGt(client, '<wei7 version="2.2"|'), { endTag: '</wei7>' });
    assert.deepEqual(await typeGt(client, GAME('    <white x="4" y="4" comment="好"|\n')), { endTag: '</white>' });
  });

  test('nothing for a tag that closes itself, a `>` typed again in a whole document, text or 3.0', async () => {
    assert.equal(await typeGt(client, GAME('    <white x="4" y="4"/|\n')), null);
    assert.equal(await typeGt(client, GAME('    <moves|<white x="4" y="4"/></moves>\n')), null);
    assert.equal(await typeGt(client, '<wei7 version="2.2"><size|9</size><moves><black x="1" y="1"/></moves></wei7>'), null);
    // The same in a document not yet whole (no </wei7>): the <size> has its end tag all the same.
    assert.equal(await typeGt(client, '<wei7 version="2.2"><size|9</size><moves><black x="1" y="1"/></moves>'), null);
    assert.equal(await typeGt(client, GAME('    <white x="4" y="4" comment="a|"/>\n')), null);
    assert.equal(await typeGt(client, '{"format": "wei7", "version": "3.0", "tree": {"title": "<a|"}}'), null);
  });

  test('parameters that are not { uri, position } (a client of another kind): null, not an internal error', async () => {
    for (const params of [null, {}, { uri: 'file:///x.wei7' }, { uri: 1, position: { line: 0, character: 0 } }, { uri: 'file:///x.wei7', position: { line: '0' } }]) {
      assert.equal(await client.connection.sendRequest('wei7/autoCloseTag', params), null, JSON.stringify(params));
    }
  });
});

test('a start tag the parse closed for the user (its ">" left out) offers no end tag where the next tag starts (found by the fuzz, seed 19292)', () => {
  // The <game> is left open too: an end tag would be offered for it if its start tag had a ">".
  const text = '<wei7 version="2.2">\n<size>9</size>\n<game name="x"\n<black name="A"/>\n';
  const analysis = analyze(text);
  assert.ok(analysis.findings.some((f) => f.message.id === 'xml.startTagNotClosed'));
  const next = text.indexOf('<black name');
  assert.equal(elementOpenedAt(analysis, next), undefined);
});
