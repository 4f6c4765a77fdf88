/**
 * "Go to Move…": the move numbered N on the path through the cursor (the moves played to reach
 * the node under it, then the main continuation after it), as the preview numbers moves (the
 * moves standing: a takeback takes numbers back, so a number may come twice; the last is taken,
 * the move that stands rather than the one taken back).
 */
import type { PlayNode } from '../model/types';
import type { Position } from '../model/lineIndex';
import { createReplay, nodeAt } from '../engine/replay';
import { continuationsOf, rangeOf, type DocumentView, type Range } from './position';

export const MOVE_ON_PATH_REQUEST = 'wei7/moveOnPath';

export interface MoveOnPathParams {
  readonly uri: string;
  readonly position: Position;
  /** The move to go to; absent: only the numbers, for the prompt. */
  readonly number?: number;
}

export interface MoveOnPathResult {
  /** The move number at the cursor (0 before the first move). */
  readonly current: number;
  /** The last move number on the path. */
  readonly last: number;
  /** Where move `number` is; undefined when none was asked for or the path has no such move. */
  readonly range?: Range;
}

/** The numbers of the path through the cursor and, when asked for, where move `number` is on it. */
export function moveOnPath(view: DocumentView, params: MoveOnPathParams): MoveOnPathResult | undefined {
  const doc = view.analysis.document;
  if (!doc) return undefined;
  const replay = view.replay ?? createReplay(doc);
  const node = nodeAt(doc, view.lines.offsetAt(params.position));
  const path = pathThrough(node, continuationsOf(doc, undefined)[0]);
  const current = node ? replay.moveNumberAt(node) : 0;
  const last = path.length ? replay.moveNumberAt(path[path.length - 1]) : 0;
  let target: PlayNode | undefined;
  if (params.number !== undefined) {
    for (let i = path.length - 1; i >= 0 && !target; i--) if (path[i].kind === 'move' && replay.moveNumberAt(path[i]) === params.number) target = path[i];
  }
  return { current, last, range: target && rangeOf(target.span, view.lines) };
}

/** The nodes played to reach `node`, it, then its main continuation to the end; from `start` when there is no node. */
function pathThrough(node: PlayNode | undefined, start: PlayNode | undefined): PlayNode[] {
  const path: PlayNode[] = [];
  for (let n = node; n; n = n.parent) path.push(n);
  path.reverse();
  for (let n = node ? node.children[0] : start; n; n = n.children[0]) path.push(n);
  return path;
}
