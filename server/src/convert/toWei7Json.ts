/**
 * Record → wei7 3.0 (JSON) text, laid out like the spec's examples.
 *
 * The tree follows §3.16.4: a tree's steps run while play goes on in one line; where the line
 * forks, its continuations are branches, the main line first. A pre or a title can only begin a
 * tree, so a position without a move in mid-line, or a titled move there, begins a one-branch
 * tree (with a warning, since the shape changes). What 3.0 cannot say is reported: splitters,
 * an evaluation of a position without a move, a komi or margin out of range.
 */
import { block, inline, inlineText, lines, render, type JsonValue, type Layout } from './jsonLayout';
import type {
  Conversion,
  GameRecord,
  RecordInfo,
  RecordMark,
  RecordMove,
  RecordNode,
  RecordParticipant,
  SourcePosition,
  StoneColor,
} from './record';
import { isBlankPosition } from './record';
import { formatTime30, isKomi30, isMargin, isMarkSymbol, toShortString } from './values';
import { collectWarnings, type Warn } from './warnings';

export function writeWei7Json(record: GameRecord): Conversion<string> {
  const { warn, list } = collectWarnings();
  const { width, height } = record.size;
  const root = block([
    ['format', inline('wei7')],
    ['version', inline('3.0')],
    ['size', inline(width === height ? width : { width, height })],
    ['info', infoLayout(record.info, record.info.at ?? record.root.at, warn)],
    ['tree', new TreeWriter(record, warn).tree(record.root)],
  ]);
  return { ok: true, value: `${render(root)}\n`, warnings: list() };
}

export function colorNumber(color: StoneColor): 1 | 2 {
  return color === 'black' ? 1 : 2;
}

/* ---------- info ---------- */

function infoLayout(info: RecordInfo, at: SourcePosition | undefined, warn: Warn): Layout | undefined {
  const short = (value: string | undefined, what: string): string | undefined => (value === undefined ? undefined : toShortString(value, what, at, warn));
  const rules = info.rules;
  const komi = rules?.komi;
  if (komi !== undefined && !isKomi30(komi)) warn(at, 'convert.komi.dropped30', komi);
  const rulesValue = rules && compact({ scoring: rules.scoring, komi: komi !== undefined && isKomi30(komi) ? komi : undefined, type: rules.type });
  const result = info.result;
  if (result?.margin !== undefined && !isMargin(result.margin)) warn(at, 'convert.margin.dropped', result.margin);
  const members: [string, Layout | undefined][] = [
    ['domain', optional(short(info.domain, 'domain'))],
    ['id', optional(short(info.id, 'id'))],
    ['name', optional(short(info.name, 'name'))],
    ['rules', rulesValue && Object.keys(rulesValue).length ? block(Object.entries(rulesValue).map(([k, v]) => [k, inline(v)])) : undefined],
    ['time', info.time && inline(formatTime30(info.time, at, warn))],
    ['place', optional(short(info.place, 'place'))],
    ['participants', info.participants.length ? lines(info.participants.map((p) => smallObject(participantValue(p, short), 2))) : undefined],
    [
      'players',
      info.players.length ? lines(info.players.map((p) => inline(compact({ participant: p.participant, color: p.color && colorNumber(p.color) })))) : undefined,
    ],
    [
      'result',
      result &&
        block([
          ['winner', inline(result.winner && colorNumber(result.winner))],
          ['margin', result.margin !== undefined && isMargin(result.margin) ? inline(result.margin) : undefined],
        ]),
    ],
  ];
  const present = members.filter((m): m is [string, Layout] => m[1] !== undefined);
  if (!present.length) return undefined;
  // Only a name or two (the tutorial's {"name": "学习围棋"}) stays on one line, as the spec writes it.
  const texts = present.every(([, layout]) => layout.kind === 'inline' && typeof layout.value === 'string');
  const oneLine = Object.fromEntries(present.map(([key, layout]) => [key, layout.kind === 'inline' ? layout.value : null]));
  return texts && inlineText(oneLine).length <= 60 ? inline(oneLine) : block(present);
}

/** An object on one line when it has at most `members` members, else one member a line (the spec's participants). */
function smallObject(value: { [key: string]: JsonValue }, members: number): Layout {
  const entries = Object.entries(value);
  return entries.length <= members ? inline(value) : block(entries.map(([key, member]) => [key, inline(member)]));
}

