/**
 * A wei7 document (either format, through analyze() and the shared document model) → record.
 *
 * - 2.2: the model's game tree already places each nested `moves` as a variation of the move
 *   after it (§3.12) and each `mark` on the move after it (§3.18); eval="normal" is no evaluation,
 *   winner="neither" is a draw, game black/white are participants with players. Comments are
 *   read from the raw attribute text, so their line breaks survive (an XML parser turns a
 *   literal line break in an attribute into a space; the spec's own examples write them so).
 * - 3.0: walked by its trees (pre, steps, branches), because a tree's title belongs to the tree
 *   even when it has no pre and no steps (the tutorial's 目录). Timeline steps have no place in
 *   a record and are mapped with warnings: a takeback returns to the position N moves back, so
 *   the moves after it become a variation there (a move replayed as before joins the existing
 *   one), and the line that stands at the end becomes the main line; messages become comment
 *   paragraphs ("name: text"); mark actions become marks of the position; result claims are
 *   dropped (their comments kept); step times and actors are dropped.
 */
import { analyze, type Analysis } from '../analysis';
import { LineIndex } from '../model/lineIndex';
import type { GameInfo, Line, Mark, MoveNode, PlayNode, PreNode, Span, Wei7Document } from '../model/types';
import { firstInPlay, nodesInPlay } from '../model/tree';
import {
  appendComment,
  newNode,
  type Conversion,
  type GameRecord,
  type RecordInfo,
  type RecordMark,
  type RecordNode,
  type RecordParticipant,
  type SourcePosition,
} from './record';
import { parseDateTime } from './values';
import { collectWarnings, convertMessage, type Warn } from './warnings';

export function readWei7(text: string): Conversion<GameRecord> {
  return recordFromAnalysis(analyze(text));
}

export function recordFromAnalysis(analysis: Analysis): Conversion<GameRecord> {
  const { warn, list } = collectWarnings();
  const doc = analysis.document;
  const lines = new LineIndex(analysis.text);
  const at = (span: Span): SourcePosition => {
    const p = lines.positionAt(span.start);
    return { line: p.line + 1, column: p.character + 1 };
  };
  if (!doc) return { ok: false, error: { message: convertMessage('convert.wei7.unknownFormat') }, warnings: [] };
  const errors = analysis.findings.filter((f) => f.severity === 'error');
  if (errors.length) warn(at(errors[0].span), 'convert.wei7.inputErrors', errors.length);
  if (!doc.size) return { ok: false, error: { message: convertMessage('convert.wei7.noSize') }, warnings: list() };
  const context: Context = { text: analysis.text, at, warn, participantNames: doc.info.participants.map((p) => p.name?.value) };
  const root = doc.format === 'xml' ? treeFromNodes(doc, context) : treeFromLines(doc, context);
  return { ok: true, value: { size: { width: doc.size.width, height: doc.size.height }, info: readInfo(doc.info, context), root }, warnings: list() };
}

interface Context {
  readonly text: string;
  readonly at: (span: Span) => SourcePosition;
  readonly warn: Warn;
  readonly participantNames: readonly (string | undefined)[];
}

/* ---------- game information ---------- */

function readInfo(info: GameInfo, context: Context): RecordInfo {
  const participants: RecordParticipant[] = [];
  for (const p of info.participants) {
    participants[p.index] = {
      ...(p.domain && { domain: p.domain.value }),
      ...(p.id && { id: p.id.value }),
      ...(p.name && { name: p.name.value }),
      ...(p.title && { title: p.title.value }),
      ...(p.rank && { rank: p.rank.value }),
    };
  }
  // An unreadable participant (an error in the input) keeps its place, so that player indexes stay right.
  for (let i = 0; i < participants.length; i++) participants[i] ??= {};
  const time = info.time && parseDateTime(info.time.value);
  if (info.time && !time) context.warn(context.at(info.time.span), 'convert.wei7.timeUnreadable', info.time.value);
  const rules = info.rules;
  const winner = info.result?.winner;
  return {
    ...(info.domain && { domain: info.domain.value }),
    ...(info.id && { id: info.id.value }),
    ...(info.name && { name: info.name.value }),
    ...(info.place && { place: info.place.value }),
    ...(time && { time }),
    ...(rules && {
      rules: {
        ...(rules.scoring && { scoring: rules.scoring.value }),
        ...(rules.komi && { komi: rules.komi.value }),
        ...(rules.type && { type: rules.type.value }),
      },
    }),
    participants,
    players: info.players.flatMap((p) => (p.participant ? [{ participant: p.participant.value, ...(p.color && { color: p.color.value }) }] : [])),
    ...(winner && { result: { winner: winner.value, ...(info.result?.margin && { margin: info.result.margin.value }) } }),
    ...(info.span && { at: context.at(info.span) }),
  };
}

/* ---------- nodes ---------- */

