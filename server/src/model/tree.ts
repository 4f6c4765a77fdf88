/** Building the game tree of the model: links between nodes, shared by both formats' builders. */
import type { Line, PlayNode } from './types';
import { firstIndexNotBefore } from '../util/lists';

/**
 * What a model updated in place says of its nodes when every one is the previous version's very
 * node at the same index, playing the same (an edit of a comment, a title): the game checks'
 * previousIndex (engine/checkGame GameChanges) without an identity array filled and looked
 * through at every keystroke (50,000 slots in a long game).
 */
export const SAME_NODES = 'same nodes';

/** The previousIndex of `count` nodes each where it was, for a writer to mark the changed ones in (-1). */
export function identityIndex(count: number): Int32Array {
  const previousIndex = new Int32Array(count);
  for (let i = 0; i < count; i++) previousIndex[i] = i;
  return previousIndex;
}

/** Makes `node` follow `parent` (or start from the empty board when there is none). */
export function linkChild(node: PlayNode, parent: PlayNode | undefined, roots: PlayNode[]): void {
  node.parent = parent;
  if (parent) appendChild(parent, node);
  else roots.push(node);
}

/*
 * A node's children are read as a list (`children`) but written only through the functions
 * below, by giving the node a new list: a node may keep its children in another form (a 2.x move
 * keeps its only child without a list: model/buildXml.ts XmlMoveNode), so a list read from it may
 * be made for the reader and changing it would change nothing.
 */

/**
 * A node that keeps its children without a list answers how many it has without making one (a
 * 2.x move: model/buildXml.ts XmlMoveNode, whose `children` makes a list of its only child).
 */
export interface CountsChildren {
  readonly childCount: number;
  /** The child at `index` (below childCount), without making a list. */
  childAt(index: number): PlayNode;
  /** Makes `child` the node's only child. */
  setOnlyChild(child: PlayNode): void;
}

/**
 * How many children `node` has, without making a list to count. Walks that ask at every node of a
 * path (the preview's forks, at each cursor move: 25,000 ancestors in the middle of a 50k-move
 * game) ask this, so that they leave no garbage behind for the next keystroke's collection.
 */
export function childCount(node: PlayNode): number {
  const count = (node as Partial<CountsChildren>).childCount;
  return count !== undefined ? count : node.children.length;
}

/** `node`'s child at `index` (below childCount), without making a list to read it from. */
export function childAt(node: PlayNode, index: number): PlayNode {
  const counting = node as Partial<CountsChildren>;
  return counting.childAt !== undefined ? counting.childAt(index) : node.children[index];
}

/** Gives `node` the children `children` (the list is the node's from now on: the caller keeps no hold on it). */
export function setChildren(node: PlayNode, children: PlayNode[]): void {
  (node as { children: readonly PlayNode[] }).children = children;
}

/** The shared list of no children (frozen: a push would be a bug, and would throw). */
export const NO_CHILDREN: readonly PlayNode[] = Object.freeze([]);

/** Takes all of `node`'s children away. */
export function clearChildren(node: PlayNode): void {
  if (node.children.length) setChildren(node, NO_CHILDREN as PlayNode[]);
}

/**
 * Adds `child` after `parent`'s other children. A first child gets a list of its own size: most
 * nodes have one child, and an empty array grown by `push` takes 17 slots (~1.4 MB more for a
 * 10k-move game, kept as long as the document is open). A third and later child is pushed on the
 * list the node holds (a node may have 100,000s of children: no copy each).
 */
export function appendChild(parent: PlayNode, child: PlayNode): void {
  // The first child of a node that keeps it without a list (CountsChildren) is given as its only child: no list made.
  const counting = parent as Partial<CountsChildren>;
  if (counting.setOnlyChild !== undefined && counting.childCount === 0) {
    counting.setOnlyChild(child);
    return;
  }
  const children = parent.children;
  if (children.length === 0) setChildren(parent, [child]);
  else if (children.length === 1) setChildren(parent, [children[0], child]);
  else (children as PlayNode[]).push(child);
}

/** Replaces `count` of `parent`'s children from `at` by `inserted`. */
export function spliceChildren(parent: PlayNode, at: number, count: number, inserted: readonly PlayNode[]): void {
  const children = parent.children;
  setChildren(parent, [...children.slice(0, at), ...inserted, ...children.slice(at + count)]);
}

