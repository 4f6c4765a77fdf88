/**
 * Mistakes saxes cannot get past, found in the text before saxes reads it, and what saxes is given
 * instead so that it reads on as the user meant (parse/xml/xmlRun.ts gives it, and reports the
 * mistake where it is):
 * - a bare `&` (`a & b`): saxes reads everything up to the next `;` as an entity name; it gets
 *   `&amp;`;
 * - a `<!` that opens no comment, CDATA section or DOCTYPE (`<!- c -->`, `<!doctype …>`): saxes
 *   reports every later character; it gets an empty comment instead, to the `>`;
 * - a comment never closed (`<!-- note` with its `-->` left out): saxes reads the rest of the
 *   text into it; it gets the `-->` at the end of the comment's line;
 * - a processing instruction or XML declaration never closed with `?>` (`<?xml version="1.0">`):
 *   saxes reads the rest of the document as its content; it gets the `?>`;
 * - a `<` typed twice before a tag (`<<white …/>`): saxes reads it all as text; it gets one `<`;
 * - an XML declaration's value without quotes or with a stray quote (`version=1.0`,
 *   `version="1".0"`): saxes reports each character after it; it gets the value in quotes;
 * - an end tag with more than its name (`</black x="3">`, `</ game>`, `</game` without `>`):
 *   saxes reports every character; it gets `</name>`;
 * - an end tag typed inside elements it does not close, whose own end tags follow (`</moves>`
 *   between the stones of a `<pre>`, the `</pre>` and the `</moves>` after them): saxes closes
 *   them all there, and reports each of their end tags after it; it gets an empty comment;
 * - a start tag left without its `>` (`<white x="15" y="15"` and the next tag on the next line):
 *   saxes reads the next tag's name and attributes as this one's; it gets `/>` (an element that
 *   holds only attributes, which xmlRun knows) or `>` before the next `<`;
 * - an attribute's value without quotes (`x=15`, as HTML allows): saxes reads it to the next
 *   white space or `>`, a `/` of `/>` included; it gets the value in quotes;
 * - a value whose closing quote was left out (`x="15 y="15"`): saxes reads `15 y=` as the value
 *   and the next value's quote as its end; it gets the quote before the next name;
 * - a value that holds a quote of its own kind (`comment="he said "good" here"`, `x="1"8"`):
 *   saxes ends the value there and reads the rest as broken attributes; it gets the quote as
 *   `&quot;` in free text, and no quote in any other value (a stray one);
 * - an attribute without a value before the tag's end or the next attribute (`y/>`, `x= y="3"`,
 *   `y=/>`): saxes reads the `/` as part of a name, or the next name as an unquoted value, and
 *   leaves the tag open; it gets an empty value (`=""`), which the tree does not keep (tags.ts
 *   readAttributes reads values from the text);
 * - a full-width `＝` or quote (“ ” ＂) typed with a Chinese input method in a start tag
 *   (`x＝"3"`, `x=“3”`): saxes reads `x＝` as a name, `“3”` as an unquoted value; it gets `=` and
 *   `"` (the 3.0 parser reads full-width punctuation as meant in the same way);
 * - a full-width or no-break space where a start tag needs white space (`x="2"　y="2"`, U+3000
 *   after a value): saxes reports it as a character of no name and reads on wrong; it gets a space;
 * - a `／` or `、` (what a Chinese input method types for the `/` key) before a start tag's `>`
 *   (`y="2"、>`), or a full-width `＞` ending a start tag (`y="2"/＞`): saxes reads a name, or
 *   text after the tag; it gets `/` and `>`.
 * - an attribute's `=` left out before its quoted value (`x "3"`): saxes reads the quote as a
 *   character of the name, and each character of the value after it; it gets the `=`.
 * Each is found lexically; xmlRun makes the substitution only where saxes would read it as the
 * mistake, which it asks saxes (markup in text, `＝` in an attribute's name, a quote where a value
 * starts, a `<` after a start tag's value, `=` after an attribute's name; not in a comment or
 * inside a value).
 */
import type { MessageId } from '../../l10n/catalogue';
import type { Span } from '../../model/types';
import type { SourceText } from '../../text/sourceText';
import { attributeNameBefore, closedByOtherQuote, closedWithoutOpening, closingQuoteLeftOut, COMMA_BEFORE_ATTRIBUTE, FULL_WIDTH_EQUALS, isCommaBetweenAttributes, FULL_WIDTH_QUOTES, FULL_WIDTH_SLASHES, isFreeTextAttribute, isXmlSpace, quoteInsideValue, quotesAfter, SLIP_SPACES, unquotedValueAt } from './tags';
import { codePointLabel } from '../../util/strings';

export type RepairKind = 'ampersand' | 'bang' | 'question' | 'endTag' | 'endTagInside' | 'startTagEnd' | 'nameRunOn' | 'unquotedValue' | 'valueNotClosed' | 'nameWithoutValue' | 'fullWidthEquals' | 'fullWidthQuote' | 'fullWidthSpace' | 'fullWidthTagEnd' | 'commaBetweenAttributes' | 'commentEndDashes' | 'doubledLt' | 'equalsLeftOut';
export const REPAIR_KINDS: readonly RepairKind[] = ['ampersand', 'bang', 'question', 'endTag', 'endTagInside', 'startTagEnd', 'nameRunOn', 'unquotedValue', 'valueNotClosed', 'nameWithoutValue', 'fullWidthEquals', 'fullWidthQuote', 'fullWidthSpace', 'fullWidthTagEnd', 'commaBetweenAttributes', 'commentEndDashes', 'doubledLt', 'equalsLeftOut'];

