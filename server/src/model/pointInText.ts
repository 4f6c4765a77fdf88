import type { LocatedPoint, Span } from './types';

/**
 * A board point as written, which is its own span: one object a point instead of two. A 10k-move
 * game keeps 10,000 of them while it is open, and the span object was 40 bytes of each. Edits move
 * its offsets like any span's (model/shift mutates `span`, which is the point itself).
 */
export class PointInText implements LocatedPoint, Span {
  constructor(
    readonly x: number,
    readonly y: number,
    readonly start: number,
    readonly end: number,
  ) {}

  get span(): Span {
    return this;
  }
}
