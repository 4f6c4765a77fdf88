/**
 * Reading the pieces of XML tags that saxes does not place for us: attribute names and values
 * with their spans, end tag names, where an error points, and closing an element.
 */
import type { Finding, PlayNode, Span } from '../../model/types';
import { finding } from '../../l10n/catalogue';
import type { XmlAttribute, XmlElement, XmlText } from './parseXml';
import { detached } from '../../util/strings';
import { keptList } from '../../util/lists';
import type { SourceText } from '../../text/sourceText';
import { moveSpan, type SpanShift } from '../../text/spanShift';

/** The children of every self-closing element: it can have none (frozen: a push would be a bug, and would throw). */
const NO_CHILDREN: (XmlElement | XmlText)[] = Object.freeze([]) as unknown as (XmlElement | XmlText)[];

/**
 * An element's name as written: its span, which is also the name read with that span (a
 * `Located<string>`: a 2.x move's colour is its element's name, model/buildXml.ts).
 */
export class ElementName implements Span {
  constructor(
    public start: number,
    public end: number,
    readonly value: string,
  ) {}

  get span(): Span {
    return this;
  }
}

/** The name of an element whose start tag starts at `tagStart` ('<', then the name): a new object at each call. */
export function nameOfElementAt(tagStart: number, name: string): ElementName {
  return new ElementName(tagStart + 1, tagStart + 1 + name.length, name);
}

/**
 * An element of the tree: what every element has; an element with content (ElementNode) and a
 * self-closing one (EmptyElementNode) add the rest. Nearly every element of a long game is a
 * self-closing move (`<black x="3" y="4"/>`), which has no children, no end tag and no content
 * span to keep: four fields fewer (32 bytes a move).
 *
 * While the document is idle, an element's attributes can be packed into one string
 * (`packAttributes`): its two attribute objects, their array, their values and value spans
 * (~300 bytes a move) become ~32 bytes, made back into the same attributes (same names, values
 * and offsets) the first time `attributes` is read. Packed offsets count from the start tag, which
 * moves with every edit before it, so a packed attribute has no span to move.
 */
abstract class ElementBase implements Span {
  // Declared and set in the constructor only (as SyntaxNode's in parse/json): one store each.
  /**
   * The start tag's offsets: the element is its own start tag's span (`startTag` is the element
   * itself), one object fewer an element (40 bytes a move of a long game). Edits move them as
   * they would move a span's (the reparse's moveOwnSpans mutates `startTag`).
   */
  declare start: number;
  declare end: number;
  declare readonly name: string;
  /**
   * The name's span once read (ElementName, kept from then on, so that whoever holds it sees it
   * move with edits); until then it is made from the start tag's offset when asked. Nearly no
   * move's is ever read (the model makes its own, not kept: model/buildXml.ts XmlMoveNode), so a
   * long game keeps ~48 bytes less a move.
   */
  declare private readName: ElementName | undefined;
  /**
   * The attributes, or their packed record (packAttributes), or undefined while a subclass holds
   * them in fields of its own (plainMoves.ts PlainMoveElement): made by `unfoldAttributes` when read.
   */
  declare private attributeList: XmlAttribute[] | string | undefined;
  /**
   * How far the attributes' value spans still have to move (moveOwnSpans with `lazyAttributes`):
   * written into them when the attributes are next read. An edit near the start of a 50k-move game
   * moves 50,000 elements; their ~120,000 value spans, objects of their own, were most of that.
   */
  declare private attributesMove: number;
  declare readonly parent: XmlElement | undefined;
  declare modelNode: PlayNode | undefined;

  constructor(name: string, tagStart: number, tagEnd: number, attributes: XmlAttribute[] | undefined, parent: XmlElement | undefined) {
    this.start = tagStart;
    this.end = tagEnd;
    this.name = name;
    this.readName = undefined;
    this.attributeList = attributes;
    this.attributesMove = 0;
    this.parent = parent;
    this.modelNode = undefined;
  }

  /** The content span finishElement gave; undefined while the content is the empty span after the start tag. */
  abstract readonly ownContentSpan: Span | undefined;

  get kind(): 'element' {
    return 'element';
  }

  get startTag(): Span {
    return this;
  }

  /** Where a span is written out (JSON), the element is its start tag's span: not its tree. */
  toJSON(): Span {
    return { start: this.start, end: this.end };
  }

  get nameSpan(): ElementName {
    return (this.readName ??= this.nameAtStartTag());
  }

  /** The name's span as the start tag holds it (read once, then kept and moved: see nameSpan). */
  protected nameAtStartTag(): ElementName {
    return nameOfElementAt(this.start, this.name);
  }

  get attributes(): XmlAttribute[] {
    const list = this.attributeList;
    if (list === undefined) {
      const attributes = this.unfoldAttributes();
      this.attributeList = attributes;
      return attributes;
    }
    if (typeof list !== 'string') {
      if (this.attributesMove !== 0) this.handDownAttributesMove(list);
      return list;
    }
    const attributes = unpackAttributes(list, this.startTag.start);
    this.attributeList = attributes;
    return attributes;
  }

  /** The attributes of an element constructed without them (see attributeList): a subclass that does so makes them. */
  protected unfoldAttributes(): XmlAttribute[] {
    return [];
  }

  /** Whether the attributes were never made (see attributeList): the subclass's fields hold them. */
  protected attributesFolded(): boolean {
    return this.attributeList === undefined;
  }

  /**
   * Moves the element's own spans by an edit: its start tag, its name once read and its attributes'
   * value spans (packed ones count from the start tag: nothing to move); not its children's. An
   * attribute's other spans are made from its value's (TagAttribute). With `lazyAttributes` (the
   * caller knows that only the element holds its value spans: every reader reads them through
   * `attributes`), value spans wholly after the shift's start are moved when next read.
   */
  moveOwnSpans(shift: SpanShift, lazyAttributes = false): void {
    // Written out rather than moveSpan(this): that call sees spans of every kind, and is slow for it.
    const { from, delta } = shift;
    // The start tag holds its attributes: all of them lie at or after `from` when it starts there.
    const wholeTagMoves = this.start >= from;
    if (wholeTagMoves) this.start += delta;
    if (this.end >= from) this.end += delta;
    const name = this.readName;
    if (name !== undefined) moveSpan(name, shift);
    const list = this.attributeList;
    // Packed and folded attributes count from the start tag: nothing of their own to move.
    if (list === undefined || typeof list === 'string' || list.length === 0) return;
    if (lazyAttributes && wholeTagMoves) this.attributesMove += delta;
    else for (let i = 0; i < list.length; i++) moveSpan(list[i].valueSpan, shift);
  }

