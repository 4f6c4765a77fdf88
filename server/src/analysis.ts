/**
 * The pipeline every consumer (language server, CLI, tests) runs on a document's text:
 * text → detect → parse (syntax tree) → model, with the clause checks on the syntax tree and
 * the game checks on the model.
 */
import type { Finding, Line, SpecId, Wei7Document } from './model/types';
import { detectFormat } from './parse/detect';
import { mergeFindings } from './model/findings';
import { xmlSyntaxOf, type XmlElement, type XmlSyntax } from './parse/xml/parseXml';
import { onlyTextAround, parseXmlRun, reparseXml, sameShapePairs, settleTails, type XmlParse, type XmlReparse } from './parse/xml/xmlRun';
import { applyInPlaceUpdates, applyMovesSplice, buildXmlModelIncrementally, holdsNoAttributeSpanOf, type NodeOfElement, planInPlaceUpdates, planMovesSplice, reattachLineSpans, shiftHeaderOwnSpans } from './model/buildXml';
import { revalidateInPlace, revalidateMovesSplice, validateXmlIncrementally, type XmlValidation } from './validate/xml/validateXml';
import { newPendingNodeMove, newShift, settleNodes, shiftFindings, type SpanShift } from './model/shift';
import { parseJson, type JsonSyntax, type LineOfOffset } from './parse/json/parseJson';
import { buildJsonModel } from './model/buildJson';
import { packGameStepsInSlices } from './parse/json/packSteps';
import { packAttributesInSlices } from './parse/xml/packAttributes';
import { validateJsonInContext } from './validate/json/validateJson';
import { isReusableJson, reanalyzeJson, type ReusableJson } from './reanalyzeJson';
import { finding } from './l10n/catalogue';
import { checkAndReplayGame, type GameCheckOptions, type GameCheckResult } from './engine/checkGame';
import type { GameReplay } from './engine/replay';
import { EditedText, flatText, type SourceText, type TextEdit } from './text/sourceText';

/** The syntax tree a document was read from, for the features that work on text (completion, formatting, edits). */
export type SyntaxTree = { readonly format: 'xml'; readonly xml: XmlSyntax } | { readonly format: 'json'; readonly json: JsonSyntax };

export interface Analysis {
  /** The text analysed, as one string: made when first read if the analysis was given it in pieces (`source`). */
  readonly text: string;
  /** The text analysed as it was given: the incremental paths read this, which copies nothing (text/sourceText.ts). */
  readonly source: SourceText;
  /** Undefined when the format is unknown. */
  readonly syntax: SyntaxTree | undefined;
  /** The spec the document is checked against; undefined when the format is unknown. */
  readonly spec: SpecId | undefined;
  readonly document: Wei7Document | undefined;
  /** Every finding, sorted by position. */
  readonly findings: readonly Finding[];
  /** The game's replay, recorded by the same walk as the game checks; undefined without a document. */
  readonly replay: GameReplay | undefined;
  /** What the analysis of the next version may take over (reanalyze); not for features. */
  readonly reusable?: ReusableXml | ReusableJson;
}

/** A 2.x analysis after an edit: what it takes over, the reparse, and how the edit moved the kept findings. */
interface PreviousXml {
  readonly reusable: ReusableXml;
  readonly reparse: XmlReparse;
  readonly findingsShift: SpanShift;
}

/** The pieces of a 2.x analysis the next version can take over, each knowing what it was made from. */
interface ReusableXml {
  readonly options: AnalysisOptions;
  readonly contentStart: number;
  readonly parse: XmlParse;
  readonly validation: XmlValidation;
  readonly nodeOf: NodeOfElement;
  readonly lineOf: Map<XmlElement, Line>;
  readonly game: GameCheckResult;
  /** The model, read on the edit paths without the tails the parse left to move (the analysis's `document` settles them). */
  readonly document: Wei7Document;
}

export interface AnalysisOptions {
  /** The game-level checks' settings (`wei7.rules`, `wei7.sameColorHint`). */
  readonly game: GameCheckOptions;
  /**
   * Whether plain moves are read as one node each (the default): 3.0 move steps
   * (parse/json/plainSteps.ts) and 2.x move elements (parse/xml/plainMoves.ts). False reads every
   * step through the generic parser and every element through saxes: for the tests and the fuzz,
   * which compare the two readings.
   */
  readonly readsPlainMoves?: boolean;
}

