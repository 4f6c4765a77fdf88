/**
 * Document and range formatting through the language server's own handlers
 * (textDocument/formatting, textDocument/rangeFormatting over stdio): exact results and exact
 * edits, idempotence on every example and on messy fixtures, nothing but white space changed,
 * and valid documents staying valid.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TestLspClient } from '../support/lspClient';
import { applyEdits, formatDocument, formatRange, rangeOf, TWO_SPACES, type FormattingOptions } from '../support/editing';
import { analyze } from '../../server/src/analysis';

const EXAMPLES = resolve(__dirname, '../../examples');
const TABS: FormattingOptions = { tabSize: 4, insertSpaces: false };

let client: TestLspClient;

before(async () => {
  client = new TestLspClient();
  await client.initialize();
});
after(() => client.close());

/** Formats `text`, checks what every formatting must do, and returns the result. */
async function formatted(text: string, options: FormattingOptions = TWO_SPACES): Promise<string> {
  const once = applyEdits(text, await formatDocument(client, text, options));
  assert.equal(once.replace(/[ \t\r\n]/g, ''), text.replace(/[ \t\r\n]/g, ''), 'only white space changes');
  assert.deepEqual(await formatDocument(client, once, options), [], 'formatting the result changes nothing');
  const findings = (t: string): string[] => analyze(t).findings.map((f) => `${f.clause} ${f.message.id}`);
  assert.deepEqual(findings(once), findings(text), 'the same findings before and after');
  return once;
}

describe('formatting the examples', () => {
  for (const name of readdirSync(EXAMPLES).filter((f) => f.endsWith('.wei7'))) {
    test(`${name}: written as the formatter writes (no edits), and idempotent with tabs`, async () => {
      const text = readFileSync(join(EXAMPLES, name), 'utf8');
      assert.deepEqual(await formatDocument(client, text), []);
      const tabbed = await formatted(text, TABS);
      assert.ok(tabbed.split('\n')[2].startsWith('\t'), 'indented with a tab');
      assert.equal(await formatted(tabbed, TWO_SPACES), text, 'back to two spaces: the example again');
    });
  }
});

