/**
 * saxes's parser, with the properties that hold its event handlers made when it is constructed.
 *
 * Why: `SaxesParser.on` stores each handler under a computed property name. V8 turns an object
 * that gets eight or more new properties that way into a dictionary ("slow properties"), and
 * saxes then reads its own state (position, buffer, state handler) through dictionary lookups for
 * every character. We listen to nine events: the parse of a 10k-move document took ~25% longer
 * than with seven (saxes alone, 58 → 73 ms in one run). Made here by name, the properties exist
 * before `on` runs, so `on` only sets them and the object keeps its fast layout.
 *
 * The slot names are saxes's own (saxes 6, pinned in package-lock.json); test/unit/xml-parser-
 * slots.test.ts fails if `on` stores a handler anywhere else. If they ever differed, parsing would
 * still be right, only slower.
 */
import { SaxesParser, type SaxesOptions, type SaxesTagPlain } from 'saxes';

/** The properties where saxes's `on` keeps the handler of each event (its EVENT_NAME_TO_HANDLER_NAME). */
export const SAXES_HANDLER_SLOTS = {
  xmldecl: 'xmldeclHandler',
  text: 'textHandler',
  processinginstruction: 'piHandler',
  doctype: 'doctypeHandler',
  comment: 'commentHandler',
  opentagstart: 'openTagStartHandler',
  attribute: 'attributeHandler',
  opentag: 'openTagHandler',
  closetag: 'closeTagHandler',
  cdata: 'cdataHandler',
  error: 'errorHandler',
  end: 'endHandler',
  ready: 'readyHandler',
} as const;

type HandlerSlot = (typeof SAXES_HANDLER_SLOTS)[keyof typeof SAXES_HANDLER_SLOTS];

function ignoreEvent(): void {}

/**
 * saxes's state numbers (private; saxes 6, pinned; test/unit/xml-parser-slots.test.ts): a
 * reference's name after `&` (S_ENTITY), where the next `<` begins markup (S_BEGIN,
 * S_BEGIN_WHITESPACE, S_TEXT), a start tag's attributes (S_ATTRIB_NAME … S_ATTRIB_VALUE_QUOTED),
 * and a comment's text (S_COMMENT).
 */
const SAXES_STATE_ENTITY = 14;
const SAXES_STATE_BEGIN = 0;
const SAXES_STATE_BEGIN_WHITESPACE = 1;
const SAXES_STATE_TEXT = 13;
const SAXES_STATE_ATTRIB_NAME = 37;
const SAXES_STATE_ATTRIB_NAME_SAW_WHITE = 38;
const SAXES_STATE_ATTRIB_VALUE = 39;
const SAXES_STATE_ATTRIB_VALUE_QUOTED = 40;
const SAXES_STATE_ATTRIB = 36;
const SAXES_STATE_ATTRIB_VALUE_CLOSED = 41;
const SAXES_STATE_OPEN_TAG = 34;
const SAXES_STATE_OPEN_TAG_SLASH = 35;
const SAXES_STATE_COMMENT = 17;

/** `Error` as V8 has it (Node's engine): the depth of the stack traces it captures, which ES's typings do not know. */
const V8_ERROR = Error as ErrorConstructor & { stackTraceLimit: number };

export class SaxesParserWithHandlerSlots<O extends SaxesOptions = SaxesOptions> extends SaxesParser<O> {
  constructor(options?: O) {
    super(options);
    // One named store per slot (not a loop with computed names: that is what makes the dictionary).
    const slots = this as unknown as Record<HandlerSlot, undefined>;
    slots.xmldeclHandler = undefined;
    slots.textHandler = undefined;
    slots.piHandler = undefined;
    slots.doctypeHandler = undefined;
    slots.commentHandler = undefined;
    slots.openTagStartHandler = undefined;
    slots.attributeHandler = undefined;
    slots.openTagHandler = undefined;
    slots.closeTagHandler = undefined;
    slots.cdataHandler = undefined;
    slots.errorHandler = undefined;
    slots.endHandler = undefined;
    slots.readyHandler = undefined;
  }

  /**
   * Reads `chunk` without reporting any of its events (errors included). Each handler that is set
   * stays set, to one that does nothing, while it reads: saxes reads some text differently when no
   * text handler is set.
   */
  writeUnheard(chunk: string): void {
    const slots = this as unknown as Record<HandlerSlot, unknown>;
    const saved: [HandlerSlot, unknown][] = [];
    for (const slot of Object.values(SAXES_HANDLER_SLOTS)) {
      if (slots[slot] === undefined) continue;
      saved.push([slot, slots[slot]]);
      slots[slot] = ignoreEvent;
    }
    try {
      this.write(chunk);
    } finally {
      for (const [slot, handler] of saved) slots[slot] = handler;
    }
  }

  /**
   * Forgets the innermost open tag, as if it had been closed where the parser stands (its end tag
   * is not reported: the caller ended the element itself). Called from an opentag handler, before
   * saxes pushes the new tag. `tags` is saxes's own stack of open tags (private in its typings;
   * saxes 6, pinned; test/unit/xml-parser-slots.test.ts fails if it keeps them elsewhere).
   */
  /**
   * "unexpected close tag" is not reported: saxes says it for each open tag it closes for an end
   * tag of another name, after reporting each as closed ('closetag'), where our tree's run
   * (xmlRun.ts closeElements) ends its own elements and notes the recovery. A text of deep nesting
   * and end tags that match none made half a million of them (0.9 s of errors made and read).
   */
  override fail(message: string): this {
    return message === 'unexpected close tag.' ? this : super.fail(message);
  }

