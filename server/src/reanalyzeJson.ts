/**
 * 3.0 (JSON) after an edit (analysis.ts reanalyze). Three kinds of edit are analysed in part,
 * everything else is kept and moved by the edit's length:
 * - an edit strictly inside one step or the pre of the game tree that reads cleanly: only that
 *   element is read, checked and modelled again, and the game is checked again below its node if
 *   it plays differently (a comment typed is not even that);
 * - any other edit inside a steps array (steps typed, pasted or cut, a step broken or repaired):
 *   the array is read again from the step before the edit until the parse is back in step with
 *   the old one (reparseSteps), syntax errors and all, and the game is checked again below what
 *   changed;
 * - an edit strictly inside the info object that reads cleanly.
 * Any other edit gives undefined (the text is then analysed from scratch).
 */
import type { Node } from 'jsonc-parser';
import type { Analysis, AnalysisOptions, TextChange } from './analysis';
import { mergeFindings } from './model/findings';
import { firstNodeStartingAtOrAfter, identityIndex, reindexFrom, SAME_NODES, setChildren, spliceChildren } from './model/tree';
import { firstIndexNotBefore, replaceRun } from './util/lists';
import type { Finding, Line, PlayNode, Span, Wei7Document } from './model/types';
import { detectFormat } from './parse/detect';
import { jsonSyntaxOf, type JsonSyntax, type LineOfOffset } from './parse/json/parseJson';
import {
  findEditedElement, findEditedInfo, findEditedSteps, fromElementBefore, onlyTreeFrom, preBeside, reparseElement, reparseSteps, spliceElement, spliceSteps, tokenReadIntoEdit, syntaxFindingsAllowReparse, syntaxFindingsAround,
} from './parse/json/reparseJson';
import { buildStep, readDocumentHeader, rebuildNode } from './model/buildJson';
import { checkInfoElement, checkTreeElement, type JsonValidation } from './validate/json/validateJson';
import { moveNodesFrom, moveSpan, newShift, nodeStart, settleNodes, settleNodesTo, shiftFindings, shiftNode, type PendingNodeMove, type SpanShift } from './model/shift';
import { checkAndReplayGame, type GameCheckResult } from './engine/checkGame';
import type { SourceText } from './text/sourceText';


/** Findings of readings that any edit of their text may undo: an edit of a text with one is analysed from scratch. */
const READ_WHOLE_AFTER: ReadonlySet<string> = new Set(['json.infoNotClosed', 'json.openBracketMissing']);
/** The pieces of a 3.0 analysis the next version can take over. */
export interface ReusableJson {
  readonly format: 'json';
  readonly options: AnalysisOptions;
  readonly contentStart: number;
  /** The clause findings in walk order and the context the tree was checked in. */
  readonly validation: JsonValidation;
  readonly game: GameCheckResult;
  /** The document model, read here without settling its nodes' pending move (the analysis's `document` settles it). */
  readonly document: Wei7Document;
  /** The move the document's nodes owe their spans (see PendingNodeMove), shared by the analyses of consecutive versions. */
  readonly pending: PendingNodeMove;
}

export function isReusableJson(reusable: object): reusable is ReusableJson {
  return (reusable as Partial<ReusableJson>).format === 'json';
}

/** What both incremental paths start from. */
interface Before {
  readonly previous: Analysis;
  readonly reusable: ReusableJson;
  readonly syntax: JsonSyntax;
  readonly document: Wei7Document;
  readonly change: TextChange;
  /** The new text, maybe in pieces (read it, do not make it one string: see text/sourceText.ts). */
  readonly text: SourceText;
  /** Lines of the new text from the caller's index, if it has one (see LineOfOffset). */
  readonly lineOfOffset?: LineOfOffset;
}