describe('formatting 2.x (XML)', () => {
  test('a messy document: layout, comments, attribute order and values, CDATA and references kept', async () => {
    const messy = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '   <!-- a game -->',
      '<wei7   version="2.2"><size>19</size>',
      '<game name = "x"   ><rules komi="7.5" scoring="area"/><black name=\'a "b"\'/></game>',
      '      <moves>',
      '<!-- opening -->',
      '<pre comment="line one',
      '   line two"><black x="3" y="3"/></pre>',
      '<black x="15" y="3"/>   <!-- good -->',
      '',
      '',
      '<white x="3" y="15"',
      '    comment="a &amp; b &#x4e00;"/>',
      '<moves>',
      '</moves>',
      '<moves><black x="1" y="1"/><![CDATA[ x ]]></moves>',
      '<black x="16" y="16"></black>',
      '</moves>',
      '</wei7 >',
      '<!-- end -->',
    ].join('\n');
    assert.equal(
      await formatted(messy),
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<!-- a game -->',
        '<wei7 version="2.2">',
        '  <size>19</size>',
        '  <game name="x">',
        '    <rules komi="7.5" scoring="area" />',
        '    <black name=\'a "b"\' />',
        '  </game>',
        '  <moves>',
        '    <!-- opening -->',
        '    <pre comment="line one',
        '   line two">',
        '      <black x="3" y="3" />',
        '    </pre>',
        '    <black x="15" y="3" /> <!-- good -->',
        '',
        '    <white x="3" y="15" comment="a &amp; b &#x4e00;" />',
        '    <moves>',
        '    </moves>',
        '    <moves><black x="1" y="1"/><![CDATA[ x ]]></moves>',
        '    <black x="16" y="16"></black>',
        '  </moves>',
        '</wei7>',
        '<!-- end -->',
        '',
      ].join('\n'),
    );
  });

  test('minimal edits: one misplaced indentation gives one edit', async () => {
    const text = '<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n        <black x="3" y="3" />\n  </moves>\n</wei7>\n';
    const black = text.indexOf('<black');
    assert.deepEqual(await formatDocument(client, text), [{ range: rangeOf(text, black - 4, black), newText: '' }]);
  });

  test('tabs, CRLF line breaks and a missing final line break', async () => {
    const text = '<wei7 version="2.2">\r\n<size>19</size>\r\n<moves><black x="3" y="3"/></moves>\r\n</wei7>';
    assert.equal(
      await formatted(text, TABS),
      '<wei7 version="2.2">\r\n\t<size>19</size>\r\n\t<moves>\r\n\t\t<black x="3" y="3" />\r\n\t</moves>\r\n</wei7>',
    );
    assert.equal(applyEdits(text, await formatDocument(client, text, { ...TABS, insertFinalNewline: true })).endsWith('</wei7>\r\n'), true);
  });

  test('a document with syntax errors is left as it is', async () => {
    for (const broken of [
      '<wei7 version="2.2"><size>19</size><moves><black x="1" y="1"></moves></wei7>',
      '<wei7 version="2.2"><size>19</size>\n<moves><black x="1" y="1"/>',
      '<wei7 version="2.2"><size>19</size><moves><black x="1" y="1"/></moves></wei7><wei7/>',
      '<wei7 version="2.2"><size>19</size><moves><black x="1" y="1" comment="&nbsp;"/></moves></wei7>',
    ]) {
      assert.deepEqual(await formatDocument(client, broken), [], broken);
    }
  });

  test('when it leaves a document as it is, the server says why and where, in the client\'s language', async () => {
    const notices: { uri: string; message: string }[] = [];
    client.connection.onNotification('wei7/formatRefused', (p: { uri: string; message: string }) => {
      notices.push(p);
    });
    const cases: [string, string][] = [
      [
        '<wei7 version="2.2"><size>19</size>\n<moves><black x="1" y="1"/>',
        'Not formatted: fix this first (line 1, column 2): The element <wei7> is not closed: the document ends first.',
      ],
      [
        // A comment left open: where it starts, not the root left open by it.
        '<wei7 version="2.2"><size>9</size><!-- <moves></moves></wei7>',
        'Not formatted: fix this first (line 1, column 35): This comment is not closed: everything after it is part of it. End it with -->.',
      ],
      [
        // A bare &: where it is, not the end of the text (the parser would read on to a ";").
        '<wei7 version="2.2"><size>9</size><game name="Lee & Sedol"></game></wei7>',
        'Not formatted: fix this first (line 1, column 51): An & must be written &amp; in XML: "&" is not a reference such as &lt; or &#38; (one ends with ;).',
      ],
      [
        '{"format": "wei7", "version": "3.0",\n  "tree": {"steps": [}}',
        'Not formatted: fix this first (line 2, column 22): Expected "]" to close the "[" on line 2 before this "}".',
      ],
    ];
    for (const [text, expected] of cases) {
      assert.deepEqual(await formatDocument(client, text), []);
      const last = notices[notices.length - 1];
      assert.ok(last?.uri.includes('format'), text);
      assert.equal(last.message, expected);
    }
    // Format Selection says the same.
    const broken = cases[0][0];
    assert.deepEqual(await formatRange(client, broken, 0, broken.length), []);
    assert.equal(notices[notices.length - 1].message, cases[0][1]);
    const count = notices.length;
    assert.ok((await formatDocument(client, '<wei7 version="2.2"><size>19</size><moves><black x="1" y="1"/></moves></wei7>')).length > 0);
    assert.equal(notices.length, count, 'no notice when the document is formatted');
    const chinese = new TestLspClient();
    try {
      await chinese.initialize('zh-cn');
      const said = new Promise<{ message: string }>((resolve) => chinese.connection.onNotification('wei7/formatRefused', resolve));
      assert.deepEqual(await formatDocument(chinese, cases[0][0]), []);
      assert.match((await said).message, /^未格式化：请先修正此处（第 1 行第 2 列）：.*<wei7>/);
    } finally {
      await chinese.close();
    }
  });

  test('an invalid but well-formed document is formatted (errors stay where they were)', async () => {
    const text = '<wei7 version="2.2"><size>20</size><moves><mark x="1" y="1" symbol="!"/></moves></wei7>\n';
    assert.equal(await formatted(text), '<wei7 version="2.2">\n  <size>20</size>\n  <moves>\n    <mark x="1" y="1" symbol="!" />\n  </moves>\n</wei7>\n');
  });

  test('range: the smallest element holding the selection, indented from its own line', async () => {
    const text = '<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n    <pre   problem="black"><black x="1" y="1"/><white x="2"   y="2"/></pre>\n    <black x="3" y="3"/>\n  </moves>\n</wei7>\n';
    const white = text.indexOf('<white');
    // `<white x="2"   y="2"/>`: two of the three spaces go, and one comes before `/>`.
    assert.deepEqual(await formatRange(client, text, white + 1, white + 3), [
      { range: rangeOf(text, white + 13, white + 15), newText: '' },
      { range: rangeOf(text, white + 20), newText: ' ' },
    ]);
    const lineStart = text.indexOf('    <pre');
    const lineEnd = text.indexOf('\n', lineStart) + 1;
    assert.equal(
      applyEdits(text, await formatRange(client, text, lineStart, lineEnd)),
      text.replace(
        '    <pre   problem="black"><black x="1" y="1"/><white x="2"   y="2"/></pre>',
        '    <pre problem="black">\n      <black x="1" y="1" />\n      <white x="2" y="2" />\n    </pre>',
      ),
    );
  });
});

