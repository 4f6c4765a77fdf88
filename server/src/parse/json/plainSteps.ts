/**
 * The commonest step of a 3.0 game, read as one node: a move written as the spec's examples and
 * our converter write it, `{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3,
 * "y": 4}}}}`, with an optional `"comment"` after the action (on one line, JSON's own escapes
 * allowed), and any JSON white space between the tokens. The generic parser makes 15 nodes and 4
 * arrays of it, which the model and the checks then read back property by property; a 10k-move
 * game is mostly such steps, and making and collecting those objects was most of its check
 * (docs/performance-limits.md).
 *
 * A `PlainMoveStep` holds what the step says (colour, point, comment) and where each token
 * starts (a layout shared by every step laid out alike). Its `children` are made the first time
 * they are read (`unfold`): the same nodes, offsets, values and keys the generic parser makes
 * (test/unit/plain-steps.test.ts and the fuzz compare the two readings), so what reads the tree
 * needs to know nothing of this. The model (buildStep) and the clause checks (checkStep) read
 * the fields instead while the step `isFolded()`.
 *
 * The reading is strict: any other token, order, escape JSON does not have, number form or
 * property falls back to the generic parser, which alone reads slips and reports findings. A step
 * read here has none.
 */
import type { Span } from '../../model/types';
import type { SourceText } from '../../text/sourceText';
import { detached, digitCount, isHexDigit, JSON_SIMPLE_ESCAPES } from '../../util/strings';
import { PropertyNode, SyntaxNode, type Building } from './syntaxNodes';

/** The tokens of a plain move step, in order: a literal, or what stands in for a value. */
const COLOR = 1;
const X = 2;
const Y = 3;
const COMMENT = 4;
type PatternToken = string | typeof COLOR | typeof X | typeof Y | typeof COMMENT;

const MOVE_TOKENS: readonly PatternToken[] = [
  '{', '"action"', ':', '{', '"type"', ':', '"move"', ',', '"value"', ':', '{', '"color"', ':', COLOR, ',',
  '"point"', ':', '{', '"x"', ':', X, ',', '"y"', ':', Y, '}', '}', '}',
];
const COMMENT_TOKENS: readonly PatternToken[] = [',', '"comment"', ':', COMMENT];

/** Indices of the tokens the model, the checks and `unfold` place (in MOVE_TOKENS, then COMMENT_TOKENS after it). */
const T = {
  actionKey: 1, actionColon: 2, actionOpen: 3, typeKey: 4, typeColon: 5, type: 6, valueKey: 8, valueColon: 9, valueOpen: 10,
  colorKey: 11, colorColon: 12, color: 13, pointKey: 15, pointColon: 16, pointOpen: 17, xKey: 18, xColon: 19, x: 20,
  yKey: 22, yColon: 23, y: 24, pointClose: 25, valueClose: 26, actionClose: 27, commentKey: 29, commentColon: 30, comment: 31,
} as const;

/** Longest coordinate read here (a small integer, as the generic parser's). */
const MAX_DIGITS = 9;

/**
 * Where each token of a step starts, from the step's `{`, were its coordinates one digit long and
 * its comment one character (tokenStart adds what they take more); a longer list when the step
 * has a comment. Steps laid out alike (the same white space between the same tokens) share one
 * (`PlainStepReader`).
 */
type Layout = readonly number[];

/** A plain move step whose children are not made yet (see the module comment). */
export class PlainMoveStep extends SyntaxNode {
  /** Indices of the tokens tokenStart and tokenSpan place. */
  static readonly TOKENS = T;
  declare readonly layout: Layout;
  declare readonly color: 1 | 2;
  declare readonly x: number;
  declare readonly y: number;
  /** The comment as written between its quotes (escapes as written), if any. */
  declare readonly commentToken: string | undefined;

  constructor(offset: number, length: number, parent: Building | undefined, layout: Layout, color: 1 | 2, x: number, y: number, commentToken: string | undefined) {
    super('object', undefined, offset, length, parent, undefined);
    this.layout = layout;
    this.color = color;
    this.x = x;
    this.y = y;
    this.commentToken = commentToken;
  }

  /** The comment's text: its token with JSON's escapes read as the generic parser reads them (plainStringEnd lets only valid ones through). */
  get comment(): string | undefined {
    const token = this.commentToken;
    return token === undefined || !token.includes('\\') ? token : (JSON.parse(`"${token}"`) as string);
  }

  override get children(): SyntaxNode[] | undefined {
    if (this.childNodes === undefined) {
      // The moves noted for the children are in this node's offset already: unfold places them from it.
      this.childrenMove = 0;
      this.childNodes = this.unfold();
    }
    return super.children;
  }

  // Declared again with the getter: a getter alone would hide the inherited setter.
  override set children(children: SyntaxNode[] | undefined) {
    super.children = children;
  }

