/**
 * Formatting of wei7 2.x (XML), in the layout of the spec's examples:
 *
 * - One element a line, indented one level per depth; the declaration, comments and processing
 *   instructions before and after the root element one a line at the margin.
 * - A start tag on one line: `<name a="1" b="2">`, one space before each attribute, none around
 *   `=`, ` />` for an empty-element tag (the spec's `<black x="3" y="3" />`); attributes in their
 *   order, each value byte for byte between its own quotes (multi-line comments included). An end
 *   tag is `</name>`. `<x></x>` stays so: formatting never changes the form of an element.
 * - The content of an element with child elements and only white space around them is laid out;
 *   a comment there gets its own line, unless it followed an element on the same line, where it
 *   stays (one space after it). One blank line between children is kept where there was one.
 * - Any other content is kept byte for byte: the text of <size> and <time>, CDATA sections,
 *   entity and character references, and mixed content (text beside elements, an error that
 *   formatting must not hide). An element with only white space inside and a line break in it
 *   keeps one line break, its end tag under its start tag.
 *
 * Range formatting formats the smallest element that holds the range (the whole document when
 * none does).
 */
import type { Finding, Span } from '../../model/types';
import type { XmlElement, XmlSyntax } from '../../parse/xml/parseXml';
import { firstInText, formatEdits, indentationAt, indentationLimit, indentUnit, isWhiteSpace, lineBreakOf, refused, TOO_DEEP, whiteSpaceEdits, type FormatOptions, type FormatResult } from './layout';

interface Layout {
  readonly text: string;
  readonly unit: string;
  readonly eol: string;
}

function isBlank(text: string, span: Span): boolean {
  for (let i = span.start; i < span.end; i++) if (!isWhiteSpace(text.charCodeAt(i))) return false;
  return true;
}

function countLineBreaks(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) count++;
  }
  return count;
}

function withoutWhiteSpace(text: string): string {
  return text.replace(/[ \t\r\n]+/g, '');
}

function isSelfClosing(text: string, element: XmlElement): boolean {
  return text.startsWith('/>', element.startTag.end - 2);
}

/** `<name a="1" b="2">` or `<name a="1" />`; the tag as written if it holds anything else. */
function startTag(element: XmlElement, text: string): string {
  const written = text.slice(element.startTag.start, element.startTag.end);
  const attributes = element.attributes.map((a) => {
    const quote = text[a.valueSpan.start - 1];
    return ` ${a.name}=${quote}${text.slice(a.valueSpan.start, a.valueSpan.end)}${quote}`;
  });
  const formatted = `<${element.name}${attributes.join('')}${isSelfClosing(text, element) ? ' />' : '>'}`;
  return withoutWhiteSpace(formatted) === withoutWhiteSpace(written) ? formatted : written;
}

/** An item of laid-out content: a child element, or markup the tree does not keep (comments, processing instructions). */
type Item = { readonly kind: 'element'; readonly element: XmlElement } | { readonly kind: 'markup'; readonly span: Span };

/**
 * The items of an element's content when it can be laid out: child elements, and comments or
 * processing instructions, with only white space between them. Undefined when the content is to
 * be kept as written. The gaps between child elements are read from the text (the tree keeps no
 * comments, and its text runs are not needed to tell white space from anything else).
 */
function layoutItems(element: XmlElement, text: string): Item[] | undefined {
  const children = element.children.filter((c): c is XmlElement => c.kind === 'element');
  if (!children.length) return undefined;
  const items: Item[] = [];
  let at = element.contentSpan.start;
  for (const child of [...children, undefined]) {
    const gapEnd = child ? child.span.start : element.contentSpan.end;
    const markup = markupBetween(text, at, gapEnd);
    if (!markup) return undefined; // text, CDATA or a reference beside elements
    for (const span of markup) items.push({ kind: 'markup', span }); // no spread: there may be 100,000s
    if (!child) return items;
    items.push({ kind: 'element', element: child });
    at = child.span.end;
  }
  return items;
}

/** The comments and processing instructions in `text[start, end)`, or undefined if it holds anything but them and white space. */
function markupBetween(text: string, start: number, end: number): Span[] | undefined {
  const spans: Span[] = [];
  let i = start;
  for (;;) {
    while (i < end && isWhiteSpace(text.charCodeAt(i))) i++;
    if (i >= end) return spans;
    const close = markupEnd(text, i, end);
    if (close < 0) return undefined;
    spans.push({ start: i, end: close });
    i = close;
  }
}

function itemSpan(item: Item): Span {
  return item.kind === 'element' ? item.element.span : item.span;
}

interface Frame {
  readonly element: XmlElement;
  readonly indent: string;
  readonly items: readonly Item[];
  next: number;
}

