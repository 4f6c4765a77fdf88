/**
 * The answer to `wei7/playMove`: the text edit that plays a move for the colour to play next
 * after the node under the cursor, written where the format says it belongs and formatted like
 * its neighbours.
 *
 * Where the move goes:
 * - The node has no continuation: right after it, in its own line of play (2.x: an element after
 *   the node's element; 3.0: a step after the node's step, or the first step of its tree).
 * - The node has continuations and the point is one of them: no edit, the client goes there.
 * - The node has continuations: a variation is needed; without `asVariation` the answer says so
 *   and the client asks. With it:
 *   - 2.x (§3.12, §3.13): a variation of a move is a nested `moves` placed before that move,
 *     after the variations already there (they are ordered), and before the `mark`s that belong
 *     to the move (§3.18: a mark belongs to the move right after it). When the node ends its
 *     `moves`, its continuations are the nested `moves` after it; the new one goes after them.
 *   - 3.0 (§3.16.4): branches come after all the steps of a tree. When the node is the last of
 *     its tree, the new branch `{"steps": [move]}` is appended to the tree's branches. When steps
 *     follow the node, the tree is split there: it keeps its pre and the steps up to the node, and
 *     its branches become [the rest of its steps with its old branches (the main line, first),
 *     the new move]. Nothing of the game changes but the new alternative.
 *
 * The planning works on offsets of the analysed text; the edit is sent as LSP TextEdits against
 * the version it was computed for.
 */
import type { Node } from 'jsonc-parser';
import type { Color, Line, PlayNode, Point, Span, Wei7Document } from '../model/types';
import { LineIndex, type Position } from '../model/lineIndex';
import type { XmlElement, XmlSyntax } from '../parse/xml/parseXml';
import { elementsOf, member, propertyOf, valueOf, type JsonSyntax } from '../parse/json/parseJson';
import { localize, message, type Locale, type MessageId } from '../l10n/catalogue';
import { createReplay, nodeAt } from '../engine/replay';
// The usual name of a point (Q16; 30-1 past 25 columns), as `wei7 board` prints it.
import { pointLabel } from '../engine/notation';
import { colorToPlay, continuationsOf, type DocumentView, type NavigationTarget, rangeOf, type Range } from './position';

export const PLAY_MOVE_REQUEST = 'wei7/playMove';

export interface PlayMoveParams {
  readonly uri: string;
  /** The cursor: the move follows the node there. */
  readonly position: Position;
  readonly point: Point;
  /** Start a variation when the node already has a continuation (the client asked the user). */
  readonly asVariation?: boolean;
}

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/** An LSP WorkspaceEdit with one versioned text document edit. */
export interface WorkspaceEdit {
  readonly documentChanges: readonly {
    readonly textDocument: { readonly uri: string; readonly version: number };
    readonly edits: readonly TextEdit[];
  }[];
}

export type RefusalCode = 'noDocument' | 'notSimulated' | 'offBoard' | 'occupied' | 'variationBeforePre' | 'cannotPlace';

export type PlayMoveResult =
  | {
      readonly kind: 'edit';
      readonly version: number;
      readonly color: Color;
      readonly point: Point;
      /** The move starts a new variation. */
      readonly variation: boolean;
      readonly edit: WorkspaceEdit;
      /** Where the new move starts in the edited text: put the cursor there. */
      readonly cursor: Position;
    }
  /** The move is already a continuation of the node: go there instead of writing it twice. */
  | { readonly kind: 'existing'; readonly version: number; readonly target: NavigationTarget }
  /** The node already has a continuation: ask before starting a variation. */
  | { readonly kind: 'needsVariation'; readonly version: number; readonly color: Color; readonly point: Point }
  | { readonly kind: 'refused'; readonly version: number; readonly code: RefusalCode; readonly reason: string };

/** A replacement of text[start, end); `caret`: where the new move starts inside `text`. */
interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly caret?: number;
}

