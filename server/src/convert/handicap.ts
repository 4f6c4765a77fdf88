/**
 * Fixed handicap placement, for records that give a handicap count but not its stones (石葉 HA,
 * an SGF HA without AB). The usual fixed points (the Japanese and Chinese rules place them the
 * same): corners on the 4-4 points (3-3 on boards below 13), then the sides, and the centre
 * stone for odd counts from 5.
 */
import type { BoardPoint } from './record';

/** The stones for `count` (2–9) on a square odd board of 7 or more, or undefined when there is no fixed placement. */
export function fixedHandicapPoints(size: number, count: number): BoardPoint[] | undefined {
  if (size < 7 || size % 2 === 0 || count < 2 || count > 9 || (size < 9 && count > 4)) return undefined;
  const near = size >= 13 ? 3 : 2;
  const far = size - 1 - near;
  const middle = (size - 1) / 2;
  const upperRight = { x: far, y: near };
  const lowerLeft = { x: near, y: far };
  const lowerRight = { x: far, y: far };
  const upperLeft = { x: near, y: near };
  const left = { x: near, y: middle };
  const right = { x: far, y: middle };
  const top = { x: middle, y: near };
  const bottom = { x: middle, y: far };
  const centre = { x: middle, y: middle };
  const corners = [upperRight, lowerLeft, lowerRight, upperLeft];
  switch (count) {
    case 2:
    case 3:
    case 4:
      return corners.slice(0, count);
    case 5:
      return [...corners, centre];
    case 6:
      return [...corners, left, right];
    case 7:
      return [...corners, left, right, centre];
    case 8:
      return [...corners, left, right, top, bottom];
    default:
      return [...corners, left, right, top, bottom, centre];
  }
}