/** An edit of a document's text: `text` replaces the offsets [start, end) of the text before it. */
export type TextChange = TextEdit;

export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = { game: { rules: 'fromFile', sameColorHint: true } };

export function analyze(text: string, options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS): Analysis {
  const detected = detectFormat(text);
  if (detected.format === undefined) {
    const at = detected.firstCharacter;
    const span = { start: at, end: Math.min(text.length, at + 1) };
    return { text, source: text, syntax: undefined, spec: undefined, document: undefined, findings: [finding(span, '3.1', 'format.unknown')], replay: undefined };
  }
  if (detected.format === 'xml') return analyzeXml(text, detected.contentStart, options);
  return analyzeJson(text, detected.contentStart, options);
}

/** 3.0: parse, model, clause checks and game checks. */
function analyzeJson(text: string, contentStart: number, options: AnalysisOptions): Analysis {
  const json = parseJson(text, contentStart, options.readsPlainMoves ?? true);
  const document = buildJsonModel(json);
  const validation = validateJsonInContext(json);
  const game = checkAndReplayGame(document, options.game);
  return {
    text,
    source: text,
    syntax: { format: 'json', json },
    spec: document.spec,
    document,
    findings: mergeFindings(json.findings, validation.findings, game.findings),
    replay: game.replay,
    reusable: { format: 'json', options, contentStart, validation, game, document, pending: newPendingNodeMove() },
  };
}

/**
 * 2.x: parse, model, clause checks and game checks. With `previous` (a reparse after an edit),
 * every piece an edit did not touch is taken over: elements outside the re-read part keep their
 * findings and nodes, and the game is checked again only below the nodes that changed.
 */
function analyzeXml(text: SourceText, contentStart: number, options: AnalysisOptions, previous?: PreviousXml): Analysis {
  if (previous) {
    const inPlace = analyzeSameShapeEdit(text, options, previous) ?? analyzeMovesSplice(text, options, previous);
    if (inPlace) return inPlace;
  }
  const parse: XmlParse = previous ? previous.reparse : parseXmlRun(text, contentStart, options.readsPlainMoves ?? true);
  const xml = xmlSyntaxOf(text, parse.root, parse.findings);
  let changed: ((element: XmlElement) => boolean) | undefined;
  if (previous) {
    const enclosing = new Set(previous.reparse.enclosing);
    const created = previous.reparse.created;
    changed = (element) => created.has(element) || enclosing.has(element);
  }
  const model = buildXmlModelIncrementally(
    xml,
    previous && changed && {
      nodeOf: previous.reusable.nodeOf,
      lineOf: previous.reusable.lineOf,
      nodes: previous.reusable.document.nodes,
      changed,
      isNew: (element) => previous.reparse.created.has(element),
      replaced: previous.reparse.replaced,
      findingsShift: previous.findingsShift,
    },
  );
  const validation = validateXmlIncrementally(xml, previous && changed && { validation: previous.reusable.validation, changed });
  const document = model.document;
  // The model was built from the tree read through its parents, which settles what it read: the
  // settling before the walk is a margin (the in-place paths below need theirs).
  const gameChanges = previous && model.previousIndex && { previous: previous.reusable.game, previousIndex: model.previousIndex, beforeWalk: () => settleTails(parse) };
  const game = checkAndReplayGame(document, options.game, gameChanges);
  return xmlAnalysis(xml, { options, contentStart, parse, validation, nodeOf: model.nodeOf, lineOf: model.lineOf, game, document });
}

function xmlAnalysis(xml: XmlSyntax, reusable: ReusableXml): Analysis {
  const { parse, validation, game, document } = reusable;
  const findings = mergeFindings(parse.findings, validation.findings, game.findings);
  return {
    // Read from the syntax when asked: a text in pieces is made one string only then.
    get text() {
      return xml.text;
    },
    source: xml.source,
    syntax: { format: 'xml', xml },
    spec: document.spec,
    // The model's nodes read their elements' spans, which an edit may have left to move
    // (parse/xml XmlParse.pendingTails): whoever reads the nodes gets them moved. (The replay's
    // answers are read for nodes got from the document: settling there too is a margin.)
    get document() {
      settleTails(parse);
      return document;
    },
    findings,
    get replay() {
      settleTails(parse);
      return game.replay;
    },
    reusable,
  };
}