/** The text of `element` laid out at `indent` (iterative: moves nest without limit); undefined past indentationLimit. */
function layoutElement(root: XmlElement, indent: string, layout: Layout): string | undefined {
  const { text, unit, eol } = layout;
  const out: string[] = [];
  const limit = indentationLimit(text.length);
  let indentation = 0;
  const stack: Frame[] = [];
  const open = (element: XmlElement, at: string): void => {
    out.push(startTag(element, text));
    if (isSelfClosing(text, element)) return;
    const items = layoutItems(element, text);
    if (items) {
      stack.push({ element, indent: at, items, next: 0 });
      return;
    }
    const { start, end } = element.contentSpan;
    const keepsContent = !(isBlank(text, element.contentSpan) && countLineBreaks(text, start, end) > 0);
    out.push(keepsContent ? text.slice(start, end) : eol + at, endTag(element, text));
  };
  open(root, indent);
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.items.length) {
      stack.pop();
      out.push(eol, frame.indent, endTag(frame.element, text));
      continue;
    }
    const index = frame.next++;
    const item = frame.items[index];
    const inner = frame.indent + unit;
    indentation += inner.length;
    if (indentation > limit) return undefined;
    const previousEnd = index > 0 ? itemSpan(frame.items[index - 1]).end : frame.element.contentSpan.start;
    const breaks = countLineBreaks(text, previousEnd, itemSpan(item).start);
    if (item.kind === 'markup' && index > 0 && breaks === 0) out.push(' '); // a comment after an element, on its line
    else out.push(index > 0 && breaks >= 2 ? eol + eol : eol, inner);
    if (item.kind === 'markup') out.push(text.slice(item.span.start, item.span.end));
    else open(item.element, inner);
  }
  return out.join('');
}

function endTag(element: XmlElement, text: string): string {
  if (!element.closed) return text.slice(element.contentSpan.end, element.span.end);
  return `</${element.name}>`;
}

/** Declarations, comments and processing instructions between `start` and `end`, or undefined if there is anything else. */
function prologItems(text: string, start: number, end: number): string[] | undefined {
  const items: string[] = [];
  let i = start;
  for (;;) {
    while (i < end && isWhiteSpace(text.charCodeAt(i))) i++;
    if (i >= end) return items;
    const close = text.startsWith('<!DOCTYPE', i) ? doctypeEnd(text, i) : markupEnd(text, i, end);
    if (close < 0 || close > end) return undefined;
    items.push(text.slice(i, close));
    i = close;
  }
}

/** The end of the comment or processing instruction at `start`, or -1. */
function markupEnd(text: string, start: number, end: number): number {
  const closer = text.startsWith('<!--', start) ? '-->' : text.startsWith('<?', start) ? '?>' : undefined;
  const close = closer ? text.indexOf(closer, start) : -1;
  return closer && close >= 0 && close + closer.length <= end ? close + closer.length : -1;
}

/** Just past the `>` that ends a DOCTYPE (its internal subset and quoted strings skipped), or -1. */
function doctypeEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth === 0) return i + 1;
  }
  return -1;
}

/**
 * What follows from another error rather than being one of its own: an element left open by a
 * comment or CDATA section that runs to the end, a root not read because of an error in its tag.
 * Said only when nothing else is.
 */
const CONSEQUENCES: ReadonlySet<string> = new Set(['xml.unclosedAtEnd', 'xml.unclosed', 'xml.noRoot']);

/**
 * Only a well-formed document is formatted: the first error of 3.1 that keeps it from being one
 * (a DOCTYPE is a warning and is kept), a cause before its consequences.
 */
function blockingFinding(syntax: XmlSyntax): Finding | undefined {
  const errors = syntax.findings.filter((f) => f.severity === 'error');
  return firstInText(errors.filter((f) => !CONSEQUENCES.has(f.message.id))) ?? firstInText(errors);
}

export function formatXmlDocument(syntax: XmlSyntax, contentStart: number, options: FormatOptions): FormatResult {
  const root = syntax.root;
  const blocking = blockingFinding(syntax);
  if (blocking) return refused({ reason: 'syntax', finding: blocking });
  if (!root) return formatEdits([]);
  const text = syntax.text;
  const eol = lineBreakOf(text);
  const prolog = prologItems(text, contentStart, root.span.start);
  const epilog = prologItems(text, root.span.end, text.length);
  // Only markup before and after the root: anything else there is an error of 3.1, refused above.
  if (!prolog || !epilog) return formatEdits([]);
  const body = layoutElement(root, '', { text, unit: indentUnit(options), eol });
  if (body === undefined) return TOO_DEEP;
  const finalLineBreak = countLineBreaks(text, root.span.end, text.length) > 0 || epilog.length > 0 || options.insertFinalNewline === true;
  const formatted = [...prolog, body, ...epilog].join(eol) + (finalLineBreak ? eol : '');
  return formatEdits(whiteSpaceEdits(text.slice(contentStart), formatted, contentStart) ?? []);
}

/** The innermost element holding the whole of `range`. */
function smallestElement(root: XmlElement, range: Span): XmlElement | undefined {
  if (range.start < root.span.start || range.end > root.span.end) return undefined;
  let element = root;
  for (;;) {
    const inner = element.children.find(
      (c): c is XmlElement => c.kind === 'element' && c.span.start <= range.start && range.end <= c.span.end,
    );
    if (!inner) return element;
    element = inner;
  }
}

export function formatXmlRange(syntax: XmlSyntax, contentStart: number, range: Span, options: FormatOptions): FormatResult {
  const root = syntax.root;
  const blocking = blockingFinding(syntax);
  if (blocking) return refused({ reason: 'syntax', finding: blocking });
  if (!root) return formatEdits([]);
  const element = smallestElement(root, range);
  if (!element) return formatXmlDocument(syntax, contentStart, options);
  const text = syntax.text;
  // Inside content kept as written, the document's formatting changes nothing: neither does the range's.
  for (let parent = element.parent; parent; parent = parent.parent) if (!layoutItems(parent, text)) return formatEdits([]);
  const formatted = layoutElement(element, indentationAt(text, element.span.start), { text, unit: indentUnit(options), eol: lineBreakOf(text) });
  if (formatted === undefined) return TOO_DEEP;
  return formatEdits(whiteSpaceEdits(text.slice(element.span.start, element.span.end), formatted, element.span.start) ?? []);
}