  /** Writes the move still owed into the value spans (see attributesMove). */
  private handDownAttributesMove(list: readonly XmlAttribute[]): void {
    const delta = this.attributesMove;
    this.attributesMove = 0;
    for (let i = 0; i < list.length; i++) {
      const span = list[i].valueSpan as { start: number; end: number };
      span.start += delta;
      span.end += delta;
    }
  }

  /** Whether the attributes are packed, or still folded (then they have no spans of their own to move, and nothing to pack). */
  hasPackedAttributes(): boolean {
    return typeof this.attributeList === 'string' || this.attributeList === undefined;
  }

  /**
   * Packs the attributes into one string; false when there are none, they are packed already, or
   * an offset does not fit (a tag longer than 65,535 characters). The caller makes sure nothing
   * else holds the attributes' value spans: after packing, no one moves those objects.
   */
  packAttributes(): boolean {
    const list = this.attributeList;
    if (list === undefined || typeof list === 'string' || list.length === 0) return false;
    // Offsets are packed from the start tag's: the value spans must have their move first.
    if (this.attributesMove !== 0) this.handDownAttributesMove(list);
    const packed = packAttributes(list, this.startTag.start);
    if (packed === undefined) return false;
    this.attributeList = packed;
    return true;
  }
}

/** An element with a start tag and content (or one still open, or closed by recovery). */
export class ElementNode extends ElementBase implements XmlElement {
  /** The span finishElement gave; undefined while the element's span is its start tag. */
  declare private ownSpan: Span | undefined;
  declare ownContentSpan: Span | undefined;
  declare private items: (XmlElement | XmlText)[];
  declare closed: boolean;
  /**
   * A move of the children from index `tailFrom` on (and of everything in them) that an edit
   * before them left to be done when the children are next read (deferTailMove); -1: none.
   */
  declare private tailFrom: number;
  declare private tailDelta: number;
  declare private tailValueSpansOnlyIn: ((element: XmlElement) => boolean) | undefined;

  constructor(name: string, tagStart: number, tagEnd: number, attributes: XmlAttribute[], parent: XmlElement | undefined) {
    super(name, tagStart, tagEnd, attributes, parent);
    this.ownSpan = undefined;
    this.ownContentSpan = undefined;
    this.items = [];
    this.closed = false;
    this.tailFrom = -1;
    this.tailDelta = 0;
    this.tailValueSpansOnlyIn = undefined;
  }

  /** The children, with any move left to do written first (settleTail). */
  get children(): (XmlElement | XmlText)[] {
    if (this.tailFrom >= 0) this.settleTail();
    return this.items;
  }

  /**
   * Leaves the move of the children from index `from` on (which all lie after the edit that moves
   * them by `delta`) to the next read of the children: typing in a comment in the middle of a
   * 50k-move line of moves moved the 25,000 moves after it at each keystroke, though the next
   * keystroke's re-read reads a few of them. Whoever reads the children gets them moved (they are
   * read through `children` only); a reader of a kept element's spans that does not come to it
   * through its parent (a model node's) settles the tails first (see the analysis's `document`).
   */
  deferTailMove(from: number, delta: number, valueSpansOnlyIn: (element: XmlElement) => boolean): void {
    if (this.tailFrom >= 0) this.settleTail();
    if (delta === 0 || from >= this.items.length) return;
    this.tailFrom = from;
    this.tailDelta = delta;
    this.tailValueSpansOnlyIn = valueSpansOnlyIn;
  }

  /** Whether some of the children still owe a move (deferTailMove). */
  hasPendingTail(): boolean {
    return this.tailFrom >= 0;
  }

  /** Writes the move left to do into the children (deferTailMove). */
  settleTail(): void {
    const from = this.tailFrom;
    if (from < 0) return;
    this.tailFrom = -1;
    // Every offset of the moved children lies after the edit: all of them move.
    shiftItems(this.items, from, { from: 0, delta: this.tailDelta }, this.tailValueSpansOnlyIn ?? (() => false));
    this.tailValueSpansOnlyIn = undefined;
  }

  get span(): Span {
    return this.ownSpan ?? this;
  }

  /** Its own spans and, once finished, its span and content span (separate objects: see finishElement). */
  override moveOwnSpans(shift: SpanShift, lazyAttributes = false): void {
    super.moveOwnSpans(shift, lazyAttributes);
    moveSpan(this.ownSpan, shift);
    moveSpan(this.ownContentSpan, shift);
  }

  set span(span: Span) {
    // Its start tag's span is the element itself: not kept as a span of its own (it would move twice).
    this.ownSpan = span === this ? undefined : span;
  }

  get contentSpan(): Span {
    return this.ownContentSpan ?? { start: this.end, end: this.end };
  }

  set contentSpan(span: Span) {
    this.ownContentSpan = span;
  }
}

/**
 * A self-closing element (`<black x="3" y="4"/>`): its span is its start tag, it has no children
 * (the shared frozen list) and its content is the empty span at the end of its tag, made when read.
 * Nothing ever finishes it (finishElement takes open elements only): its span, content and
 * `closed` cannot be set.
 */
export class EmptyElementNode extends ElementBase implements XmlElement {
  get ownContentSpan(): undefined {
    return undefined;
  }

  get children(): (XmlElement | XmlText)[] {
    return NO_CHILDREN;
  }

  get closed(): boolean {
    return true;
  }

  set closed(_closed: boolean) {
    throw new Error(`<${this.name}/> closes itself: it is not closed again`);
  }

  get span(): Span {
    return this;
  }

  set span(_span: Span) {
    throw new Error(`<${this.name}/> closes itself: its span is its tag`);
  }

  get contentSpan(): Span {
    return { start: this.end, end: this.end };
  }

  set contentSpan(_span: Span) {
    throw new Error(`<${this.name}/> closes itself: it has no content`);
  }
}

/**
 * An element whose start tag was left out (xmlRun.ts startTagLeftOut): read as if its start tag
 * stood, empty, just before its first child. Its start tag and its name are that empty span; no
 * text holds its name there (tag pairs, linked editing and the like find none).
 */
