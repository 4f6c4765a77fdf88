/**
 * One pass of saxes over (part of) a wei7 2.x text, building our element tree: the whole text
 * (parseXml), or, after an edit, only from the last element boundary before the edit to the
 * first boundary after it where the parse is back in step with the previous one (reparseXml).
 *
 * A run can start in the middle of a document: saxes is first given the start tags of the
 * elements open there (their text comes before the edit, so it has not changed), with their
 * events ignored, and the tree's stack starts with those very elements.
 */
import type { SaxesTagPlain } from 'saxes';
import { SaxesParserWithHandlerSlots } from './saxesParser';
import { closingTagsAhead, closingTagsAheadAt, endTagsAhead, FOUND_BY_ONE_CHARACTER, TAGS_AHEAD, NONE, nextSpotToRepair, nextStartTagName, REPAIR_KINDS, repairAt, WholeTextMarks, type MarkupRepair, type RepairKind } from './markupRepairs';
import type { Finding, Span } from '../../model/types';
import { finding, type MessageId } from '../../l10n/catalogue';
import type { XmlElement, XmlText } from './parseXml';
import { ElementNode, endsValueAt, endTagNameSpan, shiftItems, ImpliedElementNode, indentationBefore, nameOfElementAt, newElement, errorSpan, finishElement, isBlank, isBlankText, isXmlSpace, readAttributes, setParent, TextNode, valuelessAttributeName } from './tags';
import { replaceRun } from '../../util/lists';
import { belongsIn, endsBeforeSibling, mayHold, holdsOnlyAttributes, holdsOnlyElements } from '../../validate/xml/elementRules';
import { detached } from '../../util/strings';
import { nearMiss } from '../../util/nearMiss';
import type { SourceText } from '../../text/sourceText';
import { PlainMoveReader } from './plainMoves';
import { moveSpan, shiftOffset, type SpanShift } from '../../text/spanShift';

/** saxes messages about tag nesting: replaced by our own, which follow our recovery. */
/** The findings of end tags that do not match the elements open (XmlRun.nestingFindings). */
const NESTING_FINDINGS: ReadonlySet<string> = new Set(['xml.unclosed', 'xml.unclosedAtEnd', 'xml.endTagMismatch']);

/**
 * Whether the whole text's reading by indentation (parseXmlRun) may end an element that an edit's
 * run, read from `from`, leaves open, in a text whose end tags do not match: the run met a start
 * tag indented as a sibling of the element open (indentationDisagrees), or read the first element
 * an element around it holds (what says that the text is indented).
 */
function readByIndentationAfter(run: XmlRun, text: SourceText, old: XmlParse, enclosing: readonly XmlElement[], from: number): boolean {
  // The run's own findings first; the old ones (a whole document's) only when the rest says it may
  // matter. A text the old parse read by indentation has none left, but its reading hangs on
  // indentation all the same (a line of the element ended so, de-indented: fuzz seed 23636).
  return mayEndByIndentation(run, text, enclosing, from) && (run.nestingFindings() > 0 || old.nestingUnclearFrom !== undefined || hasNestingFindings(old.findings));
}

function mayEndByIndentation(run: XmlRun, text: SourceText, enclosing: readonly XmlElement[], from: number): boolean {
  if (run.indentationDisagrees) return true;
  // The root is never ended so, nor is an element whose start tag does not begin its line.
  for (let i = 1; i < enclosing.length; i++) {
    const element = enclosing[i];
    if (indentationBefore(text, element.startTag.start) < 0) continue;
    if (!element.children.some((item) => item.kind === 'element' && item.span.end <= from)) return true;
  }
  return false;
}

function countNestingFindings(findings: readonly Finding[]): number {
  let count = 0;
  for (const f of findings) if (NESTING_FINDINGS.has(f.message.id)) count++;
  return count;
}

function hasNestingFindings(findings: readonly Finding[]): boolean {
  return findings.some((f) => NESTING_FINDINGS.has(f.message.id));
}
// ("unexpected close tag." never comes: saxesParser.ts fail.)
const NESTING_MESSAGES = /^(unmatched closing tag: |unclosed tag: )/;

/**
 * Thrown from a handler to stop saxes: a whole text's first run (parseXmlRun) that met an error or
 * a slip is read again in full, so it reads no further (a text of thousands of end tags that match
 * none cost as much again in it).
 */
const ABANDONED = Symbol('abandoned');

/** How an end tag passed over is reported (XmlRun.passOverEndTag). */
interface PassedOver {
  readonly id: MessageId;
  readonly args: readonly string[];
}

/** An end tag that matches no open element, passed over: the tree reads it and reports it (XmlRun.closeElements). */
const UNMATCHED: PassedOver = { id: 'xml.endTagUnmatched', args: [] };
/**
 * An end tag that names the element its innermost open element was misspelt for (`<mvoes>` …
 * `</moves>`), passed over: the tree reads it as that element's end tag and reports it, as for
 * `</gmae>` (XmlRun.closesMisspeltInnermost, closeElements).
 */
const CLOSES_MISSPELT: PassedOver = { id: 'xml.endTagMismatch', args: [] };

export class XmlRun {
  readonly findings: Finding[] = [];
  /** Where the run was when it made each finding (parallel to findings). */
  readonly findingsAt: number[] = [];
  /** Where the tree and saxes's own stack of open tags first parted (a recovery from bad nesting); Infinity if they never did. */
  firstRecovery = Infinity;
  /** The elements this run made, for a run that starts inside the root (a reparse needs them; a whole parse does not). */
  readonly created = new Set<XmlElement>();
  private readonly recordsCreated: boolean;
  /**
   * What the run makes in the elements open at its start, kept apart from their children (the
   * old items stay in place while it reads); the caller puts them in (madeIn).
   */
  private readonly madeInOpen = new Map<XmlElement, (XmlElement | XmlText)[]>();
  root: XmlElement | undefined;
  /** The open elements, outermost first. */
  readonly stack: XmlElement[];
  /** End of the last markup seen, where the next text run starts. */
  markupEnd: number;
  /** End of the last text saxes reported (see the 'text' handler). */
  private textEnd = 0;
  /** How far the text has been given to saxes. */
  fed: number;

  private lastEndTag = -1;
  /** The tags saxes closed for the end tag at lastEndTag, innermost first (see reopenTags). */
  private readonly closedBySaxes: SaxesTagPlain[] = [];
  /** What saxes puts back into its text after an end tag it could not match ("</name>"), to strip again. */
  private synthesizedText = '';
  // XML 1.0 whatever a declaration says (§3.1: "文档符合 XML 1.0 规范"): a `version="1.1"` is reported, not followed.
  private readonly parser = new SaxesParserWithHandlerSlots<{ position: true; xmlns: false; forceXMLVersion: true; defaultXMLVersion: '1.0' }>({
    position: true,
    xmlns: false,
    forceXMLVersion: true,
    defaultXMLVersion: '1.0',
  });
  /** The offset in `text` of saxes's position 0 (less what the run wrote for bare `&`s). */
  private base: number;
  /** The next spot of each repair kind (REPAIR_KINDS' order) once looked for (NONE: none); below `fed`: not looked for yet. */
  private readonly nextSpots = REPAIR_KINDS.map(() => -1);
  /** How far each kind was looked for: no spot of it before there but the one in nextSpots. */
  private readonly spotsCheckedTo = REPAIR_KINDS.map(() => 0);
  /** Where a full-width quote opened an attribute value (given to saxes as `"`); -1: none open. */
  private fullWidthQuoteAt = -1;
  /**
   * The first value of each attribute the start tag being read repeats: saxes keeps the last, and
   * wei7 reads the first, as it reads 3.0's first property of a name (json.duplicateKey).
   */
  private readonly firstValues = new Map<string, string>();
  /** The end tag saxes was given for a malformed one (see feed): where it ends in the text, and its name there. */
  private repairedEndTag: { readonly end: number; readonly name: Span } | undefined;
  /** Where a `<` typed twice was not given to saxes (see feed): the text before the tag ends there, not at the tag's own `<`; -1: none. */
  private droppedLt = -1;
  /** Where an unknown `<!…>` ends in the text: saxes was given an empty comment for it (see feed). */
  private repairedMarkupEnd = -1;
  /** A start tag after the root's end was reported (once: see openElement). */
  private afterRootReported = false;
  /** The end tag at lastEndTag matched no open element but ended the innermost, whose name it misspells (closeElements). */
  private closedMistyped = false;
  /** saxes reported an error (see parseXmlRun). */
  readAnError = false;
  /** A run that does not read every slip met one it would read (see parseXmlRun). */
  metSlip = false;
  /** The run stopped reading (ABANDONED): its result is not used. */
  private abandoned = false;
  /** An edit's run met a move indented further than the element before it (see startTagLeftOut). */
  metDeeperMove = false;
  /**
   * One such move has end tags after it indented so that a whole text's run reading every repair
   * would read a `<moves>` left out before it (closesAsLeftOut). That run reads every repair when
   * the text has an error anywhere, which an edit's run cannot see from its window (see
   * everyRepairRead).
   */
  metDeeperMoveReadAsLeftOut = false;
  /** An edit's run met an element out of place (startTagLeftOut): a whole text's first run that meets one hands the text to a run reading every repair. */
  metOutOfPlace = false;
  /** What the repairs look up in the whole text, once for the run. */
  private readonly marks: WholeTextMarks;
  /** The text ends inside a comment or CDATA section never closed (reported where it starts). */
  private endsInOpenMarkup = false;
  /** An edit's run met what only a run over the whole text reads as meant (endBeforeOuterChild, reopenClosedEarly). */
  needsWholeText = false;
  /**
   * Elements this run ended before a start tag indented as their sibling (endOpenByIndentation),
   * and where the first of them starts: what decides each (its start tag's indentation, its first
   * child's, the tag it ends before) lies after there.
   */
  endedByIndentation = 0;
  firstEndedByIndentation = Infinity;
  /**
   * Where each element ended by a reading of this run, endOpenByIndentation or endBeforeOuterChild
   * (by its start tag's offset): made at the first, parseXmlRun compares the two runs' readings.
   */
  endedAt: Map<number, number> | undefined;
  /**
   * An edit's run met an element left open, or a start tag in an open element, that the reading by
   * indentation would end differently (a start tag indented as the element's sibling): only the
   * whole text's parse reads so (parseXmlRun), when end tags do not match.
   */
  indentationDisagrees = false;
  /** Where the run started: the old items before it have the new text's offsets. */
  private readonly start: number;
  /** Reads plain move elements (writeReadingPlainMoves); undefined: saxes reads every one. */
  private readonly plainMoves: PlainMoveReader | undefined;
  /** The next `<black` and `<white` once looked for (Infinity: none; below where the run is: not looked for yet). */
  private nextBlack = -1;
  private nextWhite = -1;
  /** Where the next plain move may start: after the last tag passed over. */
  private plainMovesFrom = 0;
  /** The indentation of elements' start tags (indentationOf), each read once: an open element is asked at each tag it holds. */
  private readonly indentations = new Map<XmlElement, number>();
  /** How the end tag passOverEndTag passed over last is reported. */
  private passedOver: PassedOver | undefined;
  /** The elements in which startTagLeftOut has read an element out of place (it reads only the first). */
  private readonly readOutOfPlace = new Set<XmlElement>();
  /** How far reopenClosedEarly has read an element's children for an end tag's name, and what it found. */
  private earlyEndScan: { readonly parent: XmlElement; readonly name: string; count: number; candidate: number; belongs: boolean; belongsSinceBarrier: boolean } | undefined;