/**
 * 2.x after an edit that changed only the attributes of moves (a comment, a coordinate, a colour)
 * or of the game information (a name, the rules), not the tree's shape: the model is updated in
 * place and only those elements (and the one around them when it must be) are checked again, so
 * nothing walks the whole document but the game check (below the moves that play differently, or
 * all of it when the rules in force changed). Undefined when the edit is not of that kind.
 */
function analyzeSameShapeEdit(text: SourceText, options: AnalysisOptions, previous: PreviousXml): Analysis | undefined {
  const { reusable, reparse, findingsShift } = previous;
  const document = reusable.document;
  const pairs = sameShapePairs(reparse, findingsShift);
  const plan = pairs && reparse.root && planInPlaceUpdates(reparse.root, reusable.nodeOf, pairs);
  if (!pairs || !plan) return undefined;
  const xml = xmlSyntaxOf(text, reparse.root, reparse.findings);
  const validation = revalidateInPlace(xml, reusable.validation, reparse.enclosing, pairs, { replaced: reparse.replaced, made: reparse.replacements ?? [], start: reparse.readFrom });
  if (!validation) return undefined;
  const { previousIndex, problemsAsBefore } = applyInPlaceUpdates(document, reusable.nodeOf, plan, findingsShift, text);
  const game = checkAndReplayGame(document, options.game, { previous: reusable.game, previousIndex, problemsAsBefore, beforeWalk: () => settleTails(reparse) });
  return xmlAnalysis(xml, { options, contentStart: reusable.contentStart, parse: reparse, validation, nodeOf: reusable.nodeOf, lineOf: reusable.lineOf, game, document });
}

/**
 * 2.x after an edit inside a line of moves that replaced moves and text by other moves and text
 * (typing a move, deleting one, pasting a few): the new moves' nodes are spliced into the
 * previous model in place of the old ones, only they and the `moves` element around them are
 * checked again, and the game is checked again below what changed. Undefined when the edit is not
 * of that kind (model/buildXml planMovesSplice says which are).
 */
function analyzeMovesSplice(text: SourceText, options: AnalysisOptions, previous: PreviousXml): Analysis | undefined {
  const { reusable, reparse, findingsShift } = previous;
  const document = reusable.document;
  const { root, enclosing } = reparse;
  if (!root) return undefined;
  // A run that read on to the end (a tag left open at the end of a line of moves) made the rest of
  // every element around the edit again: only text may have been there, and be.
  const readToEnd = !reparse.replacements;
  if (readToEnd && !onlyTextAround(reparse)) return undefined;
  const made = reparse.replacements ?? enclosing[enclosing.length - 1].children.slice(reparse.replacementsAt);
  const replaced = reparse.replaced.slice(0, reparse.replacedInner);
  const splice = planMovesSplice(root, enclosing, replaced, made, reparse.replacementsAt, reparse.readFrom, reusable);
  if (!splice) return undefined;
  const xml = xmlSyntaxOf(text, root, reparse.findings);
  const validation = revalidateMovesSplice(xml, reusable.validation, enclosing, { replaced, made, start: reparse.readFrom }, readToEnd);
  if (!validation) return undefined;
  if (readToEnd) reattachLineSpans(enclosing, reusable.lineOf);
  const { previousIndex, problemsAsBefore } = applyMovesSplice(document, reusable.nodeOf, splice, findingsShift);
  const game = checkAndReplayGame(document, options.game, { previous: reusable.game, previousIndex, problemsAsBefore, beforeWalk: () => settleTails(reparse) });
  return xmlAnalysis(xml, { options, contentStart: reusable.contentStart, parse: reparse, validation, nodeOf: reusable.nodeOf, lineOf: reusable.lineOf, game, document });
}

