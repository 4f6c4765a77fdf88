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
  Splitter,
  Stone,
  Wei7Document,
} from './types';
import type { XmlAttribute, XmlElement, XmlSyntax } from '../parse/xml/parseXml';
import { parseKomi22, parseMargin22, parsePlainInteger } from '../validate/values';
import { textOf, valueSpan } from '../validate/xml/validateXml';
import { linkChild, orderMainLineFirst } from './tree';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function buildXmlModel(syntax: XmlSyntax): Wei7Document {
  const root = syntax.root?.name === 'wei7' ? syntax.root : undefined;
  const version = root && located(attribute(root, 'version'));
  const children = root ? elements(root) : [];
  const sizeElement = children.find((c) => c.name === 'size');
  const gameElement = children.find((c) => c.name === 'game');
  const movesElement = children.find((c) => c.name === 'moves');
  const size = sizeElement && readSize(sizeElement, syntax.text);
  const info = gameElement ? readGame(gameElement, syntax.text) : { participants: [], players: [] };
  const tree = movesElement ? readTree(movesElement) : { rootLine: undefined, nodes: [], roots: [] };
  return { format: 'xml', spec: '2.2', version, size, info, ...tree };
}

function elements(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}

function attribute(element: XmlElement, name: string): XmlAttribute | undefined {
  return element.attributes.find((a) => a.name === name);
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

function readSize(element: XmlElement, text: string): BoardSize | undefined {
  const value = parsePlainInteger(textOf(element).trim());
  return value && value > 0 ? { width: value, height: value, span: valueSpan(element, text) } : undefined;
}

function readGame(game: XmlElement, text: string): GameInfo {
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
    else if (child.name === 'time' && !info.time) info.time = { value: textOf(child).trim(), span: valueSpan(child, text) };
    else if (child.name === 'result') info.result ??= readResult(child);
    else if ((child.name === 'black' || child.name === 'white') && !players.some((p) => p.color?.value === child.name)) {
      // game/black and game/white become participants with a player of that colour (one model for both formats).
      const index = participants.length;
      participants.push({
        index,
        span: child.span,
        domain: located(attribute(child, 'domain')),
        id: located(attribute(child, 'id')),
        name: located(attribute(child, 'name')),
        title: located(attribute(child, 'title')),
        rank: located(attribute(child, 'rank')),
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
  const px = x && parsePlainInteger(x.value);
  const py = y && parsePlainInteger(y.value);
  if (!x || !y || px === undefined || py === undefined) return undefined;
  return { x: px, y: py, span: { start: Math.min(x.span.start, y.span.start), end: Math.max(x.span.end, y.span.end) } };
}

function readMark(element: XmlElement): Mark | undefined {
  const point = readPoint(element);
  const symbol = attribute(element, 'symbol');
  return point && symbol ? { point, symbol: { value: symbol.value, span: symbol.valueSpan }, span: element.span } : undefined;
}

/** eval, title, comment and problem (§3.16); eval="normal" is the default, so no evaluation. */
function readNodeAttributes(element: XmlElement) {
  const problem = locatedEnum<Color | 'no'>(attribute(element, 'problem'), ['no', 'black', 'white']);
  const evaluation = locatedEnum<Evaluation | 'normal'>(attribute(element, 'eval'), ['bad', 'normal', 'good', 'trick']);
  return {
    comment: located(attribute(element, 'comment')),
    title: located(attribute(element, 'title')),
    problem: problem && problem.value !== 'no' ? (problem as Located<Color>) : undefined,
    evaluation: evaluation && evaluation.value !== 'normal' ? (evaluation as Located<Evaluation>) : undefined,
  };
}

interface Frame {
  readonly element: XmlElement;
  readonly line: Line;
  readonly children: XmlElement[];
  index: number;
  /** The node the next move follows. */
  previous: PlayNode | undefined;
  /** Marks waiting for the next move (§3.18). */
  marks: Mark[];
}

function readTree(rootMoves: XmlElement): Pick<Wei7Document, 'rootLine' | 'nodes' | 'roots'> {
  const nodes: PlayNode[] = [];
  const roots: PlayNode[] = [];
  const lines: Line[] = [];
  const newLine = (element: XmlElement, parentLine: Line | undefined): Line => {
    const line: Line = { span: element.span, keySpan: element.nameSpan, nodes: [], lines: [], parentLine };
    parentLine?.lines.push(line);
    lines.push(line);
    return line;
  };
  const frame = (element: XmlElement, line: Line, previous: PlayNode | undefined): Frame => ({
    element,
    line,
    children: elements(element),
    index: 0,
    previous,
    marks: [],
  });
  const rootLine = newLine(rootMoves, undefined);
  const stack: Frame[] = [frame(rootMoves, rootLine, undefined)];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const child = top.children[top.index++];
    if (!child) {
      stack.pop();
      continue;
    }
    if (child.name === 'moves') {
      // Branches from the node before the next move, which is the node we are at now.
      stack.push(frame(child, newLine(child, top.line), top.previous));
      continue;
    }
    if (child.name === 'mark') {
      const mark = readMark(child);
      if (mark) top.marks.push(mark);
      continue;
    }
    const node = child.name === 'pre' ? readPre(child, nodes.length, top.line) : child.name === 'black' || child.name === 'white'
      ? readMove(child, nodes.length, top.line, top.marks) : undefined;
    if (!node) continue;
    top.marks = [];
    nodes.push(node);
    top.line.nodes.push(node);
    linkChild(node, top.previous, roots);
    top.previous = node;
  }
  for (const line of lines) {
    const first = line.nodes[0];
    if (first?.title) (line as Mutable<Line>).title = first.title;
  }
  orderMainLineFirst(nodes, roots, rootLine);
  return { rootLine, nodes, roots };
}

function readPre(element: XmlElement, index: number, line: Line): PreNode {
  const stones: Stone[] = [];
  const marks: Mark[] = [];
  for (const child of elements(element)) {
    if (child.name === 'mark') {
      const mark = readMark(child);
      if (mark) marks.push(mark);
    } else if (child.name === 'black' || child.name === 'white') {
      const point = readPoint(child);
      if (point) stones.push({ color: child.name, point, span: child.span });
    }
  }
  return { index, kind: 'pre', span: element.span, keySpan: element.nameSpan, line, children: [], marks, stones, ...readNodeAttributes(element) };
}

function readMove(element: XmlElement, index: number, line: Line, marks: Mark[]): MoveNode {
  const type = attribute(element, 'type')?.value ?? 'normal';
  const splitter = locatedEnum<Splitter>(attribute(element, 'splitter'), ['small', 'medium', 'large']);
  return {
    index,
    kind: 'move',
    span: element.span,
    keySpan: element.nameSpan,
    line,
    children: [],
    marks,
    color: { value: element.name as Color, span: element.nameSpan },
    point: type === 'pass' ? null : type === 'normal' ? readPoint(element) : undefined,
    splitter,
    ...readNodeAttributes(element),
  };
}