  /**
   * A run over `text` from `start`. `open`: the elements open at `start` (outermost first), for a
   * run that starts inside the root; `start` must then be just after a tag (saxes in text state).
   */
  constructor(
    private readonly text: SourceText,
    start: number,
    open: readonly XmlElement[] = [],
    /** False: only the repairs found by a single-character search are looked for (see parseXmlRun), and attribute values are read without looking for slips (tags.ts readAttributes). */
    private readonly everyRepair = true,
    /** True: an element left open ends before a start tag indented as its sibling (see parseXmlRun). */
    private readonly byIndentation = false,
    /** True: plain move elements are read without saxes (plainMoves.ts), in a whole text's run that reads no slips. */
    readsPlainMoves = false,
  ) {
    this.plainMoves = readsPlainMoves && !everyRepair && open.length === 0 ? new PlainMoveReader(text) : undefined;
    this.marks = new WholeTextMarks(text);
    if (!everyRepair) {
      REPAIR_KINDS.forEach((kind, k) => {
        if (FOUND_BY_ONE_CHARACTER.has(kind)) return;
        this.nextSpots[k] = NONE;
        this.spotsCheckedTo[k] = Infinity;
      });
    }
    this.stack = [...open];
    this.recordsCreated = open.length > 0;
    this.start = start;
    for (const element of open) this.madeInOpen.set(element, []);
    this.root = open[0];
    this.markupEnd = start;
    this.fed = start;
    // The document's XML declaration first, when it has one: saxes reads a declaration met later
    // differently when it has seen one at the start (a pasted document in the middle of another).
    const prefix = (open.length ? xmlDeclaration(text) : '') + open.map((e) => text.slice(e.startTag.start, e.startTag.end)).join('');
    this.base = start - prefix.length;
    this.listen();
    // None of its events are the run's: the declaration and the open elements' start tags were
    // read before, with their findings (a broken declaration can run on to a later `?>`).
    if (prefix) this.parser.writeUnheard(prefix);
  }

  /** The items the run made in `element`, one of the elements open at its start, in text order. */
  madeIn(element: XmlElement): readonly (XmlElement | XmlText)[] {
    return this.madeInOpen.get(element) ?? [];
  }

  /** Where the run puts the items it makes in `parent`. */
  private childrenOf(parent: XmlElement): (XmlElement | XmlText)[] {
    return (this.recordsCreated && this.madeInOpen.get(parent)) || parent.children;
  }

  /** Gives saxes the text up to `to`, with what it cannot get past repaired (see markupRepairs.ts). */
  feed(to: number): void {
    while (this.fed < to && !this.abandoned) {
      const { kind, at } = this.nextSpot(to);
      if (at >= to) break;
      const repair = repairAt(this.text, kind, at, this.marks) as MarkupRepair; // the spot was found by it
      // Only where saxes reads it as the user meant it: a `&` in text or an attribute value (not
      // in a comment), markup in text.
      this.write(at + (kind === 'ampersand' ? 1 : 0));
      if (!this.repairApplies(kind, at)) {
        // Another kind may have its spot here too: `</pre>` right after a start tag's last value is
        // no end tag passed over (saxes is in the tag), but where the tag's `/>` was left out.
        this.passSpot(kind, at, to);
        continue;
      }
      this.write(at + repair.keep);
      const end = at + repair.keep + repair.skip;
      const unmatched = kind === 'endTagInside' && (this.passedOver === UNMATCHED || this.passedOver === CLOSES_MISSPELT);
      const { write, args, reported, id }: { write: string; args: readonly string[]; reported: boolean; id: MessageId } =
        repair.startTagName !== undefined ? { ...this.startTagEnd(repair, repair.startTagName), id: repair.id }
        : kind === 'endTagInside' ? { write: repair.write, ...(this.passedOver as PassedOver), reported: !unmatched }
        : { write: repair.write, args: repair.args, reported: true, id: repair.id };
      // Made where the repaired text ends (saxes's position is not kept between writes), so that
      // a tag holding it is not read cleanly (readCleanly).
      if (reported) this.wf(repair.span, id, [...args], 'error', end);
      if (repair.endTagName) this.repairedEndTag = { end, name: repair.endTagName };
      if (kind === 'bang' || kind === 'endTagInside') this.repairedMarkupEnd = end;
      if (kind === 'doubledLt') this.droppedLt = at;
      // saxes reports the text before markup when it reads the markup's `<`: a repair that keeps the
      // text's own `<` gives it first, read at its own offset, so that the text ends there (the
      // fuzz, seed 20606: a text before `</game="3" …>` ran on into the end tag).
      const head = repair.keep === 0 && write.startsWith('<') && this.text.charCodeAt(at) === 0x3c ? 1 : 0;
      if (head) this.guard(() => this.parser.write('<'));
      // saxes reads `write` where the text has `skip` characters; what it reports while reading it is at the text's offsets after them.
      this.base -= write.length - repair.skip;
      this.fed = end;
      this.guard(() => this.parser.write(write.slice(head)));
      if (unmatched) this.readUnmatchedEndTag(end, this.passedOver === CLOSES_MISSPELT);
    }
    this.write(to);
  }

  /**
   * Whether the end tag at `lt` is to be passed over (markupRepairs.ts passedOverEndTag), and how
   * it is reported (passedOver): one typed inside elements it does not close (its element is open,
   * but not innermost, and the end tags after it close the elements open inside it, in order, and
   * then it), or one typed too early (its element is innermost, and the first end tag of its name
   * after it is indented as the element's start tag, which it is not: see endTagTypedEarly).
   * saxes then gets an empty comment in its place, and the elements stay open. What decides lies
   * after it: an edit from there on reads the whole text (firstRecovery), and an edit's run that
   * meets one asks for the whole text too.
   */
  private passOverEndTag(lt: number): boolean {
    const stack = this.stack;
    const gt = this.text.indexOf('>', lt);
    const nameSpan = endTagNameSpan(this.text, lt, gt + 1);
    const name = this.text.slice(nameSpan.start, nameSpan.end);
    let depth = stack.length - 1;
    while (depth >= 0 && stack[depth].name !== name) depth--;
    if (depth < 0) {
      // It matches no open element: saxes would close every one (reporting each), and be given
      // them back (see 'error'), once for each such end tag: thousands of them in deep nesting
      // took seconds. It gets an empty comment, and the tree reads the end tag (closeElements).
      this.passedOver = UNMATCHED;
      return true;
    }
    let passedOver: PassedOver | undefined;
    if (depth === stack.length - 1) {
      const first = this.endTagTypedEarly(stack[depth], lt, gt + 1);
      passedOver = first === undefined ? undefined : { id: 'xml.endTagEarly', args: [name, first] };
    } else {
      const names: string[] = [];
      for (let i = stack.length - 1; i > depth; i--) names.push(stack[i].name);
      names.push(name);
      passedOver = closingTagsAhead(this.text, gt + 1, names) ? { id: 'xml.endTagInside', args: [name, stack[stack.length - 1].name] } : this.closesMisspeltInnermost(name, depth, gt + 1) ? CLOSES_MISSPELT : undefined;
    }
    if (!passedOver) return false;
    if (this.recordsCreated) {
      this.needsWholeText = true;
      return false;
    }
    this.recovered(lt);
    this.passedOver = passedOver;
    return true;
  }

  /**
   * An end tag that matches no open element, ending at `end`, passed over for saxes: read as
   * saxes's report of it is (see 'error'). `closesMisspelt`: it matches an outer element, but is
   * read as the end tag of the innermost one, misspelt (CLOSES_MISSPELT).
   */
  private readUnmatchedEndTag(end: number, closesMisspelt: boolean): void {
    this.lastEndTag = end;
    this.closedBySaxes.length = 0;
    this.closeElements(end, closesMisspelt);
    // A misspelling of the innermost element's name ends that element: saxes forgets it too.
    if (this.closedMistyped) this.parser.forgetInnermostTag();
    this.closedMistyped = false;
  }

  /**
   * Whether an end tag `</name>` ending at `after`, which matches the open element at `depth` but
   * not the innermost, is the innermost's own with its start tag misspelt (`<mvoes>` holding moves,
   * then `</moves>`): the innermost may not stand where it is, `name` may and is a near miss of it
   * (the check's "did you mean", xml.elementDidYouMean), and end tags ahead close the elements
   * open around it. Read so, the slip is two errors (the name, this end tag), as `<szie>19</size>`
   * is; read as an element left open, the elements it holds move out and the last end tag of the
   * text matches nothing.
   */
  private closesMisspeltInnermost(name: string, depth: number, after: number): boolean {
    const stack = this.stack;
    const innermost = stack[stack.length - 1];
    const parent = stack[stack.length - 2];
    if (!parent || mayHold(parent.name, innermost.name) || !mayHold(parent.name, name) || nearMiss(name, [innermost.name]) === undefined) return false;
    const around: string[] = [];
    for (let i = stack.length - 2; i >= depth; i--) around.push(stack[i].name);
    return closingTagsAhead(this.text, after, around);
  }

  /**
   * The end tag of the innermost open element `element` at `lt` (to `end`), a <moves>, typed too
   * early: not indented as the element's start tag, while the first end tag of its name after it
   * is, with elements whose tags balance between (read ahead over at most 200 tags), the first of
   * them one a <moves> may hold. The name of that first element; undefined when not so. Only an
   * empty <moves> (an error either way: a `</moves>` written by auto-closing right after `<moves>`,
   * the moves the user meant it to hold after it) or an end tag with a start tag right after it
   * on its line (`</moves><black …/>`: typed before a move) reads ahead, so an indented valid
   * document never depends on the text after its end tags. (An end tag typed too early in an
   * element that does not hold it is reopenClosedEarly's.)
   */
  private endTagTypedEarly(element: XmlElement, lt: number, end: number): string | undefined {
    if (element.name !== 'moves' || (this.lastElementBefore(element) !== undefined && !startTagRightAfter(this.text, end))) return undefined;
    const indent = indentationBefore(this.text, element.startTag.start);
    if (indent < 0 || indentationBefore(this.text, lt) === indent) return undefined;
    // Read so or not, what decides lies after here (an empty <moves> is reported either way).
    this.recovered(lt);
    const [later] = closingTagsAheadAt(this.text, end, [element.name]);
    if (later === undefined || indentationBefore(this.text, later) !== indent) return undefined;
    const first = nextStartTagName(this.text, end, later);
    if (first === undefined || !mayHold(element.name, first)) return undefined;
    // Read as written, the end tags ahead close every element open to the root's: the text's tags
    // balance, and it is read so, as it is when nothing else in it is wrong (a whole text's first
    // run reads no slips) — an error elsewhere must not change how this is read.
    const around = this.stack.slice(0, this.stack.indexOf(element)).reverse().map((open) => open.name);
    return around.length > 0 && closingTagsAhead(this.text, end, around) ? undefined : first;
  }

  /**
   * How a start tag left without its `>` is closed for saxes (markupRepairs.ts unclosedStartTag):
   * `/>` when it holds only attributes where it stands (a move, a player), or when it ends in a `/`
   * (then saxes has reported it: no finding of ours), or when no end tag of its name closes it
   * after (a `<pre comment="…"` whose `/>` was left out, moves after it: read ahead over at most
   * 200 tags); else `>`, and its content follows. What the last decides lies after the tag: an
   * edit from there on reads the whole text (firstRecovery).
   */
  private startTagEnd(repair: MarkupRepair, name: string): { readonly write: string; readonly args: readonly string[]; readonly reported: boolean } {
    const endsInSlash = this.text.charCodeAt(repair.span.end - 1) === 0x2f; /* / */
    const parent = this.stack[this.stack.length - 1];
    const write = endsInSlash || (parent !== undefined && holdsOnlyAttributes(parent.name, name)) || !this.closedAhead(name, repair.span) ? '/>' : '>';
    return { write, args: [name, write], reported: !endsInSlash };
  }

  /** Whether an end tag `</name>` closes the element whose start tag is `tag` (closingTagsAhead). */
  private closedAhead(name: string, tag: Span): boolean {
    this.recovered(tag.start);
    return closingTagsAhead(this.text, tag.end, [name]);
  }

