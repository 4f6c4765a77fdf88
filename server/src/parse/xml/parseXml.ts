/**
 * wei7 2.x: XML text → an element tree with exact spans.
 *
 * saxes is the authority on well-formedness (every error it reports becomes a 3.1 finding); the
 * tree is ours, so that a mismatched or missing end tag (common while typing) only affects the
 * elements around it instead of closing the whole document, as saxes's own recovery does.
 * Entities are never expanded beyond the five predefined ones and character references.
 */
import type { Finding, Located, PlayNode, Span } from '../../model/types';
import { parseXmlRun } from './xmlRun';
import { flatText, type SourceText } from '../../text/sourceText';

/** `nameSpan` and `span` may be new objects at each read (see tags.ts): compare them by offsets. */
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
  /** The name's span, which is also the name with its span. */
  readonly nameSpan: Span & Located<string>;
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
  /**
   * The model's slot: the node of play the model made of this element (model/buildXml.ts
   * nodeOfElement). Kept on the element rather than in a Map of the model: a 10k-move game's Map
   * was ~45 bytes a move while the document is open, the slot is 8.
   */
  modelNode: PlayNode | undefined;
}

export interface XmlSyntax {
  /** The text as one string (made when first read if the syntax was given it in pieces: see `source`). */
  readonly text: string;
  /** The text as it was given: what the checks and the model read, which copies nothing (text/sourceText.ts). */
  readonly source: SourceText;
  readonly root: XmlElement | undefined;
  /** Well-formedness findings (3.1). */
  readonly findings: Finding[];
}

/**
 * The whole text: one saxes run (xmlRun.ts, which also reparses after an edit). Findings of
 * well-formedness are all clause 3.1.
 */
export function parseXml(text: string, contentStart: number): XmlSyntax {
  const parse = parseXmlRun(text, contentStart);
  return xmlSyntaxOf(text, parse.root, parse.findings);
}

/** The syntax of `source` read as `root` and `findings`; its `text` is made one string when first read. */
export function xmlSyntaxOf(source: SourceText, root: XmlElement | undefined, findings: Finding[]): XmlSyntax {
  if (typeof source === 'string') return { text: source, source, root, findings };
  return {
    get text() {
      return flatText(source);
    },
    source,
    root,
    findings,
  };
}
