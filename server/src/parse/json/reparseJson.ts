/**
 * Reading part of a 3.0 game tree again after an edit (see reanalyzeJson.ts): one step or pre the
 * edit lies inside, or a run of a steps array up to where the parse is back in step (reparseSteps);
 * which part holds the edit, its re-read, and the syntax tree with the new part in the old one's
 * place and every offset after the edit moved.
 *
 * Why a clean re-read of the element alone is the element the whole text's parse would read:
 * the text before the element is unchanged, so the parser reaches its `{` in the state it had
 * before; inside an object only `]` and the end of the text look at the containers around it, and
 * both are syntax findings, so a re-read without findings reads the same tokens the same way up
 * to the same `}`, after which the parser is where it was before the edit.
 */
import type { Node } from 'jsonc-parser';
import type { Finding, Span } from '../../model/types';
import { closingQuoteOnLaterLine, curlyCloserFollower, keyNameOf, keySpanOf, lineEndAt, member, moveSubtree, parseArrayRun, type LineOfOffset, parseJsonValueAt, propertyOf, valueOf, type ArrayRun } from './parseJson';
import type { SourceText } from '../../text/sourceText';

/** An edit of the text before it: `text` replaces [start, end). */
export interface EditRange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The element of the game tree an edit lies strictly inside (its braces untouched). */
export interface EditedElement {
  /** An object element of a steps array, or a pre object. */
  readonly element: Node;
  readonly kind: 'step' | 'pre';
}

type MutableNode = { -readonly [K in keyof Node]: Node[K] };

/**
 * The step or pre that the edit lies strictly inside, found on the path the checks and the
 * model take (see treeValueAround); undefined when the edit is anywhere else.
 */
export function findEditedElement(root: Node | undefined, edit: EditRange, text: SourceText): EditedElement | undefined {
  const around = treeValueAround(root, edit);
  if (around?.name === 'pre') return around.value.type === 'object' && strictlyInside(around.value, edit, text) ? { element: around.value, kind: 'pre' } : undefined;
  if (around?.value.type !== 'array') return undefined;
  const element = childAround(around.value.children, edit);
  return element?.type === 'object' && strictlyInside(element, edit, text) ? { element, kind: 'step' } : undefined;
}

/** The info object (the root's first "info", the one checked and read) when the edit lies strictly inside it. */
export function findEditedInfo(root: Node | undefined, edit: EditRange, text: SourceText): Node | undefined {
  const info = root?.type === 'object' ? member(root, 'info') : undefined;
  return info?.type === 'object' && strictlyInside(info, edit, text) ? info : undefined;
}

/**
 * The value of the "pre" or "steps" property that holds the edit, on the path the checks and
 * the model take: root → first "tree" → first "branches" → an element → … → first "pre" or "steps".
 */
function treeValueAround(root: Node | undefined, edit: EditRange): { readonly name: 'pre' | 'steps'; readonly value: Node } | undefined {
  if (root?.type !== 'object') return undefined;
  let tree = valueOfFirst(root, 'tree', edit);
  while (tree?.type === 'object') {
    const property = childAround(tree.children, edit);
    if (property?.type !== 'property') return undefined;
    const name = keyNameOf(property);
    if (propertyOf(tree, name) !== property) return undefined; // a later duplicate: neither checked nor modelled
    const value = valueOf(property);
    if (!value) return undefined;
    if (name === 'pre' || name === 'steps') return { name, value };
    if (name !== 'branches' || value.type !== 'array') return undefined;
    tree = childAround(value.children, edit);
  }
  return undefined;
}

/** Whether every property of the root but its (first) "tree" ends at or before `offset`: what the model reads there is unchanged by an edit from there on. */
export function onlyTreeFrom(root: Node, offset: number): boolean {
  const tree = propertyOf(root, 'tree');
  return (root.children ?? []).every((property) => property === tree || property.offset + property.length <= offset);
}

/** The value of the first property `name` of `object`, when the edit lies within that property. */
function valueOfFirst(object: Node, name: string, edit: EditRange): Node | undefined {
  const property = propertyOf(object, name);
  return property && contains(property, edit) ? valueOf(property) : undefined;
}

/** The child whose span holds the edit (children are in text order), if any. */
function childAround(children: readonly Node[] | undefined, edit: EditRange): Node | undefined {
  if (!children) return undefined;
  let low = 0;
  let high = children.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (children[middle].offset <= edit.start) low = middle + 1;
    else high = middle - 1;
  }
  const child = children[high];
  return child && contains(child, edit) ? child : undefined;
}

