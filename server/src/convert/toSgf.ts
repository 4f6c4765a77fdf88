/**
 * Record → SGF FF[4], written by @sabaki/sgf's stringify (one node a line, variations indented).
 *
 * The mapping mirrors fromSgf: pre stones → AB/AW, marks → CR/SQ/TR/MA by the shape table and LB
 * for other characters, title → N, problem → PL, evaluations → BM/TE/DO/IT. HA[n] is written when
 * the root holds only n ≥ 2 black stones and White moves first, the usual handicap. What SGF
 * cannot hold is reported: domains and ids, participant titles, participants beyond the first
 * black and white players, a scoring that the rules type does not already imply, splitters, an
 * evaluation of a position without a move, the time of day.
 */
import { stringify, stringifyVertex } from '@sabaki/sgf';
import type { Conversion, GameRecord, RecordInfo, RecordNode, SourcePosition, StoneColor } from './record';
import { sidesOf } from './sides';
import { formatNumber, formatSgfDate, formatSgfResult, shapeOfSymbol } from './values';
import { collectWarnings, convertMessage, type Warn } from './warnings';

type Properties = Record<string, string[]>;

interface SgfOut {
  readonly data: Properties;
  readonly children: SgfOut[];
}

const EVALUATION_PROPERTIES = { bad: 'BM', good: 'TE', trick: 'DO', controversial: 'IT' } as const;
/** Scoring that a rules type already says (Chinese rules count area, Japanese and Korean territory). */
const SCORING_OF_TYPE = { Chinese: 'area', Japanese: 'territory', Korean: 'territory' } as const;

export function writeSgf(record: GameRecord): Conversion<string> {
  const { warn, list } = collectWarnings();
  const { width, height } = record.size;
  if (width > 52 || height > 52) return { ok: false, error: { message: convertMessage('convert.sgf.tooLarge', width, height) }, warnings: [] };
  const root: SgfOut = { data: {}, children: [] };
  Object.assign(root.data, {
    GM: ['1'],
    FF: ['4'],
    CA: ['UTF-8'],
    SZ: [width === height ? String(width) : `${width}:${height}`],
    ...gameInfo(record.info, record.info.at ?? record.root.at, warn),
    ...handicap(record.root),
  });
  writeTree(record.root, root, { width, height }, warn);
  return { ok: true, value: stringify([root]), warnings: list() };
}

function letter(color: StoneColor): 'B' | 'W' {
  return color === 'black' ? 'B' : 'W';
}

function gameInfo(info: RecordInfo, at: SourcePosition | undefined, warn: Warn): Properties {
  const data: Properties = {};
  const put = (id: string, value: string | undefined): void => {
    if (value !== undefined && value !== '') data[id] = [value];
  };
  put('GN', info.name);
  put('PC', info.place);
  if (info.time) put('DT', formatSgfDate(info.time, at, warn));
  const sides = sidesOf(info, at, warn);
  for (const [color, nameId, rankId] of [['black', 'PB', 'BR'], ['white', 'PW', 'WR']] as const) {
    const player = sides[color];
    if (!player) continue;
    put(nameId, player.name);
    put(rankId, player.rank);
    for (const [field, value] of [['domain', player.domain], ['id', player.id], ['title', player.title]] as const) {
      if (value !== undefined) warn(at, 'convert.fieldDropped', `${color} ${field}`, value, 'SGF');
    }
  }
  const rules = info.rules;
  put('RU', rules?.type);
  if (rules?.komi !== undefined) put('KM', formatNumber(rules.komi));
  if (rules?.scoring && (!rules.type || SCORING_OF_TYPE[rules.type] !== rules.scoring)) warn(at, 'convert.fieldDropped', 'scoring', rules.scoring, 'SGF');
  if (info.result) put('RE', formatSgfResult(info.result));
  if (info.domain !== undefined) warn(at, 'convert.fieldDropped', 'domain', info.domain, 'SGF');
  if (info.id !== undefined) warn(at, 'convert.fieldDropped', 'id', info.id, 'SGF');
  return data;
}

/** HA[n] for the usual handicap: only n ≥ 2 black stones at the root, and White plays first. */
function handicap(root: RecordNode): Properties {
  const stones = root.stones;
  const firstMove = root.children[0]?.move;
  const onlyBlack = stones.length >= 2 && stones.every((s) => s.color === 'black');
  return onlyBlack && firstMove?.color === 'white' && root.problem === undefined ? { HA: [String(stones.length)] } : {};
}

/** The record's tree into SGF nodes, iteratively (a long game is hundreds of nodes deep). */
function writeTree(root: RecordNode, sgfRoot: SgfOut, size: BoardSize, warn: Warn): void {
  const pending: { node: RecordNode; out: SgfOut }[] = [{ node: root, out: sgfRoot }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    Object.assign(item.out.data, nodeProperties(item.node, size, warn));
    for (let i = item.node.children.length - 1; i >= 0; i--) {
      const child: SgfOut = { data: {}, children: [] };
      item.out.children.unshift(child);
      pending.push({ node: item.node.children[i], out: child });
    }
  }
}

interface BoardSize {
  readonly width: number;
  readonly height: number;
}

function nodeProperties(node: RecordNode, size: BoardSize, warn: Warn): Properties {
  const data: Properties = {};
  const vertex = (p: { x: number; y: number }): string => stringifyVertex([p.x, p.y]);
  // A point off the board has no SGF letters of its own (on 19×19, `tt` is a pass): dropped, said so.
  const onBoard = (id: string, p: { x: number; y: number }): boolean => {
    if (p.x < size.width && p.y < size.height) return true;
    warn(node.at, 'convert.sgf.offBoardNotWritten', id, p.x, p.y, size.width, size.height);
    return false;
  };
  if (node.move && (!node.move.point || onBoard(letter(node.move.color), node.move.point))) data[letter(node.move.color)] = [node.move.point ? vertex(node.move.point) : ''];
  for (const color of ['black', 'white'] as const) {
    const id = color === 'black' ? 'AB' : 'AW';
    const points = node.stones.filter((s) => s.color === color && onBoard(id, s.point)).map((s) => vertex(s.point));
    if (points.length) data[id] = points;
  }
  if (node.problem) data.PL = [letter(node.problem)];
  if (node.title !== undefined) data.N = [node.title];
  if (node.comment !== undefined) data.C = [node.comment];
  for (const mark of node.marks) {
    const shape = shapeOfSymbol(mark.symbol);
    if (!onBoard(shape ?? 'LB', mark.point)) continue;
    const [id, value] = shape ? [shape, vertex(mark.point)] : ['LB', `${vertex(mark.point)}:${mark.symbol}`];
    (data[id] ??= []).push(value);
  }
  if (node.evaluation && node.move) data[EVALUATION_PROPERTIES[node.evaluation]] = ['1'];
  else if (node.evaluation) warn(node.at, 'convert.sgf.positionEvaluation', node.evaluation);
  if (node.splitter) warn(node.at, 'convert.splitterDropped', node.splitter);
  return data;
}
