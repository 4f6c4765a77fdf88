/**
 * Quick fixes through the real protocol: a real document in, the action requested for one of its
 * published diagnostics, the edit applied, the text asserted exactly, and the server's analysis
 * of the result: the diagnostic gone and no new one (but placeholders left for the user to fill).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestLspClient } from '../support/lspClient';
import { applyEdits, assertFix, fixAndCheck, requestActions, textAt, type LspCodeAction } from '../support/codeActions';
import { rangeOf } from '../support/editing';

/** A 2.2 document: `game` and `moves` are lines already indented. */
function xml(moves: string, game = '', size = '19'): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>${size}</size>\n` +
    (game ? `  <game>\n${game}  </game>\n` : '') +
    `  <moves>\n${moves}  </moves>\n</wei7>\n`
  );
}

/** A 3.0 document with `info` and `steps` written inline. */
function json(steps: string, info = ''): string {
  return `{\n  "format": "wei7",\n  "version": "3.0",\n${info ? `  "info": ${info},\n` : ''}  "tree": {\n    "steps": [${steps}]\n  }\n}\n`;
}

function move(color: 1 | 2, x: number, y: number): string {
  return `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}}`;
}

const MOVE = '    <black x="3" y="3"/>\n';
const MOVE_JSON = move(1, 3, 3);

describe('quick fixes', () => {
  let client: TestLspClient;
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  describe('the provider', () => {
    test('announces quick fixes', async () => {
      const probe = new TestLspClient();
      const result = (await probe.initialize()) as { capabilities: { codeActionProvider?: unknown } };
      assert.deepEqual(result.capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
      await probe.close();
    });

    test('offers nothing when the client asks only for other kinds', async () => {
      const text = xml(MOVE, '    <rules type="chinese"/>\n');
      const { actions } = await requestActions(client, text, { code: '3.6', at: 'chinese' }, ['refactor']);
      assert.deepEqual(actions, []);
    });

    test('offers nothing for a diagnostic that is not the current one (another range)', async () => {
      const text = xml(MOVE, '    <rules type="chinese"/>\n');
      const { uri, diagnostics } = await requestActions(client, text, { code: '3.6', at: 'chinese' });
      const stale = { ...diagnostics[0], range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
      const actions = await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: stale.range,
        context: { diagnostics: [stale] },
      });
      assert.deepEqual(actions, []);
    });

    test('offers nothing for a finding without a fix', async () => {
      const text = xml(MOVE, '    <time>yesterday</time>\n');
      const { actions } = await requestActions(client, text, { code: '3.7', at: 'yesterday' });
      assert.deepEqual(actions, []);
    });

    test('titles follow the client locale', async () => {
      const zh = new TestLspClient();
      await zh.initialize('zh-cn');
      const text = xml(MOVE, '    <rules type="chinese"/>\n');
      const { actions } = await requestActions(zh, text, { code: '3.6', at: 'chinese' });
      assert.deepEqual(actions.map((a) => a.title), ['改为 type="Chinese"']);
      await zh.close();
    });
  });

  describe('wrong enum case or near miss', () => {
    test('2.2 rules type chinese → Chinese', () =>
      assertFix(client, {
        text: xml(MOVE, '    <rules scoring="area" type="chinese" komi="7.5"/>\n'),
        pick: { code: '3.6', at: 'chinese' },
        titles: ['Change to type="Chinese"'],
        apply: 'Change to type="Chinese"',
        preferred: true,
        expected: xml(MOVE, '    <rules scoring="area" type="Chinese" komi="7.5"/>\n'),
      }));

    test('2.2 eval Good → good', () =>
      assertFix(client, {
        text: xml('    <black x="3" y="3" eval="Good" comment="a"/>\n'),
        pick: { code: '3.16.1', at: 'Good' },
        titles: ['Change to eval="good"'],
        apply: 'Change to eval="good"',
        preferred: true,
        expected: xml('    <black x="3" y="3" eval="good" comment="a"/>\n'),
      }));

    test('2.2 a misspelt value: the near miss first and preferred, the others offered', () =>
      assertFix(client, {
        text: xml(MOVE, '    <rules scoring="aera"/>\n'),
        pick: { code: '3.6', at: 'aera' },
        titles: ['Change to scoring="area"', 'Change to scoring="territory"'],
        apply: 'Change to scoring="area"',
        preferred: true,
        expected: xml(MOVE, '    <rules scoring="area"/>\n'),
      }));

    test('2.2 a value far from every allowed one: a choice, none preferred', () =>
      assertFix(client, {
        text: xml(MOVE, '    <result winner="draw"/>\n'),
        pick: { code: '3.9', at: 'draw' },
        titles: ['Change to winner="black"', 'Change to winner="white"', 'Change to winner="neither"'],
        apply: 'Change to winner="neither"',
        preferred: false,
        expected: xml(MOVE, '    <result winner="neither"/>\n'),
      }));

    test('3.0 scoring "Area" → "area"', () =>
      assertFix(client, {
        text: json(MOVE_JSON, '{"rules": {"scoring": "Area", "komi": 7.5}}'),
        pick: { code: '3.10.1', at: '"Area"' },
        titles: ['Change to "area"'],
        apply: 'Change to "area"',
        preferred: true,
        expected: json(MOVE_JSON, '{"rules": {"scoring": "area", "komi": 7.5}}'),
      }));

    test('3.0 a misspelt evaluation: the near miss first and preferred', () =>
      assertFix(client, {
        text: json('{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}, "evaluation": "goood"}}}'),
        pick: { code: '3.16.3.2.1.3', at: '"goood"' },
        titles: ['Change to "good"', 'Change to "bad"', 'Change to "trick"', 'Change to "controversial"'],
        apply: 'Change to "good"',
        preferred: true,
        expected: json('{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}, "evaluation": "good"}}}'),
      }));

    test('3.0 format "WEI7" → "wei7"', () =>
      assertFix(client, {
        text: '{"format": "WEI7", "version": "3.0", "tree": {}}\n',
        pick: { code: '3.2', at: '"WEI7"' },
        titles: ['Change to "wei7"'],
        apply: 'Change to "wei7"',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "tree": {}}\n',
      }));

    test('3.0 a JSON word in the wrong case: Null → null', () =>
      assertFix(client, {
        text: json(MOVE_JSON, '{"result": {"winner": Null}}'),
        pick: { code: '3.1', at: 'Null' },
        titles: ['Change to null'],
        apply: 'Change to null',
        preferred: true,
        expected: json(MOVE_JSON, '{"result": {"winner": null}}'),
      }));
  });

  describe('number forms', () => {
    for (const [written, canonical] of [['7.50', '7.5'], ['06.5', '6.5'], ['8.0', '8']] as const) {
      test(`2.2 komi ${written} → ${canonical}`, () =>
        assertFix(client, {
          text: xml(MOVE, `    <rules komi="${written}" type="Japanese"/>\n`),
          pick: { code: '3.6', at: written },
          titles: [`Change to komi="${canonical}"`],
          apply: `Change to komi="${canonical}"`,
          preferred: true,
          expected: xml(MOVE, `    <rules komi="${canonical}" type="Japanese"/>\n`),
        }));
    }

    // Session 35: these forms of a number had no fix (session 33's round trip of the fixes).
    for (const [written, canonical] of [['04', '4'], ['+4', '4'], ['4.0', '4'], ['４', '4'], ['１７', '17']] as const) {
      test(`2.2 coordinate x="${written}" → x="${canonical}"`, () =>
        assertFix(client, {
          text: xml(`    <black x="${written}" y="3"/>\n`),
          pick: { code: '3.17.1.2', at: written },
          titles: [`Change to x="${canonical}"`],
          apply: `Change to x="${canonical}"`,
          preferred: true,
          expected: xml(`    <black x="${canonical}" y="3"/>\n`),
        }));
    }

    test('2.2 a coordinate that is not a whole number (4.5, -1, four) gets no fix', async () => {
      for (const written of ['4.5', '-1', 'four']) {
        const { actions } = await requestActions(client, xml(`    <black x="${written}" y="3"/>\n`), { code: '3.17.1.2', at: written });
        assert.deepEqual(actions, [], written);
      }
    });

    test('2.2 size in full-width digits (１９) → 19', () =>
      assertFix(client, {
        text: xml(MOVE, '', '１９'),
        pick: { code: '3.4', at: '１９' },
        titles: ['Change the board size to 19'],
        apply: 'Change the board size to 19',
        preferred: true,
        expected: xml(MOVE),
      }));

    test('2.2 a komi no form can mend (10) gets no fix', async () => {
      const { actions } = await requestActions(client, xml(MOVE, '    <rules komi="10"/>\n'), { code: '3.6', at: '10' });
      assert.deepEqual(actions, []);
    });

    test('2.2 margin 3.50 → 3.5', () =>
      assertFix(client, {
        text: xml(MOVE, '    <result winner="black" margin="3.50"/>\n'),
        pick: { code: '3.9', at: '3.50' },
        titles: ['Change to margin="3.5"'],
        apply: 'Change to margin="3.5"',
        preferred: true,
        expected: xml(MOVE, '    <result winner="black" margin="3.5"/>\n'),
      }));

    test('3.0 an integer written 1.0 → 1', () =>
      assertFix(client, {
        text: json('{"action": {"type": "move", "value": {"color": 1.0, "point": {"x": 3, "y": 3}}}}'),
        pick: { code: '3.5', at: '1.0' },
        titles: ['Change to 1'],
        apply: 'Change to 1',
        preferred: true,
        expected: json(MOVE_JSON),
      }));

    test('3.0 a number with a leading zero (RFC 8259): 06.5 → 6.5', () =>
      assertFix(client, {
        text: json(MOVE_JSON, '{"rules": {"komi": 06.5}}'),
        pick: { code: '3.1', at: '06.5' },
        titles: ['Change to 6.5'],
        apply: 'Change to 6.5',
        preferred: true,
        expected: json(MOVE_JSON, '{"rules": {"komi": 6.5}}'),
      }));
  });

  describe('a pass with coordinates (2.2 §3.17.1.2)', () => {
    const before = '    <black x="15" y="3"/>\n    <white type="pass" x="3" y="3"/>\n';
    const titles = ['Remove the coordinates of this pass', 'Make it a normal move: remove type="pass"'];

    test('remove x and y: one action for both diagnostics', () =>
      assertFix(client, {
        text: xml(before),
        pick: { code: '3.17.1.2', at: 'x="3"' },
        titles,
        apply: titles[0],
        preferred: false,
        expected: xml('    <black x="15" y="3"/>\n    <white type="pass"/>\n'),
      }));

    test('make it a normal move', () =>
      assertFix(client, {
        text: xml(before),
        pick: { code: '3.17.1.2', at: 'y="3"' },
        titles,
        apply: titles[1],
        preferred: false,
        expected: xml('    <black x="15" y="3"/>\n    <white x="3" y="3"/>\n'),
      }));

    test('with both diagnostics in the request, each fix is one action listing both', async () => {
      const { uri, published } = await requestActions(client, xml(before), { code: '3.17.1.2', at: 'x="3"' });
      const both = published.filter((d) => d.code === '3.17.1.2');
      assert.equal(both.length, 2);
      const actions = (await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: both[0].range.start, end: both[1].range.end },
        context: { diagnostics: both },
      })) as LspCodeAction[];
      assert.deepEqual(actions.map((a) => [a.title, a.diagnostics]), [[titles[0], both], [titles[1], both]]);
    });

    test('with one coordinate only, a normal move is not offered', async () => {
      const { actions } = await requestActions(client, xml('    <white type="pass" x="3"/>\n'), { code: '3.17.1.2', at: 'x="3"' });
      assert.deepEqual(actions.map((a) => a.title), ['Remove the coordinates of this pass']);
    });
  });

  describe('a missing required attribute (2.2)', () => {
    test('wei7 version', () =>
      assertFix(client, {
        text: '<wei7>\n  <size>19</size>\n  <moves><black x="3" y="3"/></moves>\n</wei7>\n',
        pick: { code: '3.2', at: '<wei7>' },
        titles: ['Add version="2.2"'],
        apply: 'Add version="2.2"',
        preferred: true,
        expected: '<wei7 version="2.2">\n  <size>19</size>\n  <moves><black x="3" y="3"/></moves>\n</wei7>\n',
      }));

    test('result winner: an empty placeholder, then a choice of values', async () => {
      const withPlaceholder = await fixAndCheck(client, {
        text: xml(MOVE, '    <result margin="3"/>\n'),
        pick: { code: '3.9', at: '<result margin="3"/>' },
        titles: ['Add winner=""'],
        apply: 'Add winner=""',
        preferred: true,
        expected: xml(MOVE, '    <result margin="3" winner=""/>\n'),
        newDiagnostics: [['3.9', '']],
      });
      await assertFix(client, {
        text: withPlaceholder,
        pick: { code: '3.9', at: '' },
        titles: ['Change to winner="black"', 'Change to winner="white"', 'Change to winner="neither"'],
        apply: 'Change to winner="white"',
        preferred: false,
        expected: xml(MOVE, '    <result margin="3" winner="white"/>\n'),
      });
    });

    test('the y of a pre stone', () =>
      assertFix(client, {
        text: xml('    <pre>\n      <black x="3"/>\n    </pre>\n    <white x="4" y="4"/>\n'),
        pick: { code: '3.17.2', at: '<black x="3"/>' },
        titles: ['Add y=""'],
        apply: 'Add y=""',
        preferred: true,
        expected: xml('    <pre>\n      <black x="3" y=""/>\n    </pre>\n    <white x="4" y="4"/>\n'),
        newDiagnostics: [['3.17.1.2', '']],
      }));

    // Session 34: a move had no fix, where a stone had this one.
    test('the y of a move (2.2 §3.17.1.2); none for a move without either coordinate, which may be a pass', async () => {
      await assertFix(client, {
        text: xml('    <black x="3"/>\n'),
        pick: { code: '3.17.1.2', at: '<black x="3"/>' },
        titles: ['Add y=""'],
        apply: 'Add y=""',
        preferred: true,
        expected: xml('    <black x="3" y=""/>\n'),
        newDiagnostics: [['3.17.1.2', '']],
      });
      const { actions } = await requestActions(client, xml('    <black comment="a"/>\n'), { code: '3.17.1.2', at: '<black comment="a"/>' });
      assert.deepEqual(actions.map((a) => a.title), []);
    });

    test('the symbol of a mark', () =>
      assertFix(client, {
        text: xml('    <mark x="3" y="3"/>\n    <black x="3" y="3"/>\n'),
        pick: { code: '3.18', at: '<mark x="3" y="3"/>' },
        titles: ['Add symbol=""'],
        apply: 'Add symbol=""',
        preferred: true,
        expected: xml('    <mark x="3" y="3" symbol=""/>\n    <black x="3" y="3"/>\n'),
        newDiagnostics: [['3.18', '']],
      }));
  });

  describe('a missing required property (3.0)', () => {
    test('"format", before the first property (one line)', () =>
      assertFix(client, {
        text: '{"version": "3.0", "tree": {}}\n',
        pick: { code: '3.2', at: '{' },
        titles: ['Add "format": "wei7"'],
        apply: 'Add "format": "wei7"',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "tree": {}}\n',
      }));

    test('"version", on its own line after "format"', () =>
      assertFix(client, {
        text: '{\n  "format": "wei7",\n  "tree": {}\n}\n',
        pick: { code: '3.2', at: '{' },
        titles: ['Add "version": "3.0"'],
        apply: 'Add "version": "3.0"',
        preferred: true,
        expected: '{\n  "format": "wei7",\n  "version": "3.0",\n  "tree": {}\n}\n',
      }));

    test('"version" in a CR LF document: its own line ends in CR LF', () =>
      assertFix(client, {
        text: '{\r\n  "format": "wei7",\r\n  "tree": {}\r\n}\r\n',
        pick: { code: '3.2', at: '{' },
        titles: ['Add "version": "3.0"'],
        apply: 'Add "version": "3.0"',
        preferred: true,
        expected: '{\r\n  "format": "wei7",\r\n  "version": "3.0",\r\n  "tree": {}\r\n}\r\n',
      }));

    test('"tree", after the info', () =>
      assertFix(client, {
        text: '{\n  "format": "wei7",\n  "version": "3.0",\n  "info": {"name": "x"}\n}\n',
        pick: { code: '3.2', at: '{' },
        titles: ['Add "tree": {}'],
        apply: 'Add "tree": {}',
        preferred: true,
        expected: '{\n  "format": "wei7",\n  "version": "3.0",\n  "info": {"name": "x"},\n  "tree": {}\n}\n',
      }));

    test('"action" of a step: an empty object whose type is next', () =>
      assertFix(client, {
        text: json(`${MOVE_JSON}, {"comment": "why?"}`),
        pick: { code: '3.16.3', at: '{' },
        titles: ['Add "action": {}'],
        apply: 'Add "action": {}',
        preferred: true,
        expected: json(`${MOVE_JSON}, {"action": {}, "comment": "why?"}`),
        newDiagnostics: [['3.16.3.2', '"action"']],
      }));

    test('"y" of a point', () =>
      assertFix(client, {
        text: json('{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3}}}}'),
        pick: { code: '3.6', at: '"point"' },
        titles: ['Add "y": 0'],
        apply: 'Add "y": 0',
        preferred: true,
        expected: json('{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 0}}}}'),
      }));

    test('"color" of a move: black or white to choose', () =>
      assertFix(client, {
        text: json('{"action": {"type": "move", "value": {"point": {"x": 3, "y": 3}}}}'),
        pick: { code: '3.16.3.2.1', at: '"value"' },
        titles: ['Add "color": 1', 'Add "color": 2'],
        apply: 'Add "color": 2',
        preferred: false,
        expected: json('{"action": {"type": "move", "value": {"color": 2, "point": {"x": 3, "y": 3}}}}'),
      }));

    test('"height" of a size object repeats the width', () =>
      assertFix(client, {
        text: '{"format": "wei7", "version": "3.0", "size": {"width": 13}, "tree": {}}\n',
        pick: { code: '3.9', at: '"size"' },
        titles: ['Add "height": 13'],
        apply: 'Add "height": 13',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "size": {"width": 13, "height": 13}, "tree": {}}\n',
      }));
  });

  describe('a trailing mark (2.2 §3.19)', () => {
    test('is removed with its line', () =>
      assertFix(client, {
        text: xml(`${MOVE}    <mark x="3" y="3" symbol="A"/>\n`),
        pick: { code: '3.19', at: 'mark' },
        titles: ['Remove the <mark> at the end of <moves>'],
        apply: 'Remove the <mark> at the end of <moves>',
        preferred: true,
        expected: xml(MOVE),
      }));

    test('in a CR LF document, with its CR LF', () =>
      assertFix(client, {
        text: xml(`${MOVE}    <mark x="3" y="3" symbol="A"/>\n`).replace(/\n/g, '\r\n'),
        pick: { code: '3.19', at: 'mark' },
        titles: ['Remove the <mark> at the end of <moves>'],
        apply: 'Remove the <mark> at the end of <moves>',
        preferred: true,
        expected: xml(MOVE).replace(/\n/g, '\r\n'),
      }));

    test('the marks before it, last in turn, go too', () =>
      assertFix(client, {
        text: xml('    <black x="3" y="3"/> <mark x="3" y="3" symbol="A"/> <mark x="4" y="4" symbol="B"/>\n'),
        pick: { code: '3.19', at: 'mark' },
        titles: ['Remove the 2 <mark> elements at the end of <moves>'],
        apply: 'Remove the 2 <mark> elements at the end of <moves>',
        preferred: true,
        expected: xml(MOVE),
      }));

    test('a mark whose tag is not closed reaches the next: the two removals are one edit (the fuzz, seed 22424)', () =>
      assertFix(client, {
        text: xml(`${MOVE}    <mark x="3" y="3" symbol="A" to play side." />\n  <mark x="4" y="4" symbol="B"/>\n`),
        pick: { code: '3.19', at: 'mark' },
        titles: ['Remove the 2 <mark> elements at the end of <moves>'],
        apply: 'Remove the 2 <mark> elements at the end of <moves>',
        preferred: true,
        expected: xml(MOVE),
      }));
  });

  describe('a misplaced pre (2.2 §3.15)', () => {
    const misplaced = xml('    <black x="3" y="3"/>\n    <pre>\n      <white x="4" y="4"/>\n    </pre>\n');
    const pick = { code: '3.15', at: 'pre', message: /only be the first child/ };
    const titles = ['Move this <pre> to the start of its <moves>', 'Remove this <pre>'];

    test('moved to the start of its moves', () =>
      assertFix(client, {
        text: misplaced,
        pick,
        titles,
        apply: titles[0],
        preferred: false,
        expected: xml('    <pre>\n      <white x="4" y="4"/>\n    </pre>\n    <black x="3" y="3"/>\n'),
      }));

    test('removed', () =>
      assertFix(client, {
        text: misplaced,
        pick,
        titles,
        apply: titles[1],
        preferred: false,
        expected: xml(MOVE),
      }));

    test('with stones in a variation, it can only be removed', async () => {
      const text = xml('    <black x="3" y="3"/>\n    <moves>\n      <white x="5" y="5"/>\n      <pre><white x="4" y="4"/></pre>\n    </moves>\n');
      const { actions } = await requestActions(client, text, pick);
      assert.deepEqual(actions.map((a) => a.title), ['Remove this <pre>']);
    });
  });

  describe('a duplicate key (3.0 §3.1)', () => {
    test('the later property is removed with its comma', () =>
      assertFix(client, {
        text: '{"format": "wei7", "version": "3.0", "format": "wei7", "tree": {}}\n',
        pick: { code: '3.1', at: '"format"' },
        titles: ['Remove this duplicate "format"', 'Keep this "format" and remove the one on line 1'],
        apply: 'Remove this duplicate "format"',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "tree": {}}\n',
      }));

    test('or the earlier one, keeping the later', () =>
      assertFix(client, {
        text: '{\n  "format": "wei7",\n  "version": "2.2",\n  "tree": {},\n  "version": "3.0"\n}\n',
        pick: { code: '3.1', at: '"version"' },
        titles: ['Remove this duplicate "version"', 'Keep this "version" and remove the one on line 3'],
        apply: 'Keep this "version" and remove the one on line 3',
        preferred: false,
        expected: '{\n  "format": "wei7",\n  "tree": {},\n  "version": "3.0"\n}\n',
      }));

    // Session 36: "Keep this" removed only the first copy, and left the third.
    test('written three times: keeping one removes both others, neighbours or not', async () => {
      const text = '{"format": "wei7", "version": "3.0", "info": {"name": "a", "name": "b", "place": "p", "name": "c"}, "tree": {}}\n';
      const titles = ['Remove this duplicate "name"', 'Keep this "name" and remove the other 2'];
      for (const [nth, info] of ['"name": "b", "place": "p"', '"place": "p", "name": "c"'].entries()) {
        const expected = `{"format": "wei7", "version": "3.0", "info": {${info}}, "tree": {}}\n`;
        await assertFix(client, { text, pick: { code: '3.1', at: '"name"', nth }, titles, apply: titles[1], preferred: false, expected });
      }
    });
  });

  describe('a full-width character in a start tag (2.2 §3.1)', () => {
    test('＝ becomes =', () =>
      assertFix(client, {
        text: xml('    <black x＝"3" y="3"/>\n'),
        pick: { code: '3.1', at: '＝' },
        titles: ['Change to ='],
        apply: 'Change to =',
        preferred: true,
        expected: xml(MOVE),
      }));
  });

  describe('2.x slips read as meant, and names misspelt (2.2 §3.1, §3.14, §3.17.1): one preferred fix each', () => {
    const MOVE_33 = '    <black x="3" y="3"/>\n';
    const slips: readonly (readonly [string, string, string, string, string])[] = [
      // [what, the text, the code and text of the diagnostic picked, the fix's title, the text fixed]
      ['a move\'s start tag without ">": closed with />', xml('    <black x="3" y="3"\n    <white x="4" y="4"/>\n'), '3.1 <black x="3" y="3"', 'Close the tag with />', xml(`${MOVE_33}    <white x="4" y="4"/>\n`)],
      ['a start tag\'s name running on into its text (<size19</size>): closed after the name', xml(MOVE_33).replace('<size>19', '<size19'), '3.1 <size', 'Close the tag with >', xml(MOVE_33)],
      ['a value without quotes: put in quotes', xml('    <black x=3 y="3"/>\n'), '3.1 3', 'Change to "3"', xml(MOVE_33)],
      ['a full-width space between attributes: an ordinary space', xml('    <black x="3"\u3000y="3"/>\n'), '3.1 \u3000', 'Change to an ordinary space', xml(MOVE_33)],
      ['a comment ended with "--->": "-->"', xml('    <!-- a --->\n' + MOVE_33), '3.1 --->', 'Change to -->', xml('    <!-- a -->\n' + MOVE_33)],
      ['a comma between attributes: a space', xml('    <black x="3",y="3"/>\n'), '3.1 ,', 'Change "," to a space', xml(MOVE_33)],
      ['a full-width comma and a space between attributes: the comma removed', xml('    <black x="3"， y="3"/>\n'), '3.1 ，', 'Remove "，"', xml(MOVE_33)],
      ['a 、 typed for the / of />: the /', xml('    <black x="3" y="3"、>\n'), '3.1 、', 'Change to /', xml(MOVE_33)],
      ['a value in full-width quotes: both quotes at once, from either', xml('    <black x=“3” y="3"/>\n'), '3.1 “', 'Change to "3"', xml(MOVE_33)],
      ['a value in full-width quotes, the fix asked at the closing one', xml('    <black x="3" y=“3”/>\n'), '3.1 ”', 'Change to "3"', xml(MOVE_33)],
      ['a closing quote typed full-width, the next move on the next line: that quote only', xml('    <black x="3" y="3" comment="好棋”/>\n    <white x="4" y="4"/>\n'), '3.1 ”', 'Change to "', xml('    <black x="3" y="3" comment="好棋"/>\n    <white x="4" y="4"/>\n')],
      ['a < in a value: written &lt;', xml('    <black x="3" y="3" comment="x<3"/>\n'), '3.1 <', 'Change to &lt;', xml('    <black x="3" y="3" comment="x&lt;3"/>\n')],
      ['a value without its closing quote: the quote where it belongs', xml('    <black x="3 y="3"/>\n'), '3.1 "3', 'Change to "3"', xml(MOVE_33)],
      ['a misspelt attribute: the name meant', xml('    <black x="3" Y="3"/>\n'), '3.17.1 Y', 'Change to y', xml(MOVE_33)],
      ['a misspelt element: the name meant, in its end tag too', xml(`${MOVE_33}    <mvoes>\n      <white x="4" y="4"/>\n    </mvoes>\n`), '3.14 mvoes', 'Change to moves', xml(`${MOVE_33}    <moves>\n      <white x="4" y="4"/>\n    </moves>\n`)],
      ['a mistyped end tag: the open element\'s name', xml(MOVE_33, '    <black name="A"/>\n').replace('</game>', '</gmae>'), '3.1 gmae', 'Change to game', xml(MOVE_33, '    <black name="A"/>\n')],
      // Indented deeper than the </moves> after them: the start tag was left out (xmlRun.ts startTagLeftOut), written back as its end tag is indented.
      ['moves outside a <moves>, its end tag after them: its start tag written back', xml(MOVE_33).replace('  <moves>\n', ''), '3.1 black', 'Insert <moves> before <black>', xml(MOVE_33)],
      ['moves outside a <moves> indented as <wei7>\'s children: its start tag before the first', xml(MOVE_33).replace('  <moves>\n', '').replace(MOVE_33, MOVE_33.trimStart()), '3.3 black', 'Insert <moves> before <black>', xml(MOVE_33.trimStart()).replace('  <moves>\n', '<moves>\n')],
      [
        'a variation\'s start tag left out before its <pre>: written back, indented as its end tag',
        xml(`${MOVE_33}      <pre title="b"/>\n      <white x="5" y="5"/>\n    </moves>\n`),
        '3.1 pre',
        'Insert <moves> before <pre>',
        xml(`${MOVE_33}    <moves>\n      <pre title="b"/>\n      <white x="5" y="5"/>\n    </moves>\n`),
      ],
      ['moves outside a <moves> without its end tag either: both tags around them', xml(MOVE_33).replace('  <moves>\n', '').replace('  </moves>\n', ''), '3.3 black', 'Insert <moves> before <black>', xml(MOVE_33).replace('  <moves>\n', '    <moves>\n').replace(`${MOVE_33}  </moves>\n`, `${MOVE_33.trimEnd()}\n    </moves>\n`)],
      ['a value holding its own quote: each written as &quot;', xml('    <black x="3" y="3" comment="a "b" c"/>\n'), '3.1 "', 'Change to &quot;', xml('    <black x="3" y="3" comment="a &quot;b&quot; c"/>\n')],
      ['a stray quote in a coordinate: the value without it', xml('    <black x="3"3" y="3"/>\n'), '3.1 "', 'Change to x="33"', xml('    <black x="33" y="3"/>\n')],
      ['an end tag typed too early: deleted with its line', xml(`${MOVE_33}    </moves>\n    <white x="4" y="4"/>\n`), '3.1 moves', 'Delete this </moves>', xml(`${MOVE_33}    <white x="4" y="4"/>\n`)],
      ['an end tag auto-closing wrote before the moves meant in its element: deleted (the tag only: its start tag is on its line)', xml(`${MOVE_33}    <moves></moves>\n      <white x="4" y="4"/>\n    </moves>\n`), '3.1 moves', 'Delete this </moves>', xml(`${MOVE_33}    <moves>\n      <white x="4" y="4"/>\n    </moves>\n`)],
      ['an outer end tag typed between the stones of a pre: deleted (the tag only: the stone after it is on its line)', xml(`    <pre>\n      <white x="4" y="4"/>\n      </moves><black x="5" y="5"/>\n    </pre>\n${MOVE_33}`), '3.1 moves', 'Delete this </moves>', xml(`    <pre>\n      <white x="4" y="4"/>\n      <black x="5" y="5"/>\n    </pre>\n${MOVE_33}`)],
      ['an XML declaration in upper case: in lower case', xml(MOVE_33).replace('<?xml', '<?XML'), '3.1 XML', 'Change to xml', xml(MOVE_33)],
      ['an end tag left out before a line indented as the element\'s sibling: written there, on its own line', xml('    <moves>\n      <black x="3" y="3"/>\n    <moves>\n      <black x="4" y="4"/>\n    </moves>\n'), '3.1 moves', 'Insert </moves> before <moves>', xml('    <moves>\n      <black x="3" y="3"/>\n    </moves>\n    <moves>\n      <black x="4" y="4"/>\n    </moves>\n')],
      ['a "<" typed twice before a tag: the first deleted', xml(`${MOVE_33}    <<white x="4" y="4"/>\n`), '3.1 <', 'Remove this "<"', xml(`${MOVE_33}    <white x="4" y="4"/>\n`)],
      ['an XML declaration\'s value without quotes: in quotes', xml(MOVE_33).replace('version="1.0"', 'version=1.0'), '3.1 1.0', 'Change to "1.0"', xml(MOVE_33)],
      // Session 36: the preferred fix inserted "1.0" before <?xml, or changed nothing (Auto Fix looped), or there was none.
      ['an XML declaration\'s value without its opening quote: in quotes', xml(MOVE_33).replace('version="1.0"', 'version=1.0"'), '3.1 1.0"', 'Change to "1.0"', xml(MOVE_33)],
      ['an XML declaration\'s "=" left out: written', xml(MOVE_33).replace('version="1.0"', 'version "1.0"'), '3.1 version "1.0"', 'Change to version="1.0"', xml(MOVE_33)],
      ['an XML declaration\'s value with a stray quote: without it', xml(MOVE_33).replace('version="1.0"', 'version="1".0"'), '3.1 "1".0"', 'Change to "1.0"', xml(MOVE_33)],
      ['an end tag left out before an element only the parent may hold: written there, on its own line', xml(MOVE_33, '    <black name="A"/>\n').replace('  </game>\n', ''), '3.1 game', 'Insert </game> before <moves>', xml(MOVE_33, '    <black name="A"/>\n')],
      // Session 35: these were read as meant but had no fix.
      ['a move left open before the next move (<white x="4" y="4">): closed with />', xml('    <black x="3" y="3">\n    <white x="4" y="4"/>\n'), '3.1 black', 'Close the tag with />', xml(`${MOVE_33}    <white x="4" y="4"/>\n`)],
      ['a move left open, in a document that writes " />": closed with " />"', xml('    <black x="3" y="3">\n    <white x="4" y="4" />\n'), '3.1 black', 'Close the tag with />', xml('    <black x="3" y="3" />\n    <white x="4" y="4" />\n')],
      // Session 38: read as a closing quote left out, with the next attribute taken into the value (three errors).
      ['a value opened with \' and closed with ": both written "', xml('    <black x=\'3" y="3"/>\n'), '3.1 \'3"', 'Change to "3"', xml(MOVE_33)],
      ['an attribute\'s "=" left out before its value: written for the space', xml('    <black x "3" y="3"/>\n'), '3.1 x', 'Write "=" between x and its value', xml(MOVE_33)],
      // Session 36: after a free-text value, `comment "…"` was read as more of the title; the preferred fix (&quot;) merged them.
      ['an attribute\'s "=" left out after a free-text value: written for the space, the title kept', xml('    <black x="3" y="3" title="示例 1" comment "黑先"/>\n'), '3.1 comment', 'Write "=" between comment and its value', xml('    <black x="3" y="3" title="示例 1" comment="黑先"/>\n')],
      // Session 36: an element its parent's end tag ended had no fix.
      ['a move left open just before </moves>: closed with />', xml(`${MOVE_33}    <white x="4" y="4">\n`), '3.1 white', 'Close the tag with />', xml(`${MOVE_33}    <white x="4" y="4"/>\n`)],
      ['a pre left open just before </moves>: its end tag on a line of its own, indented as the pre', xml('    <pre>\n      <white x="4" y="4"/>\n'), '3.1 pre', 'Insert </pre> before </moves>', xml('    <pre>\n      <white x="4" y="4"/>\n    </pre>\n')],
      ['a pre left open on the line of </moves>: its end tag before it', xml(`${MOVE_33}    <moves><pre><white x="4" y="4"/></moves>\n`), '3.1 pre', 'Insert </pre> before </moves>', xml(`${MOVE_33}    <moves><pre><white x="4" y="4"/></pre></moves>\n`)],
      ['a variation\'s <moves/> holding nothing: removed (it changes no game)', xml(`${MOVE_33}    <moves/>\n    <moves>\n      <white x="4" y="4"/>\n    </moves>\n`), '3.20 <moves/>', 'Remove this empty <moves>', xml(`${MOVE_33}    <moves>\n      <white x="4" y="4"/>\n    </moves>\n`)],
      ['a variation\'s <moves></moves> over two lines: removed with its lines', xml(`${MOVE_33}    <moves>\n    </moves>\n`), '3.20 <moves>', 'Remove this empty <moves>', xml(MOVE_33)],
      ['an end tag with a space after </: </moves>', xml(MOVE_33).replace('  </moves>', '  </ moves>'), '3.1 </ moves>', 'Change to </moves>', xml(MOVE_33)],
      ['an end tag written as an empty tag (</moves/>): </moves>', xml(MOVE_33).replace('  </moves>', '  </moves/>'), '3.1 </moves/>', 'Change to </moves>', xml(MOVE_33)],
    ];
    for (const [what, text, picked, title, expected] of slips) {
      const [code, at] = [picked.slice(0, picked.indexOf(' ')), picked.slice(picked.indexOf(' ') + 1)];
      test(what, () => assertFix(client, { text, pick: { code, at }, titles: [title], apply: title, preferred: true, expected }));
    }
    // The end tag's fix used to be the preferred one, and copied the typo into the right end tag (session 34).
    test('a misspelt start tag (<szie>19</size>): at its end tag, the start tag renamed is preferred; the end tag renamed is offered after it', async () => {
      const text = xml(MOVE_33).replace('<size>19', '<szie>19');
      const titles = ['Change <szie> to <size>', 'Change to szie'];
      await assertFix(client, { text, pick: { code: '3.1', at: 'size' }, titles, apply: titles[0], preferred: true, expected: xml(MOVE_33) });
      await assertFix(client, { text, pick: { code: '3.1', at: 'size' }, titles, apply: titles[1], preferred: false, expected: text.replace('</size>', '</szie>'), newDiagnostics: [] });
    });
    test('a misspelt variation start tag (<mvoes> holding moves, its </moves> right): two errors as for <szie>; at its end tag, the start tag renamed is preferred (session 38)', async () => {
      // Session 36: read as an element left open, its moves moved out and the last </moves> matched nothing (three errors).
      const variation = (name: string, end = 'moves') => `    <moves>\n      <white x="4" y="4"/>\n    </moves>\n    <${name}>\n      <white x="5" y="5"/>\n    </${end}>\n`;
      const text = xml(`${MOVE_33}${variation('mvoes')}`);
      const titles = ['Change <mvoes> to <moves>', 'Change to mvoes'];
      await assertFix(client, { text, pick: { code: '3.1', at: 'moves' }, titles, apply: titles[0], preferred: true, expected: xml(`${MOVE_33}${variation('moves')}`) });
      await assertFix(client, { text, pick: { code: '3.1', at: 'moves' }, titles, apply: titles[1], preferred: false, expected: xml(`${MOVE_33}${variation('mvoes', 'mvoes')}`) });
      await assertFix(client, { text, pick: { code: '3.14', at: 'mvoes' }, titles: ['Change to moves'], apply: 'Change to moves', preferred: true, expected: xml(`${MOVE_33}${variation('moves')}`) });
    });
    test('moves after a <moves/> closed by a "/" typed by mistake: that tag opened (preferred), before a second <moves> inserted', async () => {
      // The insert was preferred, and left two errors: a <moves> without children, and a second <moves> (session 34).
      const text = xml(MOVE_33).replace('  <moves>\n', '  <moves/>\n');
      const titles = ['Change to <moves>', 'Insert <moves> before <black>'];
      await assertFix(client, { text, pick: { code: '3.3', at: 'black' }, titles, apply: titles[0], preferred: true, expected: xml(MOVE_33) });
      // Without the </moves> after them, it is written after the last.
      const unclosed = text.replace('  </moves>\n', '');
      await assertFix(client, { text: unclosed, pick: { code: '3.3', at: 'black' }, titles, apply: titles[0], preferred: true, expected: xml(MOVE_33.trimEnd() + '\n    </moves>\n').replace('\n  </moves>\n', '\n') });
    });
    test('a move left open holding the next move, its own end tag after it: closed with />, and that end tag removed', () =>
      assertFix(client, {
        text: xml('    <black x="3" y="3">\n    <white x="4" y="4"/>\n    </black>\n'),
        pick: { code: '3.1', at: 'black', message: /is not closed/ },
        titles: ['Close the tag with />'],
        apply: 'Close the tag with />',
        preferred: true,
        expected: xml(`${MOVE_33}    <white x="4" y="4"/>\n`),
      }));
    test('two moves left open, each holding the next move, one end tag after them: it is the later one\'s to remove', async () => {
      const text = xml('    <black x="3" y="3">\n    <white x="4" y="4"/>\n    <black x="5" y="5">\n    <white x="6" y="6"/>\n    </black>\n');
      const title = 'Close the tag with />';
      // The first: a start tag of the same name lies between it and the end tag, so only its own tag is closed.
      const first = await requestActions(client, text, { code: '3.1', at: 'black', message: /is not closed/, nth: 0 });
      assert.deepEqual(first.actions.map((a) => a.title), [title]);
      const closedFirst = applyEdits(text, first.actions[0]!.edit!.changes![first.uri]!);
      assert.equal(closedFirst, text.replace('<black x="3" y="3">', '<black x="3" y="3"/>'));
      // The later one's fix removes it, and the document is then valid.
      const expected = xml('    <black x="3" y="3"/>\n    <white x="4" y="4"/>\n    <black x="5" y="5"/>\n    <white x="6" y="6"/>\n');
      await assertFix(client, { text: closedFirst, pick: { code: '3.1', at: 'black', message: /is not closed/ }, titles: [title], apply: title, preferred: true, expected });
    });
    test('an attribute written twice: the later removed (preferred: the first is read), or the first', async () => {
      const text = xml('    <black x="3" y="3" x="4"/>\n');
      const titles = ['Remove this duplicate "x"', 'Keep this "x" and remove the one on line 5'];
      await assertFix(client, { text, pick: { code: '3.1', at: 'x' }, titles, apply: titles[0], preferred: true, expected: xml(MOVE_33) });
      await assertFix(client, { text, pick: { code: '3.1', at: 'x' }, titles, apply: titles[1], preferred: false, expected: xml('    <black y="3" x="4"/>\n') });
    });
    test('a pre left open after a move: its end tag is offered, not moving or removing what the parse guessed it holds (session 36)', async () => {
      const text = xml(`${MOVE_33}    <pre>\n      <white x="4" y="4"/>\n`);
      const { actions } = await requestActions(client, text, { code: '3.15', at: 'pre', message: /first child/ });
      assert.deepEqual(actions.map((a) => a.title), []);
      const unclosed = await requestActions(client, text, { code: '3.1', at: 'pre' });
      assert.deepEqual(unclosed.actions.map((a) => a.title), ['Insert </pre> before </moves>']);
    });
    test('the game\'s own <moves> holding nothing, or a variation holding only a mark: no fix (session 36)', async () => {
      for (const [text, at] of [[xml(''), '<moves>'], [xml(`${MOVE_33}    <moves>\n      <mark x="3" y="3" symbol="circle"/>\n    </moves>\n`), '<moves>']]) {
        const { actions } = await requestActions(client, text, { code: '3.20', at });
        assert.deepEqual(actions.map((a) => a.title), [], text);
      }
    });
    test('a move whose start tag has a slip of its own, read on to </moves>: no fix for the element left open, which follows from that slip', async () => {
      const text = xml(`${MOVE_33}    <white x="4" y="4" comment=第一段。\n\n第二段" />\n`);
      const { actions } = await requestActions(client, text, { code: '3.1', at: 'white' });
      assert.deepEqual(actions.map((a) => a.title), []);
    });
    test('an attribute written three times: keeping one removes both others (session 36: only the first)', async () => {
      const text = xml('    <black x="2" x="3" y="3" x="4"/>\n');
      const titles = ['Remove this duplicate "x"', 'Keep this "x" and remove the other 2'];
      await assertFix(client, { text, pick: { code: '3.1', at: 'x', nth: 0 }, titles, apply: titles[1], preferred: false, expected: xml(MOVE_33) });
      await assertFix(client, { text, pick: { code: '3.1', at: 'x', nth: 1 }, titles, apply: titles[1], preferred: false, expected: xml('    <black y="3" x="4"/>\n') });
    });
  });

  describe('a bare & (2.2 §3.1)', () => {
    test('in an attribute value: written &amp;, the rest of the value kept', () =>
      assertFix(client, {
        text: xml('    <black x="3" y="3" comment="Lee &nbsp Sedol"/>\n', '    <black name="AlphaGo & co"/>\n'),
        pick: { code: '3.1', at: '&nbsp' },
        titles: ['Write the & as &amp;'],
        apply: 'Write the & as &amp;',
        preferred: true,
        expected: xml('    <black x="3" y="3" comment="Lee &amp;nbsp Sedol"/>\n', '    <black name="AlphaGo & co"/>\n'),
      }));
  });

  describe('other JSON syntax (3.0 §3.1)', () => {
    test('a trailing comma', () =>
      assertFix(client, {
        text: '{\n  "format": "wei7",\n  "version": "3.0",\n  "tree": {},\n}\n',
        pick: { code: '3.1', at: ',' },
        titles: ['Remove the trailing comma'],
        apply: 'Remove the trailing comma',
        preferred: true,
        expected: '{\n  "format": "wei7",\n  "version": "3.0",\n  "tree": {}\n}\n',
      }));

    test('full-width digits: the number as JSON writes it', () =>
      assertFix(client, {
        text: json(`{"action": {"type": "move", "value": {"color": 1, "point": {"x": １６, "y": 3}}}}`),
        pick: { code: '3.1', at: '１６' },
        titles: ['Change to 16'],
        apply: 'Change to 16',
        preferred: true,
        expected: json(`{"action": {"type": "move", "value": {"color": 1, "point": {"x": 16, "y": 3}}}}`),
      }));

    const M = '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}';
    const strings: readonly (readonly [string, string, string, string, string])[] = [
      // [what, the step as typed, the span picked, the fix's title, the step fixed]
      ['a closing quote left out', `${M}, "comment": "good}`, '"good', 'Change to "good"', `${M}, "comment": "good"}`],
      ['a closing quote left out before the next name', `${M}, "comment": "good, "time": 1}`, '"good', 'Change to "good"', `${M}, "comment": "good", "time": 1}`],
      ['a closing quote typed curly', `${M}, "comment": "好棋”}`, '"好棋”', 'Change to "好棋"', `${M}, "comment": "好棋"}`],
      ['an opening quote left out', `${M}, "comment": good"}`, 'good"', 'Change to "good"', `${M}, "comment": "good"}`],
      ['a name\'s closing quote left out', `${M}, "comment: "good"}`, '"comment', 'Change to "comment"', `${M}, "comment": "good"}`],
      // Session 34: the line's end leaving it open, it was closed before the "}" ("y: 3").
      ['a name\'s closing quote left out before its colon, the line ending it', `{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y: 3}}}}`, '"y', 'Change to "y"', M + '}'],
      // Session 36: with more strings after it on its line, the name ran on to the next quote.
      ['a name\'s closing quote left out before its colon, more on its line', `{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y: 3}}}, "comment": "good"}`, '"y', 'Change to "y"', `${M}, "comment": "good"}`],
      ['a quote inside a string not escaped', `${M}, "comment": "他说"好"了"}`, '"他说"好"了"', 'Change to "他说\\"好\\"了"', `${M}, "comment": "他说\\"好\\"了"}`],
    ];
    for (const [what, typed, at, title, fixed] of strings) {
      test(`${what}: the string with both its quotes`, () =>
        assertFix(client, { text: json(typed), pick: { code: '3.1', at }, titles: [title], apply: title, preferred: true, expected: json(fixed) }));
    }

    // Session 34: these had no fix.
    const punctuation: readonly (readonly [string, string, string, string, string])[] = [
      // [what, the step as typed, the span picked, the fix's title, the step fixed]
      ['a full-width colon', `{"action"：{"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}`, '：', 'Change to :', M.replace('"action": ', '"action":') + '}'],
      ['"=" for a colon', `{"action"= {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}`, '=', 'Change to :', M + '}'],
      ['a full-width comma', `{"action": {"type": "move"，"value": {"color": 1, "point": {"x": 3, "y": 3}}}}`, '，', 'Change to ,', M.replace('"move", ', '"move",') + '}'],
      ['";" for a comma', `{"action": {"type": "move"; "value": {"color": 1, "point": {"x": 3, "y": 3}}}}`, ';', 'Change to ,', M + '}'],
      ['a comma left out between two properties', `{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3 "y": 3}}}}`, '"y"', 'Insert "," where it was left out', M + '}'],
    ];
    for (const [what, typed, at, title, fixed] of punctuation) {
      test(`${what}: the mark meant`, () => assertFix(client, { text: json(typed), pick: { code: '3.1', at }, titles: [title], apply: title, preferred: true, expected: json(fixed) }));
    }

    // Session 35: the parse read these as the strings meant, but no fix was offered.
    const quotes: readonly (readonly [string, string, string])[] = [
      // [what, as typed, as fixed]
      ['curly quotes (a Chinese input method)', '“好棋”', '"好棋"'],
      // Session 38: these were 2 to 6 errors (the string read to the first quote, the rest as junk and words), with no fix.
      ['right curly quotes at both ends', '”好棋”', '"好棋"'],
      ['left curly quotes at both ends', '“好棋“', '"好棋"'],
      ['full-width quotes', '＂good move＂', '"good move"'],
      ['single quotes', "'good move'", '"good move"'],
      ['single quotes around a double quote', `'he said "hi"'`, '"he said \\"hi\\""'],
      ['single quotes with one escaped inside', "'it\\'s'", '"it\'s"'],
      ['an escape kept as written', "'a\\tb'", '"a\\tb"'],
    ];
    for (const [what, typed, fixed] of quotes) {
      test(`a string in ${what}: straight double quotes`, () =>
        assertFix(client, { text: json(`${M}, "comment": ${typed}}`), pick: { code: '3.1', at: typed }, titles: [`Change to ${fixed}`], apply: `Change to ${fixed}`, preferred: true, expected: json(`${M}, "comment": ${fixed}}`) }));
    }

    test("a property name in single quotes: straight double quotes", () =>
      assertFix(client, { text: json(`${M}, 'comment': "a"}`), pick: { code: '3.1', at: "'comment'" }, titles: ['Change to "comment"'], apply: 'Change to "comment"', preferred: true, expected: json(`${M}, "comment": "a"}`) }));

    for (const [typed, fixed] of [['None', 'null'], ['nil', 'null'], ['undefined', 'null']] as const) {
      test(`a null written as another language writes it (${typed}): null`, () =>
        assertFix(client, {
          text: json(`{"action": {"type": "move", "value": {"color": 1, "point": ${typed}}}}`),
          pick: { code: '3.1', at: typed },
          titles: [`Change to ${fixed}`],
          apply: `Change to ${fixed}`,
          preferred: true,
          expected: json(`{"action": {"type": "move", "value": {"color": 1, "point": ${fixed}}}}`),
        }));
    }
    test('a word between corner brackets (「kuro」), read as a bare word: in straight quotes, without the brackets', () =>
      assertFix(client, { text: json(`${M}, "comment": 「kuro」}`), pick: { code: '3.1', at: 'kuro' }, titles: ['Change to "kuro"'], apply: 'Change to "kuro"', preferred: true, expected: json(`${M}, "comment": "kuro"}`) }));
    test('a word between two closing curly quotes (”kuro”): since session 38 a string in the wrong quotes, in straight quotes', () =>
      assertFix(client, { text: json(`${M}, "comment": ”kuro”}`), pick: { code: '3.1', at: '”kuro”' }, titles: ['Change to "kuro"'], apply: 'Change to "kuro"', preferred: true, expected: json(`${M}, "comment": "kuro"}`) }));
    test('a string written without quotes: in quotes', () =>
      assertFix(client, {
        text: json('{"action": {"type": move, "value": {"color": 1, "point": {"x": 3, "y": 3}}}}'),
        pick: { code: '3.1', at: 'move' },
        titles: ['Change to "move"'],
        apply: 'Change to "move"',
        preferred: true,
        expected: json(MOVE_JSON),
      }));

    test('a "}" typed once too often after the root: removed (preferred); other text after it is offered for removal, not preferred', async () => {
      const root = '{"format": "wei7", "version": "3.0", "tree": {}}';
      await assertFix(client, { text: `${root}\n}\n`, pick: { code: '3.1', at: '}' }, titles: ['Remove what follows the root object'], apply: 'Remove what follows the root object', preferred: true, expected: `${root}\n` });
      await assertFix(client, { text: `${root}\nsee the game\n`, pick: { code: '3.1', at: 'see the game' }, titles: ['Remove what follows the root object'], apply: 'Remove what follows the root object', preferred: false, expected: `${root}\n` });
    });

    test('a line break in a string: written \\n', () =>
      assertFix(client, {
        text: json(`${M}, "comment": "good\nmove"}`),
        pick: { code: '3.1', at: '\n' },
        titles: ['Change to \\n'],
        apply: 'Change to \\n',
        preferred: true,
        expected: json(`${M}, "comment": "good\\nmove"}`),
      }));

    for (const [what, typed, escape] of [
      ['a tab', '\t', '\\t'],
      ['U+0001', '\u0001', '\\u0001'],
      ['U+001F', '\u001f', '\\u001F'],
    ]) {
      test(`a control character in a string (${what}): written ${escape}`, () =>
        assertFix(client, {
          text: json(`${M}, "comment": "good${typed}move"}`),
          pick: { code: '3.1', at: typed },
          titles: [`Change to ${escape}`],
          apply: `Change to ${escape}`,
          preferred: true,
          expected: json(`${M}, "comment": "good${escape}move"}`),
        }));
    }

    test('a decimal comma: the number as JSON writes it', () =>
      assertFix(client, {
        text: '{"format": "wei7", "version": "3.0", "info": {"rules": {"komi": 6,5}}, "tree": {}}',
        pick: { code: '3.1', at: '6,5' },
        titles: ['Change to 6.5'],
        apply: 'Change to 6.5',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "info": {"rules": {"komi": 6.5}}, "tree": {}}',
      }));

    const values: readonly (readonly [string, string, string, string, string])[] = [
      // [what, the step as typed, the span picked and its clause, the fix's title, the step fixed]
      ['a coordinate in quotes', '{"action": {"type": "move", "value": {"color": 1, "point": {"x": "3", "y": 3}}}}', '3.6 "3"', 'Change to 3', '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}'],
      ['a time in quotes', '{"time": "1.5", "action": {"type": "message", "value": "a"}}', '3.14 "1.5"', 'Change to 1.5', '{"time": 1.5, "action": {"type": "message", "value": "a"}}'],
      ['a colour written as a word', '{"action": {"type": "move", "value": {"color": "black", "point": {"x": 3, "y": 3}}}}', '3.5 "black"', 'Change to 1', '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}'],
      ['a colour written in Chinese', '{"action": {"type": "move", "value": {"color": "白", "point": {"x": 3, "y": 3}}}}', '3.5 "白"', 'Change to 2', '{"action": {"type": "move", "value": {"color": 2, "point": {"x": 3, "y": 3}}}}'],
      ['a colour as a number in quotes', '{"action": {"type": "move", "value": {"color": "2", "point": {"x": 3, "y": 3}}}}', '3.5 "2"', 'Change to 2', '{"action": {"type": "move", "value": {"color": 2, "point": {"x": 3, "y": 3}}}}'],
      ['a winner written as a word', '{"action": {"type": "result", "value": {"winner": "White", "margin": 2.5}}}', '3.5 "White"', 'Change to 2', '{"action": {"type": "result", "value": {"winner": 2, "margin": 2.5}}}'],
      ['a winner written in Chinese', '{"action": {"type": "result", "value": {"winner": "黑方"}}}', '3.5 "黑方"', 'Change to 1', '{"action": {"type": "result", "value": {"winner": 1}}}'],
      ['a draw written as a word', '{"action": {"type": "result", "value": {"winner": "jigo"}}}', '3.5 "jigo"', 'Change to null', '{"action": {"type": "result", "value": {"winner": null}}}'],
    ];
    const sizes: readonly (readonly [string, string])[] = [
      ['"19"', '19'],
      [' "13x13" ', ' 13 '],
      ['"13 × 9"', '{"width": 13, "height": 9}'],
      ['"１９"', '19'],
    ];
    for (const [typed, fixed] of sizes) {
      test(`size ${typed.trim()}: ${fixed.trim()}`, () =>
        assertFix(client, {
          text: `{"format": "wei7", "version": "3.0", "size":${typed}, "tree": {}}`,
          pick: { code: '3.9', at: typed.trim() },
          titles: [`Change to ${fixed.trim()}`],
          apply: `Change to ${fixed.trim()}`,
          preferred: true,
          expected: `{"format": "wei7", "version": "3.0", "size":${fixed}, "tree": {}}`,
        }));
    }

    test('no fix for a winner or a size no form can mend ("someone", "big", "0")', async () => {
      const winner = json('{"action": {"type": "result", "value": {"winner": "someone"}}}');
      assert.deepEqual((await requestActions(client, winner, { code: '3.5', at: '"someone"' })).actions, []);
      for (const size of ['"big"', '"0"', '"toString"']) {
        const text = `{"format": "wei7", "version": "3.0", "size": ${size}, "tree": {}}`;
        assert.deepEqual((await requestActions(client, text, { code: '3.9', at: size })).actions, [], size);
      }
      const color = json('{"action": {"type": "move", "value": {"color": "toString", "point": {"x": 3, "y": 3}}}}');
      assert.deepEqual((await requestActions(client, color, { code: '3.5', at: '"toString"' })).actions, []);
    });

    for (const [what, typed, picked, title, fixed] of values) {
      const [code, at] = [picked.slice(0, picked.indexOf(' ')), picked.slice(picked.indexOf(' ') + 1)];
      test(`${what}: the value as 3.0 writes it`, () =>
        assertFix(client, { text: json(typed), pick: { code, at }, titles: [title], apply: title, preferred: true, expected: json(fixed) }));
    }

    test('a property name misspelt: the name meant', () =>
      assertFix(client, {
        text: json('{"actoin": {"type": "message", "value": "a"}}'),
        pick: { code: '3.16.3', at: '"actoin"' },
        titles: ['Change to "action"'],
        apply: 'Change to "action"',
        preferred: true,
        expected: json('{"action": {"type": "message", "value": "a"}}'),
      }));

    test('no fix for a word in quotes where a number is wanted', async () => {
      const text = json('{"action": {"type": "move", "value": {"color": 1, "point": {"x": "three", "y": 3}}}}');
      const { actions } = await requestActions(client, text, { code: '3.6', at: '"three"' });
      assert.deepEqual(actions.map((a) => a.title), []);
    });

    test('a point written as [x, y]: the object', () =>
      assertFix(client, {
        text: json(`{"action": {"type": "move", "value": {"color": 1, "point": [3, 15]}}}`),
        pick: { code: '3.6', at: '[3, 15]' },
        titles: ['Change to {"x": 3, "y": 15}'],
        apply: 'Change to {"x": 3, "y": 15}',
        preferred: true,
        expected: json(`{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 15}}}}`),
      }));

    test('a move\'s colour and point written in the action: put inside "value"', () =>
      assertFix(client, {
        text: json(`{"action": {"type": "move", "color": 1, "point": {"x": 3, "y": 3}}}`),
        pick: { code: '3.16.3.2.1', at: '"action"' },
        titles: ['Put them inside "value"'],
        apply: 'Put them inside "value"',
        preferred: true,
        expected: json(`{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}`),
      }));

    test('an unquoted property name', () =>
      assertFix(client, {
        text: '{format: "wei7", "version": "3.0", "tree": {}}\n',
        pick: { code: '3.1', at: 'format' },
        titles: ['Change to "format"'],
        apply: 'Change to "format"',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "tree": {}}\n',
      }));

    test('an extra "}" after a step: removed', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}}, ${move(2, 4, 4)}`),
        pick: { code: '3.1', at: '}' },
        titles: ['Remove this "}"'],
        apply: 'Remove this "}"',
        preferred: true,
        expected: json(`${move(1, 3, 3)}, ${move(2, 4, 4)}`),
      }));

    test('a step without its "{": the "{" inserted before its first name', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)},\n${move(2, 4, 4).slice(1)}`),
        pick: { code: '3.1', at: '"action"' },
        titles: ['Insert "{" before "action"'],
        apply: 'Insert "{" before "action"',
        preferred: true,
        expected: json(`${move(1, 3, 3)},\n${move(2, 4, 4)}`),
      }));

    test('a list\'s "]" left out before a name of the tree: the "]" after its last step, and a comma when none follows', async () => {
      const steps = `${move(1, 3, 3)}, ${move(2, 4, 4)}`;
      const fixed = json(steps).replace(']\n  }', '],\n    "title": "main"\n  }');
      for (const text of [fixed.replace('}],\n', '},\n'), fixed.replace('}],\n', '}\n')]) {
        await assertFix(client, {
          text,
          pick: { code: '3.1', at: '"title"' },
          titles: ['Close the list "steps" with "]"'],
          apply: 'Close the list "steps" with "]"',
          preferred: true,
          expected: fixed,
        });
      }
    });

    test('an object\'s "}" left out before a name of the step around it: the "}" after its last property', () => {
      const commented = (step: string) => step.replace(/}$/, ', "comment": "c"}');
      const fixed = json(`${commented(move(1, 3, 3))}, ${move(2, 4, 4)}`);
      return assertFix(client, {
        text: fixed.replace('}}}, "comment"', '}}, "comment"'),
        pick: { code: '3.1', at: '"comment"' },
        titles: ['Close the object "action" with "}"'],
        apply: 'Close the object "action" with "}"',
        preferred: true,
        expected: fixed,
      });
    });

    test('a step\'s "}" left out before the next step: the "}" after its last property, and a comma when none follows', async () => {
      const fixed = json(`${move(1, 3, 3)},\n${move(2, 4, 4)}`);
      for (const text of [fixed.replace('}}}},\n', '}}},\n'), fixed.replace('}}}},\n', '}}}\n')]) {
        await assertFix(client, {
          text,
          pick: { code: '3.1', at: '{' },
          titles: ['Insert "}" where it was left out'],
          apply: 'Insert "}" where it was left out',
          preferred: true,
          expected: fixed,
        });
      }
    });

    test('a list\'s "]" left out right after its last element\'s "}" (no space between): "]" only, not the element\'s "}" again', () =>
      assertFix(client, {
        text: '{"format": "wei7", "version": "3.0", "info": {"players": [{"participant": 0, "color": 1}}, "tree": {}}\n',
        pick: { code: '3.1', at: '}' },
        titles: ['Insert "]" where it was left out'],
        apply: 'Insert "]" where it was left out',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "info": {"players": [{"participant": 0, "color": 1}]}, "tree": {}}\n',
      }));

    test('a line break in a keyword: deleted', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}`.replace('"move"', '"mo\nve"')),
        pick: { code: '3.1', at: '\n' },
        titles: ['Delete the line break'],
        apply: 'Delete the line break',
        preferred: true,
        expected: json(`${move(1, 3, 3)}`),
      }));

    test('a line break in a property name: deleted with the indentation after it', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}`.replace('"action"', '"act\n      ion"')),
        pick: { code: '3.1', at: '\n      ' },
        titles: ['Delete the line break'],
        apply: 'Delete the line break',
        preferred: true,
        expected: json(`${move(1, 3, 3)}`),
      }));

    test('a list\'s "[" left out: written before its first element', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}, ${move(2, 4, 4)}`).replace('"steps": [', '"steps": '),
        pick: { code: '3.1', at: '{' },
        titles: ['Open the list "steps" with "["'],
        apply: 'Open the list "steps" with "["',
        preferred: true,
        expected: json(`${move(1, 3, 3)}, ${move(2, 4, 4)}`),
      }));

    test('a full-width bracket: the ASCII one', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}, ｛${move(2, 4, 4).slice(1)}`),
        pick: { code: '3.1', at: '｛' },
        titles: ['Change to "{"'],
        apply: 'Change to "{"',
        preferred: true,
        expected: json(`${move(1, 3, 3)}, ${move(2, 4, 4)}`),
      }));

    test('a list written in braces: "[" and "]" for them', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}, ${move(2, 4, 4)}`).replace('"steps": [', '"steps": {').replace(']\n  }', '}\n  }'),
        pick: { code: '3.1', at: '{' },
        titles: ['Write this list in square brackets [ ]'],
        apply: 'Write this list in square brackets [ ]',
        preferred: true,
        expected: json(`${move(1, 3, 3)}, ${move(2, 4, 4)}`),
      }));
  });

  describe('an occupied point: the nearest empty points', () => {
    test('3.0 error 3.17: three points at distance 1, by row then column', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}, ${move(2, 3, 3)}`),
        pick: { code: '3.17', at: '{"x": 3, "y": 3}' },
        titles: ['Play at (3, 2) instead', 'Play at (2, 3) instead', 'Play at (4, 3) instead'],
        apply: 'Play at (2, 3) instead',
        preferred: false,
        expected: json(`${move(1, 3, 3)}, ${move(2, 2, 3)}`),
      }));

    test('3.0: points taken on the board or played later on the path are left out', () =>
      assertFix(client, {
        text: json(`${move(1, 3, 3)}, ${move(2, 3, 2)}, ${move(1, 3, 3)}, ${move(2, 2, 3)}`),
        pick: { code: '3.17', at: '{"x": 3, "y": 3}' },
        titles: ['Play at (4, 3) instead', 'Play at (3, 4) instead', 'Play at (2, 2) instead'],
        apply: 'Play at (3, 4) instead',
        preferred: false,
        expected: json(`${move(1, 3, 3)}, ${move(2, 3, 2)}, ${move(1, 3, 4)}, ${move(2, 2, 3)}`),
      }));

    test('2.2 warning 9.6', () =>
      assertFix(client, {
        text: xml('    <black x="3" y="3"/>\n    <white x="3" y="3"/>\n'),
        pick: { code: '9.6', at: 'x="3" y="3"' },
        titles: ['Play at (3, 2) instead', 'Play at (2, 3) instead', 'Play at (4, 3) instead'],
        apply: 'Play at (3, 2) instead',
        preferred: false,
        expected: xml('    <black x="3" y="3"/>\n    <white x="3" y="2"/>\n'),
      }));

    test('2.2: after an edit that moves an earlier stone, the points come from the new position', async () => {
      const text = xml('    <black x="1" y="1"/>\n    <white x="2" y="2"/>\n    <black x="2" y="2"/>\n', '', '5');
      const pick = { code: '9.6', at: 'x="2" y="2"', message: /./ };
      const first = await requestActions(client, text, pick);
      assert.deepEqual(first.actions.map((a) => a.title), ['Play at (2, 1) instead', 'Play at (1, 2) instead', 'Play at (3, 2) instead']);
      // The first move now plays (2, 1): that point is taken, (2, 3) is next nearest.
      const at = text.indexOf('x="1"') + 3;
      const edited = text.slice(0, at) + '2' + text.slice(at + 1);
      const published = (await client.change(first.uri, 2, [{ range: rangeOf(text, at, at + 1), text: '2' }])).diagnostics;
      const diagnostics = published.filter((d) => String(d.code) === '9.6');
      assert.equal(diagnostics.length, 1);
      assert.equal(textAt(edited, diagnostics[0].range), 'x="2" y="2"');
      const actions = (await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: first.uri },
        range: diagnostics[0].range,
        context: { diagnostics },
      })) as LspCodeAction[];
      assert.deepEqual(actions.map((a) => a.title), ['Play at (1, 2) instead', 'Play at (3, 2) instead', 'Play at (2, 3) instead']);
    });
  });

  describe('versions, sizes and the encoding', () => {
    test('2.2 version 2.3 → 2.2', () =>
      assertFix(client, {
        text: xml(MOVE).replace('version="2.2"', 'version="2.3"'),
        pick: { code: '3.2', at: '2.3' },
        titles: ['Change to version="2.2"'],
        apply: 'Change to version="2.2"',
        preferred: true,
        expected: xml(MOVE),
      }));

    test('3.0 version "3" → "3.0"', () =>
      assertFix(client, {
        text: '{"format": "wei7", "version": "3", "tree": {}}\n',
        pick: { code: '3.2', at: '"3"' },
        titles: ['Change to "3.0"'],
        apply: 'Change to "3.0"',
        preferred: true,
        expected: '{"format": "wei7", "version": "3.0", "tree": {}}\n',
      }));

    test('3.0 version "3.1" may be a newer document: offered, not preferred', async () => {
      const { actions } = await requestActions(client, '{"format": "wei7", "version": "3.1", "tree": {}}\n', { code: '3.2', at: '"3.1"' });
      assert.deepEqual(actions.map((a) => [a.title, a.isPreferred === true]), [['Change to "3.0"', false]]);
    });

    test('2.2 size 18 → 19', () =>
      assertFix(client, {
        text: xml(MOVE, '', '18'),
        pick: { code: '3.4', at: '18' },
        titles: ['Change the board size to 19'],
        apply: 'Change the board size to 19',
        preferred: true,
        expected: xml(MOVE),
      }));

    test('2.2 size 10 → 9 (between two, the usual size)', () =>
      assertFix(client, {
        text: xml(MOVE, '', '10'),
        pick: { code: '3.4', at: '10' },
        titles: ['Change the board size to 9'],
        apply: 'Change the board size to 9',
        preferred: true,
        expected: xml(MOVE, '', '9'),
      }));

    // Session 34: the nearest size (9) put the moves at 15 off the board, and the fix was preferred.
    test('2.2 size 10 with moves up to 15 → 17, the nearest size that holds them; marks and a pre\'s stones count too', async () => {
      const moves = '    <black x="3" y="3"/>\n    <white x="15" y="4"/>\n';
      await assertFix(client, { text: xml(moves, '', '10'), pick: { code: '3.4', at: '10' }, titles: ['Change the board size to 17'], apply: 'Change the board size to 17', preferred: true, expected: xml(moves, '', '17') });
      const marked = '    <pre><black x="2" y="12"/></pre>\n    <black x="3" y="3"/>\n    <mark x="4" y="9" symbol="a"/>\n    <white x="5" y="5"/>\n';
      await assertFix(client, { text: xml(marked, '', '8'), pick: { code: '3.4', at: '8' }, titles: ['Change the board size to 13'], apply: 'Change the board size to 13', preferred: true, expected: xml(marked, '', '13') });
    });

    test('a non-UTF-8 encoding declaration → utf-8', () =>
      assertFix(client, {
        text: xml(MOVE).replace('encoding="utf-8"', 'encoding="GBK"'),
        pick: { code: '3.1', at: 'GBK' },
        titles: ['Change to encoding="utf-8"'],
        apply: 'Change to encoding="utf-8"',
        preferred: true,
        expected: xml(MOVE),
      }));
  });
});