  /**
   * Whether saxes, having read the text up to the spot at `at` (the `&` included), reads it as the
   * mistake: a `&` as a reference, markup in text, a full-width `＝` in an attribute's name, a
   * full-width quote where a value's quote belongs (and the one closing a value it opened), a
   * full-width space in a start tag but inside a value, a full-width slash or `＞` ending a tag.
   */
  private repairApplies(kind: RepairKind, at: number): boolean {
    switch (kind) {
      case 'ampersand':
        return this.parser.inReference();
      case 'fullWidthEquals':
        return this.parser.attributePart() === 'name';
      case 'startTagEnd':
        return this.parser.attributePart() === 'afterValue';
      case 'endTagInside':
        return this.parser.readsMarkupNext() && this.passOverEndTag(at);
      case 'unquotedValue':
      case 'valueNotClosed':
      case 'nameWithoutValue':
      case 'equalsLeftOut':
        return this.parser.attributePart() === 'name';
      case 'fullWidthSpace': {
        // Where a start tag's white space may stand: after its name or a value, around an `=`.
        const part = this.parser.attributePart();
        return part !== undefined && part !== 'inValue' && part !== 'slash';
      }
      case 'commentEndDashes':
        return this.parser.inCommentText();
      case 'commaBetweenAttributes':
        // Where the next name may come, after a value (markupRepairs.ts found the comma before a name and its `=`).
        return this.parser.attributePart() === 'afterValue';
      case 'fullWidthTagEnd': {
        // `／` or `、` where `/>` may start; `＞` where `>` may end the tag.
        const part = this.parser.attributePart();
        return part === 'afterValue' || (this.text.charCodeAt(at) === 0xff1e && (part === 'tagName' || part === 'slash'));
      }
      case 'fullWidthQuote': {
        const part = this.parser.attributePart();
        if (part === 'beforeValue') {
          this.fullWidthQuoteAt = at;
          return true;
        }
        // Closing a value a full-width quote opened, if no `"` closed it since (`x=“3"`).
        const opened = this.fullWidthQuoteAt;
        this.fullWidthQuoteAt = -1;
        if (part !== 'inValue') return false;
        if (opened >= 0) return !this.text.slice(opened + 1, at).includes('"');
        // Closing a value `"` opened, where the tag or the next attribute follows (`comment="好棋” />`,
        // an input method switched half-way): a `”` inside a value (`"他说“好”了"`) has more of it after.
        return this.parser.valueQuote() === 0x22 && endsValueAt(this.text, at + 1);
      }
      default:
        return this.parser.readsMarkupNext();
    }
  }

  /**
   * The first spot from `fed` and before `to` to repair, of any kind: each kind is looked for once
   * up to where the run reads, and again only once the run has passed the spot found, or reads further.
   */
  private nextSpot(to: number): { readonly kind: RepairKind; readonly at: number } {
    let best: { kind: RepairKind; at: number } = { kind: 'ampersand', at: NONE };
    for (let k = 0; k < REPAIR_KINDS.length; k++) {
      const spot = this.nextSpots[k];
      if (spot < this.fed || (spot === NONE && this.spotsCheckedTo[k] < to)) {
        this.nextSpots[k] = nextSpotToRepair(this.text, REPAIR_KINDS[k], Math.max(this.fed, this.spotsCheckedTo[k]), to, this.marks);
        this.spotsCheckedTo[k] = this.nextSpots[k] === NONE ? to : this.nextSpots[k];
      }
      if (this.nextSpots[k] < best.at) best = { kind: REPAIR_KINDS[k], at: this.nextSpots[k] };
    }
    return best;
  }

  /** Looks for the next spot of `kind` after `at`, where it did not apply. */
  private passSpot(kind: RepairKind, at: number, to: number): void {
    const k = REPAIR_KINDS.indexOf(kind);
    this.nextSpots[k] = nextSpotToRepair(this.text, kind, at + 1, to, this.marks);
    this.spotsCheckedTo[k] = this.nextSpots[k] === NONE ? to : this.nextSpots[k];
  }

  /** Gives saxes the text up to `to` (with no spot to repair before it), reading plain moves in it itself when the run does. */
  private write(to: number): void {
    if (this.plainMoves !== undefined) this.writeReadingPlainMoves(this.plainMoves, to);
    this.writeToSaxes(to);
  }

  private writeToSaxes(to: number): void {
    if (to <= this.fed) return;
    const chunk = this.text.slice(this.fed, to);
    this.fed = to;
    this.guard(() => this.parser.write(chunk));
  }

  /**
   * Gives saxes the text up to `to`, but for the runs of plain move elements (plainMoves.ts) it
   * meets where saxes stands in a <moves> just after a tag: the run reads those itself, with the
   * white space before them, and saxes goes on after them as it would have after reading them (in
   * text, its open tags the same, no text of the run's pending: the text after the run is read as
   * starting there, as it does after the last element).
   */
  private writeReadingPlainMoves(reader: PlainMoveReader, to: number): void {
    const text = this.text;
    while (this.fed < to && !this.abandoned) {
      const lt = this.nextPlainMoveCandidate(to);
      if (lt >= to) return;
      let from = lt;
      while (from > this.fed && isXmlSpace(text.charCodeAt(from - 1))) from--;
      this.writeToSaxes(from);
      const end = this.readsPlainMovesAt(from) ? this.readPlainMoves(reader, lt, to) : lt;
      if (end === lt) {
        // Not read here: saxes reads the tag, and the next candidate is looked for after it.
        this.plainMovesFrom = lt + 1;
        this.writeToSaxes(lt + 1);
        continue;
      }
      // saxes never sees the run: what it reports from here on is at the text's offsets after it.
      this.base += end - from;
      this.fed = end;
      this.markupEnd = end;
    }
  }

  /**
   * The next `<black` or `<white` from `fed` and after any passed over (`to` or beyond when there
   * is none before it). Each name is looked for again only once the run is past where it was found
   * (a text of 100,000 `<black`s and no `<white`, looked for at each, took 45 s).
   */
  private nextPlainMoveCandidate(to: number): number {
    const from = Math.max(this.fed, this.plainMovesFrom);
    if (this.nextBlack < from) this.nextBlack = indexOrInfinity(this.text.indexOf('<black', from));
    if (this.nextWhite < from) this.nextWhite = indexOrInfinity(this.text.indexOf('<white', from));
    return Math.min(this.nextBlack, this.nextWhite, to);
  }

  /**
   * Whether saxes, given the text up to `at`, stands in a <moves> just after a tag that ends there,
   * nothing of a repair pending: there it reads a plain move element as the tree does.
   */
  private readsPlainMovesAt(at: number): boolean {
    const parent = this.stack[this.stack.length - 1];
    return parent?.name === 'moves' && this.fed === at && this.markupEnd === at && this.parser.readsMarkupNext() && this.synthesizedText === '' && this.droppedLt < 0;
  }

  /** Reads the plain move elements from `lt` on (white space between them), up to `to`, into the innermost open element; where the last ends (`lt`: none). */
  private readPlainMoves(reader: PlainMoveReader, lt: number, to: number): number {
    const text = this.text;
    const parent = this.stack[this.stack.length - 1];
    const children = parent.children;
    let end = lt;
    let at = lt;
    while (reader.read(at, to)) {
      children.push(reader.element(at, parent));
      end = reader.end;
      at = end;
      while (at < to && isXmlSpace(text.charCodeAt(at))) at++;
      if (at >= to || text.charCodeAt(at) !== 0x3c) break;
    }
    return end;
  }

  /** The rest of the text, the end of the document, and the elements still open closed as unclosed. */
  finish(contentStart: number): void {
    this.feed(this.text.length);
    if (this.abandoned) return;
    this.guard(() => this.parser.close());
    const end = this.text.length;
    // Left open by a comment or CDATA section that runs to the end: that is the one mistake.
    const endedBefore = this.endsInOpenMarkup ? new Set<XmlElement>() : this.endBeforeOuterChildren(0);
    while (this.stack.length) {
      const unclosed = this.stack.pop() as XmlElement;
      if (endedBefore.has(unclosed)) continue;
      finishElement(unclosed, end, end, false);
      this.recovered(end);
      // Left open by a comment or CDATA section that runs to the end: that is the one mistake.
      if (!this.endsInOpenMarkup) this.wf(unclosed.nameSpan, 'xml.unclosedAtEnd', [unclosed.name], 'error', end);
      this.noteLeftOpen(unclosed);
    }
    if (!this.root) this.wf({ start: contentStart, end }, 'xml.noRoot', [], 'error', end);
  }

  /**
   * Whether the run stands just after a tag at `offset`, with exactly `open` open and nothing
   * left over from a recovery: from there it would go on exactly as a run that got there cleanly.
   */
  inStepAt(offset: number, open: readonly XmlElement[]): boolean {
    return (
      this.fed === offset && this.markupEnd === offset && this.firstRecovery === Infinity && this.synthesizedText === '' &&
      this.stack.length === open.length && this.stack[this.stack.length - 1] === open[open.length - 1]
    );
  }

  // Clamped: at the end of a text ending in CR, saxes counts one character more than there is.
  private at(): number {
    return Math.min(this.text.length, this.base + this.parser.position);
  }

  /** `at`: where the run is; after saxes has closed (its position starts again), the end of the text. */
  private wf(span: Span, id: MessageId, args: (string | number)[] = [], severity: Finding['severity'] = 'error', at = this.at()): void {
    this.findings.push(finding(span, '3.1', id, args, severity));
    this.findingsAt.push(at);
  }

  private recovered(at: number): void {
    if (at < this.firstRecovery) this.firstRecovery = at;
  }

  private guard(write: () => void): void {
    if (this.abandoned) return;
    try {
      write();
    } catch (e) {
      if (e === ABANDONED) {
        this.abandoned = true;
        return;
      }
      // saxes reports through 'error'; anything thrown is a fault of the input we could not place.
      this.wf({ start: this.at(), end: this.at() }, 'xml.notWellFormed', [e instanceof Error ? e.message : String(e)]);
    }
  }

  /** Where the value of `name` is written in the XML declaration just read (in quotes, or without them). */
  private declarationValueSpan(name: 'encoding' | 'version'): Span {
    const text = this.text;
    // Where this declaration starts: a second one, later in the text (an error saxes reports
    // too), is not at the run's start.
    const declStart = Math.max(this.base, text.lastIndexOf('<?xml', this.markupEnd - 1));
    const declText = text.slice(declStart, this.markupEnd);
    // In quotes, or without them, or with its `=` left out (markupRepairs.ts declarationValueSlip gave saxes the quotes and the `=`).
    const m = new RegExp(`${name}(?:\\s*=\\s*|\\s+(?=["']))(?:(["'])([^"']*)\\1|([^\\s"'?]+))`).exec(declText);
    const written = m ? (m[2] ?? m[3]) : '';
    const start = m ? declStart + m.index + m[0].length - (m[2] === undefined ? 0 : 1) - written.length : declStart;
    return { start, end: start + written.length };
  }

