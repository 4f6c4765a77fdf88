import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLACK, Board, EMPTY, type PlayRecord, type StoneColor, WHITE, splitMix32 } from '../../server/src/engine/board';

/** A board from a diagram: rows top to bottom, 'X' black, 'O' white, '.' empty. */
function boardFrom(diagram: string): Board {
  const rows = diagram.trim().split('\n').map((r) => r.trim());
  const board = new Board(rows[0].length, rows.length);
  rows.forEach((row, y) =>
    [...row].forEach((c, x) => {
      if (c === 'X') board.place(board.indexOf(x, y), BLACK);
      else if (c === 'O') board.place(board.indexOf(x, y), WHITE);
    }),
  );
  return board;
}

function diagramOf(board: Board): string {
  const rows: string[] = [];
  for (let y = 0; y < board.height; y++) {
    let row = '';
    for (let x = 0; x < board.width; x++) row += ['.', 'X', 'O'][board.get(x, y)];
    rows.push(row);
  }
  return rows.join('\n');
}

function expectDiagram(board: Board, diagram: string): void {
  assert.equal(diagramOf(board), diagram.trim().split('\n').map((r) => r.trim()).join('\n'));
}

function play(board: Board, x: number, y: number, color: StoneColor): PlayRecord {
  return board.play(board.indexOf(x, y), color);
}

function points(board: Board, indices: readonly number[]): string[] {
  return indices.map((p) => `${p % board.width},${Math.floor(p / board.width)}`).sort();
}

test('a single stone with no liberty left is captured', () => {
  const board = boardFrom(`
    .X..
    XO..
    .X..
    ....`);
  const record = play(board, 2, 1, BLACK);
  assert.deepEqual(points(board, record.captured), ['1,1']);
  assert.deepEqual(record.suicided, []);
  expectDiagram(board, `
    .X..
    X.X.
    .X..
    ....`);
});

test('a block is captured whole, and only when its last liberty is filled', () => {
  const board = boardFrom(`
    .XX..
    XOO..
    .XX..
    .....`);
  assert.deepEqual(play(board, 4, 3, WHITE).captured, []);
  const record = play(board, 3, 1, BLACK);
  assert.deepEqual(points(board, record.captured), ['1,1', '2,1']);
  expectDiagram(board, `
    .XX..
    X..X.
    .XX..
    ....O`);
});

test('one move can capture several blocks at once', () => {
  const board = boardFrom(`
    .XOX.
    XO.OX
    .XOX.
    ..X..`);
  const record = play(board, 2, 1, BLACK);
  assert.deepEqual(points(board, record.captured), ['1,1', '2,0', '2,2', '3,1']);
  expectDiagram(board, `
    .X.X.
    X.X.X
    .X.X.
    ..X..`);
});

test('captures on the edge and in the corner', () => {
  const corner = boardFrom(`
    OX.
    ...
    ...`);
  assert.deepEqual(points(corner, play(corner, 0, 1, BLACK).captured), ['0,0']);
  const edge = boardFrom(`
    ..........
    ..........
    ...XOOX...`);
  assert.deepEqual(play(edge, 4, 1, BLACK).captured, []);
  assert.deepEqual(points(edge, play(edge, 5, 1, BLACK).captured), ['4,2', '5,2']);
});

test('the opponent is captured before the mover is checked: a stone without liberties that captures lives', () => {
  const board = boardFrom(`
    .XO
    XO.
    O..`);
  const record = play(board, 0, 0, WHITE);
  assert.deepEqual(points(board, record.captured), ['0,1', '1,0']);
  assert.deepEqual(record.suicided, []);
  expectDiagram(board, `
    O.O
    .O.
    O..`);
});