/** A 2.2 attribute's text between its quotes, with entities decoded and line breaks kept (as LF). */
export function rawAttributeText(text: string, span: Span): string {
  return text
    .slice(span.start, span.end)
    .replace(/\r\n?/g, '\n')
    .replace(/&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
      if (name.startsWith('#x')) return characterOf(parseInt(name.slice(2), 16), entity);
      if (name.startsWith('#')) return characterOf(Number(name.slice(1)), entity);
      return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name] ?? entity;
    });
}

/**
 * The character a reference names; beyond Unicode (`&#x110000;`, not well-formed XML: an error
 * the checker reports) the reference stays as written rather than failing the conversion.
 */
function characterOf(codePoint: number, reference: string): string {
  return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
}

function commentOf(node: PlayNode, doc: Wei7Document, context: Context): string | undefined {
  if (!node.comment) return undefined;
  return doc.format === 'xml' ? rawAttributeText(context.text, node.comment.span) : node.comment.value;
}

function marksOf(marks: readonly Mark[]): RecordMark[] {
  return marks.map((m) => ({ point: { x: m.point.x, y: m.point.y }, symbol: m.symbol.value }));
}

/** What a pre or move node says besides its move: comment, title, marks, problem, evaluation. */
function annotationsOf(node: PreNode | MoveNode, doc: Wei7Document, context: Context): Partial<RecordNode> {
  const comment = commentOf(node, doc, context);
  return {
    ...(comment !== undefined && { comment }),
    ...(node.title && { title: node.title.value }),
    marks: marksOf(node.marks),
    ...(node.problem && { problem: node.problem.value }),
    ...(node.evaluation && { evaluation: node.evaluation.value }),
  };
}

function positionNode(pre: PreNode, doc: Wei7Document, context: Context): RecordNode {
  return newNode({
    ...annotationsOf(pre, doc, context),
    stones: pre.stones.map((s) => ({ color: s.color, point: { x: s.point.x, y: s.point.y } })),
    at: context.at(pre.keySpan),
  });
}

/** A readable move as a record node; undefined when its colour or point could not be read (an error in the input). */
function moveNode(move: MoveNode, doc: Wei7Document, context: Context): RecordNode | undefined {
  if (!move.color || move.point === undefined) return undefined;
  return newNode({
    ...annotationsOf(move, doc, context),
    move: { color: move.color.value, point: move.point && { x: move.point.x, y: move.point.y } },
    ...(move.splitter && move.splitter.value !== 'small' && { splitter: move.splitter.value }),
    at: context.at(move.keySpan),
  });
}

/* ---------- 2.2: the model's game tree ---------- */

function treeFromNodes(doc: Wei7Document, context: Context): RecordNode {
  const [first] = doc.roots;
  const rootIsPre = doc.roots.length === 1 && first.kind === 'pre';
  const root = rootIsPre ? positionNode(first, doc, context) : newNode({ at: doc.rootLine && context.at(doc.rootLine.keySpan) });
  const pending: { node: PlayNode; parent: RecordNode }[] = [];
  const queueChildren = (children: readonly PlayNode[], parent: RecordNode): void => {
    for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i], parent });
  };
  queueChildren(rootIsPre ? first.children : doc.roots, root);
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node, parent } = item;
    const record = node.kind === 'pre' ? positionNode(node, doc, context) : node.kind === 'move' ? moveNode(node, doc, context) : undefined;
    if (record) parent.children.push(record);
    else context.warn(context.at(node.keySpan), 'convert.wei7.nodeSkipped');
    queueChildren(node.children, record ?? parent);
  }
  return root;
}

/* ---------- 3.0: trees, steps and branches ---------- */

/**
 * The path from the root to a node, as a linked list from its end: the branches that fork from a
 * node share the path up to it (copying it for each branch is quadratic in the depth).
 */
interface PathLink {
  readonly node: RecordNode;
  /** Undefined at the root. */
  readonly up: PathLink | undefined;
}

/** Where play stands while a tree's steps are read: the path from the root, for takebacks. */
interface Cursor {
  top: PathLink;
  /** After a takeback: a move equal to an existing continuation joins it instead of starting a variation. */
  rejoining: boolean;
}

function treeFromLines(doc: Wei7Document, context: Context): RecordNode {
  const root = newNode({ at: doc.rootLine && context.at(doc.rootLine.keySpan) });
  if (!doc.rootLine) return root;
  let tookBack = false;
  let mainEnd: PathLink = { node: root, up: undefined };
  const pending: { line: Line; cursor: Cursor; isMain: boolean }[] = [{ line: doc.rootLine, cursor: { top: mainEnd, rejoining: false }, isMain: true }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { line, cursor, isMain } = item;
    startLine(line, cursor, line === doc.rootLine, doc, context);
    for (const node of nodesInPlay(line)) tookBack = readStep(node, cursor, doc, context) || tookBack;
    if (isMain && !line.lines.length) mainEnd = cursor.top;
    for (let i = line.lines.length - 1; i >= 0; i--) {
      pending.push({ line: line.lines[i], cursor: { top: cursor.top, rejoining: cursor.rejoining }, isMain: isMain && i === 0 });
    }
  }
  // In a timeline the moves that stand at the end are the game; what was taken back is a variation.
  if (tookBack) putOnMainLine(mainEnd);
  return root;
}

