/**
 * `wei7/position` through the real protocol (the built server over stdio): what the preview
 * shows for cursor places in both formats — setup, moves, variations, passes, captures,
 * takebacks, rectangular boards, documents with errors and boards that are not simulated.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TestLspClient } from '../support/lspClient';
import { LineIndex } from '../../server/src/model/lineIndex';
import { NAVIGATION_KEYS, POSITION_REQUEST, type PreviewPosition } from '../../server/src/features/position';
import { PLAY_MOVE_REQUEST } from '../../server/src/features/playMove';
import { MOVE_ON_PATH_REQUEST } from '../../server/src/features/goToMove';
import * as protocol from '../../client/src/preview/protocol';

const ROOT = resolve(__dirname, '../..');
const example = (name: string): string => readFileSync(resolve(ROOT, 'examples', name), 'utf8');

let client: TestLspClient;
let documents = 0;

/** Opens `text` as a new document; returns a function asking the position at the start of `snippet`. */
async function open(text: string): Promise<{ uri: string; at: (snippet: string, occurrence?: number) => Promise<PreviewPosition> }> {
  const uri = `file:///tmp/preview-position-${++documents}.wei7`;
  await client.open(uri, text);
  const lines = new LineIndex(text);
  const at = async (snippet: string, occurrence = 0): Promise<PreviewPosition> => {
    let offset = -1;
    for (let i = 0; i <= occurrence; i++) offset = text.indexOf(snippet, offset + 1);
    assert.ok(offset >= 0, `"${snippet}" is in the document`);
    const answer = await client.connection.sendRequest<PreviewPosition | null>(POSITION_REQUEST, { uri, position: lines.positionAt(offset) });
    assert.ok(answer, 'an answer for an open document');
    return answer;
  };
  return { uri, at };
}

/** The text a navigation target points at (its first `length` characters). */
function targetText(text: string, target: { offset: number } | undefined, length = 120): string | undefined {
  return target && text.slice(target.offset, target.offset + length);
}

/** The stones as "X x,y" / "O x,y", sorted. */
function stonesOf(p: PreviewPosition): string[] {
  const out: string[] = [];
  p.board?.rows.forEach((row, y) => [...row].forEach((c, x) => c !== '.' && out.push(`${c} ${x},${y}`)));
  return out.sort();
}