/** 3.0 after an edit: undefined when the edit is not one of those this module takes (then the text is analysed from scratch). */
export function reanalyzeJson(previous: Analysis, reusable: ReusableJson, change: TextChange, text: SourceText, options: AnalysisOptions, lineOfOffset?: LineOfOffset): Analysis | undefined {
  const document = reusable.document;
  if (reusable.options !== options || previous.syntax?.format !== 'json') return undefined;
  const detected = detectFormat(text);
  if (detected.format !== 'json' || detected.contentStart !== reusable.contentStart) return undefined;
  // The info object read as left open (parseJson): whether the text is read so depends on how it
  // ends, which any edit may change. A list read without its `[` has no `[` a re-read of it could start after.
  if (previous.syntax.json.findings.some((f) => READ_WHOLE_AFTER.has(f.message.id))) return undefined;
  const before: Before = { previous, reusable, syntax: previous.syntax.json, document, change, text, lineOfOffset };
  const edited = reanalyzeElement(before) ?? reanalyzeSteps(before) ?? reanalyzeInfo(before);
  return edited && finish(before, edited, options);
}

/** What a path changed, for the findings, the document and the game check (finish). */
interface Edited {
  readonly validation: JsonValidation;
  /** GameChanges.previousIndex. */
  readonly previousIndex: Int32Array | typeof SAME_NODES;
  /** The syntax findings when the path read some with errors again (else the previous ones, moved). */
  readonly syntaxFindings?: Finding[];
  /**
   * GameChanges.problemsAsBefore: the nodes the path replaced had a problem colour if and only if
   * those that took their place have one (the others are as they were), so whether some node has
   * one is as it was, and the game checks need not look at every node to know.
   */
  readonly problemsAsBefore: boolean;
}

/** An edit strictly inside one step or the pre; undefined (before changing anything) when it is not one, or does not read cleanly. */
function reanalyzeElement({ previous, reusable, syntax, document, change, text }: Before): Edited | undefined {
  const root = syntax.root;
  const edited = findEditedElement(root, change, previous.source);
  if (!root || !edited) return undefined;
  const { element, kind } = edited;
  const end = element.offset + element.length;
  if (!syntaxFindingsAllowReparse(syntax.findings, element.offset, end, change, previous.source)) return undefined;
  const nodes = document.nodes as PlayNode[];
  const pending = reusable.pending;
  const at = firstIndexNotBefore(nodes.length, (i) => nodeStart(nodes, pending, i) < element.offset);
  if (at >= nodes.length || nodeStart(nodes, pending, at) !== element.offset) return undefined;
  // The edited node's spans (and those before it) are read and rebuilt: the pending move is written up to it.
  settleNodesTo(nodes, pending, at);
  const oldNode = nodes[at];
  if ((oldNode.kind === 'pre') !== (kind === 'pre') || oldNode.span.end !== end) return undefined;
  const fresh = reparseElement(element, change, text);
  if (!fresh) return undefined;

  // From here on the previous analysis is taken apart: its pieces become the new one's.
  const shift = shiftOf(change);
  const keySpan = spliceElement(root, element, fresh, change);
  const validation = revalidate(reusable.validation, { start: element.offset, end }, shift, checkTreeElements(reusable.validation, [fresh], kind, text));
  // The nodes after it move by the edit: pending (a keystroke in the same place adds to it), but
  // their findings move now (the diagnostics publish them).
  moveNodesFrom(nodes, pending, oldNode.index + 1, shift.delta);
  shiftNodeFindingsFrom(reusable.game, oldNode.index + 1, shift);
  if (document.rootLine) shiftLines(document.rootLine, shift);
  const hadProblem = hasProblem(oldNode); // before rebuildNode: the node may stay the same object, with the new content
  const rebuilt = rebuildNode(oldNode, fresh, kind === 'pre' ? keySpan : undefined, { nodes, roots: document.roots as PlayNode[] }, reusable.game.nodeFindings[oldNode.index]);
  shiftFindings(syntax.findings, shift);
  const problemsAsBefore = hadProblem === hasProblem(rebuilt.node);
  // A node that plays differently is checked again with what follows it, whose spans the new findings take.
  if (!rebuilt.adopted || !problemsAsBefore) settleNodes(nodes, pending);
  return { validation, previousIndex: unchangedExcept(nodes.length, rebuilt.adopted ? undefined : rebuilt.node), problemsAsBefore };
}

/**
 * An edit inside a steps array that is not one the element path took (steps typed, pasted, cut,
 * or a step broken or repaired): the array is read again from the step before the edit until the
 * parse is back in step (reparseSteps). The steps read again each take the place of the old one
 * when as many came as went (a key typed into a step that swallows the steps after it until it is
 * closed), else they are linked in place of the old ones. Undefined (before changing anything) when
 * the re-read leaves the array, or the step before it is no node (the first steps of a tree without pre).
 */
