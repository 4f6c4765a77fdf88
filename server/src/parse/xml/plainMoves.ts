/**
 * The commonest element of a 2.x game, read without saxes: a move written as the spec's examples
 * and our converter write it, `<black x="3" y="4"/>`, with an optional plain `comment="…"` after
 * the point, and any XML white space between the attributes. saxes reads such an element
 * character by character through its state machine, and the tree then kept two attribute objects
 * with their spans for it; a 10k-move game is mostly such elements (docs/performance-limits.md).
 *
 * The whole text's first run (xmlRun.ts) reads a run of them itself where saxes stands in a
 * `<moves>` just after a tag, and gives saxes the text after them: saxes is then where it would
 * have been after reading them, in the same state. A `PlainMoveElement` holds what the element
 * says (point, comment) and where its attributes' names start; its `attributes` are made the first
 * time they are read, the same attributes (names, values, offsets) readAttributes makes
 * (test/unit/plain-moves.test.ts and the fuzz compare the two readings). The model (readMove) and
 * the clause checks read the fields instead while the element `isFolded()`.
 *
 * The reading is strict: anything else (another attribute, order or quote, `01`, a reference or a
 * line break in the comment, a character saxes would reject) is left to saxes and the generic
 * reading, which alone report findings. An element read here has none of its own.
 */
import type { XmlAttribute, XmlElement, XmlText } from './parseXml';
import { EmptyElementNode, isXmlSpace, quotedAttribute } from './tags';
import type { SourceText } from '../../text/sourceText';
import { digitCount } from '../../util/strings';

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const AMP = 0x26;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** `x="`, `y="` and `comment="`: from an attribute's name to its value. */
const COORDINATE_BEFORE_VALUE = 3;
const COMMENT_BEFORE_VALUE = 9;
/** The largest gap between attribute names the layout keeps (one byte each). */
const MAX_GAP = 0xff;

/**
 * A plain move element whose attributes are not made yet (see the module comment). `layout`
 * packs where the attributes' names start: x's from the `<` (bits 0–7), y's from x's (8–15), the
 * comment's from y's (16–23; 0 when there is no comment).
 */
export class PlainMoveElement extends EmptyElementNode {
  declare readonly x: number;
  declare readonly y: number;
  /** The comment's text (written with no reference, line break or tab: the value is the text in quotes), if any. */
  declare readonly comment: string | undefined;
  declare private readonly layout: number;

  constructor(name: 'black' | 'white', tagStart: number, tagEnd: number, parent: XmlElement, x: number, y: number, comment: string | undefined, layout: number) {
    super(name, tagStart, tagEnd, undefined, parent);
    this.x = x;
    this.y = y;
    this.comment = comment;
    this.layout = layout;
  }

  /** Whether its attributes were never made: then its fields are the whole element (once made, the attributes are its truth, as any element's). */
  isFolded(): boolean {
    return this.attributesFolded();
  }

  /** Where x's, y's and the comment's names start now (the layout's gaps added up from the start tag). */
  private xNameStart(): number {
    return this.start + (this.layout & MAX_GAP);
  }

  private yNameStart(): number {
    return this.xNameStart() + ((this.layout >> 8) & MAX_GAP);
  }

  private commentNameStart(): number {
    return this.yNameStart() + ((this.layout >> 16) & MAX_GAP);
  }

  /** Where the value of x (`axis` 'x') or y starts now. */
  coordinateValueStart(axis: 'x' | 'y'): number {
    return (axis === 'x' ? this.xNameStart() : this.yNameStart()) + COORDINATE_BEFORE_VALUE;
  }

  /** Where the point is written from the `<`, x's name first: the offsets a move's point has (model/buildXml.ts XmlMoveNode). */
  pointStartInTag(): number {
    return this.xNameStart() - this.start;
  }

  /** Where the point written ends from the `<`: after y's closing quote. */
  pointEndInTag(): number {
    return this.coordinateValueStart('y') - this.start + digitCount(this.y) + 1;
  }

  /** Where the comment's value starts now (the comment must be there). */
  commentValueStart(): number {
    return this.commentNameStart() + COMMENT_BEFORE_VALUE;
  }

  protected override unfoldAttributes(): XmlAttribute[] {
    const attributes = [coordinateAttribute('x', this.x, this.coordinateValueStart('x')), coordinateAttribute('y', this.y, this.coordinateValueStart('y'))];
    const comment = this.comment;
    if (comment !== undefined) {
      const start = this.commentValueStart();
      attributes.push(quotedAttribute('comment', comment, start, start + comment.length, COMMENT_BEFORE_VALUE));
    }
    return attributes;
  }
}

function coordinateAttribute(name: 'x' | 'y', value: number, valueStart: number): XmlAttribute {
  const written = String(value);
  return quotedAttribute(name, written, valueStart, valueStart + written.length, COORDINATE_BEFORE_VALUE);
}