  /** Folded: nothing to pack (packGameSteps passes it over), and smaller than a packed record. */
  override isPacked(): boolean {
    return this.childNodes === undefined || super.isPacked();
  }

  /** Whether its children were never made: then its fields are the whole step (once made, the children are its truth, as any node's). */
  isFolded(): boolean {
    return this.childNodes === undefined;
  }

  /** Where token `index` (of T) starts now. */
  tokenStart(index: number): number {
    let at = this.offset + this.layout[index];
    if (index > T.x) at += digitCount(this.x) - 1;
    if (index > T.y) at += digitCount(this.y) - 1;
    if (index > T.comment) at += (this.commentToken as string).length + 1; // the quotes, less the one character the layout counts
    return at;
  }

  tokenSpan(index: number): Span {
    const start = this.tokenStart(index);
    return { start, end: start + this.tokenLength(index) };
  }

  private tokenLength(index: number): number {
    if (index === T.x) return digitCount(this.x);
    if (index === T.y) return digitCount(this.y);
    if (index === T.comment) return (this.commentToken as string).length + 2;
    return baseLength(index);
  }

  /** The nodes the generic parser makes of this step, at the offsets they are at now. */
  private unfold(): SyntaxNode[] {
    const starts: number[] = [];
    for (let i = 0; i < this.layout.length; i++) starts.push(this.tokenStart(i));
    const closeAt = (index: number): number => starts[index] + 1;
    const action = property(this, 'action', starts, T.actionKey, T.actionColon);
    const actionObject = object(action, starts[T.actionOpen], closeAt(T.actionClose));
    const typeProperty = property(actionObject, 'type', starts, T.typeKey, T.typeColon);
    attach(typeProperty, new SyntaxNode('string', 'move', starts[T.type], 6, typeProperty, undefined));
    const value = property(actionObject, 'value', starts, T.valueKey, T.valueColon);
    const valueObject = object(value, starts[T.valueOpen], closeAt(T.valueClose));
    const color = property(valueObject, 'color', starts, T.colorKey, T.colorColon);
    attach(color, new SyntaxNode('number', this.color, starts[T.color], 1, color, undefined));
    const point = property(valueObject, 'point', starts, T.pointKey, T.pointColon);
    const pointObject = object(point, starts[T.pointOpen], closeAt(T.pointClose));
    const x = property(pointObject, 'x', starts, T.xKey, T.xColon);
    attach(x, new SyntaxNode('number', this.x, starts[T.x], digitCount(this.x), x, undefined));
    const y = property(pointObject, 'y', starts, T.yKey, T.yColon);
    attach(y, new SyntaxNode('number', this.y, starts[T.y], digitCount(this.y), y, undefined));
    pointObject.children = [x, y];
    valueObject.children = [color, point];
    actionObject.children = [typeProperty, value];
    const token = this.commentToken;
    if (token === undefined) return [action];
    const comment = property(this, 'comment', starts, T.commentKey, T.commentColon);
    attach(comment, new SyntaxNode('string', this.comment, starts[T.comment], token.length + 2, comment, undefined));
    return [action, comment];
  }
}

/** A token's length in a layout: a literal's, 1 for a value (see Layout); the step's own `}` after the last. */
function baseLength(index: number): number {
  const token = index < MOVE_TOKENS.length ? MOVE_TOKENS[index] : COMMENT_TOKENS[index - MOVE_TOKENS.length];
  return typeof token === 'string' ? token.length : 1;
}

function property(parent: SyntaxNode, name: string, starts: readonly number[], key: number, colon: number): PropertyNode {
  const node = new PropertyNode(name, starts[key], name.length + 2, parent);
  node.colonOffset = starts[colon];
  return node;
}

/** An object value of `holder` from `start` to `end` (its children set by the caller). */
function object(holder: PropertyNode, start: number, end: number): SyntaxNode {
  const node = new SyntaxNode('object', undefined, start, end - start, holder, undefined);
  attach(holder, node);
  return node;
}

/** Gives a property its value; the property then ends where the value does (as the parser's readValue and close). */
function attach(holder: PropertyNode, value: SyntaxNode): void {
  holder.setValue(value);
  holder.length = value.offset + value.length - holder.offset;
}

/**
 * Reads plain move steps (see the module comment) for one parser. Steps laid out alike share one
 * layout: the reader keeps the last one made of each length and a scratch list to compare with it.
 */
export class PlainStepReader {
  /** The last layout made of each length (with a comment and without: steps with and without one alternate). */
  private readonly lastLayouts: Layout[] = [];
  private readonly gaps: number[] = [];
  private readonly starts: number[] = [];
  /** Where the last step read ends (after its `}`). */
  end = 0;