/** The kinds found by a search for one character that is rare in a game (`&`, `!`, `?`): looked for in every read of a text (xmlRun.ts parseXmlRun). */
export const FOUND_BY_ONE_CHARACTER: ReadonlySet<RepairKind> = new Set(['ampersand', 'bang', 'question']);

/** No such place in the rest of the text (larger than any offset). */
export const NONE = 2 ** 32 - 1;

export interface MarkupRepair {
  /** How many characters from the spot saxes reads as they are, */
  readonly keep: number;
  /** what it reads after them instead of */
  readonly write: string;
  /** the next `skip` characters of the text. */
  readonly skip: number;
  readonly span: Span;
  readonly id: MessageId;
  readonly args: readonly string[];
  /** An end tag's name in the text (the end tag saxes read is not the text's). */
  readonly endTagName?: Span;
  /** A start tag's name in the text, when `write` closes it: `/>` when it holds only attributes (xmlRun decides). */
  readonly startTagName?: string;
}

/**
 * The first spot of `kind` in [`from`, `limit`) that needs repair; NONE when there is none. The
 * limit keeps an edit's run from checking every end tag after the edit (it reads only to where it
 * gets back in step).
 */
export function nextSpotToRepair(text: SourceText, kind: RepairKind, from: number, limit: number, marks = new WholeTextMarks(text)): number {
  if (isSearched(kind)) {
    const pattern = SEARCHED[kind];
    for (let at = firstMatch(text, pattern, from, limit); at !== NONE; at = firstMatch(text, pattern, at + 1, limit)) if (repairAt(text, kind, at, marks)) return at;
    return NONE;
  }
  for (let at = candidate(text, kind, from, limit); at < limit; at = candidate(text, kind, at + 1, limit)) if (repairAt(text, kind, at, marks)) return at;
  return NONE;
}

/**
 * What the repairs look up in a whole text, looked up once for all the spots of a run (which
 * reads one text): a search from each of thousands of spots to the end would make the read of a
 * long text quadratic (20,000 comments never closed: 4.6 s; as many instructions: 2.4 s).
 */
export class WholeTextMarks {
  private lastCommentEnd: number | undefined;
  private lastInstructionEnd: number | undefined;

  constructor(private readonly text: SourceText) {}

  /** Whether a `-->` starts at or after `at`. */
  commentEndsFrom(at: number): boolean {
    this.lastCommentEnd ??= this.text.lastIndexOf('-->');
    return this.lastCommentEnd >= at;
  }

  /** Whether a `?>` starts at or after `at`. */
  instructionEndsFrom(at: number): boolean {
    this.lastInstructionEnd ??= this.text.lastIndexOf('?>');
    return this.lastInstructionEnd >= at;
  }

  private readonly found = new Map<string, { from: number; at: number }>();

  /**
   * Where `search` next starts at or after `from` (-1: nowhere), remembered: a run asks from
   * places that only move on, and a search from each of many spots over the same stretch (a
   * thousand `--->` in one comment and no `<` after them) would make the read quadratic.
   */
  nextIndexOf(search: string, from: number): number {
    const last = this.found.get(search);
    if (last && last.from <= from && (last.at < 0 || last.at >= from)) return last.at;
    const at = this.text.indexOf(search, from);
    this.found.set(search, { from, at });
    return at;
  }
}

/**
 * Where `search` first starts in [from, limit); NONE when it does not. An edit's run reads a short
 * window of a long text: searched in that window only (a slice of the text's string, not a copy,
 * when the text is one string), not on to the end of the text.
 */
function indexIn(text: SourceText, search: string, from: number, limit: number): number {
  if (limit >= text.length) return text.indexOf(search, from) >>> 0;
  if (from >= limit) return NONE;
  const at = text.slice(from, limit + search.length - 1).indexOf(search);
  return at < 0 ? NONE : from + at;
}

/**
 * Where `pattern` (a global regular expression) first matches in [from, limit) (see indexIn).
 * Not indexOf once per character: in a text holding any character beyond Latin-1, V8 looks for a
 * character by the higher of its two bytes, and that of “ and ” (U+201C/D) is a space's, of
 * U+3000 a `0`'s: each search stopped at every space of the text (5.7 ms for the two quotes over
 * 2.7 MB, 0.55 ms as one regular expression).
 */
function firstMatch(text: SourceText, pattern: RegExp, from: number, limit: number): number {
  if (from >= limit) return NONE;
  // A string read to its end is searched in place; else the window is cut out (for an edited text
  // read to its end, the rest of it: one copy, as a whole-text read makes one anyway).
  const window = limit >= text.length && typeof text === 'string' ? text : text.slice(from, Math.min(limit + 1, text.length));
  const offset = window === text ? 0 : from;
  pattern.lastIndex = from - offset;
  const found = pattern.exec(window);
  return found && found.index + offset < limit ? found.index + offset : NONE;
}

/** The first `character` in [from, limit) where `holds` (see indexIn). */
function firstWhere(text: SourceText, character: string, from: number, limit: number, holds: (at: number) => boolean): number {
  for (let at = indexIn(text, character, from, limit); at !== NONE; at = indexIn(text, character, at + 1, limit)) if (holds(at)) return at;
  return NONE;
}

/**
 * The characters of each kind found by a regular expression (what they stand for: repairAt); a
 * slash only before a `>` (or `＞`); a comma only before a name and its `=` (`x="3",y="4"`,
 * `x="3"，y="4"`): commas in text and values are many, and each one found is a stop of the run to
 * ask saxes where it stands. (A lookbehind for the quote before it made the search 5 times slower:
 * 7.2 against 1.4 ms over 2.4 MB; saxes says whether a value ends there.)
 */
