/**
 * The colour that should move at a place of the game tree, for move snippets. Model-level (both
 * formats): the format's completion finds the node a new move would follow; this walks back from it.
 */
import type { Color, Line, PlayNode } from '../../model/types';

export function opposite(color: Color): Color {
  return color === 'black' ? 'white' : 'black';
}

/**
 * Who plays after `previous` (undefined: the empty board, black plays first):
 * - a node with a problem: the colour of the problem (黑先 / 白先),
 * - a move: the other colour,
 * - a pre whose stones are all black (handicap stones, as in the spec's examples): white,
 * - a takeback of N: as after the move N moves further back along the path.
 * Other nodes (comments, marks, results, messages) do not change who plays.
 */
export function colorToPlayAfter(previous: PlayNode | undefined): Color {
  let movesToSkip = 0;
  for (let node = previous; node; node = node.parent) {
    if (node.kind === 'takeback') {
      movesToSkip += node.count?.value ?? 0;
      continue;
    }
    if (node.kind === 'move') {
      if (movesToSkip > 0) {
        movesToSkip--;
        continue;
      }
      if (node.problem) return node.problem.value;
      if (node.color) return opposite(node.color.value);
      continue;
    }
    if (node.kind === 'pre' && movesToSkip === 0) {
      if (node.problem) return node.problem.value;
      if (node.stones.length > 0 && node.stones.every((stone) => stone.color === 'black')) return 'white';
    }
  }
  return 'black';
}

/** The last of `pathOrder` (nodes in the order of play) that ends at or before `offset`. */
export function lastNodeBefore(pathOrder: readonly PlayNode[], offset: number): PlayNode | undefined {
  let found: PlayNode | undefined;
  for (const node of pathOrder) if (node.span.end <= offset) found = node;
  return found;
}

/** The line (2.2 moves element, 3.0 tree object) that starts at `start`. */
export function lineStartingAt(rootLine: Line | undefined, start: number): Line | undefined {
  const pending = rootLine ? [rootLine] : [];
  for (let line = pending.pop(); line; line = pending.pop()) {
    if (line.span.start === start) return line;
    for (const child of line.lines) pending.push(child); // no spread: a line may hold 100,000s of lines
  }
  return undefined;
}
