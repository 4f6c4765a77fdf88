/**
 * `wei7/playMove` through the real protocol: where a clicked move is written in XML and JSON
 * documents (at the end of a line, as a variation in the middle), in which colour, formatted like
 * its neighbours; refusals; and the edited document, sent back to the server as the editor would
 * send the edit, re-analyzed: no new diagnostics, and the new move where it should be.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TestLspClient, type PublishedDiagnostics } from '../support/lspClient';
import { LineIndex, type Position } from '../../server/src/model/lineIndex';
import { POSITION_REQUEST, type PreviewPosition } from '../../server/src/features/position';
import { PLAY_MOVE_REQUEST, type PlayMoveResult } from '../../server/src/features/playMove';
import { analyze } from '../../server/src/analysis';
import type { PlayNode, Wei7Document } from '../../server/src/model/types';

const ROOT = resolve(__dirname, '../..');
const example = (name: string): string => readFileSync(resolve(ROOT, 'examples', name), 'utf8');

let client: TestLspClient;
let documents = 0;

interface Opened {
  readonly uri: string;
  readonly text: string;
  readonly diagnostics: PublishedDiagnostics;
}

async function open(text: string): Promise<Opened> {
  const uri = `file:///tmp/preview-play-${++documents}.wei7`;
  return { uri, text, diagnostics: await client.open(uri, text) };
}

function positionOf(text: string, snippet: string): Position {
  const offset = text.indexOf(snippet);
  assert.ok(offset >= 0, `"${snippet}" is in the document`);
  return new LineIndex(text).positionAt(offset);
}

function play(doc: Opened, snippet: string, point: { x: number; y: number }, asVariation?: boolean): Promise<PlayMoveResult> {
  const params = { uri: doc.uri, position: positionOf(doc.text, snippet), point, ...(asVariation === undefined ? {} : { asVariation }) };
  return client.connection.sendRequest<PlayMoveResult>(PLAY_MOVE_REQUEST, params);
}

type Edited = Extract<PlayMoveResult, { kind: 'edit' }>;

function asEdit(result: PlayMoveResult): Edited {
  assert.equal(result.kind, 'edit', `an edit, got ${JSON.stringify(result)}`);
  return result as Edited;
}

/** The edits applied to the text, last first (so each range is still valid), as the editor does. */
function applyEdits(text: string, result: Edited): string {
  const lines = new LineIndex(text);
  const edits = [...result.edit.documentChanges[0].edits].sort((a, b) => lines.offsetAt(b.range.start) - lines.offsetAt(a.range.start));
  let out = text;
  for (const e of edits) out = out.slice(0, lines.offsetAt(e.range.start)) + e.newText + out.slice(lines.offsetAt(e.range.end));
  return out;
}

/**
 * Sends the edit to the server as didChange (version 2) and returns the new text, the
 * diagnostics published for it, and the position at the cursor the answer gives.
 */
async function applyThroughServer(doc: Opened, result: Edited): Promise<{ text: string; diagnostics: PublishedDiagnostics; at: PreviewPosition }> {
  assert.equal(result.edit.documentChanges[0].textDocument.uri, doc.uri);
  assert.equal(result.edit.documentChanges[0].textDocument.version, 1);
  const lines = new LineIndex(doc.text);
  const changes = [...result.edit.documentChanges[0].edits]
    .sort((a, b) => lines.offsetAt(b.range.start) - lines.offsetAt(a.range.start))
    .map((e) => ({ range: e.range, text: e.newText }));
  const diagnostics = await client.change(doc.uri, 2, changes);
  const at = await client.connection.sendRequest<PreviewPosition>(POSITION_REQUEST, { uri: doc.uri, position: result.cursor });
  return { text: applyEdits(doc.text, result), diagnostics, at };
}

function codes(d: PublishedDiagnostics): string[] {
  return d.diagnostics.map((x) => `${String(x.code)} ${x.message}`);
}

/** The main line of a game as "kind colour x,y" strings: a variation must leave it as it was. */
function mainLine(doc: Wei7Document): string[] {
  const out: string[] = [];
  for (let node: PlayNode | undefined = doc.roots[0]; node; node = node.children[0]) {
    const p = node.kind === 'move' ? (node.point ? `${node.point.x},${node.point.y}` : 'pass') : '';
    out.push(`${node.kind} ${node.kind === 'move' ? node.color?.value : ''} ${p}`.trim());
  }
  return out;
}

