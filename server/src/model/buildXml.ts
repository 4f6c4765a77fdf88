/**
 * wei7 2.x element tree → the document model. Lenient: whatever can be read is kept, whatever
 * cannot is left out (the validator reports it). Iterative over nested moves.
 *
 * The game tree follows 2.2 §3.12 and spec-notes: a nested `moves` is a variation of the next
 * black/white sibling after it, so it branches from the node before that move; one with no later
 * move sibling branches from the end of its parent. A `mark` belongs to the next move (§3.18).
 */
import type {
  BoardSize,
  Color,
  Evaluation,
  GameInfo,
  GameResult,
  Line,
  Located,
  LocatedPoint,
  Mark,
  MoveNode,
  Participant,
  PlayNode,
  Player,
  PreNode,
  Rules,
  RulesType,
  Scoring,
  Span,
  Splitter,
  Stone,
  Wei7Document,
} from './types';
import type { XmlAttribute, XmlElement, XmlSyntax, XmlText } from '../parse/xml/parseXml';
import { isFoldedPlainMove, type PlainMoveElement } from '../parse/xml/plainMoves';
import { parseKomi22, parseMargin22, parsePlainInteger } from '../validate/values';
import { textOf, valueSpan } from '../validate/xml/validateXml';
import { clearChildren, type CountsChildren, firstNodeStartingAtOrAfter, linkChild, NO_CHILDREN, identityIndex, orderMainLineFirst, reindexFrom, SAME_NODES, setChildren } from './tree';
import { keptList, replaceRun } from '../util/lists';
import { moveSpan, shiftOffset, type SpanShift } from './shift';
import { PointInText } from './pointInText';
import { pointIndexOn, type ReadsMoveValues } from './moves';
import { nameOfElementAt, trimXmlSpace } from '../parse/xml/tags';
import type { SourceText } from '../text/sourceText';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function buildXmlModel(syntax: XmlSyntax): Wei7Document {
  return buildXmlModelIncrementally(syntax).document;
}

/**
 * The node of play the model made of each element, kept in the element's slot (XmlElement.modelNode):
 * an edit's model reads the nodes of the elements it did not change from there, and takes the
 * replaced elements' out. Like the Map it replaced, it is updated from version to version, never
 * built again: an element keeps its node until a later build replaces or removes it.
 */
export interface NodeOfElement {
  get(element: XmlElement): PlayNode | undefined;
  set(element: XmlElement, node: PlayNode): void;
  delete(element: XmlElement): void;
}

export const nodeOfElement: NodeOfElement = {
  get: (element) => element.modelNode,
  set: (element, node) => {
    element.modelNode = node;
  },
  delete: (element) => {
    element.modelNode = undefined;
  },
};

/** What the next version's model may take over: the node each play element became, the line each moves element. */
export interface XmlModel {
  readonly document: Wei7Document;
  readonly nodeOf: NodeOfElement;
  readonly lineOf: Map<XmlElement, Line>;
  /**
   * With `previous`: for each node (by index), its index in the previous model if it is the same
   * object with the same content and the same parent (see engine/checkGame GameChanges), else -1.
   */
  readonly previousIndex: Int32Array | undefined;
}

/**
 * The nodes and lines of a previous model to take over (the elements' nodes and its lines are taken over too, and updated),
 * and which elements changed since (their nodes are read again).
 */
export interface PreviousXmlModel {
  readonly nodeOf: NodeOfElement;
  readonly lineOf: Map<XmlElement, Line>;
  /** The previous model's nodes: only a node among them is taken over (see isModelNode). */
  readonly nodes: readonly PlayNode[];
  readonly changed: (element: XmlElement) => boolean;
  /** The elements made anew by the reparse. */
  readonly isNew: (element: XmlElement) => boolean;
  /**
   * The items the reparse replaced, in text order. Their nodes, in text order: a new element that
   * reads as the same move or setup as the replaced node in its place (an edit of a comment, say)
   * takes that node over, so the game need not be checked again below it.
   */
  readonly replaced: readonly (XmlElement | XmlText)[];
  /** How the edit moved the kept findings (all of them, from the edit's end: see analysis). */
  readonly findingsShift: SpanShift;
}

/**
 * buildXmlModel, taking over the nodes of unchanged elements from `previous`: same objects, new
 * links (index, line, parent, children, the marks before a move), so that the game checks can
 * tell which paths an edit changed. The previous model must not be used afterwards.
 */
export function buildXmlModelIncrementally(syntax: XmlSyntax, previous?: PreviousXmlModel): XmlModel {
  const root = syntax.root?.name === 'wei7' ? syntax.root : undefined;
  const version = root && located(attribute(root, 'version'));
  const children = root ? elements(root) : [];
  const sizeElement = children.find((c) => c.name === 'size');
  const gameElement = children.find((c) => c.name === 'game');
  const movesElement = children.find((c) => c.name === 'moves');
  const size = sizeElement && readSize(sizeElement, syntax.source);
  const info = gameElement ? readGame(gameElement, syntax.source) : { participants: [], players: [] };
  // The nodes (in the elements' slots) and the previous lines are updated rather than built again (tens of thousands an edit).
  const nodeOf = nodeOfElement;
  const lineOf = previous?.lineOf ?? new Map<XmlElement, Line>();
  const replaced = previous ? takeReplaced(previous.replaced, previous.nodes, nodeOf, lineOf) : [];
  // Only a model built on a previous one says where its nodes were (a first one's are all new).
  const previousIndex: number[] | undefined = previous ? [] : undefined;
  const tree = movesElement ? readTree(movesElement, { nodeOf, lineOf }, previous && { ...previous, replaced }, previousIndex) : { rootLine: undefined, nodes: [], roots: [] };
  const document: Wei7Document = { format: 'xml', spec: '2.2', version, size, info, ...tree };
  return { document, nodeOf, lineOf, previousIndex: previousIndex && Int32Array.from(previousIndex) };
}

/**
 * Whether `node` is one of the model's `nodes`. An element keeps the node it was read as while it
 * is out of the model (in a second <moves>, say), so a node an element holds may be an older
 * version's, whose index now names another node.
 */