test('snapback: the stone that takes a throw-in is captured with its block at once', () => {
  const board = boardFrom(`
    ..OX
    OOOX
    XXXX`);
  // Black throws in at the corner: nothing is captured, the white block is left one liberty.
  const throwIn = play(board, 0, 0, BLACK);
  assert.deepEqual(throwIn.captured, []);
  assert.deepEqual(throwIn.suicided, []);
  // White takes the throw-in...
  const take = play(board, 1, 0, WHITE);
  assert.deepEqual(points(board, take.captured), ['0,0']);
  // ...and black plays the same point again, snapping back five stones.
  const snap = play(board, 0, 0, BLACK);
  assert.deepEqual(points(board, snap.captured), ['0,1', '1,0', '1,1', '2,0', '2,1']);
  expectDiagram(board, `
    X..X
    ...X
    XXXX`);
});

test('suicide removes the mover’s own block (3.0 §9.16.7.3), single stone and group', () => {
  const single = boardFrom(`
    .O.
    O..
    ...`);
  const record = play(single, 0, 0, BLACK);
  assert.deepEqual(record.captured, []);
  assert.deepEqual(points(single, record.suicided), ['0,0']);
  assert.equal(single.get(0, 0), EMPTY);
  assert.equal(record.hashAfter, record.hashBefore, 'a single-stone suicide leaves the position unchanged');

  const group = boardFrom(`
    XX.O.
    OOO..
    .....`);
  const suicide = play(group, 2, 0, BLACK);
  assert.deepEqual(points(group, suicide.suicided), ['0,0', '1,0', '2,0']);
  expectDiagram(group, `
    ...O.
    OOO..
    .....`);
});

test('ko: a capture and the immediate recapture are both plays the engine makes', () => {
  const board = boardFrom(`
    .XO..
    XO.O.
    .XO..
    .....`);
  const before = board.hash;
  const take = play(board, 2, 1, BLACK);
  assert.deepEqual(points(board, take.captured), ['1,1']);
  const retake = play(board, 1, 1, WHITE);
  assert.deepEqual(points(board, retake.captured), ['2,1']);
  assert.equal(board.hash, before, 'the recapture restores the earlier position');
});

test('rectangular boards, including one row and a single point', () => {
  const wide = new Board(7, 2);
  play(wide, 0, 0, BLACK);
  play(wide, 1, 0, WHITE);
  const capture = play(wide, 0, 1, WHITE);
  assert.deepEqual(points(wide, capture.captured), ['0,0']);
  expectDiagram(wide, `
    .O.....
    O......`);

  const strip = new Board(1, 5);
  play(strip, 0, 0, BLACK);
  assert.deepEqual(points(strip, play(strip, 0, 1, WHITE).captured), ['0,0'], 'one neighbour only at the end of a strip');
  assert.deepEqual(points(strip, play(strip, 0, 2, BLACK).captured), []);
  assert.equal(strip.get(0, 0), EMPTY);

  const dot = new Board(1, 1);
  const only = dot.play(0, BLACK);
  assert.deepEqual(only.suicided, [0], 'the only point has no liberty');

  assert.doesNotThrow(() => new Board(52, 52));
  assert.doesNotThrow(() => new Board(3, 52));
  assert.throws(() => new Board(53, 19), RangeError);
  assert.throws(() => new Board(0, 19), RangeError);
});

test('playing on an occupied point is refused (callers skip such moves)', () => {
  const board = new Board(5, 5);
  play(board, 2, 2, BLACK);
  assert.throws(() => play(board, 2, 2, WHITE));
});

test('undo restores cells and hash exactly, and redo replays without searching', () => {
  const board = new Board(9, 7);
  const random = splitMix32(12345);
  const history: { record: PlayRecord; cells: Uint8Array; hash: number }[] = [];
  let captures = 0;
  for (let i = 0; i < 2000; i++) {
    const point = (random() >>> 0) % board.pointCount;
    if (board.at(point) !== EMPTY) continue;
    const cells = board.copyCells();
    const hash = board.hash;
    const record = board.play(point, i % 3 === 0 ? WHITE : BLACK);
    captures += record.captured.length + record.suicided.length;
    history.push({ record, cells, hash });
  }
  assert.ok(captures > 100, `the random game should capture a lot (${captures})`);
  const end = { cells: board.copyCells(), hash: board.hash };
  for (let i = history.length - 1; i >= 0; i--) {
    board.undo(history[i].record);
    assert.deepEqual(board.copyCells(), history[i].cells);
    assert.equal(board.hash, history[i].hash);
  }
  assert.equal(board.hash, 0, 'the empty board hashes to 0');
  for (const { record } of history) board.redo(record);
  assert.deepEqual(board.copyCells(), end.cells);
  assert.equal(board.hash, end.hash);
});