function reanalyzeSteps({ previous, reusable, syntax, document, change, text, lineOfOffset }: Before): Edited | undefined {
  const root = syntax.root;
  let edited = findEditedSteps(root, change, previous.source);
  // A step closed by the token after it is read again with that token (the edit may change it); so
  // is a step with a closer in it that was read by what follows it (readAhead), perhaps the edit.
  while (edited?.before && (closedByAnother(syntax.findings, edited.start) || readAhead(syntax.findings, edited.before) || tokenReadIntoEdit(syntax.findings, edited.start, change, previous.source))) {
    edited = fromElementBefore(edited);
  }
  // A string before the steps read on into the edit: that reading is not the run's to redo.
  if (edited && tokenReadIntoEdit(syntax.findings, edited.start, change, previous.source)) return undefined;
  if (!root || !edited || (edited.before && edited.before.type !== 'object')) return undefined;
  // From here this path finds, relinks and re-checks nodes by their spans: the pending move is
  // written first (not before: an edit outside every steps array, a name typed, has no need of it).
  settleNodes(document.nodes, reusable.pending);
  const stepsRun = reparseSteps(edited, change, previous.source, text, syntax.findings, reusable.options.readsPlainMoves ?? true, lineOfOffset);
  if (!stepsRun) return undefined;
  const syntaxFindings = syntaxFindingsAround(syntax.findings, edited.start, stepsRun.oldEnd, change, previous.source);
  if (!syntaxFindings) return undefined;
  const nodes = document.nodes as PlayNode[];
  const afterNode = stepsRun.after && nodeStartingAt(nodes, stepsRun.after.offset);
  if (stepsRun.after && !afterNode) return undefined;
  const oldSteps: PlayNode[] = [];
  for (const element of stepsRun.replaced) {
    if (element.type !== 'object') continue;
    const node = nodeStartingAt(nodes, element.offset);
    if (!node) return undefined;
    oldSteps.push(node);
  }
  const next = oldSteps[0] ?? afterNode;
  // The node the new steps follow: the step before them, else the tree's pre, else (the first steps
  // of a branch without pre) the node the branch hangs from, the old first step's parent. A tree's
  // steps are one line of play, the old steps' (a step before them is on it too).
  const beforeElement = edited.before ?? preBeside(edited.steps);
  const previousNode = beforeElement ? nodeStartingAt(nodes, beforeElement.offset) : next?.parent;
  const line = beforeElement ? previousNode?.line : next?.line;
  if (!previousNode || !line) return undefined; // also the first steps of the root tree without pre: they are roots
  if (next && !previousNode.children.includes(next)) return undefined; // not the path the model made (cannot be: a safeguard)

  // From here on the previous analysis is taken apart: its pieces become the new one's.
  const shift = shiftOf(change);
  spliceSteps(root, edited, stepsRun, change);
  const fresh = stepsRun.run.elements;
  const validation = revalidate(reusable.validation, { start: edited.start, end: stepsRun.oldEnd }, shift, checkTreeElements(reusable.validation, fresh, 'step', text));
  shiftFindingsAfter(syntaxFindings, stepsRun.oldEnd, shift);
  for (const f of stepsRun.run.findings) syntaxFindings.push(f);
  const freshSteps = fresh.filter((element) => element.type === 'object');
  const at = firstNodeStartingAtOrAfter(nodes, edited.start); // where the replaced nodes are, and the new ones go
  shiftNodesFrom(nodes, at + oldSteps.length, reusable.game, shift);
  if (document.rootLine) shiftLines(document.rootLine, shift);
  const hadProblem = oldSteps.some(hasProblem); // before rebuildSteps: old nodes may take the new content
  const previousIndex =
    freshSteps.length > 0 && freshSteps.length === oldSteps.length
      ? rebuildSteps(oldSteps, freshSteps, { nodes, roots: document.roots as PlayNode[] }, reusable.game)
      : relinkSteps(nodes, at, { previousNode, line }, oldSteps, freshSteps.map((element) => buildStep(element, line)), afterNode, edited.start);
  // Either way the new steps' nodes are those from `at` on, one for each step object read.
  const hasProblemNow = nodes.slice(at, at + freshSteps.length).some(hasProblem);
  return { validation, previousIndex, syntaxFindings, problemsAsBefore: hadProblem === hasProblemNow };
}