function isModelNode(node: PlayNode, nodes: readonly PlayNode[]): boolean {
  return nodes[node.index] === node;
}

/**
 * The nodes of the replaced items (and of the elements in them) in text order, those of the
 * previous model only (isModelNode); their elements give up their nodes and lines.
 */
function takeReplaced(items: readonly (XmlElement | XmlText)[], previousNodes: readonly PlayNode[], nodeOf: NodeOfElement, lineOf: Map<XmlElement, Line>): PlayNode[] {
  const nodes: PlayNode[] = [];
  const pending = [...items].reverse();
  while (pending.length) {
    const item = pending.pop() as XmlElement | XmlText;
    if (item.kind === 'text') continue;
    const node = nodeOf.get(item);
    if (node) {
      if (isModelNode(node, previousNodes)) nodes.push(node);
      nodeOf.delete(item);
      continue;
    }
    lineOf.delete(item);
    for (let i = item.children.length - 1; i >= 0; i--) pending.push(item.children[i]);
  }
  return nodes;
}

function elements(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}

function attribute(element: XmlElement, name: string): XmlAttribute | undefined {
  for (const a of element.attributes) if (a.name === name) return a;
  return undefined;
}

/*
 * The model holds the value span of every attribute it reads through located(), locatedEnum() or
 * locatedNumber() (it moves with the element after an edit), but of no `black` or `white`
 * element's: a move's point and its other values count from its start tag (XmlMoveNode,
 * ValueInTag), as a player's values do (readGame), its type is read by value, and a setup stone is
 * read for its point only, which counts from its start tag too (PointInTag). Their attributes may so be packed while the document is idle
 * (parse/xml/packAttributes.ts): nothing would move their spans any more, and nothing needs to.
 */

/** Whether no model value holds a span of the element's attributes: a move's, a setup stone's or a player's (see above). */
export function holdsNoAttributeSpanOf(element: XmlElement): boolean {
  return element.name === 'black' || element.name === 'white';
}

/** A span kept as offsets from a start tag (`tag`, which edits move): made when read. */
abstract class SpanInTag {
  private readonly start: number;
  private readonly end: number;

  constructor(
    private readonly tag: Span,
    span: Span,
  ) {
    this.start = span.start - tag.start;
    this.end = span.end - tag.start;
  }

  get span(): Span {
    const at = this.tag.start;
    return { start: at + this.start, end: at + this.end };
  }
}

/**
 * An attribute's value as a move or a player holds it: its offsets count from the element's start tag, so an
 * edit that moves the element moves it, and no span of the attribute's is held (the attributes can
 * be packed). Its span is made when read, and later edits do not move that object: read it again.
 */
class ValueInTag<T> extends SpanInTag implements Located<T> {
  constructor(
    readonly value: T,
    tag: Span,
    span: Span,
  ) {
    super(tag, span);
  }
}

/**
 * A setup stone's or a mark's point: its offsets count from its element's start tag, as a move's
 * do (XmlMoveNode), so an edit that moves the element moves it and no node has a span of its own
 * to move. Its span is made when read, and later edits do not move that object: read it again.
 */
class PointInTag extends SpanInTag implements LocatedPoint {
  constructor(
    readonly x: number,
    readonly y: number,
    tag: Span,
    span: Span,
  ) {
    super(tag, span);
  }
}

/** The point of a setup stone or a mark (readPoint) as a PointInTag. */
function pointInTag(element: XmlElement): LocatedPoint | undefined {
  const point = readPoint(element);
  return point && new PointInTag(point.x, point.y, element.startTag, point.span);
}

/** The attribute `name` of a move or a player (any string, or one of `allowed`) as a ValueInTag. */
function valueInTag<T extends string>(element: XmlElement, name: string, allowed?: readonly T[]): Located<T> | undefined {
  const attr = attribute(element, name);
  if (!attr || (allowed && !(allowed as readonly string[]).includes(attr.value))) return undefined;
  return new ValueInTag(attr.value as T, element.startTag, attr.valueSpan);
}

function located(attr: XmlAttribute | undefined): Located<string> | undefined {
  return attr && { value: attr.value, span: attr.valueSpan };
}

function locatedEnum<T extends string>(attr: XmlAttribute | undefined, allowed: readonly T[]): Located<T> | undefined {
  return attr && (allowed as readonly string[]).includes(attr.value) ? { value: attr.value as T, span: attr.valueSpan } : undefined;
}

function locatedNumber(attr: XmlAttribute | undefined, parse: (raw: string) => number | undefined): Located<number> | undefined {
  const value = attr && parse(attr.value);
  return attr && value !== undefined ? { value, span: attr.valueSpan } : undefined;
}

function readSize(element: XmlElement, text: SourceText): BoardSize | undefined {
  const value = parsePlainInteger(trimXmlSpace(textOf(element)));
  return value && value > 0 ? { width: value, height: value, span: valueSpan(element, text) } : undefined;
}

function readGame(game: XmlElement, text: SourceText): GameInfo {
  const info: Mutable<GameInfo> = {
    span: game.span,
    domain: located(attribute(game, 'domain')),
    id: located(attribute(game, 'id')),
    name: located(attribute(game, 'name')),
    participants: [],
    players: [],
  };
  const participants: Participant[] = [];
  const players: Player[] = [];
  for (const child of elements(game)) {
    if (child.name === 'rules') info.rules ??= readRules(child);
    else if (child.name === 'time' && !info.time) info.time = { value: trimXmlSpace(textOf(child)), span: valueSpan(child, text) };
    else if (child.name === 'result') info.result ??= readResult(child);
    else if ((child.name === 'black' || child.name === 'white') && !players.some((p) => p.color?.value === child.name)) {
      // game/black and game/white become participants with a player of that colour (one model for both formats).
      const index = participants.length;
      participants.push({
        index,
        span: child.span,
        domain: valueInTag(child, 'domain'),
        id: valueInTag(child, 'id'),
        name: valueInTag(child, 'name'),
        title: valueInTag(child, 'title'),
        rank: valueInTag(child, 'rank'),
      });
      players.push({ span: child.span, participant: { value: index, span: child.nameSpan }, color: { value: child.name, span: child.nameSpan } });
    }
  }
  info.participants = participants;
  info.players = players;
  return info;
}