export class ImpliedElementNode extends ElementNode {
  constructor(name: string, at: number, parent: XmlElement | undefined) {
    super(name, at, at, [], parent);
  }

  protected override nameAtStartTag(): ElementName {
    return new ElementName(this.start, this.start, this.name);
  }
}

/**
 * Moves the items of a list from `first` on, and everything in them (their tags, attributes and
 * texts): each span object once. Lists are taken from a stack rather than by recursion: elements
 * may nest thousands deep.
 */
export function shiftItems(items: readonly (XmlElement | XmlText)[], first: number, shift: SpanShift, valueSpansOnlyIn: (element: XmlElement) => boolean): void {
  const pending: (readonly (XmlElement | XmlText)[])[] = [];
  let list = items;
  let i = first;
  for (;;) {
    for (; i < list.length; i++) {
      const item = list[i];
      // Nearly every item after an edit in a long game is a self-closing move: its own spans are all it has.
      if (item instanceof EmptyElementNode) {
        item.moveOwnSpans(shift, valueSpansOnlyIn(item));
      } else if (item.kind === 'text') {
        moveSpan(movableSpanOf(item), shift);
      } else {
        (item as TreeElement).moveOwnSpans(shift, valueSpansOnlyIn(item));
        if (item.children.length > 0) pending.push(item.children);
      }
    }
    const next = pending.pop();
    if (next === undefined) return;
    list = next;
    i = 0;
  }
}

/** An element of the tree, of either kind. */
export type TreeElement = ElementNode | EmptyElementNode;

/** An element as read from its start tag. */
export function newElement(name: string, tagStart: number, tagEnd: number, attributes: XmlAttribute[], parent: XmlElement | undefined, selfClosing: boolean): TreeElement {
  return selfClosing ? new EmptyElementNode(name, tagStart, tagEnd, attributes, parent) : new ElementNode(name, tagStart, tagEnd, attributes, parent);
}

/** An element of the tree (either kind): see ElementBase. */
export function isElementNode(item: unknown): item is TreeElement {
  return item instanceof ElementBase;
}

/*
 * A packed attribute is five characters then its name and its value: the name's length, the
 * value's length, the value's first offset after the start tag's '<', the raw value's length (it
 * differs from the value's when an entity was expanded) and the distance from the name to the
 * value (TagAttribute.nameBeforeValue). Characters are 16 bits: larger numbers do not pack.
 */
const PACKED_HEADER = 5;
const MAX_PACKED = 0xffff;
/** Longer records are not packed: String.fromCharCode takes the codes as arguments. */
const MAX_PACKED_LENGTH = 4096;

function packAttributes(attributes: readonly XmlAttribute[], tagStart: number): string | undefined {
  const codes: number[] = [];
  for (const attribute of attributes) {
    if (!(attribute instanceof TagAttribute) || attribute instanceof UnquotedAttribute) return undefined;
    const header = [attribute.name.length, attribute.value.length, attribute.valueSpan.start - tagStart, attribute.valueSpan.end - attribute.valueSpan.start, attribute.nameBeforeValue];
    for (const n of header) if (n < 0 || n > MAX_PACKED) return undefined;
    codes.push(...header);
    for (const part of [attribute.name, attribute.value]) for (let i = 0; i < part.length; i++) codes.push(part.charCodeAt(i));
  }
  if (codes.length > MAX_PACKED_LENGTH) return undefined;
  // Made from its character codes: one flat string (not a chain of joins), of one byte a character when the values allow.
  return String.fromCharCode(...codes);
}

function unpackAttributes(packed: string, tagStart: number): XmlAttribute[] {
  const attributes: XmlAttribute[] = [];
  let i = 0;
  while (i < packed.length) {
    const nameLength = packed.charCodeAt(i);
    const valueLength = packed.charCodeAt(i + 1);
    const valueStart = tagStart + packed.charCodeAt(i + 2);
    const rawLength = packed.charCodeAt(i + 3);
    const nameBeforeValue = packed.charCodeAt(i + 4);
    const nameStart = i + PACKED_HEADER;
    const valueAt = nameStart + nameLength;
    attributes.push(new TagAttribute(packed.slice(nameStart, valueAt), packed.slice(valueAt, valueAt + valueLength), valueStart, valueStart + rawLength, nameBeforeValue));
    i = valueAt + valueLength;
  }
  return attributes;
}

/**
 * A text between tags (the white space between a container's children is not kept: see
 * holdsOnlyElements). Its offsets are fields of its own rather than a span object: one object
 * fewer a text. `span` is made when read; an edit moves the node itself, which has a span's
 * `start` and `end` (movableSpanOf).
 */
export class TextNode implements XmlText {
  declare readonly text: string;
  declare start: number;
  declare end: number;

  constructor(text: string, span: Span) {
    this.text = text;
    this.start = span.start;
    this.end = span.end;
  }

  get kind(): 'text' {
    return 'text';
  }

  get span(): Span {
    return { start: this.start, end: this.end };
  }
}

/** The object an edit moves for a text's span: the text itself (TextNode), else its span. */
export function movableSpanOf(text: XmlText): Span {
  return text instanceof TextNode ? text : text.span;
}

/** Moves an element under another parent (an element read into one it was not meant in: xmlRun.ts endBeforeOuterChild). */
export function setParent(element: XmlElement, parent: XmlElement): void {
  (element as { parent: XmlElement | undefined }).parent = parent;
}

export function finishElement(element: XmlElement, contentEnd: number, end: number, closed: boolean): void {
  element.contentSpan = { start: element.startTag.end, end: Math.max(element.startTag.end, contentEnd) };
  element.span = { start: element.startTag.start, end: Math.max(element.startTag.end, end) };
  element.closed = closed;
}

/**
 * The name of the end tag `text[start, end)` ("</name…"): up to white space or '>'. `start` is -1
 * when there is no "</" (then the name is empty, at 1).
 */
export function endTagNameSpan(text: SourceText, start: number, end: number): Span {
  const nameStart = start + 2;
  let nameEnd = nameStart;
  if (start >= 0) while (nameEnd < end && !isSpaceOrGt(text.charCodeAt(nameEnd))) nameEnd++;
  return { start: nameStart, end: nameEnd };
}

const TAB = 0x09;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const COMMA = 0x2c;
const FULL_WIDTH_COMMA = 0xff0c;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GT = 0x3e;
const LT = 0x3c;
const AMP = 0x26;

