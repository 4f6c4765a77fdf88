/**
 * Go to definition and references for participant indices (3.0 §3.7) through the real protocol:
 * players[].participant and steps[].actor to their info.participants entry, and back; nothing in
 * 2.x, which has no indices.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import { definition, openExample, openText, positionOf, references, textIn, type LocationResult, type OpenDocument } from '../support/navigation';

/** Each location as [line, the text it covers]. */
function located(doc: OpenDocument, locations: LocationResult[] | null): [number, string][] {
  return (locations ?? []).map((l) => {
    assert.equal(l.uri, doc.uri);
    return [l.range.start.line, textIn(doc, l.range)];
  });
}

describe('definitions and references of participant indices', () => {
  let client: TestLspClient;
  let timeline: OpenDocument;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
    timeline = await openExample(client, '3.0-timeline.wei7');
  });
  after(() => client.close());

  test('players[].participant goes to its participants entry', async () => {
    const lg = await openExample(client, '3.0-lg-cup.wei7');
    assert.deepEqual(located(lg, await definition(client, lg, positionOf(lg, '"participant": 1', 0, 15))), [[15, '{"name": "李世石"}']]);
    // A cursor just after the index counts too, as in VS Code's JSON service.
    assert.deepEqual(located(lg, await definition(client, lg, positionOf(lg, '"participant": 0', 0, 16))), [[14, '{"name": "古力"}']]);
  });

  test('steps[].actor goes to its participants entry, from the key as well as the index', async () => {
    assert.deepEqual(located(timeline, await definition(client, timeline, positionOf(timeline, '"actor": 5', 0, 9))), [[19, '{"name": "zhu"}']]);
    assert.deepEqual(located(timeline, await definition(client, timeline, positionOf(timeline, '"actor": 5', 0, 2))), [[19, '{"name": "zhu"}']]);
    // Just after an index that a `}` follows (a step's last property), as after one a `,` follows.
    assert.deepEqual(located(timeline, await definition(client, timeline, positionOf(timeline, '"actor": 5}', 0, 10))), [[19, '{"name": "zhu"}']]);
  });

  test('references of a participant, from its entry or from any index to it, in text order', async () => {
    const actorLines = timeline.text.split('\n').flatMap((line, i) => (line.includes('"actor": 5') ? [i] : []));
    assert.equal(actorLines.length, 9);
    const expected: [number, string][] = actorLines.map((line) => [line, '5']);
    const fromEntry = await references(client, timeline, positionOf(timeline, '"zhu"', 0, 2), false);
    assert.deepEqual(located(timeline, fromEntry), expected);
    const fromIndex = await references(client, timeline, positionOf(timeline, '"actor": 5', 3, 9), true);
    assert.deepEqual(located(timeline, fromIndex), [[19, '{"name": "zhu"}'], ...expected]);
  });

  test('a player and actors pointing at the same participant are all found', async () => {
    // Participant 3 (chen) plays in the timeline: players[0].participant is 3; no step has actor 3.
    const chen = await references(client, timeline, positionOf(timeline, '{"name": "chen"}', 0, 0), true);
    assert.deepEqual(located(timeline, chen), [[17, '{"name": "chen"}'], [27, '3']]);
    const zhang = await references(client, timeline, positionOf(timeline, '"zhang"', 0, 1), false);
    assert.equal(zhang?.length, 20, 'participant 0 acts 20 times and plays in no players entry');
  });

  test('nothing for an index without a participant, a value that is not an index, or 2.x', async () => {
    const doc = await openText(client, '{"format": "wei7", "version": "3.0", "info": {"participants": [{"name": "a"}], "players": [{"participant": 3}]}, "tree": {}}');
    assert.deepEqual(await definition(client, doc, positionOf(doc, '"participant": 3', 0, 15)), []);
    assert.deepEqual(await definition(client, timeline, positionOf(timeline, '"komi"', 0, 1)), []);
    assert.deepEqual(await references(client, timeline, positionOf(timeline, '"komi"', 0, 1), true), []);
    const xml = await openExample(client, '2.2-simple.wei7');
    for (const needle of ['<black domain', 'name="me"']) {
      assert.deepEqual(await definition(client, xml, positionOf(xml, needle, 0, 2)), [], needle);
      assert.deepEqual(await references(client, xml, positionOf(xml, needle, 0, 2), true), [], needle);
    }
  });
});