function readRules(rules: XmlElement): Rules {
  return {
    span: rules.span,
    scoring: locatedEnum<Scoring>(attribute(rules, 'scoring'), ['area', 'territory']),
    komi: locatedNumber(attribute(rules, 'komi'), parseKomi22),
    type: locatedEnum<RulesType>(attribute(rules, 'type'), ['Chinese', 'Japanese', 'Korean']),
  };
}

function readResult(result: XmlElement): GameResult {
  const winner = attribute(result, 'winner');
  const value = winner?.value === 'black' || winner?.value === 'white' ? winner.value : winner?.value === 'neither' ? null : undefined;
  return {
    span: result.span,
    winner: winner && value !== undefined ? { value, span: winner.valueSpan } : undefined,
    margin: locatedNumber(attribute(result, 'margin'), parseMargin22),
  };
}

function readPoint(element: XmlElement): LocatedPoint | undefined {
  const x = attribute(element, 'x');
  const y = attribute(element, 'y');
  // White space around a coordinate is allowed (validate/xml/elementRules.ts coordinateCheck).
  const px = x && parsePlainInteger(trimXmlSpace(x.value));
  const py = y && parsePlainInteger(trimXmlSpace(y.value));
  if (!x || !y || px === undefined || py === undefined) return undefined;
  // An attribute's span is made at each read (parse/xml/tags TagAttribute): read once each.
  const xSpan = x.span;
  const ySpan = y.span;
  return new PointInText(px, py, Math.min(xSpan.start, ySpan.start), Math.max(xSpan.end, ySpan.end));
}

function readMark(element: XmlElement): Mark | undefined {
  const point = pointInTag(element);
  const symbol = attribute(element, 'symbol');
  return point && symbol ? { point, symbol: { value: symbol.value, span: symbol.valueSpan }, span: element.span } : undefined;
}

/*
 * A node's eval, title, comment and problem (§3.16) are read field by field into its object
 * literal (comment, title, problem, evaluation, in this order): spreading a helper's object into
 * each of thousands of nodes cost more than reading them.
 */

const PROBLEM_VALUES = ['no', 'black', 'white'] as const;
const EVAL_VALUES = ['bad', 'normal', 'good', 'trick'] as const;

/** problem="no" is the default, so no problem. */
function readProblem(element: XmlElement): Located<Color> | undefined {
  const problem = valueInTag<Color | 'no'>(element, 'problem', PROBLEM_VALUES);
  return problem && problem.value !== 'no' ? (problem as Located<Color>) : undefined;
}

/** eval="normal" is the default, so no evaluation. */
function readEvaluation(element: XmlElement): Located<Evaluation> | undefined {
  const evaluation = valueInTag<Evaluation | 'normal'>(element, 'eval', EVAL_VALUES);
  return evaluation && evaluation.value !== 'normal' ? (evaluation as Located<Evaluation>) : undefined;
}

interface Frame {
  readonly element: XmlElement;
  readonly line: Line;
  /** The element's children, text included (skipped as they come: no filtered copy of thousands of moves). */
  readonly children: readonly (XmlElement | XmlText)[];
  index: number;
  /** The node the next move follows. */
  previous: PlayNode | undefined;
  /** Marks waiting for the next move (§3.18); NO_MARKS until one comes. */
  marks: Mark[];
}

/** The marks of the many moves that have none: one shared array, frozen so that nothing adds to it. */
const NO_MARKS = Object.freeze([]) as unknown as Mark[];

/** The previous model's pieces with the replaced items' nodes read out (see takeReplaced). */
type PreviousTree = Omit<PreviousXmlModel, 'replaced'> & { readonly replaced: readonly PlayNode[] };

function readTree(
  rootMoves: XmlElement,
  maps: { readonly nodeOf: NodeOfElement; readonly lineOf: Map<XmlElement, Line> },
  previous: PreviousTree | undefined,
  previousIndex: number[] | undefined,
): Pick<Wei7Document, 'rootLine' | 'nodes' | 'roots'> {
  const { nodeOf, lineOf } = maps;
  const nodes: PlayNode[] = [];
  const roots: PlayNode[] = [];
  const lines: Line[] = [];
  const newLine = (element: XmlElement, parentLine: Line | undefined): Line => {
    // The line of an element that was there before is taken over, so that its nodes (old objects)
    // need not point at a new one: writing a new object into thousands of old ones costs the
    // garbage collector more than the writes.
    const kept = previous && !previous.isNew(element) ? lineOf.get(element) : undefined;
    const line: Line = kept ? resetLine(kept, element, parentLine) : { span: element.span, keySpan: element.nameSpan, nodes: [], lines: [], parentLine };
    if (!kept) lineOf.set(element, line);
    parentLine?.lines.push(line);
    lines.push(line);
    return line;
  };
  const frame = (element: XmlElement, line: Line, previous: PlayNode | undefined): Frame => ({
    element,
    line,
    children: element.children,
    index: 0,
    previous,
    marks: NO_MARKS,
  });
  const rootLine = newLine(rootMoves, undefined);
  const stack: Frame[] = [frame(rootMoves, rootLine, undefined)];
  let replacedAt = 0;
  while (stack.length) {
    const top = stack[stack.length - 1];
    const child = top.children[top.index++];
    if (!child) {
      stack.pop();
      continue;
    }
    if (child.kind !== 'element') continue;
    if (child.name === 'moves') {
      // Branches from the node before the next move, which is the node we are at now.
      stack.push(frame(child, newLine(child, top.line), top.previous));
      continue;
    }
    if (child.name === 'mark') {
      const mark = readMark(child);
      if (mark) {
        if (top.marks === NO_MARKS) top.marks = [];
        top.marks.push(mark);
      }
      continue;
    }
    const isPlay = child.name === 'pre' || child.name === 'black' || child.name === 'white';
    const held = isPlay && previous && !previous.changed(child) ? nodeOf.get(child) : undefined;
    const kept = held && previous && isModelNode(held, previous.nodes) ? held : undefined;
    // Where the node was before (for GameChanges), when it was there before.
    let beforeIndex = kept ? kept.index : -1;
    let beforeParent = kept?.parent;
    let node = kept
      ? relink(kept, nodes.length, top.line, top.marks)
      : child.name === 'pre' ? readPre(child, nodes.length, top.line) : isPlay ? readMove(child, nodes.length, top.line, top.marks) : undefined;
    if (!node) continue;
    if (!kept && previous?.isNew(child) && replacedAt < previous.replaced.length) {
      const replaced = previous.replaced[replacedAt++];
      const { index, parent } = replaced;
      const adopted = samePlay(replaced, node) ? adopt(replaced, node, previous.findingsShift) : undefined;
      if (adopted) {
        beforeIndex = index;
        beforeParent = parent;
        node = adopted;
      }
    }
    top.marks = NO_MARKS;
    nodes.push(node);
    if (!kept) nodeOf.set(child, node);
    top.line.nodes.push(node);
    linkChild(node, top.previous, roots);
    previousIndex?.push(beforeIndex >= 0 && beforeParent === node.parent ? beforeIndex : -1);
    top.previous = node;
  }
  for (const line of lines) {
    const first = line.nodes[0];
    if (first?.title) (line as Mutable<Line>).title = first.title;
  }
  orderMainLineFirst(nodes, roots, rootLine);
  return { rootLine, nodes, roots };
}