type Plan = { readonly edits: OffsetEdit[]; readonly variation: boolean } | { readonly refusal: RefusalCode; readonly args?: string[] };

export function playMove(view: DocumentView, params: PlayMoveParams, locale: Locale): PlayMoveResult {
  const { analysis, lines, version } = view;
  const refuse = (code: RefusalCode, id: MessageId, ...args: (string | number)[]): PlayMoveResult => ({
    kind: 'refused',
    version,
    code,
    reason: localize(message(id, ...args), locale),
  });
  const doc = analysis.document;
  if (!doc || !analysis.syntax) return refuse('noDocument', 'preview.noDocument');
  const replay = view.replay ?? createReplay(doc);
  if (!replay.simulated || !doc.size) return refuse('notSimulated', 'preview.notSimulated');
  const { width, height } = doc.size;
  const { x, y } = params.point;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
    return refuse('offBoard', 'preview.offBoard', x, y, width, height);
  }
  const node = nodeAt(doc, lines.offsetAt(params.position));
  const position = node && replay.positionAfter(node);
  if (position && position.cells[y * width + x] !== 0) return refuse('occupied', 'preview.occupied', pointLabel({ x, y }, width, height));

  const point = { x, y };
  const continuations = continuationsOf(doc, node);
  const existing = continuations.find((c) => c.kind === 'move' && c.point?.x === x && c.point.y === y);
  if (existing) return { kind: 'existing', version, target: { offset: existing.span.start, range: rangeOf(existing.span, lines) } };

  const color = colorToPlay(node, replay);
  const asVariation = continuations.length > 0;
  if (asVariation && !params.asVariation) return { kind: 'needsVariation', version, color, point };

  const plan = analysis.syntax.format === 'xml'
    ? planXml(analysis.syntax.xml, doc, node, { color, point }, asVariation)
    : planJson(analysis.syntax.json, doc, node, { color, point }, asVariation);
  if ('refusal' in plan) {
    return plan.refusal === 'variationBeforePre'
      ? refuse('variationBeforePre', 'preview.variationBeforePre')
      : refuse('cannotPlace', 'preview.cannotPlace', (plan.args ?? []).join(', '));
  }
  return {
    kind: 'edit',
    version,
    color,
    point,
    variation: plan.variation,
    edit: {
      documentChanges: [
        { textDocument: { uri: view.uri, version }, edits: plan.edits.map((e) => ({ range: rangeOf(e, lines), newText: e.text })) },
      ],
    },
    cursor: cursorAfter(analysis.text, plan.edits),
  };
}

/** Where the new move starts once the edits are applied. */
function cursorAfter(text: string, edits: readonly OffsetEdit[]): Position {
  const edited = applyEdits(text, edits);
  return new LineIndex(edited.text).positionAt(edited.caret);
}

/** The text after the edits, and where the new move starts in it. */
function applyEdits(text: string, edits: readonly OffsetEdit[]): { text: string; caret: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let from = 0;
  let caret = -1;
  for (const edit of sorted) {
    out += text.slice(from, edit.start);
    if (edit.caret !== undefined) caret = out.length + edit.caret;
    out += edit.text;
    from = edit.end;
  }
  return { text: out + text.slice(from), caret };
}

interface NewMove {
  readonly color: Color;
  readonly point: Point;
}

// ---------------------------------------------------------------------------------------------
// Layout of the surrounding text

