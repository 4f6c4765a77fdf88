/**
 * A move onto an occupied point (3.0 error 3.17, 2.x warning 9.6): most likely a slip of a
 * coordinate, so the nearest empty points are offered instead.
 */
import type { MoveNode, PlayNode, Point, Span, Wei7Document } from '../../model/types';
import { nodeAt, stoneAt, type Position } from '../../engine/replay';
import { EMPTY } from '../../engine/board';
import { member } from '../../parse/json/parseJson';
import { jsonRootOf, nodeWithSpan } from './jsonTree';
import { attributeOf, elementWithStartTagAround, xmlSyntaxOf } from './xmlTree';
import { fix, replace, type FixEdit, type FixProvider } from './types';
import type { Analysis } from '../../analysis';

/** How many points to offer: more than a few is a list to read, not a fix to pick. */
const MAX_POINTS = 3;

function sameSpan(a: Span, b: Span): boolean {
  return a.start === b.start && a.end === b.end;
}

/** The move whose point is exactly `span`. */
function moveWithPoint(doc: Wei7Document, span: Span): MoveNode | undefined {
  const node = nodeAt(doc, span.start);
  return node?.kind === 'move' && node.point && sameSpan(node.point.span, span) ? node : undefined;
}

/** The points the moves after `move` (its subtree) play: moving there would only move the error. */
function pointsPlayedAfter(move: MoveNode, width: number): Set<number> {
  const played = new Set<number>();
  const pending: PlayNode[] = [...move.children];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.kind === 'move' && node.point) played.add(node.point.y * width + node.point.x);
    for (const child of node.children) pending.push(child); // no spread: a node may have 100,000s of children
  }
  return played;
}

/** The empty points nearest to `target` (straight-line distance; ties by row, then column). */
export function nearestEmptyPoints(position: Position, target: Point, excluded: ReadonlySet<number>, count: number): Point[] {
  const candidates: { point: Point; distance: number }[] = [];
  for (let y = 0; y < position.height; y++) {
    for (let x = 0; x < position.width; x++) {
      if (stoneAt(position, x, y) !== EMPTY || excluded.has(y * position.width + x)) continue;
      candidates.push({ point: { x, y }, distance: (x - target.x) ** 2 + (y - target.y) ** 2 });
    }
  }
  candidates.sort((a, b) => a.distance - b.distance || a.point.y - b.point.y || a.point.x - b.point.x);
  return candidates.slice(0, count).map((c) => c.point);
}

/** The edits that move a move's point to `to`, one per coordinate that changes. */
function pointEdits(analysis: Analysis, move: MoveNode, to: Point): FixEdit[] | undefined {
  const from = move.point;
  if (!from) return undefined;
  const spans = coordinateSpans(analysis, from.span);
  if (!spans) return undefined;
  const edits: FixEdit[] = [];
  if (to.x !== from.x) edits.push(replace(spans.x, String(to.x)));
  if (to.y !== from.y) edits.push(replace(spans.y, String(to.y)));
  return edits;
}

/** Where the x and y values are written: 2.2 attributes, 3.0 members of the point object. */
function coordinateSpans(analysis: Analysis, pointSpan: Span): { x: Span; y: Span } | undefined {
  const xml = xmlSyntaxOf(analysis);
  if (xml) {
    const element = elementWithStartTagAround(xml, pointSpan);
    const x = element && attributeOf(element, 'x');
    const y = element && attributeOf(element, 'y');
    return x && y ? { x: x.valueSpan, y: y.valueSpan } : undefined;
  }
  const root = jsonRootOf(analysis);
  const point = root && nodeWithSpan(root, pointSpan);
  const x = member(point, 'x');
  const y = member(point, 'y');
  return x && y ? { x: { start: x.offset, end: x.offset + x.length }, y: { start: y.offset, end: y.offset + y.length } } : undefined;
}

/** `engine.occupied` and `engine.occupied22` [point], at the move's point. */
export const occupiedPointFix: FixProvider = ({ analysis, finding }) => {
  const doc = analysis.document;
  const move = doc && moveWithPoint(doc, finding.span);
  if (!doc || !move?.point) return [];
  // A move onto an occupied point changes nothing, so the position after it is the one before it.
  // The analysis's own replay (there is one with a document): an edit in place keeps the document
  // object, so a replay kept by document would show the position before the edit.
  const position = analysis.replay?.positionAfter(move);
  if (!position) return [];
  const excluded = pointsPlayedAfter(move, position.width);
  return nearestEmptyPoints(position, move.point, excluded, MAX_POINTS).flatMap((point) => {
    const edits = pointEdits(analysis, move, point);
    return edits ? [fix('fix.playAt', [`(${point.x}, ${point.y})`], edits, false)] : [];
  });
};
