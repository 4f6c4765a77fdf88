/**
 * Replay of the game tree (server/src/engine/replay.ts) on real documents of both formats, run
 * through analyze(), and `wei7 board` (server/src/cli/boardCommand.ts) on top of it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyze } from '../../server/src/analysis';
import { BLACK, Board, EMPTY, splitMix32, WHITE } from '../../server/src/engine/board';
import { createReplay, nodeAt, positionRows, type GameReplay } from '../../server/src/engine/replay';
import { boardCommand, type BoardJson } from '../../server/src/cli/boardCommand';
import type { MoveNode, PlayNode, Wei7Document } from '../../server/src/model/types';
import { xml22 } from '../support/expect';

const ROOT = resolve(__dirname, '../..');

/** Loads a fixture; it must have no errors but the game-level ones it names. */
function load(text: string, expectedErrors: readonly string[] = []): { doc: Wei7Document; replay: GameReplay } {
  const analysis = analyze(text);
  assert.ok(analysis.document, 'a wei7 document');
  assert.deepEqual(analysis.findings.filter((f) => f.severity === 'error').map((f) => f.clause), expectedErrors, 'the fixture has only the errors it means to have');
  return { doc: analysis.document, replay: createReplay(analysis.document) };
}

/** The first node whose text starts with `snippet` (nodes are found by what they say, not by index). */
function nodeWith(doc: Wei7Document, text: string, snippet: string, occurrence = 0): PlayNode {
  let from = 0;
  for (let i = 0; i <= occurrence; i++) {
    from = text.indexOf(snippet, from) + (i < occurrence ? 1 : 0);
    assert.ok(from >= 0, `"${snippet}" is in the fixture`);
  }
  const node = nodeAt(doc, from);
  assert.ok(node, `a node at "${snippet}"`);
  return node;
}

/** The stones of a position as "X x,y" / "O x,y" strings, sorted: compact to compare. */
function stones(replay: GameReplay, node: PlayNode): string[] {
  const position = replay.positionAfter(node);
  assert.ok(position);
  const list: string[] = [];
  positionRows(position).forEach((row, y) => [...row].forEach((c, x) => c !== '.' && list.push(`${c} ${x},${y}`)));
  return list.sort();
}

const mv = (color: 1 | 2, x: number, y: number, extra = ''): string =>
  `{"action": {"type": "move", "value": {"color": ${color}, "point": {"x": ${x}, "y": ${y}}}}${extra}}`;
const pass30 = (color: 1 | 2): string => `{"action": {"type": "move", "value": {"color": ${color}, "point": null}}}`;
const takeback = (n: number): string => `{"action": {"type": "takeback", "value": ${n}}}`;
const doc30 = (tree: string, size = '9'): string => `{"format": "wei7", "version": "3.0", "size": ${size}, "tree": ${tree}}\n`;
const list = (...items: string[]): string => `[\n  ${items.join(',\n  ')}\n]`;
const mv22 = (color: 'black' | 'white', x: number, y: number, extra = ''): string => `<${color} x="${x}" y="${y}"${extra} />`;

// The ko of the board tests: black takes at (2,1), capturing white (1,1).
const KO = [mv(1, 1, 0), mv(2, 2, 0), mv(1, 0, 1), mv(2, 3, 1), mv(1, 1, 2), mv(2, 2, 2), mv(1, 8, 8), mv(2, 1, 1)];