  private listen(): void {
    const parser = this.parser;
    const text = this.text;
    parser.on('xmldecl', (decl) => {
      this.markupEnd = this.at();
      const encoding = decl.encoding;
      if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8') {
        this.wf(this.declarationValueSpan('encoding'), 'xml.encoding', [encoding]);
      }
      if (decl.version !== undefined && decl.version !== '1.0') this.wf(this.declarationValueSpan('version'), 'xml.xmlVersion', [decl.version]);
    });
    parser.on('doctype', () => {
      const end = this.at();
      const start = text.lastIndexOf('<!DOCTYPE', end);
      this.wf({ start: start < 0 ? end : start, end }, 'xml.doctype', [], 'warning');
      this.markupEnd = end;
    });
    parser.on('opentag', (tag: SaxesTagPlain) => {
      this.droppedLt = -1; // the tag it stood before (any text before it was reported first)
      this.openElement(tag);
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      this.droppedLt = -1;
      const end = this.at();
      this.markupEnd = end;
      if (tag.isSelfClosing) return;
      if (end !== this.lastEndTag) {
        this.lastEndTag = end;
        this.closedBySaxes.length = 0;
        this.closeElements(end);
      }
      this.closedBySaxes.push(tag);
    });
    parser.on('text', (data: string) => {
      // saxes reports text when it meets the next '<' (or the end): the run ends just before it.
      let end = parser.closed ? text.length : this.at() - 1;
      if (this.droppedLt >= 0) {
        if (this.droppedLt < end) end = this.droppedLt;
        this.droppedLt = -1;
      }
      const own = data.startsWith(this.synthesizedText) ? data.slice(this.synthesizedText.length) : data;
      this.synthesizedText = '';
      if (!own) return;
      // After a `<` saxes could not read as markup (`9<\r/size>`) the text goes on with no markup
      // between: the next part starts where the last ended, not again where the markup did.
      const start = Math.max(this.markupEnd, this.textEnd);
      this.textEnd = Math.max(start, end);
      const parent = this.stack[this.stack.length - 1];
      if (parent && holdsOnlyElements(parent.name) && isBlankText(own)) return;
      this.addText(own, { start, end: this.textEnd });
    });
    parser.on('cdata', (data: string) => {
      const end = this.at();
      const start = text.lastIndexOf('<![CDATA[', end);
      this.addText(data, { start: start < 0 ? this.markupEnd : start, end });
      this.markupEnd = end;
    });
    parser.on('comment', () => {
      if (this.repairedMarkupEnd >= 0) {
        this.markupEnd = this.repairedMarkupEnd;
        this.repairedMarkupEnd = -1;
        return;
      }
      // saxes reports a comment before it reads the final '>' of '-->'.
      const close = text.indexOf('-->', this.at() - 3);
      this.markupEnd = close < 0 ? this.at() : close + 3;
    });
    parser.on('processinginstruction', () => {
      this.markupEnd = this.at();
    });
    parser.on('error', (err: Error) => {
      this.readAnError = true;
      if (!this.everyRepair) throw ABANDONED;
      const position = this.at();
      const message = err.message.replace(/^\d+:\d+: /, '');
      if (message.startsWith('unmatched closing tag: ')) {
        this.recovered(position);
        this.synthesizedText += `</${message.slice('unmatched closing tag: '.length, -1)}>`;
        this.markupEnd = position;
        if (position !== this.lastEndTag) {
          this.lastEndTag = position;
          this.closeElements(position);
        } else {
          // saxes closed every open tag for it (closetag events at this position); our tree closed
          // none, or only the innermost for a mistyped name of it: saxes gets the others back, or
          // it would read each later start tag as a second root.
          this.parser.reopenTags(this.closedMistyped ? this.closedBySaxes.slice(1) : this.closedBySaxes);
          this.closedBySaxes.length = 0;
          this.closedMistyped = false;
        }
        return;
      }
      if (message.startsWith('documents may contain only one root')) return; // reported once, at the tag (openElement)
      if (message.startsWith('document must contain a root element')) return; // reported in words of ours, what the root is (finish: xml.noRoot)
      if (message.startsWith('duplicate attribute: ')) {
        const name = message.slice('duplicate attribute: '.length, -1);
        const first = this.parser.attributeValueRead(name);
        if (first !== undefined && !this.firstValues.has(name)) this.firstValues.set(name, first);
        return;
      }
      if (NESTING_MESSAGES.test(message)) {
        this.recovered(position);
        return;
      }
      // saxes keeps what a declaration after the start said (its version, encoding) and judges
      // the next one by it; a run primed at an element boundary knows none of it. From there on
      // the parse cannot be taken up again in the middle (fuzz, seed 3030 #9764).
      if (message.startsWith('an XML declaration must be at the start of the document')) this.recovered(position);
      // After an unmatched end tag saxes believes it is outside the root; our tree knows better.
      if (message.startsWith('text data outside of root node')) {
        if (this.stack.length) return;
        // saxes reports it where its scan of the text stopped: the next '<', or the end of the
        // chunk it was given, which depends on how an edit's re-read cut the text. The text's
        // first character is the same in every reading (and where the user looks).
        this.wf(outsideTextSpan(text, this.markupEnd, position), 'xml.notWellFormed', [message.replace(/\.$/, '')]);
        return;
      }
      // `<?XML …?>`: saxes reads a processing instruction of the reserved name, and says at its end
      // that the declaration must come first; the slip is the name's case, where it is written.
      const target = message.startsWith('the XML declaration must appear at the start') ? declarationTarget(text, position) : undefined;
      if (target && text.slice(target.start, target.end) !== 'xml') {
        this.wf(target, 'xml.declarationCase', [text.slice(target.start, target.end), 'xml']);
        return;
      }
      // A comment or CDATA section left open runs to the end of the text, where saxes says only
      // "unexpected end": the user looks for it where it starts.
      const said = message.replace(/\.$/, '');
      const open = said === 'unexpected end' ? openMarkupAtEnd(text, this.markupEnd) : undefined;
      if (open) {
        this.wf(open.span, open.id);
        this.endsInOpenMarkup = true;
        return;
      }
      // saxes says it at the character after the attribute; the user looks for it at the name.
      const valueless = said === 'attribute without value' ? valuelessAttributeName(text, position) : undefined;
      if (valueless) {
        this.wf(valueless, 'xml.attributeWithoutValue', [text.slice(valueless.start, valueless.end)]);
        return;
      }
      const span = errorSpan(text, message, position);
      // A `<` in a value (`comment="if x<3"`): saxes says only "disallowed character"; XML writes it &lt;.
      if (said === 'disallowed character' && text.charCodeAt(span.start) === 0x3c && this.parser.attributePart() === 'inValue') {
        this.parser.keepInAttributeValue('<'); // read as the user meant it, as &lt;
        this.wf(span, 'xml.ltInValue');
        return;
      }
      // `&nbsp;`, or an entity a DOCTYPE declares (never expanded): named, with what wei7 has instead.
      if (said === 'undefined entity') {
        this.wf(span, 'xml.undefinedEntity', [text.slice(span.start, span.end)]);
        return;
      }
      // saxes lists what the declaration may still hold, and after `standalone` that is nothing.
      this.wf(span, 'xml.notWellFormed', [said.trim() === 'expected one of' ? 'did not expect any more name/value pairs' : said]);
    });
  }

  private openElement(tag: SaxesTagPlain): void {
    if (this.firstValues.size > 0) {
      for (const [name, value] of this.firstValues) tag.attributes[name] = value;
      this.firstValues.clear();
    }
    const text = this.text;
    const end = this.at();
    // The tag's '<' is the first after the last markup and the text saxes read since (text holds
    // none: a '<' saxes read as text is in it, `<<pre>`); else the first '<' with the tag's name
    // after it (a stray '<' before the tag: `< <pre title="a</b>">`); the last '<' before the end
    // is another when the tag holds one by mistake (`<white x="8" <//>`).
    const first = text.indexOf('<', Math.max(this.markupEnd, this.textEnd));
    const lt = first >= 0 && first < end && text.startsWith(tag.name, first + 1) ? first : strayTagStart(text, tag.name, first, end);
    const nameStart = lt + 1;
    if (this.byIndentation) this.endOpenByIndentation(tag.name, lt);
    else if (this.recordsCreated && !this.indentationDisagrees && this.stack.length > 1) this.indentationDisagrees = this.endsByIndentation(this.stack[this.stack.length - 1], indentationBefore(this.text, lt));
    this.endOpenBeforeSibling(tag.name, lt);
    this.startTagLeftOut(tag.name, lt);
    const parent = this.stack[this.stack.length - 1];
    const attributeFindings: Finding[] = [];
    const element = newElement(
      tag.name,
      lt,
      end,
      readAttributes(text, nameStart + tag.name.length, end, tag.attributes, attributeFindings, this.everyRepair),
      parent,
      tag.isSelfClosing,
    );
    for (const f of attributeFindings) {
      this.findings.push(f);
      this.findingsAt.push(end);
    }
    if (this.recordsCreated) this.created.add(element);
    if (parent) this.childrenOf(parent).push(element);
    else if (!this.root) this.root = element;
    else if (!this.afterRootReported) {
      // saxes reports every later start tag ("documents may contain only one root"): once is the
      // user's mistake (a root end tag typed too early), the rest its consequences.
      this.afterRootReported = true;
      this.wf(element.nameSpan, 'xml.afterRoot', [element.name, this.root.name]);
    }
    if (!tag.isSelfClosing) this.stack.push(element);
    this.markupEnd = end;
  }

  /**
   * Ends the innermost open element before the start tag of `next` (at `lt`) when it holds only
   * attributes and `next` is its sibling (endsBeforeSibling): a forgotten `/` of `/>`. saxes
   * forgets it too, so the two stacks stay as one and the rest of the text reads as it would
   * have with the `/` (an edit's run can get back in step after it).
   */
  private endOpenBeforeSibling(next: string, lt: number): void {
    const stack = this.stack;
    const open = stack[stack.length - 1];
    const parent = stack[stack.length - 2];
    if (!open || !parent || !endsBeforeSibling(parent.name, open.name, next)) return;
    stack.pop();
    this.parser.forgetInnermostTag();
    finishElement(open, lt, lt, false);
    // Made where the element ends: a run that reads it again (or reads it closed) replaces it.
    this.wf(open.nameSpan, 'xml.unclosedBeforeSibling', [open.name, next], 'error', lt);
  }

  /**
   * A `<moves>` start tag left out before the start tag `name` at `lt`: of a variation, when a
   * <pre> (only ever a <moves>'s first child) comes after other children of a <moves>, or a move
   * is indented further than the element before it; of the game's moves, when an element only a
   * <moves> may hold comes in a <wei7> that holds none. Read so when the line is indented further
   * than the `</moves>` that closes after it (elements whose tags balance between), which is
   * indented as the element before it: the user's indentation says where the <moves> was meant.
   * It is then read as if its start tag stood, empty, just before the tag (ImpliedElementNode;
   * saxes is given it too), and the slip is one error there, not "pre not first" or "outside
   * <moves>" and every end tag after it read one element out. What decides lies from the element
   * around on: an edit from there reads the whole text (firstRecovery), and an edit's run that
   * meets one asks for the whole text too.
   */
  private startTagLeftOut(name: string, lt: number): void {
    const parent = this.stack[this.stack.length - 1];
    if (parent?.name !== 'moves' && parent?.name !== 'wei7') return;
    // Out of place whatever follows: a <pre> after other children of a <moves>; in <wei7>, an
    // element only a <moves> may hold, where no <moves> was read (after its <moves>, that one's end
    // tag was typed too early: reopenClosedEarly reads it).
    const outOfPlace = parent.name === 'moves' ? name === 'pre' && this.lastElementBefore(parent) !== undefined : belongsIn(name, 'wei7', 'moves') && !this.holdsElementBefore(parent, 'moves');
    // A move indented further than the one before it (below) matters to an edit's run and to the
    // runs that read every repair, not to a whole text's first run: it pays for no indentation at each tag.
    if (!outOfPlace && !(parent.name === 'moves' && (this.recordsCreated || this.everyRepair))) return;
    const indent = indentationBefore(this.text, lt);
    if (indent < 0) return;
    const sibling = this.lastElementBefore(parent);
    const siblingIndent = sibling === undefined ? -1 : indentationBefore(this.text, sibling.startTag.start);
    // Or a move (anything a <moves> may hold) indented further than the element before it: a
    // valid document holds that only when indented carelessly, and a user typing a new line's
    // indentation makes one at each keystroke. Read only where the text has an error (a </moves>
    // with no start tag makes one): in a whole text's run after its first, which met one (see
    // parseXmlRun); an edit's run that meets one and an end tag that does not match reads the
    // whole text instead (metDeeperMove).
    const deeper = !outOfPlace && parent.name === 'moves' && indentedFurther(name, indent, siblingIndent);
    if (deeper && this.recordsCreated) this.noteDeeperMove(parent, lt, indent, siblingIndent);
    if (!(outOfPlace || (deeper && this.everyRepair && !this.recordsCreated)) || this.readOutOfPlace.has(parent)) return;
    // Only the first such element in an element is read so: were a start tag left out before a
    // later one, the first would be read in what it opened too. Each would read ahead (20,000
    // <pre>s: 4 million tags). One read so is no longer in the element.
    // A whole text's first run (parseXmlRun) reads no slips: it hands the text to a run that reads
    // every one, where a slip before this one (an end tag typed too early) is read first.
    if (!this.everyRepair) {
      this.metSlip = true;
      throw ABANDONED;
    }
    if (this.recordsCreated) this.metOutOfPlace = true;
    this.readOutOfPlace.add(parent);
    // Read so or not, what decides lies after here.
    this.recovered(lt);
    if (!this.closesAsLeftOut(parent, lt, indent, siblingIndent, deeper)) return;
    if (this.recordsCreated) {
      this.needsWholeText = true;
      return;
    }
    this.recovered(parent.startTag.end);
    this.readOutOfPlace.delete(parent);
    const moves = new ImpliedElementNode('moves', lt, parent);
    parent.children.push(moves);
    this.stack.push(moves);
    this.parser.openTagBeforeThis({ name: 'moves', attributes: {}, isSelfClosing: false });
    this.wf(nameOfElementAt(lt, name), 'xml.startTagLeftOut', ['moves', name]);
  }

  /**
   * In an edit's run: a move at `lt` in `parent` (open innermost), indented `indent`, further than
   * the element before it (metDeeperMove, metDeeperMoveReadAsLeftOut).
   */
  noteDeeperMove(parent: XmlElement, lt: number, indent: number, siblingIndent: number): void {
    this.metDeeperMove = true;
    if (!this.metDeeperMoveReadAsLeftOut) this.metDeeperMoveReadAsLeftOut = this.closesAsLeftOut(parent, lt, indent, siblingIndent, true);
  }

  /**
   * Whether the end tags after the start tag at `lt` (indented `indent`) say that a `<moves>` was
   * left out before it (startTagLeftOut): the `</moves>` that closes after it (elements whose tags
   * balance between) is indented as the element before it, the one the <moves> would have followed
   * (not merely less than it: a text indented in part, as the fuzz made one of a formatted text,
   * seed 777 #186); after a move indented further (`deeper`), the <moves> around's own end tag
   * follows too, indented as its start tag (a document whose end tags are indented as their
   * children is read as written), and the end tags after it do not contradict the reading: read
   * so, each element around up to the first that is not a `<moves>` ends at the next end tag; read
   * as written, each ends one end tag earlier. A text whose end tags match as written there is
   * read as written, whatever error it has elsewhere (fuzz seed 3001 #15085: a `[` typed in the first move
   * made a valid variation at the end read as opening a `<moves>`, and its line then unclosed).
   */
  private closesAsLeftOut(parent: XmlElement, lt: number, indent: number, siblingIndent: number, deeper: boolean): boolean {
    const found = endTagsAhead(this.text, lt, deeper ? ['moves', ...this.namesOutwardFrom(parent)] : ['moves']);
    const ends = found.at;
    if (deeper && (found.mismatched || ends.length < 2 || indentationBefore(this.text, ends[1]) !== indentationBefore(this.text, parent.startTag.start))) return false;
    if (ends.length === 0) return false;
    const endIndent = indentationBefore(this.text, ends[0]);
    return endIndent >= 0 && endIndent < indent && endIndent === siblingIndent;
  }

  /**
   * The names of the open elements from `element` outwards, up to the first that is not a
   * `<moves>` (at most as many as endTagsAhead reads tags): the end tags a `<moves>` read as left
   * out inside `element` would have to be followed by.
   */
  private namesOutwardFrom(element: XmlElement): string[] {
    const names: string[] = [];
    for (let i = this.stack.lastIndexOf(element); i >= 0 && names.length < TAGS_AHEAD; i--) {
      const name = this.stack[i].name;
      names.push(name);
      if (name !== 'moves') break;
    }
    return names;
  }

  /** The last element `element` holds, read before the tag being read (in an edit's run, an old one before the run if it made none). */
  private lastElementBefore(element: XmlElement): XmlElement | undefined {
    const made = this.childrenOf(element);
    for (let i = made.length - 1; i >= 0; i--) {
      const item = made[i];
      if (item.kind === 'element') return item;
    }
    if (!this.madeInOpen.has(element)) return undefined;
    // The old children, in text order: the last one before the run's start found by halving (an
    // edit near the start of a 50,000-move line read them all from the end at each keystroke).
    const old = element.children;
    let low = 0;
    let high = old.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (old[mid].span.end <= this.start) low = mid + 1;
      else high = mid;
    }
    for (let i = low - 1; i >= 0; i--) {
      const item = old[i];
      if (item.kind === 'element') return item;
    }
    return undefined;
  }

  /** Whether `element` holds an element of that name read before the tag being read (in an edit's run, the old ones before the run too). */
  private holdsElementBefore(element: XmlElement, name: string): boolean {
    const isElement = (item: XmlElement | XmlText): boolean => item.kind === 'element' && item.name === name;
    if (this.childrenOf(element).some(isElement)) return true;
    return this.madeInOpen.has(element) && element.children.some((item) => isElement(item) && item.span.end <= this.start);
  }

  /**
   * Ends the open elements (not the root) whose start tag begins a line indented as far as the line
   * the start tag at `lt` begins, or further: indented as its sibling or as a sibling of an element
   * around, it is none of their children, and their end tags were left out before it. Only in the
   * reading by indentation (parseXmlRun), of a text whose end tags do not match otherwise. saxes
   * forgets them too, so that the end tags after read as the user meant.
   */
  private endOpenByIndentation(next: string, lt: number): void {
    const indent = indentationBefore(this.text, lt);
    const stack = this.stack;
    while (stack.length > 1) {
      const open = stack[stack.length - 1];
      if (!this.endsByIndentation(open, indent)) return;
      stack.pop();
      this.parser.forgetInnermostTag();
      finishElement(open, lt, lt, false);
      this.endedByIndentation++;
      this.firstEndedByIndentation = Math.min(this.firstEndedByIndentation, open.startTag.start);
      (this.endedAt ??= new Map()).set(open.startTag.start, lt);
      this.wf(open.nameSpan, 'xml.unclosedByIndentation', [open.name, next], 'error', lt);
    }
  }

  /**
   * Whether `open` ends before a start tag that begins a line indented by `indent` (-1: it does
   * not begin its line): `open` begins its line, indented as far or further, and the first element
   * it holds is indented further than it (the text is indented to show what holds what).
   */
  private endsByIndentation(open: XmlElement, indent: number): boolean {
    if (indent < 0) return false;
    const own = this.indentationOf(open);
    if (own < indent) return false;
    const first = this.firstChildElement(open);
    return first !== undefined && this.indentationOf(first) > own;
  }

  /** indentationBefore of `element`'s start tag (a line of a million spaces before an element of a million children is read once). */
  private indentationOf(element: XmlElement): number {
    let indent = this.indentations.get(element);
    if (indent === undefined) {
      indent = indentationBefore(this.text, element.startTag.start);
      this.indentations.set(element, indent);
    }
    return indent;
  }

  /** The first element `element` holds, read by this run or before where it started (where the old ones have the new text's offsets). */
  private firstChildElement(element: XmlElement): XmlElement | undefined {
    // An element open at the run's start: its old children, then what the run made in it (childrenOf).
    const made = this.madeInOpen.get(element);
    for (const item of element.children) {
      if (item.kind !== 'element') continue;
      if (!made || item.span.end <= this.start) return item;
      break;
    }
    for (const item of made ?? []) if (item.kind === 'element') return item;
    return undefined;
  }

  /**
   * Notes (indentationDisagrees) when an edit's run leaves `element` open and an element it holds
   * begins a line indented as `element`'s sibling: the reading by indentation would end it there.
   */
  private noteLeftOpen(element: XmlElement): void {
    if (!this.recordsCreated || this.indentationDisagrees) return;
    const own = this.indentationOf(element);
    if (own < 0) return;
    const made = this.madeInOpen.get(element);
    const items = made ? [...element.children.filter((item) => item.span.end <= this.start), ...made] : element.children;
    let deeper = false;
    for (const item of items) {
      if (item.kind !== 'element') continue;
      const indent = indentationBefore(this.text, item.startTag.start);
      if (indent > own) deeper = true;
      else if (deeper && indent >= 0) {
        this.indentationDisagrees = true;
        return;
      }
    }
  }

  /** How many findings say that end tags do not match the elements open (each a nesting the text leaves unclear). */
  nestingFindings(): number {
    return countNestingFindings(this.findings);
  }

  /**
   * The open elements from `from` on (in the stack) that end before an element only their parent
   * may hold (endBeforeOuterChild), outermost first: an element moved out of one left open may
   * be left open itself (two <size>s).
   */
  private endBeforeOuterChildren(from: number): Set<XmlElement> {
    const ended = new Set<XmlElement>();
    for (let i = from; i < this.stack.length; i++) if (this.endBeforeOuterChild(this.stack[i])) ended.add(this.stack[i]);
    return ended;
  }

  /**
   * An element left open (its end tag forgotten) that holds an element it may not hold but its
   * parent (`outer`) may (`<moves>` in a `<game>` whose `</game>` is missing): it ends before that element, which
   * goes to `outer` with everything after it, as the user meant; one finding, not one for every
   * element read into it (docs/spec-readings.md). Known only at `outer`'s end tag (or the text's end): a whole
   * text's run moves them; an edit's run asks for the whole text to be read (needsWholeText),
   * as the incremental paths cannot see a tree rebuilt so far back.
   */
  private endBeforeOuterChild(unclosed: XmlElement): boolean {
    const outer = unclosed.parent;
    if (!outer) return false;
    const belongs = (child: XmlElement | XmlText): boolean => child.kind === 'element' && belongsIn(child.name, unclosed.name, outer.name);
    const children = this.childrenOf(unclosed);
    const at = children.findIndex(belongs);
    if (this.recordsCreated) {
      // An element open at the run's start holds what the run made apart from its old children (childrenOf).
      if (at >= 0 || unclosed.children.some(belongs)) this.needsWholeText = true;
      return false;
    }
    if (at < 0) return false;
    const moved = children.splice(at);
    const lt = moved[0].span.start;
    finishElement(unclosed, lt, lt, false);
    const outerChildren = this.childrenOf(outer);
    for (const item of moved) {
      if (item.kind === 'element') setParent(item, outer);
      outerChildren.push(item);
    }
    this.recovered(lt);
    (this.endedAt ??= new Map()).set(unclosed.startTag.start, lt);
    this.wf(unclosed.nameSpan, 'xml.unclosedBeforeElement', [unclosed.name, (moved[0] as XmlElement).name], 'error', lt);
    return true;
  }

  /**
   * An end tag `</name>` (from `start` to `end`) that matches no open element, after an element of
   * that name in `parent` closed too early (`</moves>` typed before the last moves): when every
   * element after that one may be held by it, and one at least by it only (belongsIn), they are read in it
   * and it ends here; the earlier end tag is the one error (`xml.endTagEarly`), not every element
   * after it and this end tag. Known only at this end tag: as for endBeforeOuterChild, a whole
   * text's run moves them, an edit's run asks for the whole text to be read.
   */
  private reopenClosedEarly(parent: XmlElement, name: string, start: number, end: number): 'reopened' | 'startTagMissing' | 'no' {
    if (!holdsOnlyElements(name) || !mayHold(parent.name, name)) return 'no';
    // Whatever this decides depends on every child of `parent` read before it (an edit there may
    // make or unmake the element closed too early), which a re-read that gets back in step before
    // this end tag would not see: from there on the text is read whole (firstRecovery).
    this.recovered(parent.startTag.end);
    const children = this.childrenOf(parent);
    if (this.recordsCreated) {
      // What it decides depends on the old children of an element open at the run's start too (childrenOf holds what the run made).
      this.needsWholeText = true;
      return 'no';
    }
    // The earliest element of that name after which every element may be held by it (a
    // variation's <moves> too), and one at least by it only. Children are only appended while
    // their parent is open: what was read of them before is not read again (a run of stray end
    // tags, each after one more child, would make the text quadratic).
    let scan = this.earlyEndScan;
    if (!scan || scan.parent !== parent || scan.name !== name || scan.count > children.length) {
      scan = { parent, name, count: 0, candidate: -1, belongs: false, belongsSinceBarrier: false };
      this.earlyEndScan = scan;
    }
    for (; scan.count < children.length; scan.count++) {
      const item = children[scan.count];
      if (item.kind !== 'element') continue;
      if (mayHold(name, item.name)) scan.belongsSinceBarrier ||= belongsIn(item.name, parent.name, name);
      else scan.belongsSinceBarrier = false;
      if (scan.candidate >= 0 && mayHold(name, item.name)) {
        scan.belongs ||= belongsIn(item.name, parent.name, name);
        continue;
      }
      // Before any, or after one the element may not hold: only an element of that name, closed by its own end tag, starts again.
      scan.candidate = item.name === name && item.closed && item.span.end !== item.startTag.end ? scan.count : -1;
      scan.belongs = false;
    }
    const at = scan.belongs ? scan.candidate : -1;
    // No element of that name before them: its start tag was left out (read so for <moves> only, as the children's check reports it).
    if (at < 0) return scan.candidate < 0 && scan.belongsSinceBarrier && name === 'moves' ? 'startTagMissing' : 'no';
    const early = children[at] as XmlElement;
    const earlyEnd = early.contentSpan.end;
    const earlyName = endTagNameSpan(this.text, earlyEnd, early.span.end);
    const moved = children.splice(at + 1);
    for (const item of moved) {
      if (item.kind === 'element') setParent(item, early);
      early.children.push(item);
    }
    finishElement(early, start, end, true);
    this.earlyEndScan = undefined;
    this.recovered(earlyEnd);
    const first = moved.find((item) => item.kind === 'element') as XmlElement;
    this.wf(earlyName, 'xml.endTagEarly', [name, first.name], 'error', earlyEnd);
    return 'reopened';
  }

  private addText(data: string, span: Span): void {
    const parent = this.stack[this.stack.length - 1];
    const node: XmlText = new TextNode(detached(data), span); // kept across edits: see util/strings.ts
    if (parent) this.childrenOf(parent).push(node);
  }

  /**
   * Handles the end tag that ends at `end`: closes the matching open element, if any.
   * `closesMisspelt`: it closes the innermost, misspelt (CLOSES_MISSPELT), whatever else it matches.
   */
  private closeElements(end: number, closesMisspelt = false): void {
    const text = this.text;
    const stack = this.stack;
    const start = text.lastIndexOf('</', end - 2);
    const repaired = this.repairedEndTag?.end === end ? this.repairedEndTag.name : undefined;
    const nameSpan = repaired ?? endTagNameSpan(text, start, end);
    const name = text.slice(nameSpan.start, nameSpan.end);
    this.closedMistyped = false;
    let depth = closesMisspelt ? -1 : stack.length - 1;
    while (depth >= 0 && stack[depth].name !== name) depth--;
    if (depth < 0) {
      this.recovered(end);
      const open = stack[stack.length - 1];
      const early = open && !closesMisspelt ? this.reopenClosedEarly(open, name, start, end) : 'no';
      if (early === 'reopened') return;
      // `</moves>` after moves its start tag was left out of: the check of <wei7>'s children
      // reports that, once (xml.outsideMoves); this end tag follows from it.
      if (open) {
        if (early !== 'startTagMissing') this.wf(nameSpan, 'xml.endTagMismatch', [name, open.name]);
        // Which element the reading by indentation would leave open here is the whole text's to say.
        if (this.recordsCreated) this.indentationDisagrees = true;
      } else if (!this.afterRootReported) {
        // After the root's end, what follows was reported once (afterRoot).
        this.wf(nameSpan, 'xml.endTagUnmatched', [name]);
      }
      // A misspelling of the innermost element's name (`</gmae>`): it ends that element, so that
      // the elements after it are read where they stand (saxes is told the same: see 'error').
      if (open && nearMiss(name, [open.name]) !== undefined) {
        this.closedMistyped = true;
        finishElement(stack.pop() as XmlElement, start, end, true);
      }
      return;
    }
    const endedBefore = this.endBeforeOuterChildren(depth + 1);
    while (stack.length - 1 > depth) {
      this.recovered(end);
      const unclosed = stack.pop() as XmlElement;
      if (endedBefore.has(unclosed)) continue;
      finishElement(unclosed, start, start, false);
      // Made where the element ends (the end tag's start): a run that reads the element again up
      // to there, and gets back in step, replaces it (a "/" typed back into its start tag).
      this.wf(unclosed.nameSpan, 'xml.unclosed', [unclosed.name, name], 'error', start);
      this.noteLeftOpen(unclosed);
    }
    finishElement(stack.pop() as XmlElement, start, end, true);
  }
}

