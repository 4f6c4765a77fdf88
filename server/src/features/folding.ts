/**
 * Folding ranges: elements, objects and arrays over several lines (the line of the end tag,
 * `}` or `]` stays visible, as VS Code's JSON service and LemMinX do), long comments (2.2's
 * comment attributes written over several lines, XML comments) folded through their last line.
 */
import type { Analysis } from '../analysis';
import type { PositionMapper } from '../model/lineIndex';
import { foldableRegions } from './locate';

export interface Wei7FoldingRange {
  readonly startLine: number;
  readonly endLine: number;
  readonly kind?: 'comment';
}

export function foldingRanges(analysis: Analysis, lines: PositionMapper): Wei7FoldingRange[] {
  const lineOf = (offset: number): number => lines.positionAt(offset).line;
  const regions = foldableRegions(analysis, (start, end) => lineOf(start) !== lineOf(Math.max(start, end - 1)));
  const ranges: Wei7FoldingRange[] = [];
  let lastStartLine = -1;
  for (const region of regions) {
    const startLine = lineOf(region.start);
    const endLine = region.keepsClosingLine ? lineOf(region.end) - 1 : lineOf(region.end);
    // One range a line (an editor folds from a line, not from a column): the outermost, which comes first.
    if (endLine <= startLine || startLine === lastStartLine) continue;
    ranges.push(region.kind === 'comment' ? { startLine, endLine, kind: 'comment' } : { startLine, endLine });
    lastStartLine = startLine;
  }
  return ranges;
}