/**
 * JavaScript's `\s`: the white space the attribute scan skips, as the regular expression it
 * replaces did (Unicode spaces included, so a stray U+3000 reads the same as before).
 */
function isSpace(c: number): boolean {
  if (c <= SPACE) return c === SPACE || (c >= TAB && c <= CR);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function isSpaceOrGt(c: number): boolean {
  return c === GT || isSpace(c);
}

/**
 * A character of an attribute name as the scan reads it: anything but white space, '=', '/' and
 * '>'. Of the characters isSpace takes for a space typed by mistake, U+1680 and U+FEFF are name
 * characters to XML 1.0 (and to saxes): a name holding one is read whole, as saxes reads it, or a
 * valid tag would get a slip's reading (`rank\ufeff="5段"` read as a quote inside the value
 * before it; fuzz seed 23636).
 */
function isNameChar(c: number): boolean {
  return c !== EQUALS && c !== SLASH && c !== GT && c !== FULL_WIDTH_EQUALS && (!isSpace(c) || c === 0x1680 || c === 0xfeff);
}

/**
 * A full-width `＝` and full-width quotes in a start tag are read as `=` and `"`, as saxes was
 * given them (parse/xml/markupRepairs.ts, reported there); inside a value quoted with `"`, a
 * full-width quote is the value's own.
 */
export const FULL_WIDTH_EQUALS = 0xff1d;
export const FULL_WIDTH_QUOTES: readonly number[] = [0x201c, 0x201d, 0xff02];
/** What a Chinese input method types for `/`: `／`, and `、` (the key's own character there); read as `/` before a start tag's `>`. */
export const FULL_WIDTH_SLASHES: readonly number[] = [0xff0f, 0x3001];

/**
 * The spaces isSpace takes that XML does not (but U+1680 and U+FEFF, name characters to XML):
 * where a start tag needs white space, one is read as a space typed by mistake (markupRepairs.ts).
 */
export const SLIP_SPACES: readonly number[] = [0xa0, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];

/**
 * A comma typed between attributes (`x="3",y="4"`, `x="3"，y="4"`): `,` or `，` before a name and
 * its `=`. Read as a space (markupRepairs.ts, reported there) only where XML has no reading of its
 * own: `,` is no name character, but `，` is one, so a `，` after white space starts a name
 * (`x="3" ，y="4"` is well-formed, an attribute `，y`); after a value's closing quote it is read
 * as a slip.
 */
export const COMMA_BEFORE_ATTRIBUTE = /[,\uff0c](?=[ \t\r\n]*[A-Za-z_:][-\w:.]*[ \t\r\n]*[=\uff1d])/g;
const COMMA_BEFORE_ATTRIBUTE_AT = new RegExp(COMMA_BEFORE_ATTRIBUTE.source, 'y');

/** Whether a comma at `at` stands between attributes where it is read as a space (COMMA_BEFORE_ATTRIBUTE). */
export function isCommaBetweenAttributes(text: SourceText, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c !== COMMA && c !== FULL_WIDTH_COMMA) return false;
  if (c === FULL_WIDTH_COMMA) {
    const before = text.charCodeAt(at - 1);
    if (before !== DOUBLE_QUOTE && before !== SINGLE_QUOTE && !FULL_WIDTH_QUOTES.includes(before)) return false;
  }
  COMMA_BEFORE_ATTRIBUTE_AT.lastIndex = 0;
  return COMMA_BEFORE_ATTRIBUTE_AT.test(text.slice(at, at + 200));
}

/** Whether `c` is one of SLIP_SPACES. */
function isSlipSpace(c: number): boolean {
  return c >= 0xa0 && SLIP_SPACES.includes(c);
}

/**
 * Finds each attribute's name and raw value span in the start tag `text[from, to)`: every
 * `name\s*=\s*"value"` (or 'value'), scanning on after anything else. Reads the characters in
 * place: no slice of the tag, no regular expression.
 */