/** Whether a start tag (`<` and a name) follows `end` on its line, after spaces and tabs only. */
function startTagRightAfter(text: SourceText, end: number): boolean {
  let at = end;
  for (let c = text.charCodeAt(at); c === 0x20 || c === 0x09; c = text.charCodeAt(at)) at++;
  if (text.charCodeAt(at) !== 0x3c /* < */) return false;
  const c = text.charCodeAt(at + 1);
  return c !== 0x2f /* / */ && c !== 0x21 /* ! */ && c !== 0x3f /* ? */ && c > 0x20;
}

/** A comment or CDATA section that starts after the last markup (`from`) and is never closed: its opening `<!--` or `<![CDATA[`. */
function openMarkupAtEnd(text: SourceText, from: number): { readonly span: Span; readonly id: MessageId } | undefined {
  const lt = text.indexOf('<', from);
  if (lt < 0) return undefined;
  if (text.startsWith('<!--', lt) && text.indexOf('-->', lt + 4) < 0) return { span: { start: lt, end: lt + 4 }, id: 'xml.commentNotClosed' };
  if (text.startsWith('<![CDATA[', lt) && text.indexOf(']]>', lt + 9) < 0) return { span: { start: lt, end: lt + 9 }, id: 'xml.cdataNotClosed' };
  return undefined;
}

