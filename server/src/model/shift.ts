/**
 * Moving the spans of kept pieces after an edit (incremental analysis, see analysis.ts).
 *
 * When an edit changes the length of the text, every span after it moves by the same amount.
 * Each span object is moved by exactly one owner, once: findings own their spans (l10n finding()
 * copies them); a 3.0 model node owns every span it holds (model/buildJson), so shiftNode moves
 * them all; a 2.x node shares its element's spans, which move with the syntax tree, and its
 * points and values count from its element's start tag (model/buildXml ValueInTag, PointInTag):
 * only the header's own spans are moved (shiftHeaderOwnSpans). An earlier design stamped a token
 * on each span it moved so that shared spans moved once; the stamps cost three times the moves.
 */
import type { Finding, Located, Mark, PlayNode, Stone } from './types';

import { moveSpan, newShift, type SpanShift } from '../text/spanShift';

export { moveSpan, newShift, shiftOffset, type SpanShift } from '../text/spanShift';

function moveLocated(located: Located<unknown> | undefined, shift: SpanShift): void {
  if (located) moveSpan(located.span, shift);
}

function moveMark(mark: Mark | undefined, shift: SpanShift): void {
  if (!mark) return;
  moveSpan(mark.span, shift);
  moveSpan(mark.point.span, shift);
  moveSpan(mark.symbol.span, shift);
}

function moveStone(stone: Stone, shift: SpanShift): void {
  moveSpan(stone.span, shift);
  moveSpan(stone.point.span, shift);
}

/**
 * A move of the nodes of play after edits, not yet written into their spans (3.0): the nodes from
 * index `first` on lie `delta` further on in the text than their spans say. Typing moves the same
 * nodes at every keystroke (half a 50k-move game for a comment in its middle, all of it for its
 * name); kept pending, keystrokes in one place cost nothing per node, and the spans are written
 * once, when something reads them (settleNodes). What a gap buffer does with its gap.
 */
export interface PendingNodeMove {
  first: number;
  delta: number;
}

export function newPendingNodeMove(): PendingNodeMove {
  return { first: 0, delta: 0 };
}

/**
 * The nodes from index `from` on move by `delta` (an edit before them). Added to the pending move;
 * only the nodes between the pending move's first node and `from` are written to.
 */
export function moveNodesFrom(nodes: readonly PlayNode[], pending: PendingNodeMove, from: number, delta: number): void {
  if (delta === 0) return;
  if (pending.delta !== 0 && from !== pending.first) {
    // Written for the nodes between, so that every node from `from` on owes the same move.
    if (from > pending.first) moveNodes(nodes, pending.first, from, pending.delta);
    else moveNodes(nodes, from, pending.first, -pending.delta);
  }
  pending.first = from;
  pending.delta += delta;
}

/** Writes the pending move up to node `last` (included): its spans and those before it are then right. */
export function settleNodesTo(nodes: readonly PlayNode[], pending: PendingNodeMove, last: number): void {
  if (pending.delta === 0 || last < pending.first) return;
  const end = Math.min(last + 1, nodes.length);
  moveNodes(nodes, pending.first, end, pending.delta);
  pending.first = end;
}

/** Writes the pending move into every node's spans (a reader of the nodes calls this first). */
export function settleNodes(nodes: readonly PlayNode[], pending: PendingNodeMove): void {
  if (pending.delta === 0) return;
  moveNodes(nodes, pending.first, nodes.length, pending.delta);
  pending.delta = 0;
}

/** Where node `index` starts in the text, its pending move counted. */
export function nodeStart(nodes: readonly PlayNode[], pending: PendingNodeMove, index: number): number {
  const start = nodes[index].span.start;
  return pending.delta !== 0 && index >= pending.first ? start + pending.delta : start;
}

function moveNodes(nodes: readonly PlayNode[], from: number, to: number, delta: number): void {
  // Every span of these nodes moves (they all lie after the edits that moved them).
  const shift = newShift(Number.NEGATIVE_INFINITY, delta);
  for (let i = from; i < to; i++) shiftNode(nodes[i], shift);
}

/**
 * Moves every span a node of play holds (its links to other nodes and its line are not its own),
 * for a builder that gives each of them a span object of its own (3.0): a new span field of
 * PlayNode must be added here too (test/unit/incremental-json.test.ts fails otherwise).
 */
export function shiftNode(node: PlayNode, shift: SpanShift): void {
  moveSpan(node.span, shift);
  moveSpan(node.keySpan, shift);
  moveLocated(node.comment, shift);
  moveLocated(node.title, shift);
  moveLocated(node.problem, shift);
  moveLocated(node.evaluation, shift);
  moveLocated(node.time, shift);
  moveLocated(node.actor, shift);
  for (const mark of node.marks) moveMark(mark, shift);
  switch (node.kind) {
    case 'pre':
      for (const stone of node.stones) moveStone(stone, shift);
      break;
    case 'move':
      moveLocated(node.color, shift);
      if (node.point) moveSpan(node.point.span, shift);
      moveLocated(node.splitter, shift);
      break;
    case 'takeback':
      moveLocated(node.count, shift);
      break;
    case 'result':
      if (node.result) {
        moveSpan(node.result.span, shift);
        moveLocated(node.result.winner, shift);
        moveLocated(node.result.margin, shift);
      }
      break;
    case 'mark':
      moveMark(node.mark, shift);
      break;
    case 'message':
      moveLocated(node.text, shift);
      break;
  }
}

/** Moves the findings' spans (their own: see l10n finding()). */
export function shiftFindings(findings: readonly Finding[] | undefined, shift: SpanShift): void {
  if (findings && shift.delta !== 0) for (const f of findings) moveSpan(f.span, shift);
}