describe('move numbers along the path', () => {
  test('3.0: pre is move 0, a pass counts, takeback N subtracts N, other steps keep the number', () => {
    const text = doc30(
      `{"pre": {"comment": "start"}, "steps": ${list(
        mv(1, 2, 2),
        pass30(2),
        `{"action": {"type": "message", "value": "hello"}}`,
        mv(1, 3, 3),
        takeback(2),
        mv(2, 4, 4, ', "comment": "after takeback"'),
        `{"action": {"type": "mark", "value": {"point": {"x": 4, "y": 4}, "symbol": "a"}}}`,
      )}}`,
    );
    const { doc, replay } = load(text);
    assert.deepEqual(
      doc.nodes.map((n) => [n.kind, replay.infoAt(n).moveNumber]),
      [['pre', 0], ['move', 1], ['move', 2], ['message', 2], ['move', 3], ['takeback', 1], ['move', 2], ['mark', 2]],
    );
    assert.deepEqual(stones(replay, doc.nodes[7]), ['O 4,4', 'X 2,2']);
    assert.deepEqual(replay.infoAt(doc.nodes[2]).point, null, 'a pass has point null');
    assert.equal(replay.infoAt(doc.nodes[6]).comment, 'after takeback');
    assert.deepEqual(replay.infoAt(doc.nodes[7]).marks.map((m) => [m.point.x, m.point.y, m.symbol.value]), [[4, 4, 'a']]);
  });

  test('2.x: a variation’s first move has the number of the move it stands for', () => {
    const text = xml22(
      [mv22('black', 2, 2), mv22('white', 3, 3), `<moves>${mv22('black', 6, 6)}${mv22('white', 7, 7)}</moves>`, mv22('black', 4, 4), mv22('white', 5, 5)].join(''),
      { size: '9' },
    );
    const { doc, replay } = load(text);
    const numbers = Object.fromEntries(
      doc.nodes.map((n) => [`${(n as MoveNode).point?.x},${(n as MoveNode).point?.y}`, replay.infoAt(n).moveNumber]),
    );
    assert.deepEqual(numbers, { '2,2': 1, '3,3': 2, '6,6': 3, '7,7': 4, '4,4': 3, '5,5': 4 });
  });
});

describe('captures, prisoners and takeback', () => {
  test('a capture names the captured points and adds to the captor’s prisoners', () => {
    const { doc, replay } = load(doc30(`{"steps": ${list(...KO, mv(1, 2, 1), mv(2, 1, 1))}}`));
    const take = doc.nodes[8];
    const retake = doc.nodes[9];
    assert.deepEqual(replay.infoAt(take).captures, [{ x: 1, y: 1 }]);
    assert.deepEqual(replay.infoAt(take).prisoners, { black: 1, white: 0 });
    assert.deepEqual(replay.infoAt(retake).captures, [{ x: 2, y: 1 }]);
    assert.deepEqual(replay.infoAt(retake).prisoners, { black: 1, white: 1 });
    assert.deepEqual(replay.infoAt(doc.nodes[7]).captures, []);
    assert.ok(!stones(replay, take).includes('O 1,1'));
    assert.ok(stones(replay, retake).includes('O 1,1') && !stones(replay, retake).includes('X 2,1'));
  });

  test('takeback across captures restores the captured stones and the prisoners', () => {
    const text = doc30(`{"steps": ${list(...KO, mv(1, 2, 1), mv(2, 7, 7), takeback(2), mv(1, 6, 6))}}`);
    const { doc, replay } = load(text);
    const beforeTake = stones(replay, doc.nodes[7]);
    const takeback2 = doc.nodes[10];
    assert.deepEqual(stones(replay, takeback2), beforeTake);
    assert.deepEqual(replay.infoAt(takeback2).prisoners, { black: 0, white: 0 });
    assert.equal(replay.infoAt(takeback2).moveNumber, 8);
    assert.deepEqual(stones(replay, doc.nodes[11]), [...beforeTake, 'X 6,6'].sort());
    assert.equal(replay.infoAt(doc.nodes[11]).moveNumber, 9);
  });

  test('a move onto an occupied point changes nothing; suicide removes the mover’s stones', () => {
    const text = doc30(`{"steps": ${list(mv(1, 2, 2), mv(2, 2, 2), mv(1, 0, 1), mv(2, 5, 5), mv(1, 1, 0), mv(2, 0, 0))}}`);
    const { doc, replay } = load(text, ['3.17']);
    assert.equal(replay.infoAt(doc.nodes[1]).occupied, true);
    assert.deepEqual(stones(replay, doc.nodes[1]), ['X 2,2']);
    const suicide = replay.infoAt(doc.nodes[5]);
    assert.deepEqual(suicide.captures, [{ x: 0, y: 0 }]);
    assert.deepEqual(suicide.prisoners, { black: 1, white: 0 }, 'the suicided white stone is held by black');
    assert.ok(!stones(replay, doc.nodes[5]).includes('O 0,0'));
  });
});