/** The target of the processing instruction that ends at `end` (`xml` in any case, as saxes judged it), when it starts the text. */
function declarationTarget(text: SourceText, end: number): Span | undefined {
  const lt = text.lastIndexOf('<?', end);
  if (lt !== (text.charCodeAt(0) === 0xfeff ? 1 : 0)) return undefined;
  const start = lt + 2;
  return text.slice(start, start + 3).toLowerCase() === 'xml' ? { start, end: start + 3 } : undefined;
}

/** Where a tag starts when something other than it comes first after the last markup (see openElement). */
function strayTagStart(text: SourceText, name: string, first: number, end: number): number {
  const named = first >= 0 && first < end ? text.indexOf(`<${name}`, first) : -1;
  return named >= 0 && named < end ? named : text.lastIndexOf('<', end - 1);
}

/**
 * The first character that is not XML white space in the text outside the root that saxes
 * reported at `position` (the '<' of a CDATA section there, too); saxes's place if none is found.
 */
function outsideTextSpan(text: SourceText, from: number, position: number): Span {
  for (let i = from; i < position; i++) if (!isXmlSpace(text.charCodeAt(i))) return { start: i, end: i + 1 };
  return errorSpan(text, '', position);
}

/**
 * The XML declaration the text starts with (after a byte order mark), or '': as the parse of the
 * whole text gave it to saxes (one never closed before the next `<` with its `?>`: markupRepairs.ts).
 */
function xmlDeclaration(text: SourceText): string {
  const at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('<?xml', at) || !/[ \t\r\n]/.test(text.slice(at + 5, at + 6))) return '';
  const repair = repairAt(text, 'question', at);
  if (repair) {
    // Closed by the repair (`?>` given), or its values repaired and the rest of it as written.
    const repaired = text.slice(at, at + repair.keep) + repair.write;
    const rest = at + repair.keep + repair.skip;
    const close = text.indexOf('?>', rest);
    return repaired.endsWith('>') || close < 0 ? repaired : repaired + text.slice(rest, close + 2);
  }
  const end = text.indexOf('?>', at);
  return end < 0 ? '' : text.slice(at, end + 2);
}

/* ---------- after an edit ---------- */

/** The parse of a whole text, with what an edit needs of it. */
export interface XmlParse {
  readonly root: XmlElement | undefined;
  readonly findings: Finding[];
  /** Where the parse was when it made each finding (parallel to findings). */
  readonly findingsAt: number[];
  /**
   * Whether the whole text's parse reads the text with every repair: its first run met an error, an
   * element out of place or an end tag that does not match (parseXmlRun). Only such a run reads a
   * move indented further than the element before it as a `<moves>` left out (XmlRun.startTagLeftOut),
   * so that reading hangs on every error of the text, wherever it is. Undefined: an edit's reparse
   * could not tell (reparseXml).
   */
  readonly everyRepairRead: boolean | undefined;
  /**
   * Whether the tree holds what a run reading every repair reads otherwise than a first run (so
   * that everyRepairRead decides its reading): an element of a <moves> beginning a line indented
   * further than the element before it, a `<moves>` read as left out, or an element out of place
   * (which makes a first run hand the text over: a <pre> after other children, an element only a
   * <moves> may hold in a <wei7> before its <moves>). Undefined: not known (a whole text's parse
   * does not work it out; an edit's reparse does, from its tree, when it needs to know).
   */
  readonly everyRepairMatters?: boolean;
  /** Where the tree and saxes's own stack first parted; Infinity if they never did. */
  readonly firstRecovery: number;
  /**
   * End tags did not match the elements open, and the reading by indentation (parseXmlRun) parts
   * from the other here, whether it was taken or not: an edit's run that reads so far reads the
   * whole text instead, as an edit there may change which is taken. Undefined: nowhere.
   */
  readonly nestingUnclearFrom?: number;
  /**
   * Elements whose children still owe an edit's move (ElementNode.deferTailMove): reading their
   * children writes it; settleTails writes them all, for a reader of element spans that does not
   * come to them through their parents.
   */
  readonly pendingTails?: readonly ElementNode[];
}

/** Writes every move the parse left to do into its elements' spans (see XmlParse.pendingTails). */
export function settleTails(parse: XmlParse): void {
  for (const element of parse.pendingTails ?? []) element.settleTail();
}

/** The old parse's elements still owing a move, and `deferredIn` when it does. */
function tailsPending(old: XmlParse, deferredIn?: XmlElement): ElementNode[] {
  const pending = (old.pendingTails ?? []).filter((element) => element.hasPendingTail());
  if (deferredIn instanceof ElementNode && deferredIn.hasPendingTail() && !pending.includes(deferredIn)) pending.push(deferredIn);
  return pending;
}

/**
 * A whole text is read first without looking for the mistakes that take a search of every `<`,
 * `=`, `</` or full-width quote (markupRepairs.ts: ~0.1–0.9 ms each on a 10k-move game, ~7% of
 * its check together): saxes reports an error at each of them, so a text it reads without one
 * holds none, and is read as a run looking for them would read it. Read again looking for them
 * after any error, or when the first run met a slip that saxes reads without one (a start tag
 * left out: XmlRun.startTagLeftOut). An edit's run reads a short window and always looks for all of them.
 */
export function parseXmlRun(text: SourceText, contentStart: number, readsPlainMoves = true): XmlParse {
  let run = new XmlRun(text, contentStart, [], false, false, readsPlainMoves);
  run.finish(contentStart);
  // End tags that do not match (elements left open, saxes reports none of them) are an error too:
  // the readings of slips around them (an end tag typed early or inside) are made by the second
  // run, whether or not the text has another error (the fuzz, seed 26262: an edit elsewhere that
  // made one changed how a far `</moves>` was read).
  const everyRepairRead = run.readAnError || run.metSlip || run.nestingFindings() > 0;
  if (everyRepairRead) {
    run = new XmlRun(text, contentStart);
    run.finish(contentStart);
  }
  const nesting = run.nestingFindings();
  // Elements left open that the run ended before an element they may not hold (endBeforeOuterChild).
  const endedBefore = run.endedAt?.size ?? 0;
  if (nesting > 0 || endedBefore > 0) {
    // End tags that match no element, or elements left open: read again with the indentation as
    // a person reads it (an element ends before a line indented as its sibling), and taken when
    // that leaves every end tag matched with no more elements ended than findings it removes.
    // An element ended before one it may not hold is ended there by indentation too, when the
    // text is indented: that reading is taken only when it ends one earlier (`</pre>` left out,
    // and moves indented as the pre's siblings before a variation: they are moves, not stones).
    const byIndentation = new XmlRun(text, contentStart, [], true, true);
    byIndentation.finish(contentStart);
    const ended = byIndentation.firstEndedByIndentation;
    if (ended < Infinity && (nesting > 0 || endsEarlier(byIndentation, run))) {
      // What decides the reading by indentation, and whether it is taken, lies after there: an
      // edit's run that reads so far, or meets end tags that do not match, reads the whole text
      // instead (reparseXml).
      // Where the first end tag that does not match was read (an element left open is reported at its name, but read there).
      let firstNesting = ended;
      run.findings.forEach((f, i) => {
        if (NESTING_FINDINGS.has(f.message.id) || f.message.id === 'xml.unclosedBeforeElement') firstNesting = Math.min(firstNesting, run.findingsAt[i]);
      });
      const unclearFrom = Math.min(ended, firstNesting);
      if (byIndentation.nestingFindings() === 0 && byIndentation.endedByIndentation <= nesting + endedBefore) {
        return { root: byIndentation.root, findings: byIndentation.findings, findingsAt: byIndentation.findingsAt, firstRecovery: Math.min(byIndentation.firstRecovery, unclearFrom), nestingUnclearFrom: unclearFrom, everyRepairRead };
      }
      return { root: run.root, findings: run.findings, findingsAt: run.findingsAt, firstRecovery: run.firstRecovery, nestingUnclearFrom: unclearFrom, everyRepairRead };
    }
  }
  return { root: run.root, findings: run.findings, findingsAt: run.findingsAt, firstRecovery: run.firstRecovery, everyRepairRead };
}