/** 2.x after an edit: undefined when the edit is not one the reparse can take (then the text is analysed from scratch). */
function reanalyzeXml(previous: Analysis, reusable: ReusableXml, change: TextChange, text: SourceText, options: AnalysisOptions): Analysis | undefined {
  if (reusable.options !== options) return undefined;
  const detected = detectFormat(text);
  if (detected.format !== 'xml' || detected.contentStart !== reusable.contentStart) return undefined;
  let shift: SpanShift | undefined;
  const reparse = reparseXml(
    reusable.parse,
    change,
    text,
    (from, delta) => {
      shift = newShift(from, delta);
      return shift;
    },
    holdsNoAttributeSpanOf,
  );
  if (!reparse) return undefined;
  // The syntax tree after the re-read part has moved; the model's nodes share its spans, and their
  // points count from their elements' start tags: only the header has spans of its own to move.
  if (shift && shift.delta !== 0) shiftHeaderOwnSpans(reusable.document, shift);
  // Every kept finding moves by the edit, from its end: past the re-read part that is how the text
  // moved; inside it, only the findings of a node taken over are kept, and they follow its element.
  const findingsShift = newShift(change.end, change.text.length - (change.end - change.start));
  if (findingsShift.delta !== 0) {
    for (const own of reusable.validation.byElement.values()) shiftFindings(own, findingsShift);
    // The game's findings are its nodes' (the same objects) and the document's: each once, without
    // looking through the node-indexed list, which has a mostly empty slot per node.
    shiftFindings(reusable.game.findings, findingsShift);
  }
  return analyzeXml(text, reusable.contentStart, options, { reusable, reparse, findingsShift });
}

/**
 * The analysis of `previous.text` after `change`: the same result as analyze(new text), reusing
 * what the change cannot have affected when the format's incremental path can tell (see
 * docs/incremental.md), else from scratch. `previous` is given up: its pieces move into the
 * result and must not be used again. `newText`, when given, must be that new text (a string or
 * in pieces), and `lineOfOffset`, when given, the 0-based line of an offset in it (from the
 * editor's index of its lines: see LineOfOffset).
 */
export function reanalyze(previous: Analysis, change: TextChange, options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS, newText?: SourceText, lineOfOffset?: LineOfOffset): Analysis {
  // The caller's copy of the new text when it has one (the editor's document), else the previous
  // one with the change applied. Either may be in pieces: the re-reads read it as it is; the
  // analysis from scratch reads it as one string.
  const text = newText ?? EditedText.edit(previous.source, change);
  const reusable = previous.reusable;
  const fast = reusable && (isReusableJson(reusable) ? reanalyzeJson(previous, reusable, change, text, options, lineOfOffset) : reanalyzeXml(previous, reusable, change, text, options));
  return fast ?? analyze(flatText(text), options);
}

/**
 * Makes what an analysis keeps smaller without changing what it says (3.0: packs the game's steps,
 * see parse/json/packSteps.ts; 2.x: packs the attributes of moves and stones, see
 * parse/xml/packAttributes.ts; first, a text left in pieces is made one string and the moves
 * left pending in a 3.0 model are written), in slices of about `sliceSize` elements: the caller
 * runs the next slice when it has time. Reading the analysis between slices, or after, gives the
 * same answers as before. Returns how many elements it made smaller.
 */
export function* compactInSlices(analysis: Analysis, sliceSize: number): Generator<void, number> {
  const syntax = analysis.syntax;
  // A text an edit left in pieces is made one string first (one slice: ~1 ms a megabyte), so
  // that reads of it stay quick and the pieces do not pile up over the next edits.
  if (typeof analysis.source !== 'string') {
    flatText(analysis.source);
    yield;
  }
  // And the moves edits left pending in the model's spans are written (model/shift.ts PendingNodeMove).
  if (analysis.reusable && isReusableJson(analysis.reusable) && analysis.reusable.pending.delta !== 0) {
    settleNodes(analysis.reusable.document.nodes, analysis.reusable.pending);
    yield;
  }
  if (!syntax) return 0;
  return syntax.format === 'json' ? yield* packGameStepsInSlices(syntax.json.root, sliceSize) : yield* packAttributesInSlices(syntax.xml.root, holdsNoAttributeSpanOf, sliceSize);
}