describe('formatting 3.0 (JSON)', () => {
  const minified =
    '{"format":"wei7","version":"3.0","size":19,"info":{"name":"x","rules":{"komi":7.5},"participants":[{"name":"a"},{"name":"b"}]},' +
    '"tree":{"pre":{"stones":[{"color":1,"point":{"x":3,"y":3}}],"comment":"a\\n\\"b\\""},"steps":[{"action":{"type":"move","value":{"color":2,"point":{"x":15,"y":3}}}},' +
    '{"action":{"type":"move","value":{"color":1,"point":null}},"marks":[{"point":{"x":1,"y":1},"symbol":"a"}]}],"branches":[{"steps":[]},{}]}}';

  test('a minified document: the spec examples\' layout, one step a line, tokens as written', async () => {
    assert.equal(
      await formatted(minified),
      [
        '{',
        '  "format": "wei7",',
        '  "version": "3.0",',
        '  "size": 19,',
        '  "info": {',
        '    "name": "x",',
        '    "rules": {"komi": 7.5},',
        '    "participants": [',
        '      {"name": "a"},',
        '      {"name": "b"}',
        '    ]',
        '  },',
        '  "tree": {',
        '    "pre": {',
        '      "stones": [',
        '        {"color": 1, "point": {"x": 3, "y": 3} }',
        '      ],',
        '      "comment": "a\\n\\"b\\""',
        '    },',
        '    "steps": [',
        '      {"action": {"type": "move", "value": {"color": 2, "point": {"x": 15, "y": 3} } } },',
        '      {',
        '        "action": {"type": "move", "value": {"color": 1, "point": null} },',
        '        "marks": [',
        '          {"point": {"x": 1, "y": 1}, "symbol": "a"}',
        '        ]',
        '      }',
        '    ],',
        '    "branches": [',
        '      {',
        '        "steps": []',
        '      },',
        '      {}',
        '    ]',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  test('tabs; a final line break when asked; key order and number forms kept', async () => {
    const text = '{"version":"3.0","format":"wei7","info":{"rules":{"komi":7.50}},"tree":{}}\n';
    assert.equal(await formatted(text, TABS), '{\n\t"version": "3.0",\n\t"format": "wei7",\n\t"info": {"rules": {"komi": 7.50} },\n\t"tree": {}\n}\n');
    const noBreak = '{"format":"wei7","version":"3.0","tree":{}}';
    assert.equal(applyEdits(noBreak, await formatDocument(client, noBreak, { ...TWO_SPACES, insertFinalNewline: true })), '{\n  "format": "wei7",\n  "version": "3.0",\n  "tree": {}\n}\n');
  });

  test('the author\'s choices are kept: an expanded object stays expanded, a blank line stays, a hugged array stays', async () => {
    const text = [
      '{',
      '  "format": "wei7",',
      '',
      '  "version": "3.0",',
      '  "info": {"rules": {',
      '    "komi": 6.5',
      '  }},',
      '  "tree": {',
      '    "steps": [',
      '      {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } }, "marks": [',
      '        {"point": {"x": 2, "y": 13}, "symbol": "a"}',
      '      ], "comment": "c"}',
      '    ]',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.equal(await formatted(text), text.replace('  }},', '  } },'));
  });

  test('a document with syntax errors is left as it is', async () => {
    for (const broken of [
      '{"format": "wei7", "version": "3.0", "tree": {},}',
      '{"format": "wei7", "version": "3.0", "tree": {}} // done',
      '{"format": "wei7", "version": "3.0", "tree": {"steps": [}',
      "{'format': 'wei7', \"version\": \"3.0\", \"tree\": {}}",
    ]) {
      assert.deepEqual(await formatDocument(client, broken), [], broken);
    }
  });

  test('minimal edits: one missing space gives one edit', async () => {
    const text = '{\n  "format": "wei7",\n  "version":"3.0",\n  "tree": {}\n}\n';
    const value = text.indexOf('"3.0"');
    assert.deepEqual(await formatDocument(client, text), [{ range: rangeOf(text, value), newText: ' ' }]);
  });

  test('range: a selected line is its step; a step whose layout changes is formatted with its container', async () => {
    const text = [
      '{',
      '  "format": "wei7",',
      '  "version": "3.0",',
      '  "tree": {',
      '    "steps": [',
      '      {"action":{"type":"move",  "value":{"color":2,"point":null}}},',
      '      {"action":{"type":"move","value":{"color":1,"point":{"x":3,"y":3}}},"marks":[{"point":{"x":1,"y":1},"symbol":"a"}]}',
      '    ]',
      '  }',
      '}',
      '',
    ].join('\n');
    const first = text.indexOf('      {"action"');
    const firstEnd = text.indexOf('\n', first) + 1;
    assert.equal(
      applyEdits(text, await formatRange(client, text, first, firstEnd)),
      text.replace('{"action":{"type":"move",  "value":{"color":2,"point":null}}}', '{"action": {"type": "move", "value": {"color": 2, "point": null} } }'),
    );
    const second = text.indexOf('"marks"');
    assert.equal(
      applyEdits(text, await formatRange(client, text, second, second)),
      text.replace(
        '      {"action":{"type":"move","value":{"color":1,"point":{"x":3,"y":3}}},"marks":[{"point":{"x":1,"y":1},"symbol":"a"}]}',
        [
          '      {',
          '        "action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } },',
          '        "marks": [',
          '          {"point": {"x": 1, "y": 1}, "symbol": "a"}',
          '        ]',
          '      }',
        ].join('\n'),
      ),
    );
  });
});
