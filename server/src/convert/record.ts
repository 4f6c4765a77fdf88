/**
 * The game record that converters exchange: plain data, no source spans, no format.
 *
 * It holds what wei7 2.2 and 3.0 can say between them (the union), so that each reader reports
 * only what neither wei7 format can hold, and each writer only what its own format cannot hold.
 * Every reader produces it and every writer consumes it:
 *
 *   SGF ─┐                  ┌─ wei7 3.0 (JSON)
 *   wei7 ├─ fromX → record ─┼─ wei7 2.2 (XML)
 *   石葉 ─┘                  └─ SGF
 *
 * The game tree is a tree of positions: the root is the position before the first move, each
 * other node is a move or pass, or a position without a move (a wei7 `pre`, an SGF node without
 * B/W). children[0] continues the main line; the others are variations, in order.
 */
import type { Message } from '../model/types';

export type StoneColor = 'black' | 'white';
export type RecordEvaluation = 'bad' | 'good' | 'trick' | 'controversial';
export type RecordSplitter = 'small' | 'medium' | 'large';

export interface BoardPoint {
  readonly x: number;
  readonly y: number;
}

/** A place in the input, 1-based, for warnings a person can find. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

export interface RecordStone {
  readonly color: StoneColor;
  readonly point: BoardPoint;
}

/** One character of wei7's mark set: a-z A-Z 0-9 @ # $ % & * ? (2.2 §3.18, 3.0 §3.12). */
export interface RecordMark {
  readonly point: BoardPoint;
  readonly symbol: string;
}

export interface RecordMove {
  readonly color: StoneColor;
  /** null: a pass. */
  readonly point: BoardPoint | null;
}

export interface RecordNode {
  /** Undefined: a position without a move (the root, a wei7 pre, an SGF setup or comment node). */
  move?: RecordMove;
  /** Setup stones; only on a node without a move whose path holds no move and no stones (wei7 "from the empty board"). */
  stones: RecordStone[];
  comment?: string;
  /** 2.2 title of a move or pre; 3.0 title of the tree that starts here; SGF N. */
  title?: string;
  marks: RecordMark[];
  /** The position is a problem and this colour plays first. */
  problem?: StoneColor;
  evaluation?: RecordEvaluation;
  /** 2.2 only: the gap before this move. */
  splitter?: RecordSplitter;
  children: RecordNode[];
  /** Where this node was read, for warnings about it. */
  at?: SourcePosition;
}

/** A calendar date with an optional time of day and zone, as precise as the source was. */
export interface RecordTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Undefined: the source gave a date only (SGF DT, 石葉 DT). */
  readonly clock?: {
    readonly hour: number;
    readonly minute: number;
    /** Seconds as written, with any fraction ("05", "19.5822023"); undefined when not written. */
    readonly second?: string;
  };
  /** Minutes east of UTC; undefined when the source named no zone. */
  readonly zoneMinutes?: number;
}

export interface RecordRules {
  readonly scoring?: 'area' | 'territory';
  /** In 目 (points), as both wei7 specs count it; 0 means no komi. */
  readonly komi?: number;
  readonly type?: 'Chinese' | 'Japanese' | 'Korean';
}

export interface RecordParticipant {
  readonly domain?: string;
  readonly id?: string;
  readonly name?: string;
  readonly title?: string;
  readonly rank?: string;
}

export interface RecordPlayer {
  /** Index into RecordInfo.participants. */
  readonly participant: number;
  readonly color?: StoneColor;
}

export interface RecordResult {
  /** null: a draw (3.0 null, 2.2 neither). */
  readonly winner: StoneColor | null;
  /** Undefined: won without a count (by resignation, 中盘胜). */
  readonly margin?: number;
}

export interface RecordInfo {
  readonly domain?: string;
  readonly id?: string;
  readonly name?: string;
  readonly place?: string;
  readonly time?: RecordTime;
  readonly rules?: RecordRules;
  readonly participants: readonly RecordParticipant[];
  readonly players: readonly RecordPlayer[];
  readonly result?: RecordResult;
  /** Where the game information was read, for warnings about it. */
  readonly at?: SourcePosition;
}

export interface BoardDimensions {
  readonly width: number;
  readonly height: number;
}

export interface GameRecord {
  readonly size: BoardDimensions;
  readonly info: RecordInfo;
  /** The position before the first move (never a move itself). */
  readonly root: RecordNode;
}

/** A warning about something changed or left out. `at` is the first place; `count` how many times it happened. */
export interface ConversionWarning {
  readonly message: Message;
  readonly at?: SourcePosition;
  readonly count: number;
}

/** Why a conversion could not be done at all. */
export interface ConversionError {
  readonly message: Message;
  readonly at?: SourcePosition;
}

export type Conversion<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: readonly ConversionWarning[] }
  | { readonly ok: false; readonly error: ConversionError; readonly warnings: readonly ConversionWarning[] };

export function newNode(fields: Partial<RecordNode> = {}): RecordNode {
  return { stones: [], marks: [], children: [], ...fields };
}

/** Whether a node without a move carries nothing at all (so it can be left out). */
export function isBlankPosition(node: RecordNode): boolean {
  return (
    !node.move &&
    node.stones.length === 0 &&
    node.marks.length === 0 &&
    node.comment === undefined &&
    node.title === undefined &&
    node.problem === undefined &&
    node.evaluation === undefined &&
    node.splitter === undefined
  );
}

/** Every node of the tree, depth first in child order (iterative: records nest deeply). */
export function* allNodes(root: RecordNode): Generator<RecordNode> {
  const pending: RecordNode[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    yield node;
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]);
  }
}

/** The main line: the root, then children[0] at every step. */
export function mainLine(root: RecordNode): RecordNode[] {
  const line = [root];
  for (let node = root.children[0]; node; node = node.children[0]) line.push(node);
  return line;
}

/** Appends a paragraph to a node's comment, a blank line apart. */
export function appendComment(node: RecordNode, text: string): void {
  node.comment = node.comment === undefined || node.comment === '' ? text : `${node.comment}\n\n${text}`;
}

/**
 * Leaves out positions that carry nothing (an SGF node whose every property was dropped, a
 * 石葉 variation without a start comment): their children take their place, in order. A blank
 * root whose only child is a position becomes that position (both are the board before the
 * first move), so that a setup or comment in SGF's second node is a wei7 pre, not a branch.
 */
export function removeBlankPositions(root: RecordNode): void {
  for (const node of allNodes(root)) {
    const children: RecordNode[] = [];
    const pending = [...node.children].reverse();
    for (let child = pending.pop(); child; child = pending.pop()) {
      if (isBlankPosition(child)) pending.push(...[...child.children].reverse());
      else children.push(child);
    }
    node.children = children;
  }
  for (let [only] = root.children; isBlankPosition(root) && root.children.length === 1 && !only.move; [only] = root.children) {
    Object.assign(root, only, { at: root.at ?? only.at });
  }
}
