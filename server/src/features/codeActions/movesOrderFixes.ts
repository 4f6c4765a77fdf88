/** 2.2 rules on a moves element's children: no trailing mark (§3.19), pre only first (§3.15), at least one move (§3.20). */
import type { XmlElement } from '../../parse/xml/parseXml';
import { eolOf, indentOf, joinOverlapping, lineAwareRemoval, startsLine } from './text';
import { elementChildren, elementNamed, elementWithStartTag, xmlSyntaxOf } from './xmlTree';
import { isBlankText } from '../../parse/xml/tags';
import { fix, insert, remove, type Fix, type FixProvider } from './types';

/** The marks after the last child that is not a mark: all of them mark no move (§3.19). */
function trailingMarks(moves: XmlElement): XmlElement[] {
  const children = elementChildren(moves);
  let first = children.length;
  while (first > 0 && children[first - 1].name === 'mark') first--;
  return children.slice(first);
}

/**
 * `xml.lastChildMark`, at the last mark: removes it with the marks just before it, which would
 * be last in turn.
 */
export const trailingMarkFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const mark = syntax && elementNamed(syntax, finding.span);
  const moves = mark?.parent;
  if (!mark || !moves) return [];
  const marks = trailingMarks(moves);
  const edits = joinOverlapping(marks.map((m) => lineAwareRemoval(analysis.text, m.span))).map(remove);
  return [marks.length === 1 ? fix('fix.removeTrailingMark', [], edits, true) : fix('fix.removeTrailingMarks', [marks.length], edits, true)];
};

function hasStones(pre: XmlElement): boolean {
  return elementChildren(pre).some((c) => c.name === 'black' || c.name === 'white');
}

/**
 * `xml.preNotFirst`: move the pre before the first child of its moves, or remove it. Moving is
 * offered only where it mends: not when a pre is first already (that one would be second), and
 * not for a pre with stones in a nested moves, whose path has moves before it (§3.15 again).
 */
export const misplacedPreFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const pre = syntax && elementNamed(syntax, finding.span);
  const moves = pre?.parent;
  // A pre left open: its end tag first (the 3.1 fix); moving or removing it would take what the parse guessed it holds.
  if (!pre || !moves || !pre.closed) return [];
  const text = analysis.text;
  const removal = remove(lineAwareRemoval(text, pre.span));
  const fixes: Fix[] = [];
  const first = elementChildren(moves)[0];
  const nested = moves.parent?.name === 'moves';
  if (first && first !== pre && first.name !== 'pre' && !(nested && hasStones(pre))) {
    const at = first.span.start;
    const separator = startsLine(text, at) ? eolOf(text) + indentOf(text, at) : /\s/.test(text[at - 1] ?? '') ? ' ' : '';
    fixes.push(fix('fix.movePreFirst', [], [insert(at, text.slice(pre.span.start, pre.span.end) + separator), removal], false));
  }
  fixes.push(fix('fix.removePre', [], [removal], false));
  return fixes;
};

/**
 * `xml.movesWithoutMove` (§3.20), over the start tag: a variation's `<moves>` that holds nothing
 * (`<moves/>`, `<moves></moves>`) is removed, which changes no game. Not the game's own `<moves>`
 * (`<wei7>` needs one), nor one holding marks or variations, which the user has to sort out.
 */
export const emptyMovesFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const moves = syntax && elementWithStartTag(syntax, finding.span);
  if (!moves || !moves.closed || moves.parent?.name !== 'moves') return [];
  if (!moves.children.every((child) => child.kind === 'text' && isBlankText(child.text))) return [];
  return [fix('fix.removeEmptyMoves', [], [remove(lineAwareRemoval(analysis.text, moves.span))], true)];
};