test('Zobrist hashes: equal positions reached differently are equal, different ones differ', () => {
  const a = new Board(9, 9);
  play(a, 2, 2, BLACK);
  play(a, 6, 6, WHITE);
  play(a, 2, 6, BLACK);
  const b = new Board(9, 9);
  play(b, 2, 6, BLACK);
  play(b, 2, 2, BLACK);
  play(b, 6, 6, WHITE);
  assert.equal(a.hash, b.hash);

  // Reached through a capture vs set up directly.
  const c = boardFrom(`
    .X.
    XOX
    ...`);
  play(c, 1, 2, BLACK);
  const d = boardFrom(`
    .X.
    X.X
    .X.`);
  assert.equal(c.hash, d.hash);

  const e = new Board(9, 9);
  play(e, 2, 2, WHITE);
  play(e, 6, 6, WHITE);
  play(e, 2, 6, BLACK);
  assert.notEqual(a.hash, e.hash, 'colours matter');

  // Many random positions: no two distinct ones collide.
  const seen = new Map<number, string>();
  const board = new Board(5, 5);
  const random = splitMix32(7);
  for (let i = 0; i < 3000; i++) {
    const point = (random() >>> 0) % board.pointCount;
    if (board.at(point) === EMPTY) board.play(point, random() & 1 ? BLACK : WHITE);
    const cells = Array.from(board.copyCells()).join('');
    const other = seen.get(board.hash);
    if (other !== undefined) assert.equal(other, cells);
    seen.set(board.hash, cells);
    assert.ok(Number.isSafeInteger(board.hash) && board.hash >= 0);
  }
});

test('the same board size gives the same keys: hashes are reproducible across boards', () => {
  const a = new Board(19, 19);
  const b = new Board(19, 19);
  play(a, 3, 3, BLACK);
  play(b, 3, 3, BLACK);
  assert.equal(a.hash, b.hash);
  assert.notEqual(a.hash, 0);
});

test('snapshots restore a board, and blockWithoutLiberties finds dead setup blocks', () => {
  const board = boardFrom(`
    XO.
    O..
    ...`);
  assert.deepEqual(board.blockWithoutLiberties(board.indexOf(0, 0)), [0]);
  assert.equal(board.blockWithoutLiberties(board.indexOf(1, 0)), undefined);
  const snapshot = board.snapshot();
  play(board, 2, 2, BLACK);
  board.restore(snapshot);
  expectDiagram(board, `
    XO.
    O..
    ...`);
  assert.equal(board.hash, snapshot.hashHigh * 2 ** 32 + (snapshot.hashLow >>> 0));
});

/**
 * 3.0 §9.16.5–9.16.7 taken literally, as a slow reference: check(s, p) removes every block of
 * side s without liberties, anywhere on the board; a move is p = check(s, check(-s, add(s, p))).
 */
function referencePlay(cells: number[], width: number, height: number, point: number, color: StoneColor): number[] {
  const next = [...cells];
  next[point] = color;
  const check = (side: number): void => {
    const seen = new Set<number>();
    for (let start = 0; start < next.length; start++) {
      if (next[start] !== side || seen.has(start)) continue;
      const block = [start];
      seen.add(start);
      let liberties = 0;
      for (let i = 0; i < block.length; i++) {
        const p = block[i];
        const x = p % width;
        const y = Math.floor(p / width);
        const around = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1];
        for (const n of around) {
          if (n < 0) continue;
          if (next[n] === EMPTY) liberties++;
          else if (next[n] === side && !seen.has(n)) {
            seen.add(n);
            block.push(n);
          }
        }
      }
      if (liberties === 0) for (const p of block) next[p] = EMPTY;
    }
  };
  check(color === BLACK ? WHITE : BLACK);
  check(color);
  return next;
}