export function readAttributes(
  text: SourceText,
  from: number,
  to: number,
  values: Record<string, string>,
  findings: Finding[],
  /**
   * False: values are not looked at for the slips saxes was given repaired (a closing quote left
   * out, a quote inside). A run that does not repair them (xmlRun.ts parseXmlRun's first) is kept
   * only when saxes reported no error, and each such slip is one to saxes.
   */
  slips = true,
): XmlAttribute[] {
  const attributes: XmlAttribute[] = [];
  // The names read so far: searched in the list up to LINEAR_NAME_SEARCH of them, in a set beyond (a tag of 50,000 attributes).
  const seen = new NameSet(attributes);
  let i = from;
  while (i < to) {
    if (!isNameChar(text.charCodeAt(i)) || (slips && isCommaBetweenAttributes(text, i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < to && isNameChar(text.charCodeAt(i))) i++;
    // A name that is not followed by `=` and a quoted value is skipped whole: no match could start inside it.
    const valueStart = quotedValueStart(text, i, to, slips);
    // A value whose closing quote was left out ends where saxes was given it (markupRepairs.ts closingQuoteLeftOut).
    // The `=` (or `＝`) after the name and its white space.
    let eq = i;
    while (isSpace(text.charCodeAt(eq))) eq++;
    // Either reading holds only when its value ends in this tag: when saxes ended the tag before
    // (another repair applied there), the value was not given to saxes so (fuzz seed 25454 #9016).
    // (Not after an `=` left out: saxes was given that value as written.)
    const repairable = valueStart >= 0 && slips && valueStart - 1 !== eq;
    // A value closed by the other kind of quote ends at that quote, as saxes was given it (markupRepairs.ts closedByOtherQuote).
    const otherKind = !repairable ? -1 : endingBy(closedByOtherQuote(text, eq), to - 1);
    const runInto = !repairable || otherKind >= 0 ? -1 : endingBy(closingQuoteLeftOut(text, eq), to);
    // A value holding its own quote ends where saxes was given it (markupRepairs.ts quoteInsideValue).
    const inside = !repairable || otherKind >= 0 || runInto >= 0 ? -1 : endingBy(quoteInsideValue(text, eq), to - 1);
    const valueEnd = valueStart < 0 ? -1 : otherKind >= 0 ? otherKind : runInto >= 0 ? runInto : inside >= 0 ? inside : closingQuote(text, valueStart, to, slips);
    // A value without quotes (`x=15`) saxes was given quoted (markupRepairs.ts): read as that value.
    const unquoted = valueStart < 0 ? unquotedValueAt(text, i, to, text.slice(start, i)) : undefined;
    if (valueEnd < 0 && unquoted === undefined) continue;
    const name = text.slice(start, i);
    const nameEnd = i;
    if (unquoted) {
      i = closedWithoutOpening(text, unquoted.end) ? unquoted.end + 1 : unquoted.end;
      const value = values[name];
      if (value === undefined || seen.has(name)) continue;
      seen.add(new UnquotedAttribute(name, detached(value), unquoted.start, unquoted.end, unquoted.start - start));
      continue;
    }
    i = runInto >= 0 ? valueEnd : valueEnd + 1;
    if (seen.has(name)) {
      findings.push(finding({ start, end: nameEnd }, '3.1', 'xml.duplicateAttribute', [name]));
      continue;
    }
    const value = detached(values[name] ?? text.slice(valueStart, valueEnd));
    seen.add(runInto >= 0 ? new UnquotedAttribute(name, value, valueStart, valueEnd, valueStart - start) : new TagAttribute(name, value, valueStart, valueEnd, valueStart - start));
  }
  return keptList(attributes);
}

/** `end`, or -1 when it is past `limit` (a value's end read past its tag's). */
function endingBy(end: number, limit: number): number {
  return end > limit ? -1 : end;
}

/**
 * An attribute of a start tag. It is its own value's span (`valueSpan` is the attribute itself, as
 * an element is its own start tag's span); the name's and the whole attribute's are made when asked
 * for, at their distance before the value (which nothing changes: an edit inside the tag reads the
 * tag again). A 10k-move game has some 20,000 attributes: no span object of their own keeps ~2.4 MB
 * less while the document is open (and the check makes, and the collector copies, that much less).
 */
class TagAttribute implements XmlAttribute, Span {
  // Declared and set in the constructor only (as ElementBase's): one store each.
  declare readonly name: string;
  declare readonly value: string;
  /** The value's offsets (edits move them as a span's: moveSpan(valueSpan) mutates the attribute). */
  declare start: number;
  declare end: number;
  /** From the name's first character to the value's (past `="`). */
  declare readonly nameBeforeValue: number;

  constructor(name: string, value: string, valueStart: number, valueEnd: number, nameBeforeValue: number) {
    this.name = name;
    this.value = value;
    this.start = valueStart;
    this.end = valueEnd;
    this.nameBeforeValue = nameBeforeValue;
  }

  get valueSpan(): Span {
    return this;
  }

  /** Where a span is written out (JSON), the attribute is its value's span. */
  toJSON(): Span {
    return { start: this.start, end: this.end };
  }

  get nameSpan(): Span {
    const start = this.start - this.nameBeforeValue;
    return { start, end: start + this.name.length };
  }

  /** From the name to the closing quote. */
  get span(): Span {
    return { start: this.start - this.nameBeforeValue, end: this.end + 1 };
  }
}

/** An attribute written `name="value"` (or with `'`) whose value is read as written: what readAttributes makes of it. */
export function quotedAttribute(name: string, value: string, valueStart: number, valueEnd: number, nameBeforeValue: number): XmlAttribute {
  return new TagAttribute(name, value, valueStart, valueEnd, nameBeforeValue);
}

/** An attribute whose value was written without quotes (`x=15`), or without its closing one (`x="15 y="15"`): its span has no closing quote. */
class UnquotedAttribute extends TagAttribute {
  override get span(): Span {
    return { start: this.start - this.nameBeforeValue, end: this.end };
  }
}

/**
 * After a name ending at `i` (or at its `=`): the value written without quotes past `\s*=\s*`,
 * to the characters saxes ends such a value at (XML white space, `>`, `&`, `<`) or a `/>`; for a
 * free-text attribute `name`, over the words after it too (wordsRunOn). Undefined when there is
 * none, or when a quote or a `=` ends it (then it is no value: `x= y="3"`).
 */
export function unquotedValueAt(text: SourceText, i: number, to: number, name = ''): Span | undefined {
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  if (i >= to || text.charCodeAt(i) !== EQUALS) return undefined;
  i++;
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  const start = i;
  const end = unquotedWordEnd(text, start, to);
  if (end < 0) {
    // One word before a closing quote: only the opening one was left out (`x=3" y="3"`).
    const quote = wordBeforeClosingQuote(text, start, to);
    return quote > start ? { start, end: quote } : undefined;
  }
  if (end === start) return undefined;
  return { start, end: FREE_TEXT_ATTRIBUTES.has(name) ? wordsRunOn(text, end, to) : end };
}

/**
 * Where the word at `start` of a value written without its opening quote ends at a closing quote
 * that the tag's end or the next attribute follows (`comment=a quiet move" />`: the quote after
 * `move`); -1 when it does not. The value ends before that quote, which is then at its end.
 */
function wordBeforeClosingQuote(text: SourceText, start: number, to: number): number {
  let quote = start;
  while (quote < to && text.charCodeAt(quote) !== DOUBLE_QUOTE && text.charCodeAt(quote) !== SINGLE_QUOTE) quote++;
  // The next attribute may have a slip of its own: its `=` left out (`x=4" y "4"`).
  return quote < to && unquotedWordEnd(text, start, quote, true) === quote && (endsValueAt(text, quote + 1) || valueWithoutEqualsAt(text, quote + 1)) ? quote : -1;
}

/** Whether the value written without quotes that ends at `end` (unquotedValueAt) has a closing quote there: its opening one alone was left out. */
export function closedWithoutOpening(text: SourceText, end: number): boolean {
  const c = text.charCodeAt(end);
  return c === DOUBLE_QUOTE || c === SINGLE_QUOTE;
}

/**
 * Attributes whose values are free text (a move's title and comment, a player's or a game's name):
 * written without quotes, they may run on over several words; a quote inside one is text (any
 * other value holds no quote: one there is a slip of the hand, markupRepairs.ts valueHoldingItsQuote).
 */
const FREE_TEXT_ATTRIBUTES: ReadonlySet<string> = new Set(['comment', 'title', 'name']);

export function isFreeTextAttribute(name: string): boolean {
  return FREE_TEXT_ATTRIBUTES.has(name);
}

/**
 * The end of a word of a value without quotes from `start` (see unquotedValueAt); -1 when a quote
 * or a `=` is in it. Full-width quotes are text in the words of free text after its first (“小李”:
 * Chinese quotation marks), not a value's quotes typed with an input method.
 */
function unquotedWordEnd(text: SourceText, start: number, to: number, fullWidthQuotesAreText = false): number {
  let i = start;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isXmlSpace(c) || c === GT || c === AMP || c === LT || (c === SLASH && text.charCodeAt(i + 1) === GT)) break;
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE || c === EQUALS || (!fullWidthQuotesAreText && FULL_WIDTH_QUOTES.includes(c))) return -1;
  }
  return i;
}