/** A line taken over from the previous model, emptied to be filled again (its element's span may be a new object: a reparse closes the elements around the edit again). */
function resetLine(line: Line, element: XmlElement, parentLine: Line | undefined): Line {
  const reset = line as Mutable<Line>;
  if (reset.span !== element.span) reset.span = element.span;
  if (reset.keySpan !== element.nameSpan) reset.keySpan = element.nameSpan;
  reset.nodes.length = 0;
  reset.lines.length = 0;
  if (reset.parentLine !== parentLine) reset.parentLine = parentLine;
  if (reset.title) delete reset.title;
  return line;
}

/** The node plays the same: same kind, colour and point (a move), same stones (a setup). */
function samePlay(a: PlayNode, b: PlayNode): boolean {
  if (a.kind === 'move' && b.kind === 'move') {
    const p = a.point;
    const q = b.point;
    return a.color?.value === b.color?.value && (p === q || (!!p && !!q && p.x === q.x && p.y === q.y));
  }
  if (a.kind === 'pre' && b.kind === 'pre') {
    return a.stones.length === b.stones.length && a.stones.every((s, i) => {
      const t = b.stones[i];
      return s.color === t.color && s.point.x === t.point.x && s.point.y === t.point.y;
    });
  }
  return false;
}

/**
 * The previous node `old` becomes `fresh` (read from the new element), keeping its identity, so
 * its replay state and game findings still hold. Those findings point at the old node's parts
 * (keySpan, colour, point, stones) as they were, moved by `shift` (analysis moves every kept
 * finding by the edit): undefined, and nothing changed, unless that puts each part where the new
 * element has it.
 */
function adopt(old: PlayNode, fresh: PlayNode, shift: SpanShift): PlayNode | undefined {
  if (!partsMoveTo(old, fresh, shift)) return undefined;
  // Nodes of a kind are read with the same fields (undefined when absent), so this replaces them
  // all; deleting fields instead would put the node's object in V8's slow dictionary mode.
  Object.assign(old, fresh);
  return old;
}

/** The parts of `old` that game findings point at, moved by `shift`, are those of `fresh` (samePlay holds). */
function partsMoveTo(old: PlayNode, fresh: PlayNode, shift: SpanShift): boolean {
  if (!movesTo(old.keySpan, fresh.keySpan, shift)) return false;
  if (old.kind === 'move' && fresh.kind === 'move') {
    return movesTo(old.color?.span, fresh.color?.span, shift) && movesTo(old.point?.span, fresh.point?.span, shift);
  }
  if (old.kind === 'pre' && fresh.kind === 'pre') {
    return old.stones.every((stone, i) => movesTo(stone.span, fresh.stones[i].span, shift) && movesTo(stone.point.span, fresh.stones[i].point.span, shift));
  }
  return false;
}

function movesTo(before: Span | undefined, after: Span | undefined, shift: SpanShift): boolean {
  if (!before || !after) return before === after;
  return shiftOffset(before.start, shift) === after.start && shiftOffset(before.end, shift) === after.end;
}

/**
 * Moves the spans the document's header holds of its own (the values of <size> and <time>,
 * read without their white space); its other spans are elements' and attributes', which moved
 * with the syntax tree. A document read anew after the edit makes new ones.
 */
export function shiftHeaderOwnSpans(document: Wei7Document, shift: SpanShift): void {
  moveSpan(document.size?.span, shift);
  moveSpan(document.info.time?.span, shift);
}

/**
 * A node taken over from the previous model, linked anew (a move takes the marks written before
 * it, §3.18). Only what differs is written, and its children's array is emptied rather than made
 * again (see newLine in readTree).
 */
function relink(node: PlayNode, index: number, line: Line, marks: Mark[]): PlayNode {
  const linked = node as Mutable<PlayNode>;
  linked.index = index;
  if (linked.line !== line) linked.line = line;
  linked.parent = undefined;
  clearChildren(node);
  if (node.kind === 'move' && node.marks !== marks && (node.marks.length || marks.length)) linked.marks = marks;
  return node;
}

function readPre(element: XmlElement, index: number, line: Line): PreNode {
  const stones: Stone[] = [];
  const marks: Mark[] = [];
  for (const child of elements(element)) {
    if (child.name === 'mark') {
      const mark = readMark(child);
      if (mark) marks.push(mark);
    } else if (child.name === 'black' || child.name === 'white') {
      const point = pointInTag(child);
      if (point) stones.push({ color: child.name, point, span: child.span });
    }
  }
  return {
    index,
    kind: 'pre',
    span: element.span,
    keySpan: element.nameSpan,
    line,
    // In the literal, though linking sets it: a field added later would take an extra backing store (40 bytes a node).
    parent: undefined,
    children: [],
    marks,
    stones,
    comment: located(attribute(element, 'comment')),
    title: located(attribute(element, 'title')),
    problem: readProblem(element),
    evaluation: readEvaluation(element),
  };
}