/** Puts `fresh` in `old`'s place among `parent`'s children. */
export function replaceChild(parent: PlayNode, old: PlayNode, fresh: PlayNode): void {
  const at = parent.children.indexOf(old);
  if (at >= 0) spliceChildren(parent, at, 1, [fresh]);
}

/**
 * Puts each node's main continuation first: the child written in the node's own line (2.2 writes
 * variations before the move they are variations of). Other children keep their file order.
 */
export function orderMainLineFirst(nodes: readonly PlayNode[], roots: PlayNode[], rootLine: Line | undefined): void {
  for (let i = 0; i < nodes.length; i++) {
    // Only a node with variations can have its main continuation elsewhere than first (counted
    // without making a list: a 2.x move makes one of its only child when `children` is read).
    if (childCount(nodes[i]) >= 2) putMainContinuationFirst(nodes[i]);
  }
  const main = roots.findIndex((child) => child.line === rootLine);
  if (main > 0) roots.unshift(...roots.splice(main, 1));
}

/**
 * A function of its own: a loop whose body makes a closure of its node allocates a context for
 * the node at every turn, even the turns that make none (40 bytes a node, 0.4 MB a 10k-move model).
 */
function putMainContinuationFirst(node: PlayNode): void {
  const children = node.children;
  const main = children.findIndex((child) => child.line === node.line);
  if (main > 0) setChildren(node, [children[main], ...children.slice(0, main), ...children.slice(main + 1)]);
}

/*
 * The nodes of a line form one chain, in both formats: each follows the one before it in the line
 * (its parent) and is that node's main continuation (children[0]: see orderMainLineFirst; a 3.0
 * step before the last of its tree has no other child). Walks along parents or along main
 * continuations can so jump over a whole line at once: on a 10k-move main line a walk is a few
 * steps instead of thousands of pointer hops (each a cache miss after an edit: a preview request
 * after an edit at 10k moves took ~1 ms more for them).
 */

/**
 * The first node of `line` in play. A line's nodes are in file order, which is their order of
 * play unless a 3.0 tree writes its "pre" after its "steps": the pre still comes first in play
 * (§3.16.2: "move 0"), and it is the parent, in the same line, of the first node in file order.
 */
export function firstInPlay(line: Line): PlayNode | undefined {
  let first = line.nodes[0];
  while (first?.parent && first.parent.line === line) first = first.parent;
  return first;
}

/** The nodes of `line` in their order of play (see firstInPlay): its nodes, unless its pre is written after its steps. */
export function nodesInPlay(line: Line): readonly PlayNode[] {
  const first = firstInPlay(line);
  return first === line.nodes[0] ? line.nodes : [first as PlayNode, ...line.nodes.filter((node) => node !== first)];
}

/** The first node of the path to `node` (where its game starts): the first node in play of each line up. */
export function firstOnPath(node: PlayNode): PlayNode {
  let first = node;
  for (;;) {
    first = firstInPlay(first.line) ?? first;
    if (!first.parent) return first;
    first = first.parent;
  }
}

/** The node the main line from `node` ends on: children[0] after children[0], by the last node in play of each line. */
export function endOfMainLine(node: PlayNode): PlayNode {
  let end = node;
  for (;;) {
    const inLine = end.line.nodes;
    end = inLine[inLine.length - 1] ?? end;
    // Last in file order but first in play: a pre written after the steps (see firstInPlay).
    while (end.children.length > 0 && end.children[0].line === end.line) end = end.children[0];
    if (end.children.length === 0) return end;
    end = end.children[0];
  }
}

/** The nodes from `from` on get their place in the list as index again (after a run of nodes was replaced). */
export function reindexFrom(nodes: readonly PlayNode[], from: number): void {
  for (let i = from; i < nodes.length; i++) (nodes[i] as { index: number }).index = i;
}

/*
 * A document's nodes are in text order and never nest (in either format), so their starts and
 * their ends are both in order: places in the text are found by bisection.
 */

/** The index of the first node starting at or after `offset` (nodes.length if none). */
export function firstNodeStartingAtOrAfter(nodes: readonly PlayNode[], offset: number): number {
  return firstIndexNotBefore(nodes.length, (i) => nodes[i].span.start < offset);
}

/** The index of the first node ending at or after `offset`: the nodes before it lie wholly before `offset`. */
export function firstNodeEndingAtOrAfter(nodes: readonly PlayNode[], offset: number): number {
  return firstIndexNotBefore(nodes.length, (i) => nodes[i].span.end < offset);
}