function indexOrInfinity(index: number): number {
  return index < 0 ? Infinity : index;
}

/** Whether `reading` ends an element that `other` ended too (by its start tag) before `other` does. */
function endsEarlier(reading: XmlRun, other: XmlRun): boolean {
  for (const [start, end] of reading.endedAt ?? []) {
    const otherEnd = other.endedAt?.get(start);
    if (otherEnd !== undefined && end < otherEnd) return true;
  }
  return false;
}

/** What reparseXml changed in the tree, for the steps after parsing. */
export interface XmlReparse extends XmlParse {
  /** The elements the edit's run made; every other element of the tree was there before (its spans moved). */
  readonly created: ReadonlySet<XmlElement>;
  /** The element the run started in, and the elements around it: their children changed. */
  readonly enclosing: readonly XmlElement[];
  /** The old items the run read again (replaced by what it made), in text order. */
  readonly replaced: readonly (XmlElement | XmlText)[];
  /**
   * When the run got back in step: the items it made in their place (children of the innermost
   * enclosing element, in text order). Undefined when it read on to the end.
   */
  readonly replacements?: readonly (XmlElement | XmlText)[];
  /** Where the run started: the end of the element before the first item it made (or of the start tag around it). */
  readonly readFrom: number;
  /** The index among the innermost enclosing element's children of the first item the run made. */
  readonly replacementsAt: number;
  /** How many of `replaced` were the innermost enclosing element's children (the first ones); the others were in the elements around it, after it. */
  readonly replacedInner: number;
  /** The offsets of the old text at or after which everything kept moved, and by how much. */
  readonly movedFrom: number;
  readonly delta: number;
}

/**
 * Told where the kept part of the tree starts moving, once the run knows: every offset at or after
 * `from` moves by `delta`. Returns that shift, which the reparse applies to the tree (each span object
 * of the tree once; the tree's spans and the findings' are not shared).
 */
export type MakeShift = (from: number, delta: number) => SpanShift;

/**
 * The parse of `text` (the old text with `change` applied) from the previous parse `old`, which
 * this takes over (its tree is changed in place): saxes runs from the last element boundary
 * before the change to the first one after it where it is back in step with the old parse (or to
 * the end), the elements it made replace the old ones there, and everything after moves by the
 * change's length. Undefined when the change is not inside the root's content, or the old parse
 * was out of step with saxes before it (then the caller parses the whole text).
 * `valueSpansOnlyIn` tells the elements whose attributes' value spans nothing but the element holds
 * (every reader reads them through its `attributes`): theirs move when next read (ElementBase.moveOwnSpans).
 */
export function reparseXml(
  old: XmlParse,
  change: { readonly start: number; readonly end: number; readonly text: string },
  text: SourceText,
  makeShift: MakeShift,
  valueSpansOnlyIn: (element: XmlElement) => boolean = () => false,
): XmlReparse | undefined {
  const root = old.root;
  if (!root) return undefined;
  // End tags that did not match: from there the whole text's parse decides by every line's indentation (parseXmlRun).
  const unclearFrom = old.nestingUnclearFrom ?? Infinity;
  // A comment read to its line's end because no `-->` followed it (markupRepairs.ts): any later edit may type one.
  if (old.findings.some((f) => f.message.id === 'xml.commentNotClosedOnLine' && f.span.start < change.start)) return undefined;
  const delta = change.text.length - (change.end - change.start);
  const enclosing = enclosingElements(root, change.start, change.end);
  if (!enclosing) return undefined;
  const parent = enclosing[enclosing.length - 1];
  const startIndex = windowStart(parent, change.start);
  const before = parent.children[startIndex - 1] as XmlElement | undefined;
  const from = before ? before.span.end : parent.startTag.end;
  // saxes must have been in step there: no nesting recovery yet, and the tags it reads again (the
  // open elements' start tags) and the tag it starts after were read without a problem.
  if (old.firstRecovery <= from || unclearFrom <= from || (before && !readCleanly(old, endTagOf(before)))) return undefined;
  if (enclosing.some((element) => !readCleanly(old, element.startTag))) return undefined;

  // The old items stay where they are while the run reads (it puts what it makes in the elements
  // open at its start into lists of its own): they are what it compares with, and most of them stay.
  const children = parent.children;
  // The run is primed with the enclosing elements themselves and closes them when it reads their
  // end tags: how the old parse ended the innermost one is read before the run starts.
  const parentBefore: OldEnd = { end: parent.span.end, closed: parent.closed, endTag: endTagOf(parent), span: parent.span, contentSpan: parent.contentSpan };
  const run = new XmlRun(text, from, enclosing);
  let resumeAt = -1;
  for (let i = startIndex; i < children.length && resumeAt < 0; i++) {
    const item = children[i];
    if (item.kind !== 'element' || item.span.end < change.end || item.span.end <= from) continue;
    const oldEnd = item.span.end;
    if (old.firstRecovery <= oldEnd) break; // the old parse was out of step there: no telling
    run.feed(oldEnd + delta);
    // Only an element closed by its own end tag (or by itself): one the old parse closed at another's
    // end tag ended where that tag's findings were made, which a run stopping there would not make.
    if (!item.closed || !readCleanly(old, endTagOf(item))) continue;
    if (run.inStepAt(oldEnd + delta, enclosing)) resumeAt = i + 1;
  }
  // No element after the edit got back in step (typing at the end of a line of moves): the
  // innermost enclosing element's own end tag may, with the elements around it open as before.
  const closedAgain = resumeAt < 0 && backInStepAtEnd(old, run, enclosing, parentBefore, delta);
  if (closedAgain) resumeAt = children.length;
  if (resumeAt < 0) run.finish(0);
  // The reading by indentation, which the whole text's parse makes when end tags do not match, may read this differently.
  if (run.needsWholeText || readByIndentationAfter(run, text, old, enclosing, from)) return undefined;
  // A move indented further than the one before it, and an end tag that does not match: a whole
  // text's run may read a start tag left out there (XmlRun.startTagLeftOut).
  if (run.metDeeperMove && run.nestingFindings() > 0) return undefined;
  if (unclearFrom < Infinity && (resumeAt < 0 || run.nestingFindings() > 0)) return undefined;
  if (resumeAt < 0) {
    // Everything after the run's start in each enclosing element was read again.
    const replaced = children.splice(startIndex);
    const replacedInner = replaced.length;
    for (const item of run.madeIn(parent)) children.push(item);
    for (let i = enclosing.length - 2; i >= 0; i--) {
      const outer = enclosing[i].children;
      const outerTail = outer.splice(outer.indexOf(enclosing[i + 1]) + 1);
      for (const item of outerTail) replaced.push(item);
      for (const item of run.madeIn(enclosing[i])) outer.push(item);
    }
    const { findings, findingsAt } = findingsBefore(old, from, run);
    const reading = readingOfIndentedMoves(old, run, root, findings, false, text);
    if (!reading) return undefined;
    return { root, findings, findingsAt, firstRecovery: run.firstRecovery, ...reading, created: run.created, enclosing, replaced, readFrom: from, replacementsAt: startIndex, replacedInner, movedFrom: text.length + 1, delta: 0, pendingTails: tailsPending(old) };
  }

  // Back in step at the end of children[resumeAt - 1] (or of the enclosing element): the rest of the old tree stays, moved.
  const readTo = closedAgain ? closedAgain.oldEnd : (children[resumeAt - 1] as XmlElement).span.end;
  if (readTo >= unclearFrom) return undefined;
  const replacements = [...run.madeIn(parent)];
  // The element it got back in step at, when it lies wholly after the edit and the run made it
  // at its moved place, was read from the same text in the same state (no recovery, the same
  // elements open): the old one stays, moved, with what was built from it (a variation's nodes).
  const keepFrom = !closedAgain && keepsLastElement(children[resumeAt - 1] as XmlElement, replacements, change.end, delta) ? resumeAt - 1 : resumeAt;
  if (keepFrom < resumeAt) replacements.pop();
  const movedFrom = keepFrom < resumeAt ? children[keepFrom].span.start : readTo;
  const shift = makeShift(movedFrom, delta);
  // An edit that keeps the length moves nothing after it: no walk of the rest of the tree. What
  // follows in the elements around moves now; what follows in the innermost one (the rest of a
  // line of moves, thousands) when its children are next read (ElementNode.deferTailMove).
  if (delta !== 0) {
    for (let i = 0; i < enclosing.length - 1; i++) {
      const outer = enclosing[i].children;
      shiftItems(outer, outer.indexOf(enclosing[i + 1]) + 1, shift, valueSpansOnlyIn);
    }
  }
  const replaced = children.slice(startIndex, keepFrom);
  replaceRun(children, startIndex, replaced.length, replacements);
  const tailFrom = startIndex + replacements.length;
  // Read before the kept children move: their offsets are still the old text's here.
  const keptFurther = firstKeptIndentedFurther(text, parent, tailFrom, delta);
  const keptIndentedFurther = keptFurther !== undefined;
  // The run stopped before that move, but the element before it may be new (a start tag left open
  // that now runs on over the next move on its line: fuzz seed 3303 #3086): a whole text's run may
  // read a `<moves>` left out before it, as before a move the run read.
  if (keptFurther) run.noteDeeperMove(parent, keptFurther.start, keptFurther.indent, keptFurther.beforeIndent);
  if (parent instanceof ElementNode) parent.deferTailMove(tailFrom, delta, valueSpansOnlyIn);
  else if (delta !== 0) shiftItems(children, tailFrom, shift, valueSpansOnlyIn);
  for (const element of closedAgain ? enclosing.slice(0, -1) : enclosing) {
    if (element.span !== element.startTag) moveSpan(element.span, shift);
    moveSpan(element.contentSpan, shift);
  }
  if (closedAgain) closedAgain.keepSpanObjects();
  const { findings, findingsAt } = findingsBefore(old, from, run);
  // The run's findings stand up to where it stopped reading, the old ones after it.
  old.findings.forEach((f, i) => {
    const at = old.findingsAt[i];
    if (at > readTo) {
      moveSpan(f.span, shift);
      findings.push(f);
      findingsAt.push(at + delta);
    }
  });
  const firstRecovery = old.firstRecovery === Infinity ? Infinity : old.firstRecovery + delta;
  const nestingUnclearFrom = unclearFrom === Infinity ? undefined : unclearFrom + delta;
  const reading = readingOfIndentedMoves(old, run, root, findings, keptIndentedFurther, text);
  if (!reading) return undefined;
  return { root, findings, findingsAt, firstRecovery, nestingUnclearFrom, ...reading, created: run.created, enclosing, replaced, replacements, readFrom: from, replacementsAt: startIndex, replacedInner: replaced.length, movedFrom, delta, pendingTails: tailsPending(old, parent) };
}

/** The findings of errors saxes reports, in words of ours: a whole text's first run meets them too. */
const SAXES_ERRORS: ReadonlySet<string> = new Set(['xml.notWellFormed', 'xml.ltInValue', 'xml.undefinedEntity']);

/**
 * How the whole new text's parse reads moves indented further (XmlParse.everyRepairRead) and
 * whether its tree holds any (everyRepairMatters), as far as the old parse, the edit's run, the
 * findings after it and the edited tree `root` tell. Undefined (the text must be read whole) when
 * the reparse may read them otherwise than the whole text would: the run met such a move that the
 * whole text may read as after a `<moves>` left out (which an edit's run never reads so), or the
 * way may have changed and the tree holds such a thing (the part kept was read the old way: fuzz
 * seed 3001 #15085, a "[" typed in a text without an error, far before a move indented further).
 * `keptIndentedFurther`: the first element kept after the run begins a line indented further
 * than the element now before it.
 */