  /**
   * saxes's errors are read for their message and place only: made without a stack trace
   * (capturing one is most of an error's cost).
   */
  override makeError(message: string): Error {
    const limit = V8_ERROR.stackTraceLimit;
    V8_ERROR.stackTraceLimit = 0;
    try {
      return super.makeError(message);
    } finally {
      V8_ERROR.stackTraceLimit = limit;
    }
  }

  forgetInnermostTag(): void {
    this.openTags().pop();
  }

  /**
   * Opens `tag` as if its start tag had been read just before the one whose opentag handler runs
   * (saxes pushes that one after the handler): what a start tag left out would have opened
   * (xmlRun.ts startTagLeftOut), so that the end tags after it match as the tree's do.
   */
  openTagBeforeThis(tag: SaxesTagPlain): void {
    this.openTags().push(tag);
  }

  /**
   * Puts back the open tags saxes took off its stack for an end tag that matched none of them
   * (`popped`: in the order saxes closed them, innermost first). saxes closes every open element
   * then, and reads every later start tag as a second root ("documents may contain only one
   * root", once per tag); our tree keeps them open and reports the end tag alone.
   */
  reopenTags(popped: readonly SaxesTagPlain[]): void {
    const tags = this.openTags();
    for (let i = popped.length - 1; i >= 0; i--) tags.push(popped[i]);
  }

  /**
   * Whether the last character read began an entity or character reference (`&`): saxes then reads
   * everything up to the next `;` as its name, however far that is. saxes's state number for it
   * (S_ENTITY, private; saxes 6, pinned; test/unit/xml-parser-slots.test.ts fails if it changes).
   */
  inReference(): boolean {
    return (this as unknown as { state: number }).state === SAXES_STATE_ENTITY;
  }

  /**
   * Whether the next `<` would begin markup: saxes is in text (or before the root), not inside a
   * comment, a CDATA section, a tag or a DOCTYPE (its states S_BEGIN, S_BEGIN_WHITESPACE and
   * S_TEXT; private, as above).
   */
  readsMarkupNext(): boolean {
    const state = (this as unknown as { state: number }).state;
    return state === SAXES_STATE_BEGIN || state === SAXES_STATE_BEGIN_WHITESPACE || state === SAXES_STATE_TEXT;
  }

  /** Whether saxes is in a comment's text, no `-` of its end read (its state S_COMMENT; private, as above). */
  inCommentText(): boolean {
    return (this as unknown as { state: number }).state === SAXES_STATE_COMMENT;
  }

  /**
   * Where saxes is in a start tag's attributes: in or after a name ('name'), after `=` waiting for
   * the quote ('beforeValue'), inside a quoted value ('inValue'), after a value or the tag's name
   * where the next name, `>` or `/>` may come ('afterValue'), still in the tag's name ('tagName'),
   * or after the `/` of `/>` ('slash'); undefined elsewhere (its states S_ATTRIB_NAME,
   * S_ATTRIB_NAME_SAW_WHITE, S_ATTRIB_VALUE, S_ATTRIB_VALUE_QUOTED, S_ATTRIB, S_ATTRIB_VALUE_CLOSED,
   * S_OPEN_TAG, S_OPEN_TAG_SLASH; private, as above).
   */
  attributePart(): 'name' | 'beforeValue' | 'inValue' | 'afterValue' | 'tagName' | 'slash' | undefined {
    const state = (this as unknown as { state: number }).state;
    if (state === SAXES_STATE_OPEN_TAG) return 'tagName';
    if (state === SAXES_STATE_OPEN_TAG_SLASH) return 'slash';
    if (state === SAXES_STATE_ATTRIB_NAME || state === SAXES_STATE_ATTRIB_NAME_SAW_WHITE) return 'name';
    if (state === SAXES_STATE_ATTRIB_VALUE) return 'beforeValue';
    if (state === SAXES_STATE_ATTRIB || state === SAXES_STATE_ATTRIB_VALUE_CLOSED) return 'afterValue';
    return state === SAXES_STATE_ATTRIB_VALUE_QUOTED ? 'inValue' : undefined;
  }

  /** The quote that opened the attribute value saxes is reading (its private `q`, as above); undefined outside a value. */
  valueQuote(): number | undefined {
    const quote = (this as unknown as { q: number | null }).q;
    return quote === null ? undefined : quote;
  }

  /**
   * Adds `characters` to the attribute value saxes is reading (its private `text`, as above): a `<`
   * it reports as disallowed there, and drops, though it reads on in the value after it.
   */
  keepInAttributeValue(characters: string): void {
    (this as unknown as { text: string }).text += characters;
  }

  /**
   * The value saxes holds for the attribute `name` of the start tag it is reading (its private
   * `tag`, as above). Asked as saxes reports the name a second time, it is the first one's: saxes
   * then writes the later one's over it.
   */
  attributeValueRead(name: string): string | undefined {
    return (this as unknown as { tag: SaxesTagPlain | undefined }).tag?.attributes[name];
  }

  /** saxes's own stack of open tags (private in its typings; see above). */
  private openTags(): SaxesTagPlain[] {
    return (this as unknown as { tags: SaxesTagPlain[] }).tags;
  }
}