/**
 * Whether a container that ends at `offset` was closed there by a closer of one around it (a
 * mismatched `]`) or by the end of the text: both are reported where it ends. It was still open
 * there, so the parse is not where the end of a step leaves it.
 */
function closedByAnother(findings: readonly Finding[], offset: number): boolean {
  return findings.some((f) => f.span.start === offset && (f.message.id === 'json.closerExpected' || f.message.id === 'json.unexpectedEnd'));
}

/**
 * Whether `element` holds a closer the parse read by the tokens after it (parseJson.ts
 * closeMismatched: a stray closer, or one that closes containers up to the one it matches): that
 * reading may have looked past the element's end, at the comma and the first token of the next
 * element, which an edit after the element may change.
 */
function readAhead(findings: readonly Finding[], element: Node): boolean {
  const start = element.offset;
  const end = element.offset + element.length;
  return findings.some((f) => f.span.start >= start && f.span.start < end && (f.message.id === 'json.strayCloser' || f.message.id === 'json.closerExpected'));
}

/** Each old step rebuilt from the step read in its place (rebuildNode): those that play the same stay the same objects. */
function rebuildSteps(oldSteps: readonly PlayNode[], freshSteps: readonly Node[], game: { readonly nodes: PlayNode[]; readonly roots: PlayNode[] }, checked: GameCheckResult): Int32Array | typeof SAME_NODES {
  let previousIndex: Int32Array | typeof SAME_NODES = SAME_NODES;
  oldSteps.forEach((old, i) => {
    const rebuilt = rebuildNode(old, freshSteps[i], undefined, game, checked.nodeFindings[old.index]);
    if (rebuilt.adopted) return;
    if (previousIndex === SAME_NODES) previousIndex = identityIndex(game.nodes.length);
    markChanged(previousIndex, rebuilt.node);
  });
  return previousIndex;
}

/** The new steps linked in place of the old ones (linkSteps), in the document's and the line's lists of nodes; GameChanges.previousIndex for the result. */
function relinkSteps(
  nodes: PlayNode[],
  at: number,
  { previousNode, line }: { readonly previousNode: PlayNode; readonly line: Line },
  oldSteps: readonly PlayNode[],
  newSteps: PlayNode[],
  afterNode: PlayNode | undefined,
  start: number,
): Int32Array {
  const parentChanged = linkSteps(previousNode, oldSteps, newSteps, afterNode);
  replaceRun(nodes, at, oldSteps.length, newSteps);
  reindexFrom(nodes, at);
  replaceRun(line.nodes, firstNodeStartingAtOrAfter(line.nodes, start), oldSteps.length, newSteps);
  const previousIndex = new Int32Array(nodes.length);
  const moved = oldSteps.length - newSteps.length;
  for (let i = 0; i < nodes.length; i++) previousIndex[i] = i < at ? i : i < at + newSteps.length ? -1 : i + moved;
  for (const node of parentChanged) previousIndex[node.index] = -1;
  return previousIndex;
}

/**
 * An edit strictly inside the info object (a game's name, its rules, players): that object is
 * read again and checked in the tree's context; undefined (before changing anything) when it does
 * not read cleanly or changes the participant count the tree's actors were checked against. The
 * document is read again from its header (finish); the game is re-checked as the rules say.
 */
function reanalyzeInfo({ previous, reusable, syntax, document, change, text }: Before): Edited | undefined {
  const root = syntax.root;
  const info = findEditedInfo(root, change, previous.source);
  if (!root || !info) return undefined;
  const end = info.offset + info.length;
  if (!syntaxFindingsAllowReparse(syntax.findings, info.offset, end, change, previous.source)) return undefined;
  const fresh = reparseElement(info, change, text);
  if (!fresh) return undefined;
  const context = reusable.validation.context;
  const checked = checkInfoElement(text, context, fresh);
  if (checked.participantCount !== context.participantCount) return undefined;

  // From here on the previous analysis is taken apart: its pieces become the new one's.
  const shift = shiftOf(change);
  spliceElement(root, info, fresh, change);
  const validation = revalidate(reusable.validation, { start: info.offset, end }, shift, checked.findings);
  // The nodes after the info object owe the move, as after a step's edit (their findings move now).
  const nodes = document.nodes as PlayNode[];
  const pending = reusable.pending;
  const first = firstIndexNotBefore(nodes.length, (i) => nodeStart(nodes, pending, i) < change.end);
  moveNodesFrom(nodes, pending, first, shift.delta);
  shiftNodeFindingsFrom(reusable.game, first, shift);
  if (document.rootLine) shiftLines(document.rootLine, shift);
  shiftFindings(syntax.findings, shift);
  return { validation, previousIndex: unchangedExcept(nodes.length, undefined), problemsAsBefore: true };
}