/** The white space before `offset` on its line, if only white space precedes it there; else undefined (inline). */
function indentBefore(text: string, offset: number): string | undefined {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  const before = text.slice(start, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

function lineBreakOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/**
 * One level of indentation: what `inner` adds to `outer`; else the indentation of the document's
 * first indented line (the root's children sit one level in); else two spaces.
 */
function indentUnit(outer: string | undefined, inner: string | undefined, text: string): string {
  if (outer !== undefined && inner !== undefined && inner.length > outer.length && inner.startsWith(outer)) return inner.slice(outer.length);
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

/** Adds `extra` indentation to every line of `block` but the first (JSON's line breaks are all between tokens). */
function reindent(block: string, extra: string): string {
  return extra ? block.replace(/\r?\n/g, (lineBreak) => lineBreak + extra) : block;
}

// ---------------------------------------------------------------------------------------------
// wei7 2.x (XML)

function planXml(xml: XmlSyntax, doc: Wei7Document, node: PlayNode | undefined, move: NewMove, asVariation: boolean): Plan {
  const text = xml.text;
  const root = xml.root;
  const line = node?.line ?? doc.rootLine;
  const lineElement = root && line && xmlElementAt(root, line.span);
  if (!lineElement) return { refusal: 'cannotPlace', args: ['moves'] };
  if (!lineElement.closed) return { refusal: 'cannotPlace', args: [`<${lineElement.name}>`] };
  const moveText = xmlMoveText(text, doc, node, move);
  const children = lineElement.children.filter((c): c is XmlElement => c.kind === 'element');

  if (!asVariation) {
    if (!node) return { edits: [xmlAppendChild(text, lineElement, moveText)], variation: false };
    const element = xmlElementAt(root, node.span);
    if (!element) return { refusal: 'cannotPlace', args: [`<${node.kind}>`] };
    return { edits: [xmlAfter(text, element, moveText)], variation: false };
  }

  const nextInLine = node ? line.nodes[line.nodes.indexOf(node) + 1] : line.nodes[0];
  if (nextInLine) {
    if (nextInLine.kind === 'pre') return { refusal: 'variationBeforePre' };
    // Before the move it is a variation of (§3.12), after earlier variations (§3.13), before the move's marks (§3.18).
    let at = children.findIndex((c) => c.span.start === nextInLine.span.start);
    if (at < 0) return { refusal: 'cannotPlace', args: [`<${nextInLine.kind}>`] };
    while (at > 0 && children[at - 1].name === 'mark') at--;
    return { edits: [xmlBefore(text, children[at], lineElement, moveText)], variation: true };
  }
  // The node ends its moves: its continuations are the nested moves after it; the new one goes last.
  const after = node ? node.span.end : lineElement.contentSpan.start;
  const lastNested = children.filter((c) => c.name === 'moves' && c.span.start >= after).pop();
  if (!lastNested) return { refusal: 'cannotPlace', args: ['moves'] };
  const indent = indentBefore(text, lastNested.span.start);
  const variation = xmlVariationText(text, indent, indentUnit(indentBefore(text, lineElement.span.start), indent, text), moveText);
  const separator = indent !== undefined ? lineBreakOf(text) + indent : '';
  return { edits: [{ start: lastNested.span.end, end: lastNested.span.end, text: separator + variation.text, caret: separator.length + variation.caret }], variation: true };
}

/** The element whose span is `span` (a node's or a line's), found by descending from the root. */
function xmlElementAt(root: XmlElement, span: Span): XmlElement | undefined {
  let element: XmlElement | undefined = root;
  while (element) {
    if (element.span.start === span.start && element.span.end === span.end) return element;
    element = element.children.find(
      (c): c is XmlElement => c.kind === 'element' && c.span.start <= span.start && span.end <= c.span.end,
    );
  }
  return undefined;
}

/** `<black x="3" y="3" />` in the style of the document's moves: their quote and their `/>` spacing. */
function xmlMoveText(text: string, doc: Wei7Document, node: PlayNode | undefined, move: NewMove): string {
  const neighbour = [node, ...doc.nodes].find((n): n is PlayNode => n?.kind === 'move' && n.point !== undefined && n.point !== null);
  const tag = neighbour ? text.slice(neighbour.span.start, neighbour.span.end) : '';
  const quote = /=\s*'/.test(tag) ? "'" : '"';
  const close = neighbour && !/\s\/>$/.test(tag) ? '/>' : ' />';
  return `<${move.color} x=${quote}${move.point.x}${quote} y=${quote}${move.point.y}${quote}${close}`;
}

/** The move right after `element` (on a new line at its indentation, or inline after it). */
function xmlAfter(text: string, element: XmlElement, moveText: string): OffsetEdit {
  const indent = indentBefore(text, element.span.start);
  const separator = indent !== undefined ? lineBreakOf(text) + indent : '';
  return { start: element.span.end, end: element.span.end, text: separator + moveText, caret: separator.length };
}

/** A nested moves holding the move, right before `before` (the move it is a variation of, or its marks). */
function xmlBefore(text: string, before: XmlElement, lineElement: XmlElement, moveText: string): OffsetEdit {
  const indent = indentBefore(text, before.span.start);
  const unit = indentUnit(indentBefore(text, lineElement.span.start), indent, text);
  const variation = xmlVariationText(text, indent, unit, moveText);
  const separator = indent !== undefined ? lineBreakOf(text) + indent : '';
  return { start: before.span.start, end: before.span.start, text: variation.text + separator, caret: variation.caret };
}

function xmlVariationText(text: string, indent: string | undefined, unit: string, moveText: string): { text: string; caret: number } {
  if (indent === undefined) return { text: `<moves>${moveText}</moves>`, caret: '<moves>'.length };
  const eol = lineBreakOf(text);
  const head = `<moves>${eol}${indent}${unit}`;
  return { text: `${head}${moveText}${eol}${indent}</moves>`, caret: head.length };
}

/** The move as the last child of an element with no node yet (an empty root moves). */
function xmlAppendChild(text: string, element: XmlElement, moveText: string): OffsetEdit {
  const eol = lineBreakOf(text);
  const indent = indentBefore(text, element.span.start);
  const unit = indentUnit(undefined, undefined, text);
  const selfClosing = element.span.end === element.startTag.end;
  if (selfClosing) {
    const open = text.slice(element.startTag.start, element.startTag.end).replace(/\s*\/>$/, '>');
    const inner = indent !== undefined ? `${eol}${indent}${unit}` : '';
    const closing = indent !== undefined ? `${eol}${indent}</${element.name}>` : `</${element.name}>`;
    return { start: element.span.start, end: element.span.end, text: `${open}${inner}${moveText}${closing}`, caret: open.length + inner.length };
  }
  const content = text.slice(element.contentSpan.start, element.contentSpan.end);
  const lastSignificant = element.contentSpan.start + content.trimEnd().length;
  const lead = indent !== undefined ? `${eol}${indent}${unit}` : '';
  const tail = indent !== undefined && content.trim() === '' ? `${eol}${indent}` : '';
  const end = content.trim() === '' ? element.contentSpan.end : lastSignificant;
  return { start: lastSignificant, end, text: `${lead}${moveText}${tail}`, caret: lead.length };
}

// ---------------------------------------------------------------------------------------------
// wei7 3.0 (JSON)

/** How the document writes JSON on one line: `{"a": 1, "b": {"c": 2} }`. */
interface JsonStyle {
  readonly colon: string;
  readonly comma: string;
  /** A space inside braces: `{ "a": 1 }`. */
  readonly padded: boolean;
  /** A space between closing braces: `} }` (the spec's examples). */
  readonly spacedClosers: boolean;
}

function jsonStyleOf(sample: string | undefined): JsonStyle {
  if (sample === undefined) return { colon: ': ', comma: ', ', padded: false, spacedClosers: false };
  return {
    colon: /"\s*:[ \t]/.test(sample) ? ': ' : ':',
    comma: /,[ \t]/.test(sample) ? ', ' : ',',
    padded: /\{[ \t]+"/.test(sample),
    spacedClosers: /\}[ \t]+\}/.test(sample),
  };
}

type JsonValue = number | string | { readonly [key: string]: JsonValue };

/** One-line JSON in the document's style. */
function inlineJson(value: JsonValue, style: JsonStyle): string {
  if (typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value);
  const pad = style.padded ? ' ' : '';
  const body = entries.map(([key, v]) => `${JSON.stringify(key)}${style.colon}${inlineJson(v, style)}`).join(style.comma);
  const lastIsObject = entries.length > 0 && typeof entries[entries.length - 1][1] === 'object';
  return `{${pad}${body}${lastIsObject && style.spacedClosers && !pad ? ' ' : pad}}`;
}

function stepValue(move: NewMove): JsonValue {
  return { action: { type: 'move', value: { color: move.color === 'black' ? 1 : 2, point: { x: move.point.x, y: move.point.y } } } };
}

/** The object node whose span is `span` (a tree's or a step's), found by descending from the root. */
function jsonObjectAt(root: Node | undefined, span: Span): Node | undefined {
  let node = root;
  while (node) {
    if (node.type === 'object' && node.offset === span.start && node.offset + node.length === span.end) return node;
    node = node.children?.find((c) => c.offset <= span.start && span.end <= c.offset + c.length);
  }
  return undefined;
}

/** A step written in the document that new steps copy the layout of. */
interface StepSample {
  readonly text: string;
  /** The indentation of its line, when it starts one. */
  readonly indent: string | undefined;
}

/**
 * The step to copy: the nearest move step written on one line (a step spread over lines only
 * because of its marks should not make a bare move sprawl); else the nearest step at all, so a
 * document pretty-printed throughout gets pretty-printed steps.
 */
function stepSample(text: string, doc: Wei7Document, node: PlayNode | undefined): StepSample | undefined {
  const anchor = node?.span.start ?? 0;
  const steps = doc.nodes
    .filter((n) => n.kind !== 'pre')
    .sort((a, b) => Number(a.kind !== 'move') - Number(b.kind !== 'move') || Math.abs(a.span.start - anchor) - Math.abs(b.span.start - anchor));
  const sample = steps.find((n) => !/\n/.test(text.slice(n.span.start, n.span.end))) ?? steps[0];
  return sample && { text: text.slice(sample.span.start, sample.span.end), indent: indentBefore(text, sample.span.start) };
}

/** The new step's text at indentation `indent`: on one line like its neighbours, or pretty-printed like them. */
function stepText(text: string, sample: StepSample | undefined, indent: string, move: NewMove): string {
  if (sample && /\n/.test(sample.text)) {
    const unit = indentUnit(sample.indent ?? '', /\n([ \t]*)"/.exec(sample.text)?.[1], text);
    return reindent(JSON.stringify(stepValue(move), null, unit).replace(/\n/g, lineBreakOf(text)), indent);
  }
  return inlineJson(stepValue(move), jsonStyleOf(sample?.text));
}

function planJson(json: JsonSyntax, doc: Wei7Document, node: PlayNode | undefined, move: NewMove, asVariation: boolean): Plan {
  const text = json.text;
  const line: Line | undefined = node?.line ?? doc.rootLine;
  const tree = line && jsonObjectAt(json.root, line.span);
  if (!tree) return { refusal: 'cannotPlace', args: ['tree'] };
  const sample = stepSample(text, doc, node);
  const steps = elementsOf(member(tree, 'steps')).filter((s) => s.type === 'object');
  const kept = !node || node.kind === 'pre' ? 0 : steps.findIndex((s) => s.offset === node.span.start) + 1;
  if (node && node.kind !== 'pre' && kept === 0) return { refusal: 'cannotPlace', args: ['steps'] };

  if (!asVariation) {
    const step = (indent: string): Written => ({ text: stepText(text, sample, indent, move), caret: 0 });
    if (kept > 0) return { edits: [jsonAfterElement(text, steps[kept - 1], step)], variation: false };
    return { edits: [jsonFirstStep(text, tree, (indent) => stepText(text, sample, indent, move))], variation: false };
  }
  if (!node && member(tree, 'pre')) return { refusal: 'variationBeforePre' };
  if (kept < steps.length) return { edits: splitTree(text, tree, kept, sample, move), variation: true };
  // The node is the last of its tree: its continuations are the first nodes of the branches.
  const branches = elementsOf(member(tree, 'branches'));
  const lastBranch = branches[branches.length - 1];
  if (!lastBranch) return { refusal: 'cannotPlace', args: ['branches'] };
  return { edits: [jsonAfterElement(text, lastBranch, (indent) => branchText(text, indent, lastBranch, sample, move))], variation: true };
}

/** Text to insert, and where the new move starts in it. */
interface Written {
  readonly text: string;
  readonly caret: number;
}

/** `, <element>` after an array element: on a new line at its indentation, or inline. */
function jsonAfterElement(text: string, element: Node, write: (indent: string) => Written): OffsetEdit {
  const end = element.offset + element.length;
  const indent = indentBefore(text, element.offset);
  const separator = indent !== undefined ? `,${lineBreakOf(text)}${indent}` : `,${jsonStyleOf(text.slice(element.offset, end)).comma === ', ' ? ' ' : ''}`;
  const written = write(indent ?? '');
  return { start: end, end, text: separator + written.text, caret: separator.length + written.caret };
}

/** The first step of a tree that has none: into its empty steps array, or a new `steps` property. */
function jsonFirstStep(text: string, tree: Node, write: (indent: string) => string): OffsetEdit {
  const eol = lineBreakOf(text);
  const stepsProperty = propertyOf(tree, 'steps');
  const stepsArray = stepsProperty && valueOf(stepsProperty);
  const properties = tree.children ?? [];
  const lastProperty = properties[properties.length - 1];
  const style = jsonStyleOf(text.slice(tree.offset, tree.offset + tree.length));
  const written = elementsOf(stepsArray);
  // Elements that are no steps (reported by validation) stay; the step goes after them.
  if (written.length > 0) return jsonAfterElement(text, written[written.length - 1], (indent) => ({ text: write(indent), caret: 0 }));
  if (stepsProperty && stepsArray?.type === 'array') {
    const keyIndent = indentBefore(text, stepsProperty.offset);
    const end = stepsArray.offset + stepsArray.length;
    if (keyIndent === undefined) {
      const step = write('');
      return { start: stepsArray.offset, end, text: `[${step}]`, caret: 1 };
    }
    const unit = indentUnit(keyIndent, undefined, text);
    const head = `[${eol}${keyIndent}${unit}`;
    return { start: stepsArray.offset, end, text: `${head}${write(keyIndent + unit)}${eol}${keyIndent}]`, caret: head.length };
  }
  if (!lastProperty) {
    // An empty tree object `{}`.
    const indent = indentBefore(text, tree.offset) ?? '';
    const unit = indentUnit(undefined, undefined, text);
    const head = `{${eol}${indent}${unit}"steps"${style.colon}[${eol}${indent}${unit}${unit}`;
    const step = write(indent + unit + unit);
    return { start: tree.offset, end: tree.offset + tree.length, text: `${head}${step}${eol}${indent}${unit}]${eol}${indent}}`, caret: head.length };
  }
  const keyIndent = indentBefore(text, lastProperty.offset);
  const end = lastProperty.offset + lastProperty.length;
  if (keyIndent === undefined) {
    const head = `${style.comma}"steps"${style.colon}[`;
    return { start: end, end, text: `${head}${write('')}]`, caret: head.length };
  }
  const unit = indentUnit(keyIndent, undefined, text);
  const head = `,${eol}${keyIndent}"steps"${style.colon}[${eol}${keyIndent}${unit}`;
  return { start: end, end, text: `${head}${write(keyIndent + unit)}${eol}${keyIndent}]`, caret: head.length };
}

/** A new branch `{"steps": [move]}` at indentation `indent`, laid out like `like` (a sibling branch). */
function branchText(text: string, indent: string, like: Node, sample: StepSample | undefined, move: NewMove): Written {
  const likeText = text.slice(like.offset, like.offset + like.length);
  const style = jsonStyleOf(likeText);
  if (!/\n/.test(likeText)) {
    const head = `{"steps"${style.colon}[`;
    return { text: `${head}${stepText(text, sample, '', move)}]}`, caret: head.length };
  }
  const eol = lineBreakOf(text);
  const unit = indentUnit(indent, /\n([ \t]*)"/.exec(likeText)?.[1], text);
  const step = stepText(text, sample, indent + unit + unit, move);
  const head = `{${eol}${indent}${unit}"steps"${style.colon}[${eol}${indent}${unit}${unit}`;
  return { text: `${head}${step}${eol}${indent}${unit}]${eol}${indent}}`, caret: head.length };
}

/**
 * Splits a tree after its first `kept` steps (§3.16.4: branches follow all the steps): the steps
 * after become the first branch, with the tree's old branches under them, and the new move the
 * second. Two edits: the steps array loses its tail; the branches (replaced or added) hold it.
 */
function splitTree(text: string, tree: Node, kept: number, sample: StepSample | undefined, move: NewMove): OffsetEdit[] {
  const eol = lineBreakOf(text);
  const stepsProperty = propertyOf(tree, 'steps') as Node; // kept < steps.length: the property exists
  const stepsArray = valueOf(stepsProperty) as Node;
  const steps = elementsOf(stepsArray);
  const tailStart = steps.filter((s) => s.type === 'object')[kept];
  const tail = steps.slice(steps.indexOf(tailStart));
  const lastStep = steps[steps.length - 1];
  const keyIndent = indentBefore(text, stepsProperty.offset);
  const elementIndent = indentBefore(text, tailStart.offset);
  const multiline = keyIndent !== undefined && elementIndent !== undefined;
  const style = jsonStyleOf(text.slice(tailStart.offset, tailStart.offset + tailStart.length));
  const colon = style.colon;
  const slice = (n: Node): string => text.slice(n.offset, n.offset + n.length);

  const keptBefore = steps[steps.indexOf(tailStart) - 1];
  const trimSteps: OffsetEdit = keptBefore
    ? { start: keptBefore.offset + keptBefore.length, end: lastStep.offset + lastStep.length, text: '' }
    : { start: stepsArray.offset, end: stepsArray.offset + stepsArray.length, text: '[]' };

  const branchesProperty = propertyOf(tree, 'branches');
  const oldBranches = branchesProperty && valueOf(branchesProperty);
  let branches: string;
  let caret: number;
  if (multiline) {
    const I = keyIndent;
    const unit = indentUnit(I, elementIndent, text);
    const [u1, u2, u3] = [I + unit, I + unit + unit, I + unit + unit + unit];
    // The moved text sits two levels deeper: array → branch object → its steps.
    const moved = tail.map((s) => reindent(slice(s), unit + unit)).join(`,${eol}${u3}`);
    const old = oldBranches ? `,${eol}${u2}"branches"${colon}${reindent(slice(oldBranches), unit + unit)}` : '';
    const head =
      `[${eol}${u1}{${eol}${u2}"steps"${colon}[${eol}${u3}${moved}${eol}${u2}]${old}${eol}${u1}},` +
      `${eol}${u1}{${eol}${u2}"steps"${colon}[${eol}${u3}`;
    branches = `${head}${stepText(text, sample, u3, move)}${eol}${u2}]${eol}${u1}}${eol}${I}]`;
    caret = head.length;
  } else {
    const moved = tail.map(slice).join(style.comma);
    const old = oldBranches ? `${style.comma}"branches"${colon}${slice(oldBranches)}` : '';
    const head = `[{"steps"${colon}[${moved}]${old}}${style.comma}{"steps"${colon}[`;
    branches = `${head}${stepText(text, sample, '', move)}]}]`;
    caret = head.length;
  }
  if (oldBranches) {
    return [trimSteps, { start: oldBranches.offset, end: oldBranches.offset + oldBranches.length, text: branches, caret }];
  }
  const afterSteps = stepsArray.offset + stepsArray.length;
  const lead = multiline ? `,${eol}${keyIndent}"branches"${colon}` : `${style.comma}"branches"${colon}`;
  return [trimSteps, { start: afterSteps, end: afterSteps, text: lead + branches, caret: lead.length + caret }];
}