/** Whether `element` is a plain move element still folded: its fields say all it holds. */
export function isFoldedPlainMove(item: XmlElement | XmlText): item is PlainMoveElement {
  return item instanceof PlainMoveElement && item.isFolded();
}

/**
 * Reads plain move elements (see the module comment) in a text. `read` matches one element at a
 * given `<`; its fields then hold what it read (one reader, no object an element, until the
 * element is made).
 */
export class PlainMoveReader {
  name: 'black' | 'white' = 'black';
  x = 0;
  y = 0;
  comment: string | undefined = undefined;
  layout = 0;
  /** Just after the element's `>`. */
  end = 0;
  /** The value `coordinate` read last. */
  private coordinateRead = 0;

  constructor(private readonly text: SourceText) {}

  /** Whether a plain move element starts at `lt` (a `<`) and ends by `limit`. */
  read(lt: number, limit: number): boolean {
    const text = this.text;
    if (lt + 6 > limit) return false;
    if (text.startsWith('black', lt + 1)) this.name = 'black';
    else if (text.startsWith('white', lt + 1)) this.name = 'white';
    else return false;
    let at = lt + 6;
    const xAt = skipSpace(text, at, limit);
    if (xAt === at) return false;
    at = this.coordinate(xAt, 0x78 /* x */, limit);
    if (at < 0) return false;
    this.x = this.coordinateRead;
    const yAt = skipSpace(text, at, limit);
    if (yAt === at) return false;
    at = this.coordinate(yAt, 0x79 /* y */, limit);
    if (at < 0) return false;
    this.y = this.coordinateRead;
    let next = skipSpace(text, at, limit);
    let commentAt = 0;
    this.comment = undefined;
    if (next > at && text.startsWith('comment="', next)) {
      commentAt = next;
      const valueStart = next + COMMENT_BEFORE_VALUE;
      const valueEnd = plainValueEnd(text, valueStart, limit);
      if (valueEnd < 0) return false;
      this.comment = text.slice(valueStart, valueEnd);
      at = valueEnd + 1;
      next = skipSpace(text, at, limit);
    }
    if (next + 2 > limit || text.charCodeAt(next) !== SLASH || text.charCodeAt(next + 1) !== GT) return false;
    const xGap = xAt - lt;
    const yGap = yAt - xAt;
    const commentGap = commentAt === 0 ? 0 : commentAt - yAt;
    if (xGap > MAX_GAP || yGap > MAX_GAP || commentGap > MAX_GAP) return false;
    this.layout = xGap | (yGap << 8) | (commentGap << 16);
    this.end = next + 2;
    return true;
  }

  /** The element `read` matched last, in `parent`, at `lt`. */
  element(lt: number, parent: XmlElement): PlainMoveElement {
    return new PlainMoveElement(this.name, lt, this.end, parent, this.x, this.y, this.comment, this.layout);
  }

  /**
   * Reads `name="N"` at `at` (N: one or two digits, no leading zero) into coordinateRead; where it ends, or
   * -1 when it is not there.
   */
  private coordinate(at: number, name: number, limit: number): number {
    const text = this.text;
    if (at + 5 > limit || text.charCodeAt(at) !== name || text.charCodeAt(at + 1) !== EQUALS || text.charCodeAt(at + 2) !== QUOTE) return -1;
    const first = text.charCodeAt(at + 3);
    if (first < DIGIT_0 || first > DIGIT_9) return -1;
    const second = text.charCodeAt(at + 4);
    if (second === QUOTE) {
      this.coordinateRead = first - DIGIT_0;
      return at + 5;
    }
    if (first === DIGIT_0 || second < DIGIT_0 || second > DIGIT_9 || at + 6 > limit || text.charCodeAt(at + 5) !== QUOTE) return -1;
    this.coordinateRead = (first - DIGIT_0) * 10 + (second - DIGIT_0);
    return at + 6;
  }
}

/** The first offset from `at` (up to `limit`) that is not XML white space. */
function skipSpace(text: SourceText, at: number, limit: number): number {
  while (at < limit && isXmlSpace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * Where the value starting at `from` ends (its closing `"`), when every character before is read
 * by saxes as itself, in any XML version and by our checks as plain text: -1 otherwise, or when it
 * does not end before `limit`. Left out: control characters (tab and line breaks too: saxes makes
 * them spaces), `&` (a reference), `<` (an error), U+007F–U+009F and U+2028 (XML 1.1 reads them
 * differently), surrogates, U+FFFE and U+FFFF.
 */
function plainValueEnd(text: SourceText, from: number, limit: number): number {
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c < 0x20 || c === AMP || c === LT) return -1;
    if (c >= 0x7f && (c <= 0x9f || c === 0x2028 || (c >= 0xd800 && c <= 0xdfff) || c >= 0xfffe)) return -1;
  }
  return -1;
}