function contains(node: Node, edit: EditRange): boolean {
  return node.offset <= edit.start && edit.end <= node.offset + node.length;
}

/** The edit leaves the object's braces alone: it lies after the `{` and before the `}`. */
function strictlyInside(object: Node, edit: EditRange, text: SourceText): boolean {
  const last = object.offset + object.length - 1;
  return object.offset < edit.start && edit.end <= last && text.charCodeAt(object.offset) === 123 /* { */ && text.charCodeAt(last) === 125 /* } */;
}

/**
 * Whether the findings of the old parse let the old tree be kept around a re-read of the old
 * text from `start` to `end`: none in or touching it (it was read cleanly, like its re-read must
 * be), and none after it when the edit adds or removes a line break (their messages may name
 * lines after the edit).
 */
export function syntaxFindingsAllowReparse(findings: readonly Finding[], start: number, end: number, edit: EditRange, oldText: SourceText): boolean {
  const linesChange = changesLines(edit, oldText);
  if (tokenReadIntoEdit(findings, start, edit, oldText)) return false;
  for (const f of findings) {
    if (f.span.start <= end && f.span.end >= start) return false;
    if (linesChange && f.span.start >= end) return false;
  }
  return true;
}

/**
 * Whether a token the parse read past where it stopped starts before `start` and was read as far
 * as the edit: the edit may change how it is read, so a re-read from `start` would not be the
 * parse's. A string left open (parseJson.ts openStringAsMeant) was read to its line's end, or
 * lines on for its closing quote; a block comment never closed, to the end of the text (where
 * its closing pair could be typed).
 */
export function tokenReadIntoEdit(findings: readonly Finding[], start: number, edit: EditRange, oldText: SourceText): boolean {
  for (const f of findings) {
    if (f.span.start >= start || !TOKENS_READ_ON.has(f.message.id)) continue;
    if (readTo(f, oldText) >= edit.start) return true;
  }
  return false;
}

function readTo(f: Finding, text: SourceText): number {
  switch (f.message.id) {
    case 'json.commentUnterminated':
      return text.length;
    case 'json.unterminatedString':
      // Its finding ends at its line's end, where the look at later lines starts.
      return closingQuoteOnLaterLine(text, f.span.end).readTo;
    case 'json.closingQuoteCurly': {
      // A curly quote ending its line was read by the next line's first character too. A margin:
      // that closer is inside the step or info an edit before it re-reads whole (incremental-json.test.ts).
      const lineEnd = lineEndAt(text, f.span.start);
      const follower = text.slice(f.span.end, lineEnd).trim() === '' ? curlyCloserFollower(text, lineEnd) : -1;
      return follower >= 0 ? follower + 1 : lineEnd;
    }
    default:
      return lineEndAt(text, f.span.start);
  }
}

/** The findings of tokens read past where they stopped (tokenReadIntoEdit). */
const TOKENS_READ_ON: ReadonlySet<string> = new Set(['json.unterminatedString', 'json.closingQuoteMissing', 'json.closingQuoteCurly', 'json.quoteInString', 'json.commentUnterminated']);

/**
 * Whether the edit may change the lines of the text after it: it adds or removes a line break,
 * or it is between the CR and the LF of a CR LF (text typed there splits one line break into
 * two; text cut from between a CR and an LF joins two into one) (fuzz, seed 2525).
 */
function changesLines(edit: EditRange, oldText: SourceText): boolean {
  if (hasLineBreak(edit.text) || hasLineBreak(oldText.slice(edit.start, edit.end))) return true;
  const changes = edit.text.length > 0 || edit.end > edit.start;
  return changes && oldText.charCodeAt(edit.start - 1) === CR && oldText.charCodeAt(edit.end) === LF;
}

const CR = 0x0d;
const LF = 0x0a;

function hasLineBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

/**
 * The element read again from the new text (its old span moved by the edit's length), when it
 * reads cleanly as one object ending exactly at its old `}`; else undefined.
 */
export function reparseElement(element: Node, edit: EditRange, newText: SourceText): Node | undefined {
  const delta = edit.text.length - (edit.end - edit.start);
  const start = element.offset;
  const end = element.offset + element.length + delta;
  const parsed = parseJsonValueAt(newText, start, end);
  const value = parsed.root;
  if (parsed.findings.length > 0 || value?.type !== 'object' || value.offset !== start || value.offset + value.length !== end) return undefined;
  return value;
}

/**
 * The old tree after the edit, in place: every node after the edit moves by `delta`, the
 * containers around `element` grow by it, and `fresh` (read from the new text) takes the place
 * of `element`. Returns the key span of the property holding the element (a pre's key).
 */