function readMove(element: XmlElement, index: number, line: Line, marks: readonly Mark[]): MoveNode {
  if (isFoldedPlainMove(element)) return XmlMoveNode.ofPlainMove(index, line, marks, element, plainMoveExtras(element));
  const type = attribute(element, 'type')?.value ?? 'normal';
  const point = type === 'pass' ? null : type === 'normal' ? readPoint(element) : undefined;
  return new XmlMoveNode(index, line, marks, element, point, readMoveExtras(element));
}

/** What few moves have (a comment on 1 move in 7 of a commented game, the rest rarer): one object when any is there. */
interface MoveExtras {
  readonly comment: Located<string> | undefined;
  readonly title: Located<string> | undefined;
  readonly problem: Located<Color> | undefined;
  readonly evaluation: Located<Evaluation> | undefined;
  readonly splitter: Located<Splitter> | undefined;
}

function readMoveExtras(element: XmlElement): MoveExtras | undefined {
  const comment = valueInTag(element, 'comment');
  const title = valueInTag(element, 'title');
  const problem = readProblem(element);
  const evaluation = readEvaluation(element);
  const splitter = valueInTag<Splitter>(element, 'splitter', ['small', 'medium', 'large']);
  return comment || title || problem || evaluation || splitter ? { comment, title, problem, evaluation, splitter } : undefined;
}

/** A plain move's extras (parse/xml/plainMoves.ts): its comment, if it has one (the same object readMoveExtras makes). */
function plainMoveExtras(element: PlainMoveElement): MoveExtras | undefined {
  const comment = element.comment;
  if (comment === undefined) return undefined;
  const start = element.commentValueStart();
  return { comment: new ValueInTag(comment, element.startTag, { start, end: start + comment.length }), title: undefined, problem: undefined, evaluation: undefined, splitter: undefined };
}

/** XmlMoveNode.pointCode of a pass and of a move whose point could not be read (packed points are never negative). */
const PASS = -1;
const UNREADABLE = -2;

/*
 * A point packed into one small integer (below 2^30, a small integer in V8 with or without pointer
 * compression): x and y (6 bits each), where it is written from the start tag (9 bits) and how
 * long it is written (9 bits). `<black x="3" y="4"/>` writes it 7 characters in, 11 long.
 */
const COORDINATE_BITS = 6;
const OFFSET_BITS = 9;
const COORDINATE_MASK = (1 << COORDINATE_BITS) - 1;
const OFFSET_MASK = (1 << OFFSET_BITS) - 1;

/** The packed point, or a PointInText (offsets from the start tag) when a value does not fit. */
function packPoint(x: number, y: number, start: number, end: number): number | PointInText {
  const length = end - start;
  const code = x | (y << COORDINATE_BITS) | (start << (2 * COORDINATE_BITS)) | (length << (2 * COORDINATE_BITS + OFFSET_BITS));
  // Read back: a value too large, negative or not whole does not come back as it went in.
  const fits = packedX(code) === x && packedY(code) === y && packedStart(code) === start && packedLength(code) === length;
  return fits ? code : new PointInText(x, y, start, end);
}

const packedX = (code: number): number => code & COORDINATE_MASK;
const packedY = (code: number): number => (code >> COORDINATE_BITS) & COORDINATE_MASK;
const packedStart = (code: number): number => (code >> (2 * COORDINATE_BITS)) & OFFSET_MASK;
const packedLength = (code: number): number => (code >> (2 * COORDINATE_BITS + OFFSET_BITS)) & OFFSET_MASK;

/**
 * A 2.x move (`black` or `white`), read from its element: its span is the element's, its key span
 * and colour are the element's name (made when read from the start tag's offset, not kept), and
 * its rare values are one object (MoveExtras). A 10k-move game keeps 10,000 of these while it is
 * open: 88 bytes each on Node 24 (bench:heap), with its point one field rather than four (24
 * bytes), and no colour object (40) nor name span (48).
 * Its own fields are exactly what adopt and in-place updates copy from a new reading.
 */
class XmlMoveNode implements MoveNode, CountsChildren, ReadsMoveValues {
  // In the constructor, though linking sets it: a field added later would take an extra backing store (40 bytes a node).
  parent: PlayNode | undefined = undefined;
  /**
   * The children (model/tree.ts writes them through `children`): none, the only one, or a list of
   * two or more. Nearly every move has one child, and a list of one is 56 bytes.
   */
  private childLinks: PlayNode | PlayNode[] | undefined = undefined;

  /*
   * The point as written, in one field rather than an object (PointInText, 56 bytes) or four
   * numbers: x, y and where it is written, packed into a small integer (packPoint); PASS for a
   * pass (point null), UNREADABLE when no point could be read (point undefined); or, when a value
   * does not fit (a coordinate of 64 or more, a point written far into its tag), a PointInText.
   * Its offsets count from the element's start tag, which holds it, so an edit that moves the
   * element moves the point: nothing of the move's own to move.
   */
  private pointCode: number | PointInText;

  constructor(
    readonly index: number,
    readonly line: Line,
    readonly marks: readonly Mark[],
    readonly element: XmlElement,
    point: LocatedPoint | null | undefined,
    private readonly extras: MoveExtras | undefined,
  ) {
    const tagStart = element.startTag.start;
    this.pointCode = point ? packPoint(point.x, point.y, point.span.start - tagStart, point.span.end - tagStart) : point === null ? PASS : UNREADABLE;
  }

  /** The move a plain move element holds (parse/xml/plainMoves.ts), read from its fields: the same node readMove makes of its attributes. */
  static ofPlainMove(index: number, line: Line, marks: readonly Mark[], element: PlainMoveElement, extras: MoveExtras | undefined): XmlMoveNode {
    const move = new XmlMoveNode(index, line, marks, element, undefined, extras);
    move.pointCode = packPoint(element.x, element.y, element.pointStartInTag(), element.pointEndInTag());
    return move;
  }

  get point(): LocatedPoint | null | undefined {
    const code = this.pointCode;
    const tagStart = this.element.startTag.start;
    if (typeof code !== 'number') return new PointInText(code.x, code.y, tagStart + code.start, tagStart + code.end);
    if (code < 0) return code === PASS ? null : undefined;
    const start = tagStart + packedStart(code);
    return new PointInText(packedX(code), packedY(code), start, start + packedLength(code));
  }

