/** wei7/convert, the request behind the editor's Import SGF…, Convert to wei7 3.0 and Export as SGF. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TestLspClient } from '../support/lspClient';
import { analyze } from '../../server/src/analysis';
import type { ConvertResult } from '../../server/src/features/convertDocument';

const ROOT = resolve(__dirname, '../..');
const base64 = (text: string | Buffer): string => Buffer.from(text).toString('base64');

describe('wei7/convert', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());
  const convert = (params: unknown) => client.connection.sendRequest<ConvertResult | null>('wei7/convert', params);

  test('an SGF record becomes a clean wei7 3.0 document', async () => {
    const sgf = readFileSync(join(ROOT, '../shared/data/sgf/glift-variation_example.sgf'));
    const result = await convert({ contentBase64: base64(sgf), fileName: 'glift-variation_example.sgf', to: 'json' });
    assert.ok(result?.ok, JSON.stringify(result));
    const analysis = analyze(result.text);
    assert.equal(analysis.spec, '3.0');
    assert.deepEqual(analysis.findings.filter((f) => f.severity === 'error'), []);
    assert.ok(analysis.document && analysis.document.nodes.length > 0);
  });

  test('the 2.2 example becomes wei7 3.0, and 3.0 exports as SGF', async () => {
    const xml = readFileSync(join(ROOT, 'examples/2.2-simple.wei7'));
    const json = await convert({ contentBase64: base64(xml), fileName: '2.2-simple.wei7', to: 'json' });
    assert.ok(json?.ok);
    assert.equal(analyze(json.text).findings.filter((f) => f.severity === 'error').length, 0);
    const sgf = await convert({ contentBase64: base64(json.text), fileName: 'x.wei7', to: 'sgf' });
    assert.ok(sgf?.ok);
    assert.match(sgf.text, /^\(\s*;GM\[1\]/);
    assert.match(sgf.text, /SZ\[19\]/);
  });

  test('a broken SGF is an error naming the line and column', async () => {
    const result = await convert({ contentBase64: base64('(;GM[1]SZ[19]\n;B[pd]C[never closed'), fileName: 'cut.sgf', to: 'json' });
    assert.ok(result && !result.ok);
    assert.match(result.error, /^2:\d+: /);
  });

  test('a document nested too deeply to write out is refused with a reason, not a crash', async () => {
    // Two branches at every level, so no writer can flatten the chain into one line of play.
    const depth = 20_000;
    const pass = '{"action": {"type": "move", "value": {"color": 1, "point": null}}}';
    const open = `{"steps": [${pass}], "branches": [`;
    const close = `, {"steps": [${pass}]}]}`;
    const deep = `{"format": "wei7", "version": "3.0", "tree": ${open.repeat(depth)}{"steps": [${pass}]}${close.repeat(depth)}}`;
    const result = await convert({ contentBase64: base64(deep), fileName: 'deep.wei7', to: 'json' });
    assert.ok(result && !result.ok, 'refused');
    assert.equal(result.error, 'the variations nest too deeply to write out (thousands of levels)');
  });

  test('malformed parameters get null, not an error response', async () => {
    assert.equal(await convert({ contentBase64: 1, fileName: 'x', to: 'json' }), null);
    assert.equal(await convert({ contentBase64: '', fileName: 'x', to: 'pdf' }), null);
    assert.equal(await convert(null), null);
  });
});