describe('variations see only their own path', () => {
  test('3.0: branches start after the tree’s steps, and never see a sibling’s moves', () => {
    const text = doc30(
      `{"steps": ${list(mv(1, 2, 2), mv(2, 3, 3))}, "branches": [` +
        `{"steps": ${list(mv(1, 4, 4), mv(2, 5, 5))}}, {"steps": ${list(mv(1, 6, 6))}, "branches": [{"steps": ${list(mv(2, 4, 4))}}]}]}`,
    );
    const { doc, replay } = load(text);
    const [, , b44, w55, b66, w44] = doc.nodes;
    assert.deepEqual(stones(replay, w55), ['O 3,3', 'O 5,5', 'X 2,2', 'X 4,4']);
    assert.deepEqual(stones(replay, b66), ['O 3,3', 'X 2,2', 'X 6,6']);
    assert.deepEqual(stones(replay, w44), ['O 3,3', 'O 4,4', 'X 2,2', 'X 6,6']);
    assert.deepEqual(stones(replay, b44), ['O 3,3', 'X 2,2', 'X 4,4'], 'asked again after a sibling');
    assert.equal(replay.infoAt(w44).moveNumber, 4);
  });

  test('2.x: a nested moves is a variation of the next move; with no later move, it branches from the end', () => {
    const text = xml22(
      [
        mv22('black', 2, 2),
        `<moves>${mv22('white', 5, 5)}${mv22('black', 6, 6)}</moves>`,
        mv22('white', 3, 3),
        mv22('black', 4, 4),
        `<moves>${mv22('white', 7, 7)}</moves>`,
      ].join(''),
      { size: '9' },
    );
    const { doc, replay } = load(text);
    assert.deepEqual(stones(replay, nodeWith(doc, text, '<black x="6"')), ['O 5,5', 'X 2,2', 'X 6,6']);
    assert.deepEqual(stones(replay, nodeWith(doc, text, '<black x="4"')), ['O 3,3', 'X 2,2', 'X 4,4']);
    assert.deepEqual(stones(replay, nodeWith(doc, text, '<white x="7"')), ['O 3,3', 'O 7,7', 'X 2,2', 'X 4,4']);
    assert.equal(replay.infoAt(nodeWith(doc, text, '<white x="7"')).moveNumber, 4);
  });

  test('2.x: a mark belongs to the next move; pre marks to the pre; titles and comments', () => {
    const text = xml22(
      `<pre title="start"><black x="2" y="2" /><mark x="0" y="0" symbol="a" /></pre>` +
        `<mark x="1" y="1" symbol="b" /><white x="3" y="3" comment="c3" title="t3" />${mv22('black', 4, 4)}`,
      { size: '9' },
    );
    const { doc, replay } = load(text);
    const [pre, white, black] = doc.nodes;
    assert.deepEqual(replay.infoAt(pre).marks.map((m) => m.symbol.value), ['a']);
    assert.equal(replay.infoAt(pre).title, 'start');
    assert.equal(replay.infoAt(pre).moveNumber, 0);
    assert.deepEqual(replay.infoAt(white).marks.map((m) => [m.point.x, m.point.y, m.symbol.value]), [[1, 1, 'b']]);
    assert.equal(replay.infoAt(white).comment, 'c3');
    assert.equal(replay.infoAt(white).title, 't3');
    assert.deepEqual(replay.infoAt(black).marks, []);
    assert.deepEqual(stones(replay, pre), ['X 2,2']);
  });
});