export function spliceElement(root: Node, element: Node, fresh: Node, edit: EditRange): Span | undefined {
  moveOffsets(root, edit, (node) => node === element);
  const parent = element.parent as MutableNode;
  (fresh as MutableNode).parent = parent;
  const siblings = parent.children as Node[];
  siblings[siblings.indexOf(element)] = fresh;
  return parent.type === 'property' ? keySpanOf(parent) : undefined;
}

/**
 * Offsets at or after the end of the edit (in the old text) move by its length; the nodes around
 * it grow by that; the nodes before it stay; the `dropped` ones (replaced) are not visited.
 */
function moveOffsets(root: Node, edit: EditRange, dropped: (node: Node) => boolean): void {
  const delta = edit.text.length - (edit.end - edit.start);
  if (delta === 0) return;
  const pending: Node[] = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.offset + node.length <= edit.start || dropped(node)) continue;
    if (node.offset >= edit.end) {
      moveSubtree(node, delta);
      continue;
    }
    (node as MutableNode).length += delta; // it holds the edit
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
}

/* ---------- a run of steps read again ---------- */

/** An edit inside a steps array (its brackets untouched) and where reading it again starts. */
export interface EditedSteps {
  readonly steps: Node;
  /** The last element wholly before the edit. */
  readonly before: Node | undefined;
  /** The index of the first element the re-read may replace (the first not wholly before the edit). */
  readonly first: number;
  /** Where the re-read starts (old text = new text there): the end of `before`, or just after the `[`. */
  readonly start: number;
}

/** The steps array (on the path the checks and the model take) that the edit lies strictly inside, and where to read it again from. */
export function findEditedSteps(root: Node | undefined, edit: EditRange, text: SourceText): EditedSteps | undefined {
  const around = treeValueAround(root, edit);
  if (around?.name !== 'steps' || around.value.type !== 'array') return undefined;
  const steps = around.value;
  const close = steps.offset + steps.length - 1;
  if (!(steps.offset < edit.start && edit.end <= close && text.charCodeAt(steps.offset) === 91 /* [ */ && text.charCodeAt(close) === 93 /* ] */)) return undefined;
  const elements = steps.children ?? [];
  let first = 0;
  while (first < elements.length && elements[first].offset + elements[first].length <= edit.start) first++;
  return readFrom(steps, first);
}

/** The re-read of `steps` from its element `first` on: it starts at the end of the element before, or just after the `[`. */
function readFrom(steps: Node, first: number): EditedSteps {
  const before = first > 0 ? (steps.children ?? [])[first - 1] : undefined;
  return { steps, before, first, start: before ? before.offset + before.length : steps.offset + 1 };
}

/**
 * The same edit with the re-read starting one element earlier: the element before it now lies in
 * what is read again. For an element that the token after it closed (its `}` missing: the parse
 * closed it there, with a finding at that token), which the edit may have changed.
 */
export function fromElementBefore(edited: EditedSteps): EditedSteps {
  return readFrom(edited.steps, edited.first - 1);
}

/** The elements a re-read of an edited steps array replaced, and the first one it kept. */
export interface StepsRun {
  readonly run: ArrayRun;
  /** The old elements the run replaced, from index `first` of the array. */
  readonly replaced: readonly Node[];
  /** The first old element after the run, kept (undefined: the run read to the array's end). */
  readonly after: Node | undefined;
  /** The old text the run read again: from `start` to the start of `after` (or the end of the `]`). */
  readonly oldEnd: number;
}

/**
 * The edited steps array read again from the new text, element by element, until the parse is
 * back in step with the old one: where an old element after the edit starts that the old parse
 * read after a comma (the parser is then where it was there), or at the array's own `]`. The run
 * may hold syntax errors: an unclosed step swallows the steps after it, up to the array's `]`.
 * Undefined when the re-read leaves the array (see parseArrayRun).
 */