function documentOf(text: string): Wei7Document {
  const doc = analyze(text).document;
  assert.ok(doc);
  return doc;
}

describe('wei7/playMove', () => {
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  describe('wei7 2.2 (XML)', () => {
    const simple = example('2.2-simple.wei7');

    test('at the end of the main line: the next colour, an element after the node, same indentation', async () => {
      const doc = await open(simple);
      const result = asEdit(await play(doc, '<black type="pass"', { x: 3, y: 3 }));
      assert.equal(result.color, 'white');
      assert.equal(result.variation, false);
      const edited = await applyThroughServer(doc, result);
      assert.ok(edited.text.includes('    <black type="pass" comment="def" />\n    <white x="3" y="3" />\n  </moves>'), edited.text);
      assert.deepEqual(codes(edited.diagnostics), codes(doc.diagnostics));
      assert.deepEqual([edited.at.node?.kind, edited.at.color, edited.at.point, edited.at.moveNumber], ['move', 'white', { x: 3, y: 3 }, 5]);
      assert.equal(edited.at.path.mainLine, true);
    });

    test('in the middle: the server asks for a variation first', async () => {
      const doc = await open(simple);
      const result = await play(doc, '<white x="4"', { x: 3, y: 3 });
      assert.deepEqual(result, { kind: 'needsVariation', version: 1, color: 'black', point: { x: 3, y: 3 } });
    });

    test('a variation: a nested moves after the existing ones, before the marks of the move it varies (§3.12, §3.13, §3.18)', async () => {
      const doc = await open(simple);
      const result = asEdit(await play(doc, '<white x="4"', { x: 3, y: 3 }, true));
      assert.equal(result.color, 'black', 'the problem on the node says black plays');
      assert.equal(result.variation, true);
      const edited = await applyThroughServer(doc, result);
      assert.ok(
        edited.text.includes(
          '      <black x="16" y="9" eval="good" />\n    </moves>\n    <moves>\n      <black x="3" y="3" />\n    </moves>\n    <mark x="12" y="3" symbol="*" />',
        ),
        edited.text,
      );
      assert.deepEqual(codes(edited.diagnostics), codes(doc.diagnostics));
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.moveNumber], ['black', { x: 3, y: 3 }, 2]);
      assert.deepEqual(edited.at.path, { mainLine: false, forks: [{ moveNumber: 2, index: 3, count: 4 }] });
      const before = documentOf(doc.text);
      const afterEdit = documentOf(edited.text);
      assert.deepEqual(mainLine(afterEdit), mainLine(before), 'the main line is untouched');
      const main = afterEdit.nodes.find((n) => n.kind === 'move' && n.splitter);
      assert.equal(main?.marks.length, 2, 'the marks still belong to the main move');
    });

    test('a point that is already a continuation: no edit, go there', async () => {
      const doc = await open(simple);
      const result = await play(doc, '<white x="4"', { x: 17, y: 8 });
      assert.equal(result.kind, 'existing');
      assert.ok(result.kind === 'existing' && doc.text.slice(result.target.offset).startsWith('<black x="17" y="8" splitter'));
    });

    test('an occupied point is refused, with the reason in the client language', async () => {
      const doc = await open(simple);
      const result = await play(doc, '<white x="4"', { x: 4, y: 4 });
      assert.equal(result.kind, 'refused');
      assert.ok(result.kind === 'refused');
      assert.equal(result.code, 'occupied');
      assert.match(result.reason, /already a stone at E15/);
      const zh = new TestLspClient();
      await zh.initialize('zh-cn');
      await zh.open(doc.uri, doc.text);
      const refused = await zh.connection.sendRequest<PlayMoveResult>(PLAY_MOVE_REQUEST, { uri: doc.uri, position: positionOf(doc.text, '<white x="4"'), point: { x: 4, y: 4 } });
      assert.ok(refused.kind === 'refused' && /E15 已有棋子/.test(refused.reason), JSON.stringify(refused));
      await zh.close();
    });

    test('off the board, and a document the server does not have', async () => {
      const doc = await open(simple);
      const off = await play(doc, '<white x="4"', { x: 19, y: 0 });
      assert.ok(off.kind === 'refused' && off.code === 'offBoard');
      const none = await client.connection.sendRequest(PLAY_MOVE_REQUEST, { uri: 'file:///tmp/never.wei7', position: { line: 0, character: 0 }, point: { x: 0, y: 0 } });
      assert.equal(none, null);
    });

    test('written inline like its neighbours: `/>` without a space, on the same line', async () => {
      const doc = await open('<wei7 version="2.2"><size>9</size><moves><black x="2" y="2"/></moves></wei7>');
      const result = asEdit(await play(doc, '<black', { x: 6, y: 6 }));
      const edited = await applyThroughServer(doc, result);
      assert.equal(edited.text, '<wei7 version="2.2"><size>9</size><moves><black x="2" y="2"/><white x="6" y="6"/></moves></wei7>');
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual([edited.at.color, edited.at.point], ['white', { x: 6, y: 6 }]);
    });

    test('an inline variation in the middle of a line', async () => {
      const doc = await open('<wei7 version="2.2"><size>9</size><moves><black x="2" y="2"/><white x="6" y="6"/></moves></wei7>');
      const result = asEdit(await play(doc, '<black', { x: 5, y: 5 }, true));
      const edited = await applyThroughServer(doc, result);
      assert.equal(edited.text, '<wei7 version="2.2"><size>9</size><moves><black x="2" y="2"/><moves><white x="5" y="5"/></moves><white x="6" y="6"/></moves></wei7>');
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual(edited.at.path.forks, [{ moveNumber: 2, index: 1, count: 2 }]);
    });

    test('the first move into an empty moves, and line ends kept (CR LF)', async () => {
      const doc = await open('<wei7 version="2.2">\r\n  <size>9</size>\r\n  <moves>\r\n  </moves>\r\n</wei7>\r\n');
      const result = asEdit(await play(doc, '<wei7', { x: 4, y: 4 }));
      assert.equal(result.color, 'black');
      const edited = await applyThroughServer(doc, result);
      assert.equal(edited.text, '<wei7 version="2.2">\r\n  <size>9</size>\r\n  <moves>\r\n    <black x="4" y="4" />\r\n  </moves>\r\n</wei7>\r\n');
      assert.deepEqual(edited.at.point, { x: 4, y: 4 });
    });

    test('the end of a nested variation continues that variation', async () => {
      const doc = await open(simple);
      const result = asEdit(await play(doc, '<black x="16"', { x: 2, y: 2 }));
      assert.equal(result.color, 'white');
      const edited = await applyThroughServer(doc, result);
      assert.ok(edited.text.includes('      <black x="16" y="9" eval="good" />\n      <white x="2" y="2" />\n    </moves>'), edited.text);
      assert.deepEqual(edited.at.path, { mainLine: false, forks: [{ moveNumber: 2, index: 2, count: 3 }] });
      assert.equal(edited.at.moveNumber, 3);
    });

    test('a variation of a tutorial chapter that ends with nested moves goes after them', async () => {
      const text = example('2.2-tutorial.wei7');
      const doc = await open(text);
      const result = asEdit(await play(doc, '<pre title="如何吃子"', { x: 3, y: 3 }, true));
      const edited = await applyThroughServer(doc, result);
      assert.deepEqual(codes(edited.diagnostics), codes(doc.diagnostics));
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.path.forks.at(-1)], ['black', { x: 3, y: 3 }, { moveNumber: 1, index: 2, count: 3 }]);
    });

    test('no variation before a setup: a pre only comes from the empty board', async () => {
      const doc = await open('<wei7 version="2.2">\n  <size>9</size>\n  <moves>\n    <pre>\n      <black x="2" y="2" />\n    </pre>\n  </moves>\n</wei7>\n');
      const result = await play(doc, '<wei7', { x: 4, y: 4 }, true);
      assert.ok(result.kind === 'refused' && result.code === 'variationBeforePre', JSON.stringify(result));
    });
  });

  describe('wei7 3.0 (JSON)', () => {
    const simple = example('3.0-simple.wei7');

    test('at the end of a branch: a step after the node, written like its neighbours', async () => {
      const doc = await open(simple);
      const result = asEdit(await play(doc, '{"action": {"type": "result", "value": {"winner": 1, "margin": 2.5} }, "actor": 1}', { x: 3, y: 3 }));
      assert.equal(result.color, 'black', 'after the results, the opponent of the last move (a white pass)');
      const edited = await applyThroughServer(doc, result);
      assert.ok(
        edited.text.includes('"actor": 1},\n          {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } } }\n        ]'),
        edited.text,
      );
      assert.deepEqual(codes(edited.diagnostics), codes(doc.diagnostics));
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.moveNumber, edited.at.path.mainLine], ['black', { x: 3, y: 3 }, 6, true]);
    });

    test('the last step of a tree with branches: a new branch at the end of its branches', async () => {
      const doc = await open(simple);
      const result = asEdit(await play(doc, '{"action": {"type": "move", "value": {"color": 2, "point": {"x": 4', { x: 3, y: 3 }, true));
      const edited = await applyThroughServer(doc, result);
      assert.ok(
        edited.text.includes(
          '"evaluation": "good"} } }\n        ]\n      },\n      {\n        "steps": [\n          {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } } }\n        ]\n      }\n    ]\n  }\n}',
        ),
        edited.text,
      );
      assert.deepEqual(codes(edited.diagnostics), codes(doc.diagnostics));
      assert.deepEqual(edited.at.path, { mainLine: false, forks: [{ moveNumber: 2, index: 3, count: 4 }] });
      assert.deepEqual(mainLine(documentOf(edited.text)), mainLine(documentOf(doc.text)));
    });

    test('in the middle of steps: the tree splits (§3.16.4) — its rest becomes the first branch, the new move the second', async () => {
      const doc = await open(simple);
      const cursor = '{"action": {"type": "move", "value": {"color": 2, "point": null} } }';
      assert.equal((await play(doc, cursor, { x: 3, y: 3 })).kind, 'needsVariation');
      const result = asEdit(await play(doc, cursor, { x: 3, y: 3 }, true));
      assert.equal(result.color, 'black');
      const edited = await applyThroughServer(doc, result);
      assert.ok(
        edited.text.includes(
          [
            '          {"action": {"type": "move", "value": {"color": 2, "point": null} } }',
            '        ],',
            '        "branches": [',
            '          {',
            '            "steps": [',
            '              {"action": {"type": "move", "value": {"color": 1, "point": {"x": 10, "y": 10} } }, "comment": "ghi"},',
          ].join('\n'),
        ),
        edited.text,
      );
      assert.ok(
        edited.text.includes(
          [
            '              {"action": {"type": "result", "value": {"winner": 1, "margin": 2.5} }, "actor": 1}',
            '            ]',
            '          },',
            '          {',
            '            "steps": [',
            '              {"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3} } } }',
            '            ]',
            '          }',
            '        ]',
            '      },',
          ].join('\n'),
        ),
        edited.text,
      );
      assert.deepEqual(codes(edited.diagnostics), codes(doc.diagnostics));
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.moveNumber], ['black', { x: 3, y: 3 }, 4], 'after the white pass, move 3');
      assert.deepEqual(edited.at.path.forks, [{ moveNumber: 2, index: 0, count: 3 }, { moveNumber: 4, index: 1, count: 2 }]);
      assert.deepEqual(mainLine(documentOf(edited.text)), mainLine(documentOf(doc.text)), 'the game is the same but for the new move');
    });

    test('a split of a tree that already has branches moves them under its rest', async () => {
      const text = '{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}}, {"action": {"type": "move", "value": {"color": 2, "point": {"x": 6, "y": 6}}}}], "branches": [{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 4, "y": 4}}}}]}, {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 5, "y": 5}}}}]}]}}';
      const doc = await open(text);
      const result = asEdit(await play(doc, '{"action"', { x: 6, y: 2 }, true));
      const edited = await applyThroughServer(doc, result);
      assert.equal(
        edited.text,
        '{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}}], "branches": [{"steps": [{"action": {"type": "move", "value": {"color": 2, "point": {"x": 6, "y": 6}}}}], "branches": [{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 4, "y": 4}}}}]}, {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 5, "y": 5}}}}]}]}, {"steps": [{"action": {"type": "move", "value": {"color": 2, "point": {"x": 6, "y": 2}}}}]}]}}',
      );
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual(mainLine(documentOf(edited.text)), mainLine(documentOf(text)));
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.path.forks], ['white', { x: 6, y: 2 }, [{ moveNumber: 2, index: 1, count: 2 }]]);
    });

    test('before the first step of a tree without a pre: the whole line moves into the first branch', async () => {
      const text = '{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}}]}}';
      const doc = await open(text);
      const result = asEdit(await play(doc, '{"format"', { x: 4, y: 4 }, true));
      const edited = await applyThroughServer(doc, result);
      assert.equal(
        edited.text,
        '{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [], "branches": [{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}}]}, {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 4, "y": 4}}}}]}]}}',
      );
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.path.forks], ['black', { x: 4, y: 4 }, [{ moveNumber: 1, index: 1, count: 2 }]]);
    });

    test('after a pre without steps: a "steps" property is added; the pre\'s problem colour plays', async () => {
      const text = [
        '{',
        '  "format": "wei7",',
        '  "version": "3.0",',
        '  "size": 9,',
        '  "tree": {',
        '    "pre": {',
        '      "stones": [{"color": 1, "point": {"x": 2, "y": 2}}, {"color": 2, "point": {"x": 3, "y": 2}}],',
        '      "problem": {"color": 2}',
        '    }',
        '  }',
        '}',
      ].join('\n');
      const doc = await open(text);
      const result = asEdit(await play(doc, '"stones"', { x: 4, y: 4 }));
      assert.equal(result.color, 'white');
      const edited = await applyThroughServer(doc, result);
      assert.ok(
        edited.text.includes('      "problem": {"color": 2}\n    },\n    "steps": [\n      {"action": {"type": "move", "value": {"color": 2, "point": {"x": 4, "y": 4}}}}\n    ]\n  }\n}'),
        edited.text,
      );
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.moveNumber], ['white', { x: 4, y: 4 }, 1]);
    });

    test('an empty tree gets its first step', async () => {
      const doc = await open('{\n  "format": "wei7",\n  "version": "3.0",\n  "tree": {}\n}\n');
      const result = asEdit(await play(doc, '"tree"', { x: 15, y: 3 }));
      const edited = await applyThroughServer(doc, result);
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual([edited.at.color, edited.at.point, edited.at.moveNumber], ['black', { x: 15, y: 3 }, 1]);
    });

    test('a pretty-printed document gets pretty-printed steps and branches', async () => {
      const text = `${JSON.stringify(
        {
          format: 'wei7',
          version: '3.0',
          size: 9,
          tree: {
            steps: [
              { action: { type: 'move', value: { color: 1, point: { x: 2, y: 2 } } } },
              { action: { type: 'move', value: { color: 2, point: { x: 6, y: 6 } } } },
            ],
          },
        },
        null,
        2,
      )}\n`;
      const doc = await open(text);
      const atEnd = asEdit(await play(doc, '"color": 2', { x: 2, y: 6 }));
      const appended = applyEdits(text, atEnd);
      const expected = JSON.parse(text) as { tree: { steps: unknown[] } };
      expected.tree.steps.push({ action: { type: 'move', value: { color: 1, point: { x: 2, y: 6 } } } });
      assert.equal(appended, `${JSON.stringify(expected, null, 2)}\n`, 'the same layout as JSON.stringify(…, null, 2)');

      const split = asEdit(await play(doc, '"color": 1', { x: 6, y: 2 }, true));
      const edited = await applyThroughServer(doc, split);
      const tree = { steps: [{ action: { type: 'move', value: { color: 1, point: { x: 2, y: 2 } } } }], branches: [
        { steps: [{ action: { type: 'move', value: { color: 2, point: { x: 6, y: 6 } } } }] },
        { steps: [{ action: { type: 'move', value: { color: 2, point: { x: 6, y: 2 } } } }] },
      ] };
      assert.equal(edited.text, `${JSON.stringify({ format: 'wei7', version: '3.0', size: 9, tree }, null, 2)}\n`);
      assert.deepEqual(codes(edited.diagnostics), []);
      assert.deepEqual([edited.at.color, edited.at.point], ['white', { x: 6, y: 2 }]);
    });

    test('a takeback is followed: the colour is the one after the moves still standing', async () => {
      const doc = await open('{"format": "wei7", "version": "3.0", "size": 9, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}}, {"action": {"type": "move", "value": {"color": 2, "point": {"x": 6, "y": 6}}}}, {"action": {"type": "takeback", "value": 1}}]}}');
      const result = asEdit(await play(doc, '{"action": {"type": "takeback"', { x: 6, y: 6 }));
      assert.equal(result.color, 'white', 'white retakes its move: the point is empty again');
    });

    test('an occupied point and a board that is not simulated are refused', async () => {
      const doc = await open(simple);
      const occupied = await play(doc, '"stones"', { x: 1, y: 16 });
      assert.ok(occupied.kind === 'refused' && occupied.code === 'occupied' && /B3/.test(occupied.reason), JSON.stringify(occupied));
      const big = await open('{"format": "wei7", "version": "3.0", "size": 60, "tree": {}}');
      const refused = await play(big, '"tree"', { x: 0, y: 0 });
      assert.ok(refused.kind === 'refused' && refused.code === 'notSimulated');
    });
  });
});