describe('nodeAt: the node at a place in the text', () => {
  test('inside a node, between nodes (the one before), before the first (none)', () => {
    const text = doc30(`{"steps": ${list(mv(1, 2, 2), mv(2, 3, 3))}, "branches": [{"steps": ${list(mv(1, 4, 4))}}]}`);
    const { doc } = load(text);
    const second = text.indexOf('"color": 2');
    assert.equal(nodeAt(doc, second), doc.nodes[1]);
    assert.equal(nodeAt(doc, text.indexOf('"branches"')), doc.nodes[1], 'between nodes: the nearest before');
    assert.equal(nodeAt(doc, text.indexOf('"x": 4')), doc.nodes[2]);
    assert.equal(nodeAt(doc, 0), undefined);
    // After the branch has closed: the line that holds the place, the main one (its last node).
    assert.equal(nodeAt(doc, text.length), doc.nodes[1]);
  });
  test('2.x: on a <mark> or a move after a variation, the main line\'s node before it, not the variation\'s last (§3.18: a mark belongs to the move after it)', () => {
    const text = '<wei7 version="2.2"><size>19</size><moves>\n<black x="3" y="3"/>\n<white x="4" y="4"/>\n<moves>\n<black x="16" y="9"/>\n<white x="5" y="5"/>\n</moves>\n<mark x="12" y="3" symbol="a"/>\n<black x="17" y="8"/>\n</moves></wei7>\n';
    const doc = analyze(text).document;
    assert.ok(doc);
    const [, white, variationBlack, variationWhite] = doc.nodes;
    assert.equal(nodeAt(doc, text.indexOf('x="5"')), variationWhite, 'inside the variation: its node');
    assert.equal(nodeAt(doc, text.indexOf('</moves>') + 3), variationWhite, 'on its end tag: still the variation');
    assert.equal(nodeAt(doc, text.indexOf('<mark') + 2), white, 'on the mark after it: the main line\'s white');
    assert.equal(variationBlack.parent, white);
  });
});

describe('boards that are not simulated', () => {
  test('above 52 or of unknown size: no position, but numbers and comments', () => {
    const { doc, replay } = load(doc30(`{"steps": ${list(mv(1, 2, 2), mv(2, 2, 2))}}`, '60'));
    assert.equal(replay.simulated, false);
    assert.equal(replay.status, 'sizeTooLarge');
    assert.equal(replay.positionAfter(doc.nodes[1]), undefined);
    assert.equal(replay.infoAt(doc.nodes[1]).moveNumber, 2);
    assert.deepEqual(replay.infoAt(doc.nodes[1]).captures, []);

    const unknown = analyze(`<wei7 version="2.2"><moves><black x="1" y="1" /></moves></wei7>`).document;
    assert.ok(unknown);
    const r = createReplay(unknown);
    assert.equal(r.status, 'sizeUnknown');
    assert.equal(r.positionAfter(unknown.nodes[0]), undefined);
    assert.equal(r.infoAt(unknown.nodes[0]).moveNumber, 1);
  });

  test('rectangular boards are simulated', () => {
    const { doc, replay } = load(doc30(`{"steps": ${list(mv(1, 0, 0), mv(2, 1, 0), mv(2, 0, 1))}}`, '{"width": 7, "height": 2}'));
    const position = replay.positionAfter(doc.nodes[2]);
    assert.ok(position);
    assert.deepEqual(positionRows(position), ['.O.....', 'O......']);
  });
});

describe('long records: checkpoints', () => {
  /** A random game of `moves` legal moves on 19×19 (occupied points skipped), with its positions. */
  function randomGame(moves: number): { text: string; positions: Uint8Array[] } {
    const board = new Board(19, 19);
    const random = splitMix32(2024);
    const steps: string[] = [];
    const positions: Uint8Array[] = [];
    for (let i = 0; steps.length < moves; i++) {
      const point = (random() >>> 0) % 361;
      if (board.at(point) !== EMPTY) {
        if (i % 7 === 0) {
          steps.push(pass30(steps.length % 2 === 0 ? 1 : 2));
          positions.push(board.copyCells());
        }
        continue;
      }
      const color = steps.length % 2 === 0 ? BLACK : WHITE;
      board.play(point, color);
      steps.push(mv(color, point % 19, Math.floor(point / 19)));
      positions.push(board.copyCells());
    }
    return { text: doc30(`{"steps": ${list(...steps)}}`, '19'), positions };
  }

  // Speed is measured by the benchmark (npm run bench), not asserted here.
  test('10,000 moves: positions at random places of the game are right', () => {
    const { text, positions } = randomGame(10_000);
    const { doc, replay } = load(text);
    assert.equal(doc.nodes.length, 10_000);
    const random = splitMix32(99);
    const asked = Array.from({ length: 200 }, () => doc.nodes[(random() >>> 0) % doc.nodes.length]);
    for (const node of asked) {
      assert.deepEqual(replay.positionAfter(node)?.cells, positions[node.index], `position after move ${node.index + 1}`);
    }
    assert.deepEqual(replay.positionAfter(doc.nodes[9_999])?.cells, positions[9_999]);
    assert.equal(replay.infoAt(doc.nodes[9_999]).moveNumber, 10_000);
  });
});

