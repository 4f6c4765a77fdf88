/** Board points in the usual notation (Q16: columns A–T without I, rows counted from the bottom). */
import type { Point } from '../model/types';

/** Column letters in the usual notation: A–Z without I (up to 25 columns). */
const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The label of column x: a letter on boards up to 25 wide, else the column's number from 1. */
export function columnLabel(x: number, width: number): string {
  return width <= COLUMN_LETTERS.length ? COLUMN_LETTERS[x] : String(x + 1);
}

/** Rows are numbered from the bottom (y = 0 is the top row in wei7, 3.0 §3.6). */
export function rowLabel(y: number, height: number): string {
  return String(height - y);
}

/** A point in the usual notation, e.g. Q16 for (15, 3) on 19×19; 30-1 when columns are numbered. */
export function pointLabel(point: Point, width: number, height: number): string {
  const separator = width <= COLUMN_LETTERS.length ? '' : '-';
  return `${columnLabel(point.x, width)}${separator}${rowLabel(point.y, height)}`;
}