/**
 * A free-text value without quotes read on over the words after it on its line (`comment=A quiet
 * move />`), up to the tag's end or the next attribute (a word followed by `=`); `end` when no
 * word follows.
 */
function wordsRunOn(text: SourceText, end: number, to: number): number {
  for (;;) {
    let next = end;
    while (next < to && (text.charCodeAt(next) === SPACE || text.charCodeAt(next) === TAB)) next++;
    if (next === end) return end;
    const wordEnd = unquotedWordEnd(text, next, to, true);
    if (wordEnd < 0) {
      // The last word, before a closing quote whose opening one was left out (`comment=a quiet move" />`).
      const quote = wordBeforeClosingQuote(text, next, to);
      return quote > next ? quote : end;
    }
    if (wordEnd === next) return end;
    let after = wordEnd;
    while (after < to && isSpace(text.charCodeAt(after))) after++;
    if (text.charCodeAt(after) === EQUALS) return end;
    end = wordEnd;
  }
}

/**
 * After the `=` at `eq` (white space between), the value's opening quote (`"` or `'`), and the
 * first quote of its kind after it (-1: none); undefined when no quote opens a value there.
 */
export function quotesAfter(text: SourceText, eq: number): { readonly open: number; readonly quote: number; readonly first: number } | undefined {
  let open = eq + 1;
  while (isXmlSpace(text.charCodeAt(open))) open++;
  const quote = text.charCodeAt(open);
  if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return undefined;
  return { open, quote, first: text.indexOf(text.slice(open, open + 1), open + 1) };
}

/**
 * After the `=` at `eq`, a quoted value whose closing quote was left out: what seems to close it
 * follows a name and `=` in it (`x="15 y="`) and is itself followed by more of a value (`15"`).
 * Where its closing quote belongs (before the white space and that name); -1 when not so.
 */
export function valueRunIntoNext(text: SourceText, eq: number): number {
  const value = quotesAfter(text, eq);
  if (!value) return -1;
  const { open, first: close } = value;
  // A value holds no `<` (XML 1.0 §3.1): a quote typed before the next tag is no value running into the next.
  if (close < 0 || text.slice(open, close).includes('<')) return -1;
  const after = text.charCodeAt(close + 1);
  if (close + 1 >= text.length || isXmlSpace(after) || after === GT || after === SLASH) return -1;
  let at = close - 1;
  while (at > open && isXmlSpace(text.charCodeAt(at))) at--;
  if (text.charCodeAt(at) !== EQUALS) return -1;
  at--;
  while (at > open && isXmlSpace(text.charCodeAt(at))) at--;
  const nameEnd = at + 1;
  while (at > open && isNameChar(text.charCodeAt(at))) at--;
  if (at + 1 === nameEnd || !isXmlSpace(text.charCodeAt(at))) return -1;
  while (at > open && isXmlSpace(text.charCodeAt(at - 1))) at--;
  if (closedByFullWidthQuote(text, open, at)) return -1;
  return at > open + 1 ? at : -1;
}

/**
 * After the `=` at `eq`, a quoted value whose closing quote was left out before its tag's end:
 * the value runs over a `>` (or `/>`) and on into the next tag (`<game name="the game>` and
 * `<rules …/>` below), which a value cannot hold (XML 1.0 §3.1). Read so only when nothing but
 * white space stands between that `>` and a `<` starting markup (a name, `/` or `!`), or the `<`
 * starts an end tag (`<pre title="x>text</pre>`): a `<` alone in free text (`comment="a > b < c"`)
 * stays a `<` to write `&lt;`. Where the closing quote belongs (before the white space, `/` and
 * `>` ending the tag); -1 when not so.
 */
function valueRunOverTagEnd(text: SourceText, eq: number): number {
  const value = quotesAfter(text, eq);
  if (!value || !namedAttributeBefore(text, eq)) return -1;
  const { open, first: close } = value;
  // The search for `<` stops at the value's first quote: most values hold none, and this is asked at every `=`.
  const lt = close < 0 ? text.indexOf('<', open + 1) : text.slice(open + 1, close).indexOf('<');
  if (lt < 0) return -1;
  const at = close < 0 ? lt : open + 1 + lt;
  const gt = text.lastIndexOf('>', at);
  if (gt <= open) return -1;
  const endTag = text.charCodeAt(at + 1) === SLASH;
  const markupAfterSpace = /^[ \t\r\n]*$/.test(text.slice(gt + 1, at)) && /[A-Za-z_:!]/.test(text.slice(at + 1, at + 2));
  if (!endTag && !markupAfterSpace) return -1;
  let end = text.charCodeAt(gt - 1) === SLASH ? gt - 1 : gt;
  while (end > open + 1 && isXmlSpace(text.charCodeAt(end - 1))) end--;
  return closedByFullWidthQuote(text, open, end) ? -1 : end;
}

/**
 * Whether the `=` at `eq` follows an attribute's name in a start tag: a name starting as XML's
 * names do, after white space (not `<white;="…`: saxes reads no attribute there, fuzz seed 25454).
 */
function namedAttributeBefore(text: SourceText, eq: number): boolean {
  let end = eq;
  while (end > 0 && isXmlSpace(text.charCodeAt(end - 1))) end--;
  const name = attributeNameBefore(text, eq);
  return /^[A-Za-z_:]/.test(name) && isXmlSpace(text.charCodeAt(end - name.length - 1));
}

/**
 * After the `=` at `eq`, a value opened by one kind of quote and closed by the other (`x='4" y="4"`,
 * `x="4' y="4"`): the first quote after the opening one is of the other kind and ends a value there
 * (the tag's end or the next attribute follows: endsValueAt), and no quote of the value's own kind
 * closes it: none before the next `<` (a value holds none), or the first is the next attribute's
 * opening one (valueRunIntoNext). Where that quote is; -1 when not so. Valid XML is never read so:
 * a value its own kind closes (`title='x" y="z'`) is not one.
 */