/** A tree's title goes on its first position: its pre, else its first move, else a position made for it. */
function startLine(line: Line, cursor: Cursor, isRoot: boolean, doc: Wei7Document, context: Context): void {
  const first = firstInPlay(line);
  if (isRoot && first?.kind === 'pre') {
    Object.assign(cursor.top.node, positionNode(first, doc, context)); // the root: nothing was read yet
  }
  if (!line.title) return;
  if (isRoot) cursor.top.node.title = line.title.value;
  else if (first?.kind !== 'pre' && first?.kind !== 'move') {
    const titled = newNode({ title: line.title.value, at: context.at(line.keySpan) });
    current(cursor).children.push(titled);
    cursor.top = { node: titled, up: cursor.top };
  }
}

function current(cursor: Cursor): RecordNode {
  return cursor.top.node;
}

/** Reads one node of a 3.0 tree at the cursor; true when it was a takeback. */
function readStep(node: PlayNode, cursor: Cursor, doc: Wei7Document, context: Context): boolean {
  const at = context.at(node.keySpan);
  // A branch's title goes on its first node (the root tree's title is the root's, see startLine).
  const isFirst = firstInPlay(node.line) === node && node.line !== doc.rootLine;
  const title = isFirst ? node.line.title?.value : undefined;
  if (node.time) context.warn(at, 'convert.wei7.stepTime');
  if (node.actor && node.kind !== 'message') context.warn(at, 'convert.wei7.actor');
  switch (node.kind) {
    case 'pre':
      // The root tree's pre is the root position itself (see startLine).
      if (!cursor.top.up && node.line === doc.rootLine) return false;
      addChild(cursor, { ...positionNode(node, doc, context), ...(title !== undefined && { title }) });
      return false;
    case 'move': {
      const record = moveNode(node, doc, context);
      if (!record) context.warn(at, 'convert.wei7.nodeSkipped');
      else addMove(cursor, { ...record, ...(title !== undefined && { title }) });
      return false;
    }
    case 'takeback': {
      context.warn(at, 'convert.wei7.takeback');
      takeBack(cursor, node.count?.value ?? 0);
      annotateCurrent(node, cursor, doc, context);
      return true;
    }
    case 'message': {
      context.warn(at, 'convert.wei7.message');
      const speaker = node.actor && (context.participantNames[node.actor.value] ?? `#${node.actor.value}`);
      if (node.text) appendComment(current(cursor), speaker ? `${speaker}: ${node.text.value}` : node.text.value);
      annotateCurrent(node, cursor, doc, context);
      return false;
    }
    case 'mark':
      context.warn(at, 'convert.wei7.markStep');
      if (node.mark) addMarks(current(cursor), marksOf([node.mark]));
      annotateCurrent(node, cursor, doc, context);
      return false;
    case 'result':
      context.warn(at, 'convert.wei7.resultStep');
      annotateCurrent(node, cursor, doc, context);
      return false;
    default:
      context.warn(at, 'convert.wei7.nodeSkipped');
      return false;
  }
}

/** A step that is not a move gives its comment and marks to the position it happens at. */
function annotateCurrent(node: PlayNode, cursor: Cursor, doc: Wei7Document, context: Context): void {
  const here = current(cursor);
  const comment = commentOf(node, doc, context);
  if (comment !== undefined) appendComment(here, comment);
  addMarks(here, marksOf(node.marks));
}

function addMarks(node: RecordNode, marks: readonly RecordMark[]): void {
  for (const mark of marks) {
    if (!node.marks.some((m) => m.point.x === mark.point.x && m.point.y === mark.point.y)) node.marks.push(mark);
  }
}

function addChild(cursor: Cursor, node: RecordNode): void {
  current(cursor).children.push(node);
  cursor.top = { node, up: cursor.top };
  cursor.rejoining = false;
}

function addMove(cursor: Cursor, node: RecordNode): void {
  const move = node.move;
  const same =
    cursor.rejoining && move
      ? current(cursor).children.find(
          (c) => c.move?.color === move.color && (c.move.point === null ? move.point === null : c.move.point.x === move.point?.x && c.move.point.y === move.point?.y),
        )
      : undefined;
  if (!same) {
    addChild(cursor, node);
    return;
  }
  if (node.comment !== undefined) appendComment(same, node.comment);
  addMarks(same, node.marks);
  cursor.top = { node: same, up: cursor.top };
}

/** Back N moves (passes count, positions without a move do not); never past the root. */
function takeBack(cursor: Cursor, count: number): void {
  let left = count;
  for (let top = cursor.top; left > 0 && top.up; top = top.up) {
    if (top.node.move) left--;
    cursor.top = top.up;
  }
  cursor.rejoining = true;
}

/** Puts each node of the path that ends at `end` first among its parent's children. */
function putOnMainLine(end: PathLink): void {
  for (let link = end; link.up; link = link.up) {
    const children = link.up.node.children;
    const index = children.indexOf(link.node);
    if (index > 0) children.unshift(...children.splice(index, 1));
  }
}