  pointIndexOn(width: number, height: number): number {
    const code = this.pointCode;
    if (typeof code !== 'number') return pointIndexOn(code.x, code.y, width, height);
    return code >= 0 ? pointIndexOn(packedX(code), packedY(code), width, height) : -1;
  }

  get colorValue(): Color {
    // Only `black` and `white` elements are read as moves (readTree).
    return this.element.name as Color;
  }

  get kind(): 'move' {
    return 'move';
  }

  /** A list made for the reader when there is one child: changing it changes nothing (see model/tree.ts setChildren). */
  get children(): readonly PlayNode[] {
    const links = this.childLinks;
    if (links === undefined) return NO_CHILDREN;
    return Array.isArray(links) ? links : [links];
  }

  set children(children: readonly PlayNode[]) {
    this.childLinks = children.length === 0 ? undefined : children.length === 1 ? children[0] : (children as PlayNode[]);
  }

  /** Without making a list (model/tree.ts childCount). */
  get childCount(): number {
    const links = this.childLinks;
    return links === undefined ? 0 : Array.isArray(links) ? links.length : 1;
  }

  childAt(index: number): PlayNode {
    const links = this.childLinks;
    return Array.isArray(links) ? links[index] : (links as PlayNode);
  }

  setOnlyChild(child: PlayNode): void {
    this.childLinks = child;
  }

  get span(): Span {
    return this.element.span;
  }

  get keySpan(): Span {
    return this.nameOfElement();
  }

  get color(): Located<Color> {
    // Only `black` and `white` elements are read as moves (readTree).
    return this.nameOfElement() as Located<Color>;
  }

  /** The element's name with its span, made for the reader and not kept (the element's nameSpan would keep it). */
  private nameOfElement(): Located<string> & Span {
    return nameOfElementAt(this.element.startTag.start, this.element.name);
  }

  get comment(): Located<string> | undefined {
    return this.extras?.comment;
  }

  get title(): Located<string> | undefined {
    return this.extras?.title;
  }

  get problem(): Located<Color> | undefined {
    return this.extras?.problem;
  }

  get evaluation(): Located<Evaluation> | undefined {
    return this.extras?.evaluation;
  }

  get splitter(): Located<Splitter> | undefined {
    return this.extras?.splitter;
  }
}

/**
 * What an edit that left the element tree's shape as it was changed in the model: moves, each
 * with its node read anew, and the game information (its element, to read again).
 */
export interface InPlaceUpdates {
  readonly updates: readonly (readonly [node: PlayNode, fresh: MoveNode, before: XmlElement, after: XmlElement])[];
  readonly game: XmlElement | undefined;
}

/**
 * For an edit that left the element tree's shape as it was (parse/xml sameShapePairs): the new
 * reading of each changed element, when every one of them is a move of the game or lies in the
 * game information (`<game>` and what it holds). A change of the size, a setup, marks or
 * anything else is left to a new build: undefined.
 */
export function planInPlaceUpdates(
  root: XmlElement,
  nodeOf: NodeOfElement,
  pairs: readonly (readonly [XmlElement, XmlElement])[],
): InPlaceUpdates | undefined {
  const updates: [PlayNode, MoveNode, XmlElement, XmlElement][] = [];
  // The model reads the first <game> of the root (buildXmlModelIncrementally).
  const game = root.name === 'wei7' ? elements(root).find((c) => c.name === 'game') : undefined;
  let gameChanged = false;
  for (const [before, after] of pairs) {
    const node = nodeOf.get(before);
    if (node?.kind === 'move' && (after.name === 'black' || after.name === 'white')) {
      updates.push([node, readMove(after, node.index, node.line, node.marks), before, after]);
    } else if (game && within(after, game)) {
      gameChanged = true;
    } else {
      return undefined;
    }
  }
  return { updates, game: gameChanged ? game : undefined };
}

/** The element is `ancestor` or lies in it. */
function within(element: XmlElement, ancestor: XmlElement): boolean {
  for (let e: XmlElement | undefined = element; e; e = e.parent) if (e === ancestor) return true;
  return false;
}

/**
 * Applies planInPlaceUpdates to the previous model in place: each node keeps its links (index, line,
 * parent, children, marks), so nothing else is built again. The previous model is given up.
 * Returns GameChanges' previousIndex (every node is where it was; a node that now plays
 * differently is -1: the game is checked again below it) and whether any node's problem colour
 * came or went.
 */
export function applyInPlaceUpdates(
  document: Wei7Document,
  nodeOf: NodeOfElement,
  plan: InPlaceUpdates,
  findingsShift: SpanShift,
  text: SourceText,
): { readonly previousIndex: Int32Array | typeof SAME_NODES; readonly problemsAsBefore: boolean } {
  if (plan.game) (document as Mutable<Wei7Document>).info = readGame(plan.game, text);
  // Made only when a node plays differently: a comment or title edit leaves every node as it was.
  let previousIndex: Int32Array | undefined;
  let problemsAsBefore = true;
  for (const [node, fresh, before, after] of plan.updates) {
    // A move out of the model (in a second <moves>) holds the node of an older version: nothing to update.
    if (!isModelNode(node, document.nodes)) {
      nodeOf.delete(before);
      continue;
    }
    if ((node.problem === undefined) !== (fresh.problem === undefined)) problemsAsBefore = false;
    const links = { parent: node.parent, children: node.children };
    if (samePlay(node, fresh) && adopt(node, fresh, findingsShift)) Object.assign(node, links);
    else {
      Object.assign(node, fresh, links);
      previousIndex ??= identityIndex(document.nodes.length);
      previousIndex[node.index] = -1;
    }
    nodeOf.delete(before);
    nodeOf.set(after, node);
    // A line's title is its first node's (readTree).
    const line = node.line as Mutable<Line>;
    if (line.nodes[0] === node) {
      if (node.title) line.title = node.title;
      else delete line.title;
    }
  }
  return { previousIndex: previousIndex ?? SAME_NODES, problemsAsBefore };
}

/**
 * An edit inside a line of moves that replaced some of its moves, marks and the text around them
 * by others, read by planMovesSplice: where the new moves go in the game tree, in place of which,
 * and which marks they take (a mark belongs to the next move, §3.18).
 */
