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

/**
 * A point written as people write it, read back: `Q16` (the usual notation, as pointLabel writes
 * it; any case) or an SGF point `pd` (x then y, from `a`, y from the top). Undefined when the
 * text is neither, or the point is off the board.
 */
export function readPointLabel(label: string, width: number, height: number): Point | undefined {
  const usual = /^([a-z])(\d{1,2})$/i.exec(label);
  if (usual && width <= COLUMN_LETTERS.length) {
    const x = COLUMN_LETTERS.indexOf(usual[1].toUpperCase());
    const y = height - Number(usual[2]);
    return x >= 0 && x < width && y >= 0 && y < height ? { x, y } : undefined;
  }
  const sgf = /^([a-z])([a-z])$/.exec(label);
  if (sgf) {
    const x = sgf[1].charCodeAt(0) - 0x61;
    const y = sgf[2].charCodeAt(0) - 0x61;
    return x < width && y < height ? { x, y } : undefined;
  }
  return undefined;
}