function participantValue(p: RecordParticipant, short: (value: string | undefined, what: string) => string | undefined): { [key: string]: JsonValue } {
  return compact({
    domain: short(p.domain, 'domain'),
    id: short(p.id, 'id'),
    name: short(p.name, 'name'),
    title: short(p.title, 'title'),
    rank: short(p.rank, 'rank'),
  });
}

function optional(value: string | undefined): Layout | undefined {
  return value === undefined ? undefined : inline(value);
}

/** An object without its undefined members. */
function compact(object: Record<string, JsonValue | undefined>): { [key: string]: JsonValue } {
  return Object.fromEntries(Object.entries(object).filter((entry): entry is [string, JsonValue] => entry[1] !== undefined));
}

/* ---------- tree ---------- */

class TreeWriter {
  constructor(
    private readonly record: GameRecord,
    private readonly warn: Warn,
  ) {}

  /** The tree that begins at `first`: its title, its pre, its steps while the line runs on, then its branches. */
  tree(first: RecordNode): Layout {
    const steps: Layout[] = [];
    let pre: Layout | undefined;
    if (first.move) steps.push(this.step(first, first.move));
    else pre = this.pre(first);
    let node = first;
    for (let next = node.children[0]; node.children.length === 1 && next.move && next.title === undefined; next = node.children[0]) {
      steps.push(this.step(next, next.move));
      node = next;
    }
    if (node.children.length === 1) this.warn(node.children[0].at, 'convert.json.oneBranch');
    return block([
      ['title', first.title === undefined ? undefined : inline(first.title)],
      ['pre', pre],
      ['steps', steps.length ? lines(steps) : undefined],
      ['branches', node.children.length ? lines(node.children.map((child) => this.tree(child))) : undefined],
    ]);
  }

  private pre(node: RecordNode): Layout | undefined {
    if (node.evaluation) this.warn(node.at, 'convert.json.preEvaluation', node.evaluation);
    if (node.splitter) this.warn(node.at, 'convert.splitterDropped', node.splitter);
    const marks = this.marks(node);
    if (isBlankPosition({ ...node, title: undefined, evaluation: undefined, splitter: undefined })) return undefined;
    // A short pre (a comment, a problem) stays on one line, as in the spec's examples.
    const short = compact({ problem: node.problem && { color: colorNumber(node.problem) }, comment: node.comment });
    if (!node.stones.length && !marks.length && inlineText(short).length <= 80) return inline(short);
    return block([
      ['stones', node.stones.length ? lines(node.stones.map((s) => inline({ color: colorNumber(s.color), point: { x: s.point.x, y: s.point.y } }))) : undefined],
      ['problem', node.problem && inline({ color: colorNumber(node.problem) })],
      ['marks', marks.length ? lines(marks.map(inline)) : undefined],
      ['comment', node.comment === undefined ? undefined : inline(node.comment)],
    ]);
  }

  private step(node: RecordNode, move: RecordMove): Layout {
    if (node.splitter) this.warn(node.at, 'convert.splitterDropped', node.splitter);
    const action = {
      type: 'move',
      value: compact({
        color: colorNumber(move.color),
        point: move.point && { x: move.point.x, y: move.point.y },
        evaluation: node.evaluation,
        problem: node.problem && { color: colorNumber(node.problem) },
      }),
    };
    const marks = this.marks(node);
    if (!marks.length) return inline(compact({ action, comment: node.comment }));
    return block([
      ['action', inline(action)],
      ['marks', lines(marks.map(inline))],
      ['comment', node.comment === undefined ? undefined : inline(node.comment)],
    ]);
  }

  /** The node's marks as 3.0 values; a symbol or point 3.0 cannot hold (only from a faulty input) is reported. */
  private marks(node: RecordNode): JsonValue[] {
    const { width, height } = this.record.size;
    const kept: RecordMark[] = [];
    for (const mark of node.marks) {
      const onBoard = mark.point.x >= 0 && mark.point.y >= 0 && mark.point.x < width && mark.point.y < height;
      if (onBoard && isMarkSymbol(mark.symbol)) kept.push(mark);
      else this.warn(node.at, 'convert.mark.label', mark.symbol);
    }
    return kept.map((m) => ({ point: { x: m.point.x, y: m.point.y }, symbol: m.symbol }));
  }
}
