/** 2.2 §3.17.1.2: a pass has no coordinates. Either the coordinates go, or the pass becomes a move. */
import { removalWithSpaceBefore } from './text';
import { attributeOf, elementWithStartTagAround, xmlSyntaxOf } from './xmlTree';
import { fix, remove, type Fix, type FixProvider } from './types';

/** `xml.passWithPoint` [x or y], one finding per coordinate; both fixes mend both findings. */
export const passWithPointFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const element = syntax && elementWithStartTagAround(syntax, finding.span);
  const type = element && attributeOf(element, 'type');
  if (!element || !type) return [];
  const text = analysis.text;
  const coordinates = element.attributes.filter((a) => a.name === 'x' || a.name === 'y');
  const fixes: Fix[] = [
    fix('fix.pass.removeCoordinates', [], coordinates.map((a) => remove(removalWithSpaceBefore(text, a.span))), false),
  ];
  // A normal move needs both coordinates: with one of them only, removing the type would make another error.
  if (coordinates.length === 2) fixes.push(fix('fix.pass.makeMove', [], [remove(removalWithSpaceBefore(text, type.span))], false));
  return fixes;
};