/**
 * The new analysis from the pieces the path left, the game checked below what changed. The
 * document is the previous object (its nodes were updated in place) unless the edit moved what
 * the document reads outside the tree (then that is read again): the game checks take the same
 * document with every node playing as before (a comment edit) as it is.
 */
function finish({ syntax, document, text, reusable, change }: Before, edited: Edited, options: AnalysisOptions): Analysis {
  const newSyntax = jsonSyntaxOf(text, syntax.root, edited.syntaxFindings ?? syntax.findings);
  const keepHeader = newSyntax.root !== undefined && onlyTreeFrom(newSyntax.root, change.start);
  const newDocument: Wei7Document = keepHeader
    ? document
    : { ...readDocumentHeader(newSyntax), rootLine: document.rootLine, nodes: document.nodes, roots: document.roots };
  const pending = reusable.pending;
  // The checks write the pending move before they read the nodes (a header read again may change
  // what they see: rules, size), and only then.
  const game = checkAndReplayGame(newDocument, options.game, {
    previous: reusable.game,
    previousIndex: edited.previousIndex,
    problemsAsBefore: edited.problemsAsBefore,
    beforeWalk: () => settleNodes(newDocument.nodes, pending),
  });
  return {
    get text() {
      return newSyntax.text;
    },
    source: text,
    syntax: { format: 'json', json: newSyntax },
    spec: newDocument.spec,
    // Whoever reads the nodes (a feature, the replay) gets them with the pending move written.
    get document() {
      settleNodes(newDocument.nodes, pending);
      return newDocument;
    },
    findings: mergeFindings(newSyntax.findings, edited.validation.findings, game.findings),
    get replay() {
      settleNodes(newDocument.nodes, pending);
      return game.replay;
    },
    reusable: { format: 'json', options, contentStart: reusable.contentStart, validation: edited.validation, game, document: newDocument, pending },
  };
}

function hasProblem(node: PlayNode): boolean {
  return node.problem !== undefined;
}

function shiftOf(change: TextChange): SpanShift {
  return newShift(change.end, change.text.length - (change.end - change.start));
}

/**
 * The clause findings after the old text `replaced` (a span of the old text) was read again as
 * `fresh` elements: those of the elements in it go, the others move, the new elements' come.
 * Every finding of an element's own checks lies inside it, and no other finding does (see
 * checkTreeElement), so no kept finding has the span of a new one: after the sort by position,
 * the order is that of a walk from scratch wherever the new ones are put.
 */
function revalidate(validation: JsonValidation, replaced: Span, shift: SpanShift, added: readonly Finding[]): JsonValidation {
  const findings = validation.findings.filter((f) => !within(f.span, replaced));
  shiftFindings(findings, shift);
  for (const f of added) findings.push(f);
  return { findings, context: validation.context };
}

/** The clause findings of the tree elements read again, in the context the tree was checked in. */
function checkTreeElements(validation: JsonValidation, fresh: readonly Node[], kind: 'step' | 'pre', text: SourceText): Finding[] {
  return fresh.flatMap((element) => checkTreeElement(text, validation.context, element, kind));
}

function within(span: Span, outer: Span): boolean {
  return span.start >= outer.start && span.end <= outer.end;
}

/** The node whose span starts at `offset` (nodes are in text order). */
function nodeStartingAt(nodes: readonly PlayNode[], offset: number): PlayNode | undefined {
  const at = firstNodeStartingAtOrAfter(nodes, offset);
  return nodes[at]?.span.start === offset ? nodes[at] : undefined;
}