export function closedByOtherQuote(text: SourceText, eq: number): number {
  const value = quotesAfter(text, eq);
  if (!value) return -1;
  const { open, quote, first } = value;
  const other = quote === DOUBLE_QUOTE ? SINGLE_QUOTE : DOUBLE_QUOTE;
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LT || c === GT || c === quote) return -1;
    if (c !== other) continue;
    if (!endsValueAt(text, i + 1)) return -1;
    const lt = text.indexOf('<', i);
    return first < 0 || (lt >= 0 && lt < first) || valueRunIntoNext(text, eq) >= 0 ? i : -1;
  }
  return -1;
}

/** After the `=` at `eq`, where the closing quote left out of a value belongs (valueRunIntoNext, valueRunOverTagEnd); -1 when none was. */
export function closingQuoteLeftOut(text: SourceText, eq: number): number {
  const runInto = valueRunIntoNext(text, eq);
  return runInto >= 0 ? runInto : valueRunOverTagEnd(text, eq);
}

/**
 * Whether the value opened at `open` is closed before `end` by a full-width quote that the tag's
 * end or the next attribute follows (`x="17” y="8"`): that quote is the slip, read as `"`
 * (markupRepairs.ts fullWidthQuote), not a closing quote left out or a quote inside the value.
 */
function closedByFullWidthQuote(text: SourceText, open: number, end: number): boolean {
  for (let i = open + 1; i < end; i++) if (FULL_WIDTH_QUOTES.includes(text.charCodeAt(i)) && endsValueAt(text, i + 1)) return true;
  return false;
}

/**
 * The names in the start tag [from, to) written without a value (`y/>`, `x= y="3"`, `x y="3"`):
 * readAttributes keeps no attribute for them; the parse reported each where it is written.
 */
export function namesWithoutValue(text: SourceText, from: number, to: number): string[] {
  const names: string[] = [];
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      // A value (or a stray quote): skipped to its closing quote, so that no name is read in it.
      const close = text.indexOf(text.slice(i, i + 1), i + 1);
      i = close < 0 || close >= to ? to : close + 1;
      continue;
    }
    if (!isNameChar(c)) {
      i++;
      continue;
    }
    const start = i;
    while (i < to && isNameChar(text.charCodeAt(i))) i++;
    if (quotedValueStart(text, i, to) < 0 && !unquotedValueAt(text, i, to)) names.push(text.slice(start, i));
  }
  return names;
}

/**
 * After the `=` at `eq`, a quoted value that holds a quote of its own kind (`comment="he said
 * "good" here"`, `x="1"5"`): the first such quote is followed by more of the value, not by white
 * space or the tag's end (nor by the next attribute: `x="4"y="4"`). Where the value really ends:
 * the next quote of its kind that is followed by the tag's end (`/>`, `>`) or by white space and
 * the next attribute (a name and `=`) or the tag's end, on the same line, before any `<` or `>` and
 * before any other attribute (`x="15", y="15"`); -1 when not so (and for a value whose closing
 * quote was left out: valueRunIntoNext).
 */
export function quoteInsideValue(text: SourceText, eq: number): number {
  const value = quotesAfter(text, eq);
  if (!value) return -1;
  const { open, quote, first } = value;
  if (first < 0 || first + 1 >= text.length) return -1;
  // A value holds no `<` (XML 1.0 §3.1): a quote after the next tag is no quote inside this value
  // (`comment="好棋” />` and a move on the next line: its closing quote was typed full-width).
  const lt = text.indexOf('<', open + 1);
  if (lt >= 0 && lt < first) return -1;
  const after = text.charCodeAt(first + 1);
  // Free text may go on after white space too (`comment="白" 88 是要…"`: no attribute or tag end
  // follows), and over lines (a long comment); a value holds no `<` (XML 1.0 §3.1).
  const freeText = FREE_TEXT_ATTRIBUTES.has(attributeNameBefore(text, eq));
  // A full-width space after it (`x="2"　y="2"`): the quote ends the value, and the space is a slip of its own.
  if (after === GT || after === SLASH || isSlipSpace(after) || valueRunIntoNext(text, eq) >= 0) return -1;
  if (isXmlSpace(after) && (!freeText || endsValueAt(text, first + 1) || valueWithoutEqualsAt(text, first + 1))) return -1;
  // The next attribute without white space before it (`x="4"y="4"`): saxes's own report says so.
  if (attributeNameAt(text, first + 1)) return -1;
  if (closedByFullWidthQuote(text, open, first)) return -1;
  for (let i = first + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LT || (!freeText && (c === GT || c === 0x0a || c === CR))) return -1;
    if (c === quote && endsValueAt(text, i + 1)) return i;
    // Another attribute before any quote that could end the value: another slip (`x="15", y="15"`).
    if (isXmlSpace(c) && attributeNameAt(text, i + 1)) return -1;
  }
  return -1;
}

/** The name of the attribute whose `=` is at `eq` (white space between); '' when none. */
export function attributeNameBefore(text: SourceText, eq: number): string {
  let end = eq;
  while (end > 0 && isXmlSpace(text.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
  return text.slice(start, end);
}

/** Whether a value's closing quote just before `at` is followed by the tag's end, or by white space and the next attribute or the tag's end. */
export function endsValueAt(text: SourceText, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === GT || (c === SLASH && text.charCodeAt(at + 1) === GT)) return true;
  if (!isXmlSpace(c)) return false;
  while (isXmlSpace(text.charCodeAt(at))) at++;
  const next = text.charCodeAt(at);
  return next === GT || (next === SLASH && text.charCodeAt(at + 1) === GT) || attributeNameAt(text, at);
}

/**
 * Whether white space, a name, white space and a quoted value that ends as a value does (endsValueAt)
 * start at `at`: the next attribute with its `=` left out (`title="示例 1" comment "黑先"`, markupRepairs.ts
 * equalsLeftOut), not more free text. The value is searched to its first quote of its kind, before any `<`.
 */
function valueWithoutEqualsAt(text: SourceText, at: number): boolean {
  if (!isXmlSpace(text.charCodeAt(at))) return false;
  while (isXmlSpace(text.charCodeAt(at))) at++;
  const nameStart = at;
  while (at < text.length && isNameChar(text.charCodeAt(at))) at++;
  if (at === nameStart || !isXmlSpace(text.charCodeAt(at))) return false;
  while (isXmlSpace(text.charCodeAt(at))) at++;
  const quote = text.charCodeAt(at);
  if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return false;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LT) return false;
    if (c === quote) return endsValueAt(text, i + 1);
  }
  return false;
}