describe('the spec’s LG Cup game replays to its final position, in both formats', () => {
  const FINAL = [
    '......XO...........',
    '...X.XO.O.X.....X..',
    '..OOX.XO...OX.OOX..',
    '..OX.O.O.XXOXX.X...',
    '..OX..O..OOXXO.X...',
    '..O.....XXO.XO.X...',
    '......OOXOOOXO.OX..',
    '.....X..XXO.O..OX..',
    '.OX..XOOX.XOO..O...',
    '.OX..O.O.XOO....O..',
    '.OOXX.O...XXXX.X...',
    '.XOO.O..XX..OOXO...',
    'OOXO..XXOOOXXOXXO..',
    'OXXXX.X.XO...O..O..',
    '.OO..XOXO...OOX.X..',
    '.XOOOOOXO.O.OX..X..',
    '.XXX.XXX.X.XX.X....',
    '...................',
    '...................',
  ];
  for (const file of ['2.0-lg-cup.wei7', '3.0-lg-cup.wei7']) {
    test(file, () => {
      const { doc, replay } = load(readFileSync(join(ROOT, 'examples', file), 'utf8'));
      const moves = doc.nodes.filter((n): n is MoveNode => n.kind === 'move');
      assert.equal(moves.length, 163);
      assert.ok(moves.every((m) => !replay.infoAt(m).occupied), 'no move onto an occupied point');
      const last = doc.nodes[doc.nodes.length - 1];
      const position = replay.positionAfter(last);
      assert.ok(position);
      assert.deepEqual(positionRows(position), FINAL);
      assert.equal(replay.infoAt(last).moveNumber, 163);
      assert.deepEqual(replay.infoAt(last).prisoners, { black: 3, white: 4 });
    });
  }
});

test('the spec’s timeline example (3.0 §7): takebacks undo moves, messages keep the number', () => {
  const text = readFileSync(join(ROOT, 'examples/3.0-timeline.wei7'), 'utf8');
  const { doc, replay } = load(text);
  const tengen = nodeWith(doc, text, '{"time": 12.567');
  const takenBack = nodeWith(doc, text, '{"time": 43.6');
  assert.deepEqual(stones(replay, tengen), ['X 9,9']);
  assert.deepEqual(stones(replay, takenBack), []);
  assert.equal(replay.infoAt(takenBack).moveNumber, 0);
  const last = doc.nodes[doc.nodes.length - 1];
  assert.equal(replay.infoAt(last).moveNumber, 8);
  assert.deepEqual(stones(replay, last), ['O 15,15', 'O 15,3', 'O 16,2', 'O 16,5', 'X 13,12', 'X 15,1', 'X 3,15', 'X 3,3']);
  assert.equal(replay.infoAt(nodeWith(doc, text, '{"time": 68.444')).moveNumber, 4);
});

