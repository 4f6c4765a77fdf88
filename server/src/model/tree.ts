/** Building the game tree of the model: links between nodes, shared by both formats' builders. */
import type { Line, PlayNode } from './types';

/** Makes `node` follow `parent` (or start from the empty board when there is none). */
export function linkChild(node: PlayNode, parent: PlayNode | undefined, roots: PlayNode[]): void {
  node.parent = parent;
  (parent ? parent.children : roots).push(node);
}

/**
 * Puts each node's main continuation first: the child written in the node's own line (2.2 writes
 * variations before the move they are variations of). Other children keep their file order.
 */
export function orderMainLineFirst(nodes: readonly PlayNode[], roots: PlayNode[], rootLine: Line | undefined): void {
  for (const node of nodes) moveToFront(node.children, (child) => child.line === node.line);
  moveToFront(roots, (child) => child.line === rootLine);
}

function moveToFront(list: PlayNode[], isMain: (node: PlayNode) => boolean): void {
  const main = list.findIndex(isMain);
  if (main > 0) list.unshift(...list.splice(main, 1));
}