const SEARCHED = {
  fullWidthEquals: characterClass([FULL_WIDTH_EQUALS]),
  fullWidthQuote: characterClass(FULL_WIDTH_QUOTES),
  fullWidthSpace: characterClass(SLIP_SPACES),
  fullWidthTagEnd: new RegExp(`${characterClass(FULL_WIDTH_SLASHES).source}(?=[>\\uff1e])|\\uff1e`, 'g'),
  commaBetweenAttributes: COMMA_BEFORE_ATTRIBUTE,
  // `--->`: a comment's end with a `-` too many (the first of the dashes, where saxes is in the comment's text: xmlRun).
  commentEndDashes: /-{3,}>/g,
  // White space and a quote: after an attribute's name (and its white space), its `=` left out. One
  // character of white space: `[ \t\r\n]+` backtracks from each space of a long run (200,000
  // spaces before a tag: 31 s).
  equalsLeftOut: /[ \t\r\n]["']/g,
} as const;

function isSearched(kind: RepairKind): kind is keyof typeof SEARCHED {
  return kind in SEARCHED;
}

function characterClass(codes: readonly number[]): RegExp {
  return new RegExp(`[${codes.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`, 'g');
}

/**
 * The next place of `kind` at or after `from`, broken or not. `<!` and `<?` are found by their
 * second character: a search for one character is many times faster than for two (measured: 0.03
 * against 0.43 ms over a 1.6 MB document), and every edit's run searches once.
 */
function candidate(text: SourceText, kind: RepairKind, from: number, limit: number): number {
  if (kind === 'ampersand') return indexIn(text, '&', from, limit);
  if (kind === 'endTag' || kind === 'endTagInside') return indexIn(text, '</', from, limit);
  if (kind === 'valueNotClosed') return firstWhere(text, '=', from, limit, (eq) => closedByOtherQuote(text, eq) >= 0 || closingQuoteLeftOut(text, eq) >= 0 || quoteInsideValue(text, eq) >= 0);
  if (kind === 'unquotedValue') return firstWhere(text, '=', from, limit, (eq) => !quotedAfter(text, eq));
  if (kind === 'startTagEnd') return firstWhere(text, '<', from, limit, (lt) => afterValue(text, lt));
  if (kind === 'nameRunOn') return firstWhere(text, '<', from, limit, (lt) => nameRunningOn(text, lt) > 0);
  if (kind === 'nameWithoutValue') return firstWhere(text, '/', from, limit, (slash) => valuelessNameBefore(text, slash) !== undefined);
  if (kind === 'doubledLt') return indexIn(text, '<<', from, limit);
  const second = kind === 'bang' ? '!' : '?';
  for (let i = indexIn(text, second, from + 1, limit + 1); i !== NONE; i = indexIn(text, second, i + 1, limit + 1)) if (text.charCodeAt(i - 1) === LT) return i - 1;
  return NONE;
}

/** What saxes is given at the spot of `kind` at `at`; undefined when the text there is right. */
export function repairAt(text: SourceText, kind: RepairKind, at: number, marks = new WholeTextMarks(text)): MarkupRepair | undefined {
  switch (kind) {
    case 'ampersand':
      return bareAmpersand(text, at);
    case 'bang':
      return unknownDeclaration(text, at, marks);
    case 'question':
      return unclosedProcessingInstruction(text, at, marks) ?? declarationValueSlip(text, at);
    case 'endTag':
      return malformedEndTag(text, at);
    case 'endTagInside':
      return passedOverEndTag(text, at);
    case 'startTagEnd':
      return unclosedStartTag(text, at);
    case 'nameRunOn':
      return startTagNameRunOn(text, at);
    case 'valueNotClosed':
      return valueClosedByOtherQuote(text, at) ?? valueWithoutClosingQuote(text, at) ?? valueHoldingItsQuote(text, at);
    case 'unquotedValue':
      return valueWithoutQuotes(text, at) ?? valueMissing(text, at);
    case 'nameWithoutValue':
      return nameWithoutValue(text, at);
    case 'doubledLt':
      return doubledLt(text, at);
    case 'fullWidthEquals':
    case 'fullWidthQuote':
    case 'fullWidthTagEnd': {
      // Whether it stands where XML needs `=`, `"`, `/` or `>` is saxes's to say (xmlRun asks): here only what it becomes.
      const written = text.slice(at, at + 1);
      const meant = kind === 'fullWidthEquals' ? '=' : kind === 'fullWidthQuote' ? '"' : written === '＞' ? '>' : '/';
      return { keep: 0, write: meant, skip: 1, span: { start: at, end: at + 1 }, id: 'xml.fullWidth', args: [written, meant] };
    }
    case 'fullWidthSpace':
      return { keep: 0, write: ' ', skip: 1, span: { start: at, end: at + 1 }, id: 'xml.slipSpace', args: [codePointLabel(text.charCodeAt(at))] };
    case 'commentEndDashes': {
      // saxes reads `--` and then a `-`: "malformed comment", and the comment runs on to the next `--`, often to the end of the text.
      let end = at;
      while (text.charCodeAt(end) === DASH) end++;
      // An arrow inside a comment that a `-->` ends before any markup (`<!-- a ---> b -->`): saxes reads it so (one error), and so it stays.
      const nextLt = marks.nextIndexOf('<', end + 1);
      const closer = marks.nextIndexOf('-->', end + 1);
      if (closer >= 0 && (nextLt < 0 || closer < nextLt)) return undefined;
      const span = { start: at, end: end + 1 };
      return { keep: 0, write: '-->', skip: end + 1 - at, span, id: 'xml.commentEndDashes', args: [text.slice(at, end + 1)] };
    }
    case 'equalsLeftOut': {
      // Where saxes reads an attribute's name is xmlRun's to ask; here, a name before the white space.
      const name = nameEndingAt(text, at);
      const written = name && text.slice(name.start, name.end);
      return name && written ? { keep: 0, write: '=', skip: 0, span: name, id: 'xml.equalsLeftOut', args: [written] } : undefined;
    }
    case 'commaBetweenAttributes':
      // Where saxes is (after a value) is xmlRun's to ask; a `，` after white space is a name's own (tags.ts).
      if (!isCommaBetweenAttributes(text, at)) return undefined;
      return { keep: 0, write: ' ', skip: 1, span: { start: at, end: at + 1 }, id: 'xml.commaBetweenAttributes', args: [text.slice(at, at + 1)] };
  }
}

/**
 * An `&` that begins no reference: nothing, or something other than `;`, ends the name after it
 * (`a & b`, `&nbsp b`). One that `;` ends is a reference, right or not, which saxes judges itself.
 * An `&` must otherwise be written `&amp;` (XML 1.0 §2.4); xmllint reports it there too.
 */
function bareAmpersand(text: SourceText, amp: number): MarkupRepair | undefined {
  let end = amp + 1;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (code === SEMICOLON) return undefined;
    if (REFERENCE_STOPS.includes(code) || isXmlSpace(code)) break;
  }
  const span = { start: amp, end };
  return { keep: 1, write: 'amp;', skip: 0, span, id: 'xml.bareAmpersand', args: [text.slice(amp, end)] };
}