export interface MovesSplice {
  readonly line: Line;
  /** The node the first new move follows: the move or setup before the window in the line. */
  readonly previous: PlayNode;
  /** Where the window of re-read items starts and (in the new text) ends. */
  readonly start: number;
  readonly end: number;
  readonly replacedElements: readonly XmlElement[];
  readonly replacedNodes: readonly PlayNode[];
  /** The items made, text left out (moves, marks, elements of other names), in text order. */
  readonly madeElements: readonly XmlElement[];
  /** The marks between the previous node and the window: they wait for the next move. */
  readonly marksBefore: readonly Mark[];
  /** The move after the window, when there is one before the next setup: it takes the marks left waiting. */
  readonly nextMove: MoveNode | undefined;
  /** How many of the next move's marks came from before the window's end (the others come after it). */
  readonly nextMoveMarksBefore: number;
}

/**
 * For a reparse that got back in step inside a line of the game tree (the innermost enclosing
 * element a `moves` of the model's tree): the splice, when every item read again and every item
 * made is a move, a mark or text (or an element of another name), and a move or setup comes before
 * them in the line with only text, marks and variations between (so the line's first node, the
 * `moves` element's checks of its children's order but for a last mark, and the node the new
 * moves follow are as before; an edit that leaves a mark or had one as the last child is
 * left to a new build). `made` are the children from index `madeAt` on, read from `start`.
 * Undefined otherwise; nothing is changed.
 */
export function planMovesSplice(
  root: XmlElement,
  enclosing: readonly XmlElement[],
  replaced: readonly (XmlElement | XmlText)[],
  made: readonly (XmlElement | XmlText)[],
  madeAt: number,
  start: number,
  maps: { readonly nodeOf: NodeOfElement; readonly lineOf: ReadonlyMap<XmlElement, Line> },
): MovesSplice | undefined {
  // The model reads the root's first <moves> and the <moves> nested in it.
  if (root.name !== 'wei7' || enclosing[0] !== root || enclosing.length < 2) return undefined;
  if (enclosing[1] !== elements(root).find((c) => c.name === 'moves') || enclosing.some((e, i) => i > 0 && e.name !== 'moves')) return undefined;
  const parent = enclosing[enclosing.length - 1];
  const children = parent.children;
  const line = maps.lineOf.get(parent);
  const replacedElements = elementsOfALine(replaced);
  const madeElements = elementsOfALine(made);
  const before = playBefore(children, madeAt, maps.nodeOf);
  if (!line || !replacedElements || !madeElements || !before) return undefined;
  const replacedNodes: PlayNode[] = [];
  for (const element of replacedElements) {
    if (element.name !== 'black' && element.name !== 'white') continue;
    const node = maps.nodeOf.get(element);
    if (!node) return undefined;
    replacedNodes.push(node);
  }
  if (replacedNodes.length && replacedNodes[0].parent !== before.node) return undefined; // not the tree readTree made (a safeguard)
  const after = elementAfter(children, madeAt + made.length);
  if (!after.any) {
    // The last child: §3.19 reports a mark there when the element is closed (which a run read to the end may change).
    const endsInMark = (list: readonly XmlElement[]) => isMark(list[list.length - 1] ?? before.lastElement);
    if (endsInMark(replacedElements) || endsInMark(madeElements)) return undefined;
  }
  // No move after the window: a mark around it may be left with no move, or given one (§3.18's warning, validateXml checkMovesChildren).
  if (!after.play && (after.mark || before.marks.length || replacedElements.some(isMark) || madeElements.some(isMark))) return undefined;
  const nextMove = after.play && maps.nodeOf.get(after.play);
  const marksBefore = readMarks(before.marks);
  // The old version's marks that went to the next move: those after the last old move, or all of them.
  let lastOldMove = -1;
  replacedElements.forEach((e, i) => {
    if (e.name === 'black' || e.name === 'white') lastOldMove = i;
  });
  const oldTrailing = readMarks(replacedElements.slice(lastOldMove + 1)).length;
  const nextMoveMarksBefore = oldTrailing + (replacedNodes.length ? 0 : marksBefore.length);
  const end = made.length ? made[made.length - 1].span.end : start;
  return {
    line, previous: before.node, start, end, replacedElements, replacedNodes, madeElements, marksBefore,
    nextMove: nextMove?.kind === 'move' ? nextMove : undefined, nextMoveMarksBefore,
  };
}

/** The elements of `items` when they can be spliced into a line: undefined when one is a variation or a setup. Texts and elements of other names (a tag being typed: `<bla`) are no part of the tree. */
function elementsOfALine(items: readonly (XmlElement | XmlText)[]): XmlElement[] | undefined {
  const found: XmlElement[] = [];
  for (const item of items) {
    if (item.kind === 'text') continue;
    if (item.name === 'moves' || item.name === 'pre') return undefined;
    found.push(item);
  }
  return found;
}

function readMarks(elements: readonly XmlElement[]): Mark[] {
  const marks: Mark[] = [];
  for (const element of elements) {
    const mark = element.name === 'mark' ? readMark(element) : undefined;
    if (mark) marks.push(mark);
  }
  return keptList(marks);
}

/**
 * The node of the move or setup before children[index], past text, variations and marks (the
 * marks, in text order, wait for the next move), and the element just before children[index];
 * undefined when an element of another name or nothing comes first.
 */
function playBefore(
  children: readonly (XmlElement | XmlText)[],
  index: number,
  nodeOf: NodeOfElement,
): { readonly node: PlayNode; readonly marks: XmlElement[]; readonly lastElement: XmlElement } | undefined {
  const marks: XmlElement[] = [];
  let lastElement: XmlElement | undefined;
  for (let i = index - 1; i >= 0; i--) {
    const item = children[i];
    if (item.kind === 'text') continue;
    lastElement ??= item;
    if (item.name === 'moves') continue;
    if (item.name === 'mark') {
      marks.unshift(item);
      continue;
    }
    const node = item.name === 'black' || item.name === 'white' || item.name === 'pre' ? nodeOf.get(item) : undefined;
    return node && { node, marks, lastElement };
  }
  return undefined;
}

