/** Finding the XML syntax a finding points at: findings carry spans, fixes need elements and attributes. */
import type { Analysis } from '../../analysis';
import type { Span } from '../../model/types';
import type { XmlAttribute, XmlElement, XmlSyntax } from '../../parse/xml/parseXml';

export function xmlSyntaxOf(analysis: Analysis): XmlSyntax | undefined {
  return analysis.syntax?.format === 'xml' ? analysis.syntax.xml : undefined;
}

function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

function sameSpan(a: Span, b: Span): boolean {
  return a.start === b.start && a.end === b.end;
}

/** The innermost element whose start tag contains `span` (iterative: moves nest without limit). */
export function elementWithStartTagAround(syntax: XmlSyntax, span: Span): XmlElement | undefined {
  let element = syntax.root;
  while (element) {
    if (contains(element.startTag, span)) return element;
    const next: XmlElement | undefined = element.children.find(
      (child): child is XmlElement => child.kind === 'element' && contains(child.span, span),
    );
    element = next;
  }
  return undefined;
}

/** The element whose name (in its start tag) is exactly `span`. */
export function elementNamed(syntax: XmlSyntax, span: Span): XmlElement | undefined {
  const element = elementWithStartTagAround(syntax, span);
  return element && sameSpan(element.nameSpan, span) ? element : undefined;
}

/** The element whose whole start tag is exactly `span`. */
export function elementWithStartTag(syntax: XmlSyntax, span: Span): XmlElement | undefined {
  const element = elementWithStartTagAround(syntax, span);
  return element && sameSpan(element.startTag, span) ? element : undefined;
}

export function attributeOf(element: XmlElement, name: string): XmlAttribute | undefined {
  return element.attributes.find((a) => a.name === name);
}

export function elementChildren(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}
