/**
 * wei7 2.x: XML text → an element tree with exact spans.
 *
 * saxes is the authority on well-formedness (every error it reports becomes a 3.1 finding); the
 * tree is ours, so that a mismatched or missing end tag (common while typing) only affects the
 * elements around it instead of closing the whole document, as saxes's own recovery does.
 * Entities are never expanded beyond the five predefined ones and character references.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Finding, Span } from '../../model/types';
import { finding } from '../../l10n/catalogue';

export interface XmlAttribute {
  readonly name: string;
  readonly nameSpan: Span;
  /** The value after XML's entity and white-space normalization. */
  readonly value: string;
  /** The raw value between the quotes. */
  readonly valueSpan: Span;
  readonly span: Span;
}

export interface XmlText {
  readonly kind: 'text';
  readonly text: string;
  readonly span: Span;
}

export interface XmlElement {
  readonly kind: 'element';
  readonly name: string;
  readonly nameSpan: Span;
  /** `<name …>` or `<name …/>`. */
  readonly startTag: Span;
  /** The whole element, start tag to end tag. */
  span: Span;
  /** Between the start tag and the end tag (empty for `<x/>`). */
  contentSpan: Span;
  readonly attributes: XmlAttribute[];
  readonly children: (XmlElement | XmlText)[];
  readonly parent: XmlElement | undefined;
  /** False when the element was never properly closed: its content may be incomplete. */
  closed: boolean;
}

export interface XmlSyntax {
  readonly text: string;
  readonly root: XmlElement | undefined;
  /** Well-formedness findings (3.1). */
  readonly findings: Finding[];
}

/** saxes messages about tag nesting: replaced by our own, which follow our recovery. */
const NESTING_MESSAGES = /^(unexpected close tag\.|unmatched closing tag: |unclosed tag: |duplicate attribute: )/;