/** A `<!` that is none of `<!--`, `<![CDATA[`, `<!DOCTYPE` (XML writes them exactly so): to its `>`, or to the next `<`. */
function unknownDeclaration(text: SourceText, lt: number, marks: WholeTextMarks): MarkupRepair | undefined {
  if (text.startsWith('<!--', lt)) return unclosedComment(text, lt, marks);
  if (text.startsWith('<![CDATA[', lt) || text.startsWith('<!DOCTYPE', lt)) return undefined;
  // A prefix of one of them being typed at the end of the text: saxes waits for more.
  const rest = text.slice(lt, lt + 9);
  if (lt + rest.length === text.length && ['<!--', '<![CDATA[', '<!DOCTYPE'].some((m) => m.startsWith(rest))) return undefined;
  const end = segmentEnd(text, lt);
  const span = { start: lt, end: trimmedEnd(text, lt, end) };
  const written = text.slice(span.start, span.end);
  return { keep: 0, write: '<!---->', skip: span.end - lt, span, id: 'xml.declarationUnknown', args: [written.length > 24 ? `${written.slice(0, 23)}…` : written] };
}

/**
 * A comment with no `-->` after it in the whole text: read to the end of its line (its `-->` left
 * out), not to the end of the text. That depends on every later character: an edit after it
 * reads the whole text again (reparseXml).
 */
function unclosedComment(text: SourceText, lt: number, marks: WholeTextMarks): MarkupRepair | undefined {
  if (marks.commentEndsFrom(lt + 4)) return undefined;
  let end = lt + 4;
  while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
  // On the last line nothing after it is lost: left to saxes, reported where it starts (xmlRun openMarkupAtEnd).
  if (end === text.length) return undefined;
  // `--->` would end it with a `-` too many (a comment holds no `--`).
  const write = text.charCodeAt(end - 1) === DASH ? ' -->' : '-->';
  return { keep: end - lt, write, skip: 0, span: { start: lt, end: lt + 4 }, id: 'xml.commentNotClosedOnLine', args: [] };
}

/**
 * A `<?` never closed by `?>` (a processing instruction may hold `<`, so one is taken as never
 * closed only when no `?>` follows at all), or an XML declaration whose `?>` does not come before
 * the next `<` (a declaration holds no `<`). saxes is given the `?>` where the `>` is (`<?xml
 * version="1.0">`, `…"/>`), or after the `?` (`…"1.0"?`), or after the content.
 */
function unclosedProcessingInstruction(text: SourceText, lt: number, marks: WholeTextMarks): MarkupRepair | undefined {
  let targetEnd = lt + 2;
  while (targetEnd < text.length && !isXmlSpace(text.charCodeAt(targetEnd)) && !TARGET_STOPS.includes(text.charCodeAt(targetEnd))) targetEnd++;
  const target = text.slice(lt + 2, targetEnd);
  const next = text.indexOf('<', lt + 2);
  const isDeclaration = target === 'xml';
  if (isDeclaration ? closesBefore(text, lt + 2, next) : marks.instructionEndsFrom(lt + 2)) return undefined;
  // A prefix of `<?xml` at the end of the text, being typed.
  if (targetEnd === text.length) return undefined;
  const end = trimmedEnd(text, lt, next < 0 ? text.length : next);
  const span = { start: lt, end: targetEnd };
  const id: MessageId = isDeclaration ? 'xml.declarationNotClosed' : 'xml.processingInstructionNotClosed';
  const last = text.charCodeAt(end - 1);
  if (last === GT && text.charCodeAt(end - 2) === SLASH) return { keep: end - 2 - lt, write: '?>', skip: 2, span, id, args: [target] };
  if (last === GT) return { keep: end - 1 - lt, write: '?>', skip: 1, span, id, args: [target] };
  if (last === QUESTION) return { keep: end - lt, write: '>', skip: 0, span, id, args: [target] };
  return { keep: end - lt, write: '?>', skip: 0, span, id, args: [target] };
}

