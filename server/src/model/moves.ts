/** Reading a move's colour and point as plain values, without the located objects `color` and `point` give. */
import type { Color, MoveNode } from './types';

/**
 * A move that answers its colour and point without making their located objects: a 2.x move
 * makes them when read (model/buildXml.ts XmlMoveNode), and the replay reads every move of every
 * path it walks (two objects a move, garbage at once).
 */
export interface ReadsMoveValues {
  /** `color?.value`. */
  readonly colorValue: Color | undefined;
  /** `y * width + x` of its point when the point lies on a board of width × height; -1 for a pass, an unreadable point or one off that board. */
  pointIndexOn(width: number, height: number): number;
}

/** The move's colour (undefined when the document does not say). */
export function moveColorValue(move: MoveNode): Color | undefined {
  const reading = move as MoveNode & Partial<ReadsMoveValues>;
  return reading.pointIndexOn !== undefined ? reading.colorValue : move.color?.value;
}

/** The index of the move's point on a board of width × height (y * width + x); -1 for a pass, an unreadable point or one off that board. */
export function movePointIndex(move: MoveNode, width: number, height: number): number {
  const reading = move as MoveNode & Partial<ReadsMoveValues>;
  if (reading.pointIndexOn !== undefined) return reading.pointIndexOn(width, height);
  const point = move.point;
  return point ? pointIndexOn(point.x, point.y, width, height) : -1;
}

/** `y * width + x` when (x, y) is a point of a board of width × height, else -1. */
export function pointIndexOn(x: number, y: number, width: number, height: number): number {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < width && y < height ? y * width + x : -1;
}