describe('wei7/position', () => {
  before(async () => {
    client = new TestLspClient();
    await client.initialize();
  });
  after(() => client.close());

  test('the request names match between the client, the server and the protocol module', () => {
    assert.equal(protocol.POSITION_REQUEST, POSITION_REQUEST);
    assert.equal(protocol.PLAY_MOVE_REQUEST, PLAY_MOVE_REQUEST);
    assert.equal(protocol.MOVE_ON_PATH_REQUEST, MOVE_ON_PATH_REQUEST);
    assert.deepEqual([...protocol.NAVIGATION_KEYS], [...NAVIGATION_KEYS]);
  });

  describe('wei7 2.2 (XML): examples/2.2-simple.wei7', () => {
    const text = example('2.2-simple.wei7');
    let at: (snippet: string) => Promise<PreviewPosition>;
    before(async () => ({ at } = await open(text)));

    test('before the first node: the empty board, and "next" goes to the setup', async () => {
      const p = await at('<?xml');
      assert.equal(p.node, undefined);
      assert.equal(p.status, 'simulated');
      assert.deepEqual(stonesOf(p), []);
      assert.equal(p.board?.rows.length, 19);
      assert.equal(p.moveNumber, 0);
      assert.equal(p.toPlay, 'black');
      assert.match(targetText(text, p.navigation.next) ?? '', /^<pre comment="this/);
      assert.equal(p.navigation.previous, undefined);
    });

    test('the setup (pre): its stones, mark, comment and title; white plays after a black handicap', async () => {
      const p = await at('<pre comment="this');
      assert.equal(p.node?.kind, 'pre');
      assert.deepEqual(stonesOf(p), ['X 0,16', 'X 1,16', 'X 2,16']);
      assert.deepEqual(p.marks, [{ x: 8, y: 14, symbol: 'a' }]);
      assert.equal(p.comment, 'this is handicap!');
      assert.equal(p.title, 'handicap title');
      assert.equal(p.moveNumber, 0);
      assert.equal(p.lastMove, undefined);
      assert.equal(p.toPlay, 'white');
      assert.deepEqual(p.board?.moveNumbers.filter((n) => n > 0), [], 'setup stones have no move number');
      assert.equal(p.gameName, 'the game between you and me');
      assert.deepEqual(p.players, { black: ['me'], white: ['you'] });
      assert.equal(p.hasErrors, false);
      assert.equal(p.navigation.first, undefined, 'already at the first node');
      assert.match(targetText(text, p.navigation.next) ?? '', /^<white x="4"/);
      assert.match(targetText(text, p.navigation.last) ?? '', /^<black type="pass"/);
    });

    test('a move: colour, point, last move, problem (黑先), comment, number on the stone', async () => {
      const p = await at('<white x="4"');
      assert.equal(p.node?.kind, 'move');
      assert.deepEqual([p.moveNumber, p.color, p.point, p.lastMove], [1, 'white', { x: 4, y: 4 }, { x: 4, y: 4 }]);
      assert.equal(p.problem, 'black');
      assert.equal(p.toPlay, 'black', 'the problem says black plays');
      assert.equal(p.comment, 'haha!');
      assert.equal(p.board?.moveNumbers[4 * 19 + 4], 1);
      assert.equal(p.board?.rows[4][4], 'O');
      assert.deepEqual(p.node?.range.start, { line: 17, character: 4 });
      assert.match(targetText(text, p.navigation.previous) ?? '', /^<pre comment="this/);
      assert.match(targetText(text, p.navigation.next) ?? '', /^<black x="17" y="8" splitter/, 'next is the main line, written after the variations');
    });

    test('the main line after the variations: marks written before the move are its marks (§3.18), evaluation', async () => {
      const p = await at('<black x="17" y="8" splitter');
      assert.deepEqual(p.marks, [{ x: 12, y: 3, symbol: '*' }, { x: 12, y: 4, symbol: '*' }]);
      assert.equal(p.evaluation, 'bad');
      assert.deepEqual(p.path, { mainLine: true, forks: [{ moveNumber: 2, index: 0, count: 3 }] });
      assert.match(targetText(text, p.navigation.nextVariation) ?? '', /^<black x="17" y="8" \/>/, 'the first variation');
      assert.equal(p.navigation.previousVariation, undefined);
    });

    test('a variation: the path says which, and previous variation goes back', async () => {
      const p = await at('<black x="16"');
      assert.deepEqual([p.moveNumber, p.color, p.evaluation], [2, 'black', 'good']);
      assert.deepEqual(p.path, { mainLine: false, forks: [{ moveNumber: 2, index: 2, count: 3 }] });
      assert.match(targetText(text, p.navigation.previous) ?? '', /^<pre comment="second variation"/);
      assert.match(targetText(text, p.navigation.previousVariation) ?? '', /^<black x="17" y="8" \/>/);
      assert.equal(p.navigation.nextVariation, undefined);
      assert.equal(p.navigation.next, undefined);
      assert.deepEqual(stonesOf(p), ['O 4,4', 'X 0,16', 'X 1,16', 'X 16,9', 'X 2,16']);
    });

    test('a pass: no point, no last-move mark; the other colour plays', async () => {
      const p = await at('<black type="pass"');
      assert.deepEqual([p.moveNumber, p.color, p.point, p.lastMove, p.toPlay], [4, 'black', null, undefined, 'white']);
      assert.equal(p.comment, 'def');
      assert.equal(p.navigation.next, undefined);
      assert.equal(p.navigation.last, undefined);
    });
  });

  describe('wei7 3.0 (JSON): examples/3.0-simple.wei7', () => {
    const text = example('3.0-simple.wei7');
    let at: (snippet: string, occurrence?: number) => Promise<PreviewPosition>;
    before(async () => ({ at } = await open(text)));

    test('the pre and the first step, as in 2.2', async () => {
      const pre = await at('"stones"');
      assert.equal(pre.node?.kind, 'pre');
      assert.deepEqual(stonesOf(pre), ['X 0,16', 'X 1,16', 'X 2,16']);
      assert.deepEqual(pre.marks, [{ x: 8, y: 14, symbol: 'a' }]);
      assert.equal(pre.title, 'handicap title', 'the tree title is the title of its first node');
      assert.equal(pre.toPlay, 'white');
      const first = await at('{"action": {"type": "move", "value": {"color": 2, "point": {"x": 4');
      assert.deepEqual([first.moveNumber, first.color, first.point, first.problem, first.toPlay], [1, 'white', { x: 4, y: 4 }, 'black', 'black']);
      assert.match(targetText(text, first.navigation.next) ?? '', /"x": 17, "y": 8\}, "evaluation": "bad"/, 'next: the first branch (main line)');
    });

    test('players come from info.players and info.participants', async () => {
      const p = await at('"stones"');
      assert.deepEqual(p.players, { black: ['me'], white: ['you'] });
    });

    test('a step with marks, and the main-line path at a fork of three branches', async () => {
      const p = await at('"evaluation": "bad"');
      assert.deepEqual(p.marks, [{ x: 12, y: 3, symbol: '*' }, { x: 12, y: 4, symbol: '*' }]);
      assert.equal(p.evaluation, 'bad');
      assert.deepEqual(p.path, { mainLine: true, forks: [{ moveNumber: 2, index: 0, count: 3 }] });
      assert.match(targetText(text, p.navigation.nextVariation) ?? '', /"x": 17, "y": 8\} \} \} \}/);
    });

    test('the third branch: its pre, its move, the variation path', async () => {
      const p = await at('"x": 16, "y": 9');
      assert.deepEqual([p.moveNumber, p.color, p.point, p.evaluation], [2, 'black', { x: 16, y: 9 }, 'good']);
      assert.deepEqual(p.path, { mainLine: false, forks: [{ moveNumber: 2, index: 2, count: 3 }] });
      assert.match(targetText(text, p.navigation.previous) ?? '', /^\{"comment": "second variation"/);
    });

    test('result steps after the game: the move number stays, the colour to play follows the last move', async () => {
      const p = await at('"type": "result"', 1);
      assert.equal(p.node?.kind, 'result');
      assert.deepEqual([p.moveNumber, p.color, p.toPlay], [5, undefined, 'black']);
      assert.match(targetText(text, p.navigation.first) ?? '', /^\{\n\s+"comment": "this is/);
    });
  });

  test('captures, move numbers of the stones left, and a rectangular board (3.0)', async () => {
    const text = JSON.stringify({
      format: 'wei7',
      version: '3.0',
      size: { width: 7, height: 5 },
      tree: {
        steps: [
          { action: { type: 'move', value: { color: 1, point: { x: 1, y: 0 } } } },
          { action: { type: 'move', value: { color: 2, point: { x: 0, y: 0 } } } },
          { action: { type: 'move', value: { color: 1, point: { x: 0, y: 1 } } } },
        ],
      },
    }, null, 2);
    const { at } = await open(text);
    const p = await at('"y": 1');
    assert.deepEqual([p.board?.width, p.board?.height, p.board?.rows.length, p.board?.rows[0].length], [7, 5, 5, 7]);
    assert.deepEqual(stonesOf(p), ['X 0,1', 'X 1,0']);
    assert.deepEqual(p.captures, { black: 1, white: 0 });
    assert.equal(p.capturedNow, 1);
    assert.deepEqual(p.board?.moveNumbers.filter((n) => n > 0), [1, 3], 'the captured stone takes its number away');
    assert.equal(p.board?.moveNumbers[0], 0);
    assert.equal(p.toPlay, 'white');
  });

  test('a tree whose "pre" is written after its "steps" (3.0): navigation goes from the pre to the last step, and answers come back', async () => {
    // Once an endless loop: a line's nodes are in file order (the pre last), its play starts with the pre.
    const text = `{"format": "wei7", "version": "3.0", "size": 9,
  "tree": {
    "title": "根",
    "steps": [
      {"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2}}}},
      {"action": {"type": "move", "value": {"color": 2, "point": {"x": 6, "y": 6}}}}
    ],
    "pre": {"stones": [{"color": 1, "point": {"x": 4, "y": 4}}]},
    "branches": [{"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}]}]
  }
}
`;
    const { at } = await open(text);
    for (const [snippet, moveNumber, stones] of [['"stones"', 0, ['X 4,4']], ['"x": 6', 2, ['O 6,6', 'X 2,2', 'X 4,4']], ['"x": 3', 3, ['O 6,6', 'X 2,2', 'X 3,3', 'X 4,4']]] as const) {
      const p = await at(snippet);
      assert.equal(p.moveNumber, moveNumber, snippet);
      assert.deepEqual(stonesOf(p), stones, snippet);
      const last = p.navigation.last && text.slice(p.navigation.last.offset, p.navigation.last.offset + 66);
      // At the branch's move itself there is no later one: the button is off.
      assert.equal(last, moveNumber === 3 ? undefined : '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3', `${snippet}: last is the branch's move`);
    }
    assert.equal((await at('"stones"')).title, '根', 'the tree\'s title on its first position, the pre');
    const first = await at('"x": 2');
    assert.equal(first.title, undefined);
    assert.equal(first.navigation.first?.offset, text.indexOf('{"stones"'), 'first is the pre');
    assert.equal(first.navigation.previous?.offset, text.indexOf('{"stones"'));
  });

  test('a takeback removes the moves it undoes, and their numbers (3.0)', async () => {
    const text = JSON.stringify({
      format: 'wei7',
      version: '3.0',
      size: 9,
      tree: {
        steps: [
          { action: { type: 'move', value: { color: 1, point: { x: 2, y: 2 } } } },
          { action: { type: 'move', value: { color: 2, point: { x: 6, y: 6 } } } },
          { action: { type: 'takeback', value: 1 } },
          { action: { type: 'move', value: { color: 2, point: { x: 5, y: 5 } } } },
        ],
      },
    });
    const { at } = await open(text);
    const afterTakeback = await at('{"action":{"type":"takeback"');
    assert.deepEqual(stonesOf(afterTakeback), ['X 2,2']);
    assert.equal(afterTakeback.moveNumber, 1);
    assert.equal(afterTakeback.toPlay, 'white');
    const p = await at('"x":5');
    assert.deepEqual(stonesOf(p), ['O 5,5', 'X 2,2']);
    assert.equal(p.moveNumber, 2);
    assert.equal(p.board?.moveNumbers[5 * 9 + 5], 2);
  });

  test('a board larger than 52 is not simulated; the rest still answers', async () => {
    const { at } = await open('{"format": "wei7", "version": "3.0", "size": 60, "tree": {"steps": [{"action": {"type": "move", "value": {"color": 1, "point": {"x": 55, "y": 3}}}}]}}');
    const p = await at('{"action"');
    assert.equal(p.status, 'sizeTooLarge');
    assert.equal(p.board, undefined);
    assert.deepEqual([p.moveNumber, p.color, p.point], [1, 'black', { x: 55, y: 3 }]);
  });

  test('an unreadable 2.2 size: not simulated, and the document has errors', async () => {
    const { at } = await open('<wei7 version="2.2">\n  <size>big</size>\n  <moves>\n    <black x="3" y="3" />\n  </moves>\n</wei7>\n');
    const p = await at('<black');
    assert.equal(p.status, 'sizeUnknown');
    assert.equal(p.board, undefined);
    assert.equal(p.hasErrors, true);
  });

  test('a document with errors still gets the position that can be computed', async () => {
    const { at } = await open('<wei7 version="2.2">\n  <size>9</size>\n  <moves>\n    <black x="2" y="2" eval="great" />\n    <white x="6" y="6" />\n  </moves>\n</wei7>\n');
    const p = await at('<white');
    assert.equal(p.hasErrors, true);
    assert.equal(p.status, 'simulated');
    assert.deepEqual(stonesOf(p), ['O 6,6', 'X 2,2']);
  });

  test('text that is no wei7 document: no board, status noDocument', async () => {
    const { at } = await open('hello');
    const p = await at('hello');
    assert.equal(p.status, 'noDocument');
    assert.equal(p.board, undefined);
    assert.equal(p.hasErrors, true);
  });

  test('a document the server does not have, and malformed params: null', async () => {
    assert.equal(await client.connection.sendRequest(POSITION_REQUEST, { uri: 'file:///tmp/never-opened.wei7', position: { line: 0, character: 0 } }), null);
    assert.equal(await client.connection.sendRequest(POSITION_REQUEST, { uri: 42 }), null);
  });
});