  /**
   * The plain move step that starts at `start` (its `{`), or undefined when the text there is any
   * other step (or none). `limit`: where the text ends for the parser.
   */
  read(text: SourceText, start: number, limit: number, parent: Building | undefined): PlainMoveStep | undefined {
    const gaps = this.gaps;
    gaps.length = 0;
    let at = start;
    let color: 1 | 2 = 1;
    let x = 0;
    let y = 0;
    let comment: string | undefined;
    let tokens = MOVE_TOKENS;
    for (let i = 0; ; i++) {
      if (i === tokens.length) {
        // After the action: the step's `}`, or a comment and then the `}`.
        const next = skipSpace(text, at, limit);
        const c = text.charCodeAt(next);
        if (tokens === MOVE_TOKENS && c === 44 /* , */ && next < limit) {
          tokens = COMMENT_TOKENS;
          i = -1; // the comma is read (with the space before it) as the comment's first token
          continue;
        }
        if (c !== 125 /* } */ || next >= limit) return undefined;
        gaps.push(next - at);
        at = next + 1;
        break;
      }
      const gapStart = at;
      if (i > 0 || tokens === COMMENT_TOKENS) at = skipSpace(text, at, limit);
      gaps.push(at - gapStart);
      const token = tokens[i];
      if (typeof token === 'string') {
        if (at + token.length > limit) return undefined;
        for (let k = 0; k < token.length; k++) if (text.charCodeAt(at + k) !== token.charCodeAt(k)) return undefined;
        at += token.length;
        continue;
      }
      if (token === COMMENT) {
        const end = plainStringEnd(text, at, limit);
        if (end < 0) return undefined;
        comment = detached(text.slice(at + 1, end - 1));
        at = end;
        continue;
      }
      const value = readCoordinate(text, at, limit);
      if (value < 0) return undefined;
      const digits = digitCount(value);
      if (token === COLOR) {
        if (value !== 1 && value !== 2) return undefined;
        color = value;
      } else if (token === X) x = value;
      else y = value;
      at += digits;
    }
    // The comment tokens were pushed after the move's: one list, in token order.
    this.end = at;
    return new PlainMoveStep(start, at - start, parent, this.layoutOf(gaps), color, x, y, comment);
  }

  /** The layout of a step with these gaps (the white space before each token): the last one made, when it is the same. */
  private layoutOf(gaps: readonly number[]): Layout {
    const starts = this.starts;
    starts.length = 0;
    for (let i = 0, at = 0; i < gaps.length; i++) {
      if (i > 0) at += baseLength(i - 1) + gaps[i];
      starts.push(at);
    }
    const last = this.lastLayouts[starts.length];
    if (last !== undefined) {
      let same = true;
      for (let i = 0; i < starts.length && same; i++) same = last[i] === starts[i];
      if (same) return last;
    }
    const layout = starts.slice();
    this.lastLayouts[starts.length] = layout;
    return layout;
  }
}

function skipSpace(text: SourceText, at: number, limit: number): number {
  let c = text.charCodeAt(at);
  while (at < limit && (c === 32 || c === 9 || c === 10 || c === 13)) c = text.charCodeAt(++at);
  return at;
}

/**
 * The value of the whole number at `at` (`0` or digits not starting with 0, at most MAX_DIGITS,
 * followed by white space, `,` or `}`), or -1.
 */
function readCoordinate(text: SourceText, at: number, limit: number): number {
  let value = 0;
  let end = at;
  for (let c = text.charCodeAt(end); end < limit && c >= 48 && c <= 57; c = text.charCodeAt(++end)) {
    if (end - at === MAX_DIGITS) return -1;
    value = value * 10 + (c - 48);
  }
  if (end === at || (end - at > 1 && text.charCodeAt(at) === 48) || end >= limit) return -1;
  const next = text.charCodeAt(end);
  return next === 44 || next === 125 || next === 32 || next === 9 || next === 10 || next === 13 ? value : -1;
}

/**
 * The end (after its closing quote) of the string at `at` when it is plain: only JSON's own
 * escapes (`\n`, `\"`, `\u4e00`…: a comment of several lines is written with them), no control
 * character (so on one line), and not ending in a character after which the generic parser
 * looks for a slip (`,` `{` `}` `[` `]` or white space before the closing quote: a value run into
 * the next name). -1 otherwise. (What follows it, the step's `}`, the caller reads.)
 */
function plainStringEnd(text: SourceText, at: number, limit: number): number {
  if (text.charCodeAt(at) !== 34 /* " */) return -1;
  for (let i = at + 1; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const last = text.charCodeAt(i - 1);
      if (last === 44 || last === 32 || last === 9 || last === 123 || last === 125 || last === 91 || last === 93) return -1;
      return i + 1;
    }
    if (c === 92 /* \ */) {
      const escaped = text.charCodeAt(i + 1);
      if (escaped === 117 /* u */) {
        for (let k = 2; k < 6; k++) if (!isHexDigit(text.charCodeAt(i + k))) return -1;
        i += 5;
      } else if (JSON_SIMPLE_ESCAPES.includes(String.fromCharCode(escaped))) i++;
      else return -1;
      continue;
    }
    if (c < 0x20) return -1;
  }
  return -1;
}
