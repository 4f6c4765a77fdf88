/**
 * Selection ranges (expand / shrink selection): from the token at the cursor outwards — an
 * attribute value or key, the attribute or property, the start tag, the element or object (its
 * inside first), its parent, and so on — to the whole document.
 */
import type { Analysis } from '../analysis';
import type { Span } from '../model/types';
import { enclosingSpans } from './locate';

/**
 * At most this many spans: the protocol's SelectionRange nests each in the next, and a chain
 * 100,000 deep (as deep as the document) cannot be sent (JSON.stringify overflows the stack).
 */
export const MAX_SELECTION_SPANS = 200;

/** The spans around `offset`, innermost first, each holding the one before; the whole document last. */
export function selectionSpans(analysis: Analysis, offset: number): Span[] {
  const spans = enclosingSpans(analysis, offset);
  if (spans.length >= MAX_SELECTION_SPANS) spans.length = MAX_SELECTION_SPANS - 1; // the innermost, then the whole document
  const whole = { start: 0, end: analysis.source.length };
  const last = spans[spans.length - 1];
  if (!last || last.start !== whole.start || last.end !== whole.end) spans.push(whole);
  return spans;
}