/** Whether a name and `=` (white space between) start at `at`: the next attribute. */
function attributeNameAt(text: SourceText, at: number): boolean {
  const nameStart = at;
  while (at < text.length && isNameChar(text.charCodeAt(at))) at++;
  while (isXmlSpace(text.charCodeAt(at))) at++;
  return at > nameStart && text.charCodeAt(at) === EQUALS;
}

/** After a name ending at `i`: where the value starts past `\s*=\s*` and its opening quote, or -1. */
function quotedValueStart(text: SourceText, i: number, to: number, slips = false): number {
  const nameEnd = i;
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  if (i >= to) return -1;
  const c = text.charCodeAt(i);
  // With `slips`, white space and a quote after the name: its `=` left out (`x "3"`), as saxes was given it (markupRepairs.ts equalsLeftOut).
  if (slips && i > nameEnd && (c === DOUBLE_QUOTE || c === SINGLE_QUOTE)) return i + 1;
  if (c !== EQUALS && c !== FULL_WIDTH_EQUALS) return -1;
  i++;
  while (i < to && isSpace(text.charCodeAt(i))) i++;
  const quote = i < to ? text.charCodeAt(i) : -1;
  return quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE || FULL_WIDTH_QUOTES.includes(quote) ? i + 1 : -1;
}

/**
 * The quote that closes the value starting at `valueStart` (the same kind as the one before it;
 * after a full-width one, a full-width one or `"`), or -1 when the tag has none. With `slips`,
 * after a `"` a full-width one followed by the tag's end or the next attribute closes it too, as
 * saxes was given it (xmlRun.ts repairApplies: `comment="好棋” />`).
 */
function closingQuote(text: SourceText, valueStart: number, to: number, slips: boolean): number {
  const quote = text.charCodeAt(valueStart - 1);
  const fullWidth = FULL_WIDTH_QUOTES.includes(quote);
  const curlyCloses = slips && quote === DOUBLE_QUOTE;
  for (let i = valueStart; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === quote || (fullWidth && (c === DOUBLE_QUOTE || FULL_WIDTH_QUOTES.includes(c)))) return i;
    if (curlyCloses && FULL_WIDTH_QUOTES.includes(c) && endsValueAt(text, i + 1)) return i;
  }
  return -1;
}

/** Names searched in the attributes list up to this many of them, in a set beyond. */
const LINEAR_NAME_SEARCH = 8;

/** The attributes of a tag being read, and whether a name is among them (NameSet.add appends to the list). */
class NameSet {
  private names: Set<string> | undefined;

  constructor(private readonly attributes: XmlAttribute[]) {}

  has(name: string): boolean {
    if (this.names) return this.names.has(name);
    for (const attribute of this.attributes) if (attribute.name === name) return true;
    return false;
  }

  add(attribute: XmlAttribute): void {
    this.attributes.push(attribute);
    if (this.names) this.names.add(attribute.name);
    else if (this.attributes.length > LINEAR_NAME_SEARCH) this.names = new Set(this.attributes.map((a) => a.name));
  }
}

/** The span a saxes error points at: the entity reference for entity errors, else the character before. */
export function errorSpan(text: SourceText, message: string, position: number): Span {
  if (/entity/.test(message)) {
    const amp = text.lastIndexOf('&', position - 1);
    if (amp >= 0 && position - amp < 64) return { start: amp, end: position };
  }
  const start = Math.max(0, Math.min(position - 1, text.length - 1));
  return { start, end: Math.min(text.length, start + 1) };
}

/**
 * The name of the attribute saxes found without a value: saxes reports it at the character after
 * it (the next attribute's name: `<black x y="3"/>`, or the tag's end: `y/>`), the user looks for
 * it at the name. Undefined when no name is found just before.
 */
export function valuelessAttributeName(text: SourceText, position: number): Span | undefined {
  let end = position - 1;
  while (end > 0 && (isXmlSpace(text.charCodeAt(end - 1)) || text.charCodeAt(end - 1) === SLASH)) end--;
  let start = end;
  while (start > 0 && !isSpaceOrGt(text.charCodeAt(start - 1)) && !ATTRIBUTE_NAME_STOPS.includes(text.charCodeAt(start - 1))) start--;
  return start < end ? { start, end } : undefined;
}

/** Characters before an attribute's name that are no part of it. */
const ATTRIBUTE_NAME_STOPS = [0x3c, 0x22, 0x27, 0x3d, 0x2f]; // < " ' = /

/** How many spaces and tabs stand between the start of the line of `at` and `at`; -1 when anything else does. */
export function indentationBefore(text: SourceText, at: number): number {
  let start = at;
  for (let c = text.charCodeAt(start - 1); c === SPACE || c === TAB; c = text.charCodeAt(start - 1)) start--;
  const before = text.charCodeAt(start - 1);
  return start === 0 || before === LF || before === CR ? at - start : -1;
}

/** Only XML white space (the old `/^[ \t\r\n]*$/`), read in place. */
export function isBlank(child: XmlText): boolean {
  return isBlankText(child.text);
}

/** Whether `text` is only XML white space. */
export function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isXmlSpace(text.charCodeAt(i))) return false;
  return true;
}

/**
 * How much XML white space a text starts and ends with (not JavaScript's `trim`, which also takes
 * U+3000, U+00A0 and U+FEFF: a value padded with those is not the number it looks like, and text
 * made of them is text). `lead` is the whole length for a blank text.
 */
export function xmlSpaceAround(text: string): { readonly lead: number; readonly trail: number } {
  let lead = 0;
  while (lead < text.length && isXmlSpace(text.charCodeAt(lead))) lead++;
  let trail = 0;
  while (trail < text.length - lead && isXmlSpace(text.charCodeAt(text.length - 1 - trail))) trail++;
  return { lead, trail };
}

/** The text without the XML white space around it (see xmlSpaceAround). */
export function trimXmlSpace(text: string): string {
  const { lead, trail } = xmlSpaceAround(text);
  return text.slice(lead, text.length - trail);
}

/** XML's white space (space, tab, CR, LF): narrower than `isSpace`, which the attribute scan uses. */
export function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}