describe('wei7 board', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wei7-board-'));
  const lg22 = join(ROOT, 'examples/2.0-lg-cup.wei7');
  const lg30 = join(ROOT, 'examples/3.0-lg-cup.wei7');

  test('JSON: the position after the node on a line, in the shape of issue 3', () => {
    // 0-based line 43 of the 2.0 file and 53 of the 3.0 file: white 24 at (13, 4), with marks a, b, c.
    for (const [file, line] of [[lg22, 43], [lg30, 53]] as const) {
      const result = boardCommand([file, '--line', String(line), '--format', 'json']);
      assert.equal(result.exitCode, 0, result.stderr);
      const json = JSON.parse(result.stdout) as BoardJson;
      assert.deepEqual(Object.keys(json), ['width', 'height', 'rows', 'moveNumber', 'color', 'point', 'captures', 'marks', 'comment']);
      assert.equal(json.width, 19);
      assert.equal(json.rows.length, 19);
      assert.equal(json.moveNumber, 24);
      assert.equal(json.color, 'white');
      assert.deepEqual(json.point, { x: 13, y: 4 });
      assert.equal(json.rows[4][13], 'O');
      assert.equal(json.rows[3][15], 'X', 'black 1 at (15, 3)');
      assert.deepEqual(json.captures, { black: 0, white: 0 });
      assert.deepEqual(json.marks, [{ x: 2, y: 13, symbol: 'a' }, { x: 7, y: 2, symbol: 'b' }, { x: 8, y: 2, symbol: 'c' }]);
      assert.equal(json.comment, '古力可脱先 a 位挂角，白如 b 位靠黑可 c 位尖');
    }
  });

  test('text: the board with coordinates (A–T without I, rows from the bottom) and the move line', () => {
    const result = boardCommand([lg22, '--line', '43']);
    assert.equal(result.exitCode, 0, result.stderr);
    const lines = result.stdout.split('\n');
    assert.equal(lines[0], '   A B C D E F G H J K L M N O P Q R S T');
    assert.match(lines[1], /^19 (\. ){19}19$/);
    assert.match(lines[5], /^15 ([.XO] ){19}15$/);
    assert.equal(lines[5][3 + 2 * 13], 'O', 'white 24 at O15 = (13, 4)');
    assert.equal(lines[20], lines[0], 'the column letters again below');
    assert.ok(lines.includes('Move 24: White O15 (x=13, y=4).'), result.stdout);
    assert.ok(lines.includes('Prisoners: Black 0, White 0.'));
    assert.ok(lines.includes('Marks: a C6, b H17, c J17'));
    const zh = boardCommand([lg22, '--line', '43'], 'zh-cn');
    assert.match(zh.stdout, /第 24 手：白 O15/);
  });

  test('a place before any node, a missing line, bad arguments, a missing file: exit 2 with a message', () => {
    const noNode = boardCommand([lg22, '--line', '0']);
    assert.equal(noNode.exitCode, 2);
    assert.match(noNode.stderr, /no move, pre or step at or before line 0/);
    const noLine = boardCommand([lg22, '--line', '100000']);
    assert.equal(noLine.exitCode, 2);
    assert.match(noLine.stderr, /no line 100000/);
    assert.equal(boardCommand([lg22]).exitCode, 2);
    assert.equal(boardCommand([lg22, '--line', 'x']).exitCode, 2);
    assert.equal(boardCommand([lg22, '--line', '4', '--format', 'svg']).exitCode, 2);
    const missing = boardCommand([join(dir, 'nope.wei7'), '--line', '1']);
    assert.equal(missing.exitCode, 2);
    assert.match(missing.stderr, /nope\.wei7/);
    const big = join(dir, 'big.wei7');
    writeFileSync(big, doc30(`{"steps": ${list(mv(1, 2, 2))}}`, '60'));
    assert.equal(boardCommand([big, '--line', '0', '--character', '60']).exitCode, 2);
  });

  test('--character picks the node on a line with several; without it, the first non-blank character', () => {
    const file = join(dir, 'one-line.wei7');
    const text = doc30(`{"steps": [${mv(1, 2, 2)}, ${mv(2, 3, 3)}]}`);
    writeFileSync(file, text);
    const at = (character?: number) =>
      JSON.parse(boardCommand([file, '--line', '0', ...(character === undefined ? [] : ['--character', String(character)]), '--format', 'json']).stdout) as BoardJson;
    assert.equal(at(text.indexOf('"color": 2')).moveNumber, 2);
    assert.equal(at(text.indexOf('"color": 1')).moveNumber, 1);
    assert.equal(boardCommand([file, '--line', '0']).exitCode, 2, 'line start is before the first node');
    assert.equal(at(text.length - 3).moveNumber, 2);
    assert.deepEqual(readFileSync(file, 'utf8'), text);
  });
});