test('random games on square and rectangular boards match the literal definition of 3.0 §9.16.7 move by move', () => {
  const sizes: [number, number][] = [[9, 9], [5, 13], [19, 19], [2, 2], [1, 7], [4, 3]];
  let suicides = 0;
  let captures = 0;
  for (const [width, height] of sizes) {
    const board = new Board(width, height);
    const random = splitMix32(width * 100 + height);
    let reference: number[] = new Array(width * height).fill(EMPTY);
    for (let i = 0; i < 3000; i++) {
      const point = (random() >>> 0) % board.pointCount;
      if (board.at(point) !== EMPTY) continue;
      const color = random() & 1 ? BLACK : WHITE;
      const expected = referencePlay(reference, width, height, point, color);
      const record = board.play(point, color);
      assert.deepEqual(Array.from(board.copyCells()), expected, `${width}×${height}, move ${i}`);
      const removed = reference.map((c, p) => (c !== EMPTY && expected[p] === EMPTY ? p : -1)).filter((p) => p >= 0);
      const own = expected[point] === EMPTY ? [point] : [];
      assert.deepEqual([...record.captured, ...record.suicided].sort((a, b) => a - b), [...removed, ...own].sort((a, b) => a - b));
      suicides += record.suicided.length ? 1 : 0;
      captures += record.captured.length ? 1 : 0;
      reference = expected;
    }
  }
  assert.ok(suicides > 50 && captures > 50, `the random games should suicide and capture often (${suicides}, ${captures})`);
});

test('plays between setup stones, removals, undos, redos and restores still match the literal definition (the board keeps its blocks between plays)', () => {
  let undone = 0;
  let restored = 0;
  for (const [width, height] of [[9, 9], [19, 19], [3, 3], [1, 5]] as [number, number][]) {
    const board = new Board(width, height);
    const random = splitMix32(width * 31 + height);
    let reference: number[] = new Array(width * height).fill(EMPTY);
    // Plays since the last change that undo cannot take back (a setup stone, a removal, a restore).
    const records: { record: PlayRecord; before: number[] }[] = [];
    for (let i = 0; i < 4000; i++) {
      const point = (random() >>> 0) % board.pointCount;
      const color = random() & 1 ? BLACK : WHITE;
      const choice = (random() >>> 0) % 16;
      if (choice === 0 && board.at(point) === EMPTY) {
        board.place(point, color);
        // A setup stone that leaves a block without liberties is taken off again: the literal
        // definition would remove that block at the next play wherever it is, the board (like any
        // Go board) only next to the stone played.
        if (hasBlockWithoutLiberties(board)) board.remove(point);
        else {
          reference = reference.map((c, p) => (p === point ? color : c));
          records.length = 0;
        }
      } else if (choice === 1 && board.at(point) !== EMPTY) {
        board.remove(point);
        reference = reference.map((c, p) => (p === point ? EMPTY : c));
        records.length = 0;
      } else if (choice === 2 && records.length > 0) {
        const last = records.pop() as { record: PlayRecord; before: number[] };
        board.undo(last.record);
        reference = last.before;
        undone++;
      } else if (choice === 3 && records.length > 0) {
        const last = records[records.length - 1];
        board.undo(last.record);
        board.redo(last.record);
      } else if (choice === 4) {
        const snapshot = board.snapshot();
        board.clear();
        board.restore(snapshot);
        restored++;
      } else if (board.at(point) === EMPTY) {
        const expected = referencePlay(reference, width, height, point, color);
        records.push({ record: board.play(point, color), before: reference });
        reference = expected;
      }
      assert.deepEqual(Array.from(board.copyCells()), reference, `${width}×${height}, step ${i}`);
    }
  }
  assert.ok(undone > 100 && restored > 100, `the walk should undo and restore often (${undone}, ${restored})`);
});

function hasBlockWithoutLiberties(board: Board): boolean {
  for (let p = 0; p < board.pointCount; p++) if (board.blockWithoutLiberties(p)) return true;
  return false;
}