/**
 * An XML declaration closed by `?>` whose pseudo-attributes are written as a tag's may not be
 * (XML 1.0 §2.8 quotes them as a tag's values): a value without quotes (`version=1.0`), without
 * its opening or closing quote (`version=1.0"`, `version="1.0 encoding=…`), holding a stray quote
 * of its own kind (`version="1".0"`, `encoding="u"tf-8"`; no such value holds a quote or white
 * space), or with its `=` left out (`version "1.0"`, as a tag's: equalsLeftOut). saxes reads
 * none of them, and reports each character after it; it gets the declaration with each value in
 * quotes, after its `=`, without the stray ones. One error, at the first such value (at its name
 * and value when the `=` was left out); undefined when the declaration has none, or is written
 * some other way (a name with no value), which saxes reports itself.
 */
function declarationValueSlip(text: SourceText, lt: number): MarkupRepair | undefined {
  if (!text.startsWith('<?xml', lt) || !isXmlSpace(text.charCodeAt(lt + 5))) return undefined;
  const close = text.indexOf('?>', lt + 5);
  const next = text.indexOf('<', lt + 2);
  if (close < 0 || (next >= 0 && next < close)) return undefined;
  let rewritten = '';
  let first: { readonly at: number; readonly span: Span; readonly args: string[] } | undefined;
  let at = lt + 5;
  for (;;) {
    const nameStart = at;
    while (at < close && isXmlSpace(text.charCodeAt(at))) at++;
    if (at === close) break;
    const name = at;
    while (at < close && isNameCharacter(text.charCodeAt(at))) at++;
    const nameEnd = at;
    while (at < close && isXmlSpace(text.charCodeAt(at))) at++;
    const c = text.charCodeAt(at);
    const equalsLeftOut = at > nameEnd && (c === QUOTE || c === APOSTROPHE);
    if (nameEnd === name || (c !== EQUALS && !equalsLeftOut)) return undefined;
    if (!equalsLeftOut) at++;
    while (at < close && isXmlSpace(text.charCodeAt(at))) at++;
    const valueStart = at;
    while (at < close && !isXmlSpace(text.charCodeAt(at))) at++;
    const written = text.slice(valueStart, at);
    const quote = written.charAt(0);
    const quoted = quote === '"' || quote === "'";
    // A closing quote left out before the white space (`version="1.0 encoding=…`), when no other quote stands in it.
    const closed = quoted && written.length > 1 && written.endsWith(quote);
    // An opening quote left out (`version=1.0"`), when no other quote stands in it.
    const closing = written.charAt(written.length - 1);
    const openingLeftOut = !quoted && (closing === '"' || closing === "'") && !/["']/.test(written.slice(0, -1));
    if (quoted ? !closed && written.includes(quote, 1) : !openingLeftOut && /["']/.test(written)) return undefined;
    const inner = closed ? written.slice(1, -1) : quoted ? written.slice(1) : openingLeftOut ? written.slice(0, -1) : written;
    if (inner === '') return undefined;
    const mark = quoted ? quote : openingLeftOut ? closing : '"';
    const meant = `${mark}${inner.split(mark).join('')}${mark}`;
    // With its `=` left out, the slip is the name and value together (`version "1.0"` → `version="1.0"`).
    const from = equalsLeftOut ? name : valueStart;
    const writtenFrom = text.slice(from, at);
    const meantFrom = equalsLeftOut ? `${text.slice(name, nameEnd)}=${meant}` : meant;
    if (meantFrom !== writtenFrom && first === undefined) {
      first = { at: from, span: { start: from, end: at }, args: [text.slice(name, nameEnd), writtenFrom, meantFrom] };
      rewritten = meantFrom;
    } else if (first !== undefined) {
      rewritten += text.slice(nameStart, from) + meantFrom;
    }
  }
  if (first === undefined) return undefined;
  return { keep: first.at - lt, write: rewritten, skip: close - first.at, span: first.span, id: 'xml.declarationValue', args: first.args };
}

/**
 * A `<` typed twice before a tag (`<<white x="4" y="4"/>`, `<</moves>`): saxes reads both, the tag
 * included, as text (the move lost). It gets the tag without the first `<`.
 */
function doubledLt(text: SourceText, lt: number): MarkupRepair | undefined {
  const c = text.charCodeAt(lt + 2);
  if (text.charCodeAt(lt + 1) !== LT || !(c === SLASH || isNameStart(c))) return undefined;
  return { keep: 0, write: '', skip: 1, span: { start: lt, end: lt + 1 }, id: 'xml.doubledLt', args: ['<'] };
}

/** Whether `c` may start an element's name (ASCII letters and `_`, and any character beyond ASCII). */
function isNameStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c > 0x7f;
}

/** Whether a `?>` follows `from`, before `next` (a `<`; -1: none follows). */
function closesBefore(text: SourceText, from: number, next: number): boolean {
  const close = text.indexOf('?>', from);
  return close >= 0 && !(next >= 0 && next < close);
}

/** An end tag with more than `</name>` (white space before the `>` allowed): to its `>`, or to the next `<`. */
function malformedEndTag(text: SourceText, lt: number): MarkupRepair | undefined {
  const end = segmentEnd(text, lt);
  let at = lt + 2;
  const nameStartsAt = at;
  while (at < end && isXmlSpace(text.charCodeAt(at))) at++;
  const nameStart = at;
  while (at < end && isNameCharacter(text.charCodeAt(at))) at++;
  const nameEnd = at;
  while (at < end && isXmlSpace(text.charCodeAt(at))) at++;
  // No name: nothing to close (`</>`, `</ >`): saxes's own report stands.
  if (nameEnd === nameStart) return undefined;
  if (nameStart === nameStartsAt && text.charCodeAt(at) === GT && at + 1 === end) return undefined;
  // Typed at the end of the text (`</mov`): saxes waits for more.
  if (end === text.length && text.charCodeAt(end - 1) !== GT && nameEnd === end) return undefined;
  const span = { start: lt, end: trimmedEnd(text, lt, end) };
  const name = text.slice(nameStart, nameEnd);
  return { keep: 0, write: `</${name}>`, skip: span.end - lt, span, id: 'xml.endTagMalformed', args: [name], endTagName: { start: nameStart, end: nameEnd } };
}

/**
 * A well-formed end tag (`</name>`), for saxes to get as an empty comment: whether it is one typed
 * inside elements it does not close (`</moves>` between the stones of a `<pre>`), which depends on
 * the elements open and on the end tags after it, is xmlRun's to ask (closingTagsAhead).
 */
function passedOverEndTag(text: SourceText, lt: number): MarkupRepair | undefined {
  let at = lt + 2;
  while (at < text.length && isNameCharacter(text.charCodeAt(at))) at++;
  const nameEnd = at;
  while (at < text.length && isXmlSpace(text.charCodeAt(at))) at++;
  if (nameEnd === lt + 2 || text.charCodeAt(at) !== GT) return undefined;
  const name = text.slice(lt + 2, nameEnd);
  // An empty comment in its place: the text before it and the text after it stay two texts.
  return { keep: 0, write: '<!---->', skip: at + 1 - lt, span: { start: lt + 2, end: nameEnd }, id: 'xml.endTagInside', args: [name] };
}

/** How many tags the readings ahead (closingTagsAhead, endTagsAhead) read at most: a slip's elements close within a few lines. */
export const TAGS_AHEAD = 200;

/**
 * Whether the end tags after `from` close the elements named in `names` (innermost first), in that
 * order, each after elements of its own whose tags balance (read lexically: start tags, empty
 * tags, end tags; comments, instructions and CDATA passed over), within TAGS_AHEAD tags.
 */
export function closingTagsAhead(text: SourceText, from: number, names: readonly string[]): boolean {
  return closingTagsAheadAt(text, from, names).length === names.length;
}

/**
 * closingTagsAhead's reading, with where it found them: the `<` of each end tag that closes one of
 * `names`, in order; fewer than `names` when they do not all follow so.
 */
export function closingTagsAheadAt(text: SourceText, from: number, names: readonly string[]): number[] {
  return endTagsAhead(text, from, names).at;
}

/** What endTagsAhead found. */
export interface EndTagsAhead {
  /** The `<` of each end tag that closes one of the names, in order. */
  readonly at: number[];
  /** Whether the reading stopped at an end tag that closes none of them (rather than at the text's end or the limit of tags). */
  readonly mismatched: boolean;
}

/** closingTagsAheadAt's reading, and whether an end tag that does not match stopped it. */
export function endTagsAhead(text: SourceText, from: number, names: readonly string[]): EndTagsAhead {
  const found: number[] = [];
  const open: string[] = [];
  let at = from;
  for (let tags = 0; found.length < names.length && tags < TAGS_AHEAD; tags++) {
    const lt = text.indexOf('<', at);
    if (lt < 0) break;
    const skipTo = text.startsWith('<!--', lt) ? '-->' : text.startsWith('<![CDATA[', lt) ? ']]>' : text.startsWith('<?', lt) || text.startsWith('<!', lt) ? '>' : '';
    if (skipTo) {
      const close = text.indexOf(skipTo, lt + 2);
      if (close < 0) break;
      at = close + skipTo.length;
      continue;
    }
    const gt = tagEnd(text, lt);
    if (gt < 0) break;
    let nameEnd = lt + (text.charCodeAt(lt + 1) === SLASH ? 2 : 1);
    const nameStart = nameEnd;
    while (nameEnd < gt && isNameCharacter(text.charCodeAt(nameEnd)) && text.charCodeAt(nameEnd) !== SLASH) nameEnd++;
    const name = text.slice(nameStart, nameEnd);
    at = gt + 1;
    if (nameStart === lt + 1) {
      if (text.charCodeAt(gt - 1) !== SLASH) open.push(name);
    } else if (open.length) {
      if (open.pop() !== name) return { at: found, mismatched: true };
    } else if (name === names[found.length]) {
      found.push(lt);
    } else {
      return { at: found, mismatched: true };
    }
  }
  return { at: found, mismatched: false };
}

/** The name of the first start tag from `from` to `to` (comments and the like passed over); undefined when an end tag or nothing comes first. */
export function nextStartTagName(text: SourceText, from: number, to: number): string | undefined {
  for (let lt = text.indexOf('<', from); lt >= 0 && lt < to; lt = text.indexOf('<', lt + 1)) {
    const c = text.charCodeAt(lt + 1);
    if (c === SLASH) return undefined;
    if (c === 0x21 /* ! */ || c === 0x3f /* ? */) continue;
    let nameEnd = lt + 1;
    while (nameEnd < to && isNameCharacter(text.charCodeAt(nameEnd)) && text.charCodeAt(nameEnd) !== SLASH) nameEnd++;
    return nameEnd > lt + 1 ? text.slice(lt + 1, nameEnd) : undefined;
  }
  return undefined;
}

/** The `>` that ends the tag at `lt` (not one inside a quoted value); -1 when none does before the next `<`. */
function tagEnd(text: SourceText, lt: number): number {
  let quote = 0;
  for (let at = lt + 1; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) {
      quote = c;
    } else if (c === GT) {
      return at;
    } else if (c === LT) {
      return -1;
    }
  }
  return -1;
}

/**
 * Whether the `<` at `lt` comes right after a quote or a `/` (white space between), or after a tag
 * of a name alone and a line break: where a start tag's `>` was left out after its last value
 * (`<white x="15" y="15"` and the next tag below), or after its name (`<moves`).
 * Text may hold the same (`"hi" <b>`): whether saxes is in a start tag there is xmlRun's to ask.
 */
function afterValue(text: SourceText, lt: number): boolean {
  let at = lt - 1;
  while (at >= 0 && isXmlSpace(text.charCodeAt(at))) at--;
  const c = text.charCodeAt(at);
  if (c === QUOTE || c === APOSTROPHE || c === SLASH) return true;
  // A tag of a name alone, and the next tag on a later line (`<moves` and the next move below):
  // not one typed before a tag on its line (`<w <white …`), which the next keystrokes may finish.
  if (at === lt - 1 || !/[\r\n]/.test(text.slice(at + 1, lt))) return false;
  while (at > 0 && isNameCharacter(text.charCodeAt(at))) at--;
  return text.charCodeAt(at) === LT && at < lt - 2;
}

/**
 * A start tag before `lt` never closed (see afterValue): saxes gets its `>` before the `<`. The
 * finding is over the tag as written; none when it ends in `/`, which saxes reports itself
 * ("forward-slash in opening tag not followed by >").
 */
function unclosedStartTag(text: SourceText, lt: number): MarkupRepair | undefined {
  const start = text.lastIndexOf('<', lt - 1);
  if (start < 0) return undefined;
  let at = start + 1;
  while (at < lt && isNameCharacter(text.charCodeAt(at))) at++;
  const name = text.slice(start + 1, at);
  if (name === '') return undefined;
  const end = trimmedEnd(text, start, lt);
  const span = { start, end };
  return { keep: 0, write: '>', skip: 0, span, id: 'xml.startTagNotClosed', args: [name], startTagName: name };
}

/**
 * The length of the element's name in a start tag at `lt` whose `>` was left out after it, so that
 * the name runs on into the element's text up to its end tag (`<size19</size>`): the end tag's
 * name, when the name as read is it and more, the more not starting as a name goes on (a letter,
 * `_`, `.`, `:` or `-`); 0 when the tag at `lt` is no such tag.
 */
function nameRunningOn(text: SourceText, lt: number): number {
  let at = lt + 1;
  const first = text.charCodeAt(at);
  if (first === SLASH || first === 0x21 /* ! */ || first === 0x3f /* ? */) return 0;
  while (at < text.length && isNameCharacter(text.charCodeAt(at))) at++;
  if (at === lt + 1 || text.charCodeAt(at) !== LT || text.charCodeAt(at + 1) !== SLASH) return 0;
  const gt = text.indexOf('>', at + 2);
  if (gt < 0 || gt - (at + 2) > 64) return 0;
  const name = text.slice(at + 2, gt);
  if (name.length === 0 || name.length >= at - lt - 1 || !text.startsWith(name, lt + 1) || /[\s<]/.test(name)) return 0;
  // The text starts where a word of the name could not go on (`<size19`, not `<sizes19`: another name).
  return /[A-Za-z_.:-]/.test(text.slice(lt + 1 + name.length, lt + 2 + name.length)) ? 0 : name.length;
}

/** A start tag whose name runs on into its text (nameRunningOn): saxes gets its `>` after the name. */
function startTagNameRunOn(text: SourceText, lt: number): MarkupRepair | undefined {
  const length = nameRunningOn(text, lt);
  if (length === 0) return undefined;
  const name = text.slice(lt + 1, lt + 1 + length);
  return { keep: 1 + length, write: '>', skip: 0, span: { start: lt, end: lt + 1 + length }, id: 'xml.startTagNotClosed', args: [name, '>'] };
}

/**
 * After the `=` at `eq`, a value opened by one kind of quote and closed by the other
 * (closedByOtherQuote): saxes gets its opening kind there. The fix writes both as `"`.
 */
function valueClosedByOtherQuote(text: SourceText, eq: number): MarkupRepair | undefined {
  const close = closedByOtherQuote(text, eq);
  const value = quotesAfter(text, eq);
  if (close < 0 || !value) return undefined;
  const { open } = value;
  const meant = `"${text.slice(open + 1, close)}"`;
  return { keep: close - eq, write: text.slice(open, open + 1), skip: 1, span: { start: open, end: close + 1 }, id: 'xml.quotesMismatched', args: [attributeNameBefore(text, eq), meant] };
}

/** After the `=` at `eq`, a value whose closing quote was left out (closingQuoteLeftOut): its quote where it belongs. */
function valueWithoutClosingQuote(text: SourceText, eq: number): MarkupRepair | undefined {
  const close = closingQuoteLeftOut(text, eq);
  const value = quotesAfter(text, eq);
  if (close < 0 || !value) return undefined;
  const { open } = value;
  const quote = text.slice(open, open + 1);
  const written = text.slice(open, close);
  return { keep: close - eq, write: quote, skip: 0, span: { start: open, end: close }, id: 'xml.valueNotClosed', args: [attributeNameBefore(text, eq), written + quote] };
}

/**
 * After the `=` at `eq`, a value that holds a quote of its own kind (quoteInsideValue): saxes gets
 * each such quote as its entity (`&quot;`, `&apos;`), and the value ends at its real closing quote.
 */
function valueHoldingItsQuote(text: SourceText, eq: number): MarkupRepair | undefined {
  const close = quoteInsideValue(text, eq);
  const value = quotesAfter(text, eq);
  if (close < 0 || !value) return undefined;
  const { open, first } = value;
  const quote = text.slice(open, open + 1);
  const name = attributeNameBefore(text, eq);
  const inner = text.slice(first, close);
  const span = { start: first, end: first + 1 };
  if (!isFreeTextAttribute(name)) {
    // A number or a keyword holds no quote: a stray one typed in it (`x="1"8"`), read without it.
    const meant = inner.split(quote).join('');
    return { keep: first - eq, write: meant, skip: close - first, span, id: 'xml.strayQuote', args: [name, `${name}=${quote}${text.slice(open + 1, first)}${meant}${quote}`] };
  }
  const entity = quote === '"' ? '&quot;' : '&apos;';
  return { keep: first - eq, write: inner.split(quote).join(entity), skip: close - first, span, id: 'xml.quoteInValue', args: [name, entity] };
}

/** After the `=` at `eq`, a value written without quotes (unquotedValueAt): the value in quotes. */
function valueWithoutQuotes(text: SourceText, eq: number): MarkupRepair | undefined {
  const value = unquotedValueAt(text, eq, text.length, attributeNameBefore(text, eq));
  if (!value) return undefined;
  const written = text.slice(value.start, value.end);
  // Its closing quote typed, the opening one left out (`comment=a quiet move"`): that quote is the value's.
  const closed = closedWithoutOpening(text, value.end) ? 1 : 0;
  const span = { start: value.start, end: value.end + closed };
  return { keep: value.start - eq, write: `"${written}"`, skip: written.length + closed, span, id: 'xml.valueNotQuoted', args: [written, `"${written}"`] };
}

/**
 * After the `=` at `eq`, no value at all: the tag's end (`y=/>`, `y=>`) or the next attribute
 * (`x= y="3"`) follows. saxes would read the next name as an unquoted value; it gets `""`.
 */
function valueMissing(text: SourceText, eq: number): MarkupRepair | undefined {
  let next = eq + 1;
  while (isXmlSpace(text.charCodeAt(next))) next++;
  const c = text.charCodeAt(next);
  const endsTag = c === GT || (c === SLASH && text.charCodeAt(next + 1) === GT);
  if (!endsTag && !(isNameCharacter(c) && nameFollowedByEquals(text, next))) return undefined;
  const name = nameEndingAt(text, eq);
  return name && { keep: 1, write: '""', skip: 0, span: name, id: 'xml.attributeWithoutValue', args: [text.slice(name.start, name.end)] };
}

/** Whether the name starting at `at` is followed by `=` (white space between). */
function nameFollowedByEquals(text: SourceText, at: number): boolean {
  while (at < text.length && isNameCharacter(text.charCodeAt(at))) at++;
  while (isXmlSpace(text.charCodeAt(at))) at++;
  return text.charCodeAt(at) === EQUALS;
}

/** The attribute name that ends before `at` (white space between), preceded by white space; undefined when there is none. */
function nameEndingAt(text: SourceText, at: number): Span | undefined {
  let end = at;
  while (end > 0 && isXmlSpace(text.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isNameCharacter(text.charCodeAt(start - 1))) start--;
  return start < end && start > 0 && isXmlSpace(text.charCodeAt(start - 1)) ? { start, end } : undefined;
}

/** The name before the `/` of a `/>` at `slash` that has no `=` after it (`<white x="15" y/>`), when the `/` is one. */
function valuelessNameBefore(text: SourceText, slash: number): Span | undefined {
  if (text.charCodeAt(slash + 1) !== GT) return undefined;
  const before = text.charCodeAt(slash - 1);
  // Most `/>` follow a value's quote, or a tag's name (`<moves/>`, which nameEndingAt rejects).
  if (before === QUOTE || before === APOSTROPHE) return undefined;
  return nameEndingAt(text, slash);
}

/** A name without `=` and value before the `/>` at `slash` (valuelessNameBefore): saxes gets an empty value for it. */
function nameWithoutValue(text: SourceText, slash: number): MarkupRepair | undefined {
  const name = valuelessNameBefore(text, slash);
  return name && { keep: 0, write: '=""', skip: 0, span: name, id: 'xml.attributeWithoutValue', args: [text.slice(name.start, name.end)] };
}

/** Whether a quote follows the `=` at `eq` (white space between), or nothing does: no value without quotes there. */
function quotedAfter(text: SourceText, eq: number): boolean {
  let next = eq + 1;
  while (isXmlSpace(text.charCodeAt(next))) next++;
  return next >= text.length || isQuote(text.charCodeAt(next));
}

/** A quote (full-width ones too: see fullWidthQuote): after an `=` and white space, a value as XML writes it starts with one. */
function isQuote(c: number): boolean {
  return c === QUOTE || c === APOSTROPHE || FULL_WIDTH_QUOTES.includes(c);
}

/** Where markup starting at `lt` ends when it may be broken: after its first `>`, else at the next `<`, else at the end. */
function segmentEnd(text: SourceText, lt: number): number {
  const gt = text.indexOf('>', lt + 1);
  const next = text.indexOf('<', lt + 1);
  if (gt >= 0 && (next < 0 || gt < next)) return gt + 1;
  return next < 0 ? text.length : next;
}

/** `end` moved back over XML white space, not before `start`. */
function trimmedEnd(text: SourceText, start: number, end: number): number {
  while (end > start && isXmlSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

function isNameCharacter(code: number): boolean {
  return !isXmlSpace(code) && !NAME_STOPS.includes(code);
}

const LT = 0x3c;
const GT = 0x3e;
const EQUALS = 0x3d;
const SLASH = 0x2f;
const SEMICOLON = 0x3b;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const DASH = 0x2d;
const LF = 0x0a;
const CR = 0x0d;
const APOSTROPHE = 0x27;
/** Characters no reference name holds (with XML white space): where a bare `&`'s name ends. */
const REFERENCE_STOPS = [0x26, 0x3c, 0x3e, 0x22, 0x27]; // & < > " '
/** Characters that end a processing instruction's target. */
const TARGET_STOPS = [0x3f, 0x3e, 0x3c]; // ? > <
/** Characters no tag name holds: where an end tag's name ends. */
const NAME_STOPS = [0x3c, 0x3e, 0x2f, 0x22, 0x27, 0x3d, 0x26]; // < > / " ' = &