export function parseXml(text: string, contentStart: number): XmlSyntax {
  const findings: Finding[] = [];
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  /** End of the last markup seen, where the next text run starts. */
  let markupEnd = contentStart;
  /** The offset just past the last end tag handled, so one end tag is handled once. */
  let lastEndTag = -1;
  /** What saxes puts back into its text after an end tag it could not match ("</name>"), to strip again. */
  let synthesizedText = '';
  const parser = new SaxesParser<{ position: true; xmlns: false }>({ position: true, xmlns: false });
  // Clamped: at the end of a text ending in CR, saxes counts one character more than there is.
  const at = (): number => Math.min(text.length, contentStart + parser.position);
  const wf = (span: Span, id: Parameters<typeof finding>[2], args: (string | number)[] = []): void => {
    findings.push(finding(span, '3.1', id, args));
  };

  parser.on('xmldecl', (decl) => {
    markupEnd = at();
    const encoding = decl.encoding;
    if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8') {
      const declText = text.slice(contentStart, markupEnd);
      const m = /encoding\s*=\s*(["'])([^"']*)\1/.exec(declText);
      const start = m ? contentStart + m.index + m[0].length - 1 - m[2].length : contentStart;
      wf({ start, end: start + (m ? m[2].length : 0) }, 'xml.encoding', [encoding]);
    }
  });
  parser.on('doctype', () => {
    const end = at();
    const start = text.lastIndexOf('<!DOCTYPE', end);
    findings.push(finding({ start: start < 0 ? end : start, end }, '3.1', 'xml.doctype', [], 'warning'));
    markupEnd = end;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const end = at();
    // The tag's '<' is the first after the last markup (text holds none); the last '<' before the
    // end is another when the tag holds one by mistake (`<white x="8" <//>`).
    const first = text.indexOf('<', markupEnd);
    const lt = first >= 0 && first < end && text.startsWith(tag.name, first + 1) ? first : text.lastIndexOf('<', end - 1);
    const nameStart = lt + 1;
    const startTag = { start: lt, end };
    const parent = stack[stack.length - 1];
    const element: XmlElement = {
      kind: 'element',
      name: tag.name,
      nameSpan: { start: nameStart, end: nameStart + tag.name.length },
      startTag,
      span: startTag,
      contentSpan: { start: end, end },
      attributes: readAttributes(text, nameStart + tag.name.length, end, tag.attributes, findings),
      children: [],
      parent,
      closed: tag.isSelfClosing,
    };
    if (parent) parent.children.push(element);
    else if (!root) root = element;
    if (!tag.isSelfClosing) stack.push(element);
    markupEnd = end;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const end = at();
    markupEnd = end;
    if (tag.isSelfClosing || end === lastEndTag) return;
    lastEndTag = end;
    closeElements(end);
  });
  parser.on('text', (data: string) => {
    // saxes reports text when it meets the next '<' (or the end): the run ends just before it.
    const end = parser.closed ? text.length : at() - 1;
    const own = data.startsWith(synthesizedText) ? data.slice(synthesizedText.length) : data;
    synthesizedText = '';
    if (own) addText(own, { start: markupEnd, end: Math.max(markupEnd, end) });
  });
  parser.on('cdata', (data: string) => {
    const end = at();
    const start = text.lastIndexOf('<![CDATA[', end);
    addText(data, { start: start < 0 ? markupEnd : start, end });
    markupEnd = end;
  });
  parser.on('comment', () => {
    // saxes reports a comment before it reads the final '>' of '-->'.
    const close = text.indexOf('-->', at() - 3);
    markupEnd = close < 0 ? at() : close + 3;
  });
  parser.on('processinginstruction', () => {
    markupEnd = at();
  });
  parser.on('error', (err: Error) => {
    const position = at();
    const message = err.message.replace(/^\d+:\d+: /, '');
    if (message.startsWith('unmatched closing tag: ')) {
      synthesizedText += `</${message.slice('unmatched closing tag: '.length, -1)}>`;
      markupEnd = position;
      if (position !== lastEndTag) {
        lastEndTag = position;
        closeElements(position);
      }
      return;
    }
    if (NESTING_MESSAGES.test(message)) return;
    // After an unmatched end tag saxes believes it is outside the root; our tree knows better.
    if (message.startsWith('text data outside of root node') && stack.length) return;
    wf(errorSpan(text, message, position), 'xml.notWellFormed', [message.replace(/\.$/, '')]);
  });

  function addText(data: string, span: Span): void {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push({ kind: 'text', text: data, span });
  }

  /** Handles the end tag that ends at `end`: closes the matching open element, if any. */
  function closeElements(end: number): void {
    const start = text.lastIndexOf('</', end - 2);
    const name = /^<\/([^\s>]*)/.exec(text.slice(start, end))?.[1] ?? '';
    const nameSpan = { start: start + 2, end: start + 2 + name.length };
    let depth = stack.length - 1;
    while (depth >= 0 && stack[depth].name !== name) depth--;
    if (depth < 0) {
      const open = stack[stack.length - 1];
      if (open) wf(nameSpan, 'xml.endTagMismatch', [name, open.name]);
      else wf(nameSpan, 'xml.endTagUnmatched', [name]);
      return;
    }
    while (stack.length - 1 > depth) {
      const unclosed = stack.pop() as XmlElement;
      finishElement(unclosed, start, start, false);
      wf(unclosed.nameSpan, 'xml.unclosed', [unclosed.name, name]);
    }
    finishElement(stack.pop() as XmlElement, start, end, true);
  }

  try {
    parser.write(text.slice(contentStart)).close();
  } catch (e) {
    // saxes reports through 'error'; anything thrown is a fault of the input we could not place.
    wf({ start: at(), end: at() }, 'xml.notWellFormed', [e instanceof Error ? e.message : String(e)]);
  }
  while (stack.length) {
    const unclosed = stack.pop() as XmlElement;
    finishElement(unclosed, text.length, text.length, false);
    wf(unclosed.nameSpan, 'xml.unclosedAtEnd', [unclosed.name]);
  }
  if (!root) wf({ start: contentStart, end: text.length }, 'xml.noRoot');
  return { text, root, findings };
}

function finishElement(element: XmlElement, contentEnd: number, end: number, closed: boolean): void {
  element.contentSpan = { start: element.startTag.end, end: Math.max(element.startTag.end, contentEnd) };
  element.span = { start: element.startTag.start, end: Math.max(element.startTag.end, end) };
  element.closed = closed;
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Finds each attribute's name and raw value span in the start tag `text[from, to)`. */
function readAttributes(
  text: string,
  from: number,
  to: number,
  values: Record<string, string>,
  findings: Finding[],
): XmlAttribute[] {
  const attributes: XmlAttribute[] = [];
  const source = text.slice(from, to);
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(source); m; m = ATTRIBUTE.exec(source)) {
    const name = m[1];
    const raw = m[2] ?? m[3] ?? '';
    const start = from + m.index;
    const valueEnd = start + m[0].length - 1;
    const nameSpan = { start, end: start + name.length };
    if (attributes.some((a) => a.name === name)) {
      findings.push(finding(nameSpan, '3.1', 'xml.duplicateAttribute', [name]));
      continue;
    }
    attributes.push({
      name,
      nameSpan,
      value: values[name] ?? raw,
      valueSpan: { start: valueEnd - raw.length, end: valueEnd },
      span: { start, end: valueEnd + 1 },
    });
  }
  return attributes;
}

/** The span a saxes error points at: the entity reference for entity errors, else the character before. */
function errorSpan(text: string, message: string, position: number): Span {
  if (/entity/.test(message)) {
    const amp = text.lastIndexOf('&', position - 1);
    if (amp >= 0 && position - amp < 64) return { start: amp, end: position };
  }
  const start = Math.max(0, Math.min(position - 1, text.length - 1));
  return { start, end: Math.min(text.length, start + 1) };
}