/** The game findings of the nodes from `first` on (in text order, so after the edit) move with the text. */
function shiftNodeFindingsFrom(game: GameCheckResult, first: number, shift: SpanShift): void {
  if (shift.delta === 0) return;
  const nodeFindings = game.nodeFindings;
  // An indexed loop: the array has a slot per node, mostly empty.
  for (let i = first; i < nodeFindings.length; i++) {
    const own = nodeFindings[i];
    if (own) shiftFindings(own, shift);
  }
}

/** The nodes from `first` on (in text order, so after the edit) and their game findings move with the text. */
function shiftNodesFrom(nodes: readonly PlayNode[], first: number, game: GameCheckResult, shift: SpanShift): void {
  if (shift.delta === 0) return; // an edit that keeps the length moves nothing
  for (let i = first; i < nodes.length; i++) {
    shiftNode(nodes[i], shift);
    shiftFindings(game.nodeFindings[nodes[i].index], shift);
  }
}

/** Lines hold the edit or lie before or after it: each moves as its spans say. */
function shiftLines(rootLine: Line, shift: SpanShift): void {
  if (shift.delta === 0) return;
  const pending: Line[] = [rootLine];
  for (let line = pending.pop(); line; line = pending.pop()) {
    moveSpan(line.span, shift);
    moveSpan(line.keySpan, shift);
    moveSpan(line.title?.span, shift);
    // A line that ends before the edit holds nothing that moves (its inner lines lie in it).
    for (const inner of line.lines) if (inner.span.end >= shift.from) pending.push(inner);
  }
}

/**
 * GameChanges.previousIndex: every node is the previous version's at the same index, except a
 * new node (`changed`) and its children (same objects, but under a new parent).
 */
function unchangedExcept(count: number, changed: PlayNode | undefined): Int32Array | typeof SAME_NODES {
  if (!changed) return SAME_NODES;
  const previousIndex = identityIndex(count);
  markChanged(previousIndex, changed);
  return previousIndex;
}

/** A new node and its children (same objects, under a new parent) have no previous version. */
function markChanged(previousIndex: Int32Array, changed: PlayNode): void {
  previousIndex[changed.index] = -1;
  for (const child of changed.children) previousIndex[child.index] = -1;
}

type Linked = { parent?: PlayNode };

/**
 * Puts `newSteps` in the place of `oldSteps` on the path after `previousNode` (a step or pre of
 * the same tree). What followed the old ones follows the new ones: the next step (`afterNode`),
 * else the tree's branches, which hang from its last node. Returns the nodes that got a new parent.
 */
function linkSteps(previousNode: PlayNode, oldSteps: readonly PlayNode[], newSteps: PlayNode[], afterNode: PlayNode | undefined): readonly PlayNode[] {
  const oldLast = oldSteps.length ? oldSteps[oldSteps.length - 1] : previousNode;
  // A node of a tree has the next step as only child, or, the last one, the first nodes of the branches.
  const following = afterNode ? [afterNode] : [...oldLast.children];
  const siblings = previousNode.children;
  const at = oldSteps.length ? siblings.indexOf(oldSteps[0]) : afterNode ? siblings.indexOf(afterNode) : 0;
  const removed = oldSteps.length || afterNode ? 1 : siblings.length;
  let last = previousNode;
  for (const node of newSteps) {
    (node as Linked).parent = last;
    if (last !== previousNode) setChildren(last, [node]);
    last = node;
  }
  spliceChildren(previousNode, at, removed, newSteps.length ? [newSteps[0]] : following);
  if (last !== previousNode) setChildren(last, following);
  if (last === oldLast) return [];
  for (const node of following) (node as Linked).parent = last;
  return following;
}

/**
 * Moves the kept syntax findings that lie after the re-read part (from its old end `oldEnd` on);
 * those before it stay, even one that ends where an insertion starts (a value missing before a
 * step's `}`, with text typed just after it), which a shift from the edit's end would stretch.
 */
function shiftFindingsAfter(findings: readonly Finding[], oldEnd: number, shift: SpanShift): void {
  if (shift.delta === 0) return;
  for (const f of findings) {
    if (f.span.start < oldEnd) continue;
    const span = f.span as { start: number; end: number };
    span.start += shift.delta;
    span.end += shift.delta;
  }
}