function readingOfIndentedMoves(old: XmlParse, run: XmlRun, root: XmlElement, findings: readonly Finding[], keptIndentedFurther: boolean, text: SourceText): Pick<XmlParse, 'everyRepairRead' | 'everyRepairMatters'> | undefined {
  let everyRepairRead: boolean | undefined;
  // An error saxes reports, in the run or kept (a first run meets it too: the text up to it is read
  // the same), or what the first run would meet in the run. Not the kept findings of end tags that
  // do not match: a move read as after a `<moves>` left out may be all that made them.
  if (run.readAnError || run.metOutOfPlace || run.nestingFindings() > 0 || findings.some((f) => SAXES_ERRORS.has(f.message.id))) everyRepairRead = true;
  // A first run meets nothing in a window where a run reading every repair found nothing.
  else if (old.everyRepairRead === false && run.findings.length === 0) everyRepairRead = false;
  if (everyRepairRead !== false && run.metDeeperMoveReadAsLeftOut) return undefined;
  // Kept elements begin their lines as before, and stay in or out of place (the run read up to the
  // end of the first old element after the edit): only the run's elements and the first one after
  // them can be new such moves.
  const kept = old.everyRepairMatters === false && !run.metDeeperMove && !run.metOutOfPlace && !keptIndentedFurther ? false : undefined;
  if (everyRepairRead !== undefined && everyRepairRead === old.everyRepairRead) return { everyRepairRead, everyRepairMatters: kept };
  // The way may have changed: taken only when nothing in the tree is read differently either way,
  // and then a text without findings is read by a first run alone.
  if (kept ?? holdsWhatEveryRepairReads(root, text)) return undefined;
  return { everyRepairRead: findings.length === 0 ? false : everyRepairRead, everyRepairMatters: false };
}

/**
 * Whether `root` holds what a run reading every repair reads otherwise than a whole text's first
 * run (XmlParse.everyRepairMatters). Walked with a stack: elements may nest thousands deep.
 */
function holdsWhatEveryRepairReads(root: XmlElement, text: SourceText): boolean {
  const pending: XmlElement[] = [root];
  for (let element = pending.pop(); element; element = pending.pop()) {
    const isMoves = element.name === 'moves';
    const isWei7 = element.name === 'wei7';
    let before = -1;
    let elementsBefore = 0;
    let movesBefore = false;
    for (const item of element.children) {
      if (item.kind !== 'element') continue;
      if (item instanceof ImpliedElementNode) return true;
      // Out of place as XmlRun.startTagLeftOut reads it, wherever its line begins.
      if (isMoves ? item.name === 'pre' && elementsBefore > 0 : isWei7 && !movesBefore && belongsIn(item.name, 'wei7', 'moves')) return true;
      const indent = indentationBefore(text, item.startTag.start);
      if (isMoves && indentedFurther(item.name, indent, before)) return true;
      before = indent;
      elementsBefore++;
      movesBefore ||= item.name === 'moves';
      pending.push(item);
    }
  }
  return false;
}

/**
 * When the first element among `parent`'s children from `from` on (kept from the old tree, its
 * offsets still the old text's: the new ones are `delta` further) begins a line indented further
 * than the element before it (XmlParse.everyRepairMatters): its start in the new text, its
 * indentation and that of the element before it. Undefined otherwise.
 */
function firstKeptIndentedFurther(text: SourceText, parent: XmlElement, from: number, delta: number): { start: number; indent: number; beforeIndent: number } | undefined {
  if (parent.name !== 'moves') return undefined;
  const children = parent.children;
  let kept = from;
  while (kept < children.length && children[kept].kind !== 'element') kept++;
  let before = from - 1;
  while (before >= 0 && children[before].kind !== 'element') before--;
  if (kept >= children.length || before < 0) return undefined;
  const element = children[kept] as XmlElement;
  const start = element.startTag.start + delta;
  const indent = indentationBefore(text, start);
  const beforeIndent = indentationBefore(text, (children[before] as XmlElement).startTag.start);
  return indentedFurther(element.name, indent, beforeIndent) ? { start, indent, beforeIndent } : undefined;
}

/**
 * Whether an element `name` of a <moves>, beginning a line indented `indent`, is a move (anything a
 * <moves> may hold) indented further than the element before it, at `beforeIndent` (-1: that one
 * does not begin a line): the move XmlRun.startTagLeftOut may read as after a `<moves>` left out.
 */
function indentedFurther(name: string, indent: number, beforeIndent: number): boolean {
  return beforeIndent >= 0 && indent > beforeIndent && mayHold('moves', name);
}

/** The last item the run made is the old element `last` moved by `delta`, which lies wholly after the edit (see reparseXml). */
function keepsLastElement(last: XmlElement, made: readonly (XmlElement | XmlText)[], editEnd: number, delta: number): boolean {
  const copy = made[made.length - 1];
  return (
    last.span.start >= editEnd && copy?.kind === 'element' && copy.name === last.name &&
    copy.span.start === last.span.start + delta && copy.span.end === last.span.end + delta
  );
}

/** How the old parse ended an element, and its span objects (the run may have closed the same element object since). */
interface OldEnd {
  readonly end: number;
  readonly closed: boolean;
  readonly endTag: Span;
  readonly span: Span;
  readonly contentSpan: Span;
}

/**
 * Feeds the run to the old end of the innermost enclosing element moved by `delta` and tells
 * whether it is back in step there: the element closed by its own end tag in the old parse
 * (`before`), read cleanly, the elements around it open as before (not the root's end: saxes is
 * in another state after it). The run closed the element again with new span objects;
 * `keepSpanObjects` puts the new offsets into the old objects, which the model's lines share.
 */
function backInStepAtEnd(old: XmlParse, run: XmlRun, enclosing: readonly XmlElement[], before: OldEnd, delta: number): { oldEnd: number; keepSpanObjects: () => void } | undefined {
  if (enclosing.length < 2) return undefined;
  const element = enclosing[enclosing.length - 1];
  const oldEnd = before.end;
  // An element the old parse closed by recovery (an end tag of another, the end of the text) has no
  // end tag of its own to be back in step after: its empty "end tag" would read cleanly.
  if (!before.closed || old.firstRecovery <= oldEnd || !readCleanly(old, before.endTag)) return undefined;
  const { span, contentSpan } = before;
  run.feed(oldEnd + delta);
  if (!run.inStepAt(oldEnd + delta, enclosing.slice(0, -1))) return undefined;
  // The run must have closed this element there, by its own end tag: an element it closed earlier
  // leaves what it read after that (a second <moves> in the root) outside the element, where the
  // old tree would be taken for it.
  if (element.span.end !== oldEnd + delta) return undefined;
  return {
    oldEnd,
    keepSpanObjects: () => {
      // Offsets only: a span may be an object with more to it (an element is its own start tag's span).
      setOffsets(span, element.span);
      setOffsets(contentSpan, element.contentSpan);
      element.span = span;
      element.contentSpan = contentSpan;
    },
  };
}

function setOffsets(span: Span, from: Span): void {
  const moved = span as { start: number; end: number };
  moved.start = from.start;
  moved.end = from.end;
}

/**
 * For a reparse that read on to the end: whether all it read again and made in the elements
 * around the innermost one (after it) is text, so that the edit changed no element there.
 */
export function onlyTextAround(reparse: XmlReparse): boolean {
  const { enclosing, replaced } = reparse;
  for (let i = reparse.replacedInner; i < replaced.length; i++) if (replaced[i].kind !== 'text') return false;
  for (let i = 0; i < enclosing.length - 1; i++) {
    const children = enclosing[i].children;
    for (let k = children.indexOf(enclosing[i + 1]) + 1; k < children.length; k++) if (children[k].kind !== 'text') return false;
  }
  return true;
}

/** The tag that ends an element: its end tag, or its start tag when it closes itself. */
function endTagOf(element: XmlElement): Span {
  return element.span.end === element.startTag.end ? element.startTag : { start: element.contentSpan.end, end: element.span.end };
}

/**
 * saxes read the tag without a problem (no finding was made while it was read), so after it saxes
 * stood in text state, as after any tag: a run may start there, or join the old parse there.
 */
function readCleanly(parse: XmlParse, tag: Span): boolean {
  for (const at of parse.findingsAt) if (at > tag.start && at <= tag.end) return false;
  return true;
}

/** The old findings made before the run's start, then the run's own, in the order a parse from scratch makes them. */
function findingsBefore(old: XmlParse, from: number, run: XmlRun): { findings: Finding[]; findingsAt: number[] } {
  const findings: Finding[] = [];
  const findingsAt: number[] = [];
  old.findings.forEach((f, i) => {
    if (old.findingsAt[i] <= from) {
      findings.push(f);
      findingsAt.push(old.findingsAt[i]);
    }
  });
  for (let i = 0; i < run.findings.length; i++) {
    findings.push(run.findings[i]);
    findingsAt.push(run.findingsAt[i]);
  }
  return { findings, findingsAt };
}

/**
 * The root and the elements inside it whose content holds the change, outermost first (the
 * change touches none of their tags); undefined when the change is not inside the root's content.
 */
function enclosingElements(root: XmlElement, start: number, end: number): XmlElement[] | undefined {
  if (!holdsInContent(root, start, end)) return undefined;
  const chain = [root];
  for (;;) {
    const inner = childHolding(chain[chain.length - 1], start, end);
    if (!inner) return chain;
    chain.push(inner);
  }
}

/** The change lies in the element's content, clear of its start tag (and of its end tag, if any). */
function holdsInContent(element: XmlElement, start: number, end: number): boolean {
  return element.span.end > element.startTag.end && element.startTag.end < start && end <= element.contentSpan.end;
}

/** The child element whose content holds the change, found by bisection (children are in text order). */
function childHolding(element: XmlElement, start: number, end: number): XmlElement | undefined {
  const children = element.children;
  let low = 0;
  let high = children.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const child = children[mid];
    if (child.span.end <= start) low = mid + 1;
    else if (child.span.start >= end) high = mid - 1;
    else return child.kind === 'element' && holdsInContent(child, start, end) ? child : undefined;
  }
  return undefined;
}

/** The index of the first child the run re-reads: the one after the last element ending before `start`. */
function windowStart(parent: XmlElement, start: number): number {
  const children = parent.children;
  let index = 0;
  for (let low = 0, high = children.length - 1; low <= high; ) {
    const mid = (low + high) >> 1;
    if (children[mid].span.end < start) {
      index = mid + 1;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  // Start right after an element (or the parent's start tag): saxes is in text state there. Not
  // after an element left open (closed = false), which the start tag after it ended
  // (XmlRun.endOpenBeforeSibling): a run must read that tag with the element open.
  while (index > 0 && (children[index - 1].kind !== 'element' || !(children[index - 1] as XmlElement).closed)) index--;
  return index;
}

/**
 * The old and new elements of a reparse that left the tree's shape as it was: the items made are
 * the replaced ones item for item, and so are the items in them (texts the same or both white
 * space, elements of the same name), so only elements' own attributes can differ, and where
 * things are. Each element comes before the elements in it. Undefined otherwise.
 * `findingsShift` is how the edit moves the kept findings (from its end): a text that is not
 * white space, which the checks of the element around may report, must lie where it moves a
 * finding's span to (a `<` typed at a text's end and dropped, `{<<white`, is no part of the text,
 * though a finding ending there moves over it: the fuzz, seed 25858).
 */
export function sameShapePairs(reparse: XmlReparse, findingsShift: SpanShift): [XmlElement, XmlElement][] | undefined {
  const made = reparse.replacements;
  if (!made) return undefined;
  const pairs: [XmlElement, XmlElement][] = [];
  const parent = reparse.enclosing[reparse.enclosing.length - 1];
  return sameShapeItems(parent.name, reparse.replaced, made, pairs, findingsShift) ? pairs : undefined;
}

/**
 * The elements whose value is their text (model/buildXml readSize, readGame: all of it, inner
 * white space too): a change of white space in them changes the value.
 */
const TEXT_VALUED = new Set(['size', 'time']);

function sameShapeItems(parentName: string, before: readonly (XmlElement | XmlText)[], after: readonly (XmlElement | XmlText)[], pairs: [XmlElement, XmlElement][], findingsShift: SpanShift): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < before.length; i++) {
    const old = before[i];
    const made = after[i];
    if (old.kind === 'text' || made.kind === 'text') {
      if (old.kind !== 'text' || made.kind !== 'text') return false;
      const blank = isBlank(old) && isBlank(made);
      if (old.text !== made.text && !(blank && !TEXT_VALUED.has(parentName))) return false;
      if (!blank && (shiftOffset(old.span.start, findingsShift) !== made.span.start || shiftOffset(old.span.end, findingsShift) !== made.span.end)) return false;
      continue;
    }
    if (old.name !== made.name || old.closed !== made.closed) return false;
    pairs.push([old, made]);
    if (!sameShapeItems(old.name, old.children, made.children, pairs, findingsShift)) return false;
  }
  return true;
}