/** Whether an element comes after children[index - 1], the first move or setup that does (past text, variations, marks, others), and whether a mark comes before it. */
function elementAfter(
  children: readonly (XmlElement | XmlText)[],
  index: number,
): { readonly any: boolean; readonly play: XmlElement | undefined; readonly mark: boolean } {
  let any = false;
  let mark = false;
  for (let i = index; i < children.length; i++) {
    const item = children[i];
    if (item.kind === 'text') continue;
    any = true;
    if (item.name === 'black' || item.name === 'white' || item.name === 'pre') return { any, play: item, mark };
    if (item.name === 'mark') mark = true;
  }
  return { any, play: undefined, mark };
}

function isMark(element: XmlElement): boolean {
  return element.name === 'mark';
}

type Linked = { parent?: PlayNode };

/**
 * Applies planMovesSplice to the previous model in place: the new moves' nodes take the old ones'
 * place in the document's and the line's lists and in the tree, and what followed the old ones
 * (the next move and the variations before it, or the variations hanging from the line's end)
 * follows the new ones. Marks go to the next move, the one after the window too. As many moves as
 * went come: each that plays the same takes the old node over (adopt). Returns GameChanges'
 * previousIndex and whether problem colours are as before (marks are no part of the game checks).
 */
export function applyMovesSplice(
  document: Wei7Document,
  nodeOf: NodeOfElement,
  splice: MovesSplice,
  findingsShift: SpanShift,
): { readonly previousIndex: Int32Array; readonly problemsAsBefore: boolean } {
  const { line, previous, start, end, replacedElements, replacedNodes, madeElements } = splice;
  const hadProblem = replacedNodes.some((n) => n.problem); // before adopt gives old nodes the new content
  const oldParents = replacedNodes.map((n) => n.parent);
  const oldIndexes = replacedNodes.map((n) => n.index);
  const oldLast = replacedNodes.length ? replacedNodes[replacedNodes.length - 1] : previous;
  // What follows the window: all of the last old node's children, or the previous node's after the window.
  const following = replacedNodes.length ? [...oldLast.children] : previous.children.filter((c) => c.span.start >= end);
  const variationsBefore = previous.children.filter((c) => (replacedNodes.length ? c !== replacedNodes[0] : c.span.start < end));
  const { moves, moveElements, trailingMarks } = readMovesWithMarks(madeElements, splice.marksBefore, line);
  const problemsAsBefore = !hadProblem && !moves.some((m) => m.problem);
  const oneForOne = moves.length === replacedNodes.length;
  const nodes = moves.map((fresh, k) => {
    const old = replacedNodes[k];
    return (oneForOne && samePlay(old, fresh) && adopt(old, fresh, findingsShift)) || fresh;
  });
  const nextMove = splice.nextMove as Mutable<MoveNode> | undefined;
  if (nextMove && (trailingMarks.length || splice.nextMoveMarksBefore)) {
    const after = nextMove.marks.slice(splice.nextMoveMarksBefore);
    nextMove.marks = trailingMarks.length + after.length ? [...trailingMarks, ...after] : NO_MARKS;
  }
  // Link the new nodes in a chain after `previous`; the previous node's main child comes first (orderMainLineFirst).
  let link = previous;
  for (const node of nodes) {
    (node as Linked).parent = link;
    clearChildren(node);
    if (link !== previous) setChildren(link, [node]);
    link = node;
  }
  const newLast = link;
  const main = nodes[0] ?? following.find((c) => c.line === previous.line);
  const previousChildren: PlayNode[] = [];
  if (main) previousChildren.push(main);
  for (const c of variationsBefore) if (c !== main) previousChildren.push(c);
  if (newLast === previous) {
    for (const c of following) if (c !== main) previousChildren.push(c);
  } else if (following.length) {
    setChildren(newLast, following);
  }
  setChildren(previous, previousChildren);
  for (const c of following) (c as Linked).parent = newLast;

  const all = document.nodes as PlayNode[];
  const at = firstNodeStartingAtOrAfter(all, start);
  replaceRun(all, at, replacedNodes.length, nodes);
  reindexFrom(all, at);
  replaceRun(line.nodes, firstNodeStartingAtOrAfter(line.nodes, start), replacedNodes.length, nodes);
  for (const element of replacedElements) nodeOf.delete(element);
  moveElements.forEach((element, k) => nodeOf.set(element, nodes[k]));

  const previousIndex = new Int32Array(all.length);
  const moved = replacedNodes.length - nodes.length;
  for (let i = 0; i < all.length; i++) previousIndex[i] = i < at ? i : i < at + nodes.length ? -1 : i + moved;
  nodes.forEach((node, k) => {
    if (node === replacedNodes[k] && node.parent === oldParents[k]) previousIndex[at + k] = oldIndexes[k];
  });
  if (newLast !== oldLast) for (const c of following) previousIndex[c.index] = -1;
  return { previousIndex, problemsAsBefore };
}

/** The moves among `elements`, read with the marks before each (those waiting from before the window first), and the marks after the last. */
function readMovesWithMarks(elements: readonly XmlElement[], marksBefore: readonly Mark[], line: Line): { moves: MoveNode[]; moveElements: XmlElement[]; trailingMarks: Mark[] } {
  const moves: MoveNode[] = [];
  const moveElements: XmlElement[] = [];
  let waiting: Mark[] = [...marksBefore];
  for (const element of elements) {
    if (element.name === 'mark') {
      const mark = readMark(element);
      if (mark) waiting.push(mark);
    } else if (element.name === 'black' || element.name === 'white') {
      moves.push(readMove(element, -1, line, waiting.length ? waiting : NO_MARKS));
      moveElements.push(element);
      waiting = [];
    }
  }
  return { moves, moveElements, trailingMarks: waiting };
}

/** After a run that closed the elements around an edit again (with new span objects): the lines of those that are lines of moves take their new spans. */
export function reattachLineSpans(enclosing: readonly XmlElement[], lineOf: ReadonlyMap<XmlElement, Line>): void {
  for (const element of enclosing) {
    const line = lineOf.get(element) as Mutable<Line> | undefined;
    if (line && line.span !== element.span) line.span = element.span;
  }
}
