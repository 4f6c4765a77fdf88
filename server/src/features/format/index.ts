/** Document and range formatting: the one place that asks which format a document is in. */
import type { Analysis } from '../../analysis';
import type { Span } from '../../model/types';
import { detectFormat } from '../../parse/detect';
import { formatJsonDocument, formatJsonRange } from './json';
import { formatXmlDocument, formatXmlRange } from './xml';
import { formatEdits, type FormatOptions, type FormatResult } from './layout';

export type { FormatEdit, FormatOptions, FormatRefusal, FormatResult } from './layout';

/** The edits that format the whole document, or why it is left as it is (a syntax problem, nesting too deep). */
export function formatDocument(analysis: Analysis, options: FormatOptions): FormatResult {
  const syntax = analysis.syntax;
  if (!syntax) return formatEdits([]);
  const { contentStart } = detectFormat(analysis.text);
  return syntax.format === 'xml' ? formatXmlDocument(syntax.xml, contentStart, options) : formatJsonDocument(syntax.json, contentStart, options);
}

/**
 * The edits that format the smallest whole element or value holding `range`, once the white space
 * (and a JSON comma) at its ends is left out: a selection of whole lines is the elements on them.
 */
export function formatRange(analysis: Analysis, range: Span, options: FormatOptions): FormatResult {
  const syntax = analysis.syntax;
  if (!syntax) return formatEdits([]);
  const { contentStart } = detectFormat(analysis.text);
  const trimmed = trimRange(analysis.text, range, syntax.format === 'json' ? ' \t\r\n,' : ' \t\r\n');
  return syntax.format === 'xml' ? formatXmlRange(syntax.xml, contentStart, trimmed, options) : formatJsonRange(syntax.json, trimmed, options);
}

function trimRange(text: string, range: Span, outside: string): Span {
  let { start, end } = range;
  while (end > start && outside.includes(text[end - 1])) end--;
  while (start < end && outside.includes(text[start])) start++;
  return { start, end };
}