export function reparseSteps(
  edited: EditedSteps,
  edit: EditRange,
  oldText: SourceText,
  newText: SourceText,
  oldFindings: readonly Finding[],
  readsPlainSteps: boolean,
  lineOfOffset?: LineOfOffset,
): StepsRun | undefined {
  const delta = edit.text.length - (edit.end - edit.start);
  const elements = edited.steps.children ?? [];
  const end = edited.steps.offset + edited.steps.length - 1;
  // Only where the old parse read the array's own `]` is a re-read that closes the array there back in step.
  const close = closedByItsBracket(oldText, end, elements, oldFindings) ? end : -1;
  const inStepAt = (offset: number): boolean => {
    const index = elementStartingAt(elements, offset - delta);
    return (
      index > edited.first && elements[index].offset >= edit.end && elements[index].type === 'object' && opensWithBrace(oldText, elements[index]) &&
      isComma(oldText, elements[index - 1], elements[index])
    );
  };
  const run = parseArrayRun(newText, edited.start, { afterElement: edited.before !== undefined, inStepAt, closeAt: close + delta, array: edited.steps, before: edited.before, readsPlainSteps }, lineOfOffset);
  if (!run) return undefined;
  if (run.closed) return { run, replaced: elements.slice(edited.first), after: undefined, oldEnd: close + 1 };
  const next = elementStartingAt(elements, run.end - delta);
  return { run, replaced: elements.slice(edited.first, next), after: elements[next], oldEnd: run.end - delta };
}

/**
 * Whether the old parse closed an array with its own `]`, the last character of the array's node
 * at `end`: not left open to the end of the text (its node then ends with the text, perhaps on a
 * `]` that closed an element of it, or inside a string or comment left open), nor closed by
 * another container's closer.
 */
function closedByItsBracket(oldText: SourceText, end: number, elements: readonly Node[], findings: readonly Finding[]): boolean {
  if (oldText.charCodeAt(end) !== 0x5d /* ] */) return false;
  // A string left open, like every token but a comment, lies in an element (a step, or the key of one).
  const last = elements[elements.length - 1];
  if (last && last.offset + last.length > end) return false;
  for (const f of findings) if (f.message.id === 'json.commentUnterminated' && f.span.start <= end && end < f.span.end) return false;
  return true;
}

/** The index of the element starting at `offset`, else -1. */
function elementStartingAt(elements: readonly Node[], offset: number): number {
  let low = 0;
  let high = elements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = elements[middle].offset;
    if (at === offset) return middle;
    if (at < offset) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Whether an object element starts with its own `{` (or a full-width one). One the parse opened at
 * a name whose `{` was left out is read by the element before it, which the name may continue
 * (parseJson.ts continuedElement): no place to be back in step (the fuzz, seed 21010).
 */
function opensWithBrace(text: SourceText, element: Node): boolean {
  const c = text.charCodeAt(element.offset);
  return c === 0x7b /* { */ || c === 0xff5b /* ｛ */;
}

/** Whether only white space and one comma lie between two elements: the parse read the second one where the array expected a value after a comma. */
function isComma(text: SourceText, previous: Node, next: Node): boolean {
  let comma = 0;
  for (let i = previous.offset + previous.length; i < next.offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) comma++;
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return comma === 1;
}

/**
 * The old parse's syntax findings kept around a re-read of the old text from `start` to `end`:
 * those in it go (the re-read reports its own), the others move with the edit. Undefined when one
 * straddles a boundary of the re-read (a finding the re-read cannot give again), or when one lies
 * after it and the edit adds or removes a line break (their messages may name lines after the edit).
 */
export function syntaxFindingsAround(findings: readonly Finding[], start: number, end: number, edit: EditRange, oldText: SourceText): Finding[] | undefined {
  const linesChange = changesLines(edit, oldText);
  const kept: Finding[] = [];
  for (const f of findings) {
    // An empty finding at `end` was made after the re-read part (the end of the text after a `]`).
    const inside = f.span.start >= start && f.span.end <= end && f.span.start < end;
    if (inside) continue;
    if (f.span.start < end && f.span.end > start) return undefined;
    if (linesChange && f.span.start >= end) return undefined;
    kept.push(f);
  }
  return kept;
}

/** The pre of the tree that holds `steps`, when the model makes a node of it. */
export function preBeside(steps: Node): Node | undefined {
  const tree = steps.parent?.parent;
  const pre = propertyOf(tree, 'pre');
  const value = pre && valueOf(pre);
  return value?.type === 'object' ? value : undefined;
}

/** The old tree after an edit of a steps array (see spliceElement): `fresh` takes the place of the replaced elements. */
export function spliceSteps(root: Node, edited: EditedSteps, stepsRun: StepsRun, edit: EditRange): void {
  const replaced = new Set(stepsRun.replaced);
  moveOffsets(root, edit, (node) => replaced.has(node));
  const fresh = stepsRun.run.elements;
  for (const element of fresh) (element as MutableNode).parent = edited.steps;
  const elements = edited.steps.children as Node[];
  const tail = elements.splice(edited.first + stepsRun.replaced.length);
  elements.length = edited.first;
  for (const element of fresh) elements.push(element);
  for (const element of tail) elements.push(element);
}
