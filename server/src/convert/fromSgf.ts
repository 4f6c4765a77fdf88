/**
 * SGF (FF[4], and the FF[3] habits still found: lower-case letters in names, L[], M[]) → record.
 *
 * @sabaki/sgf reads the text (after sgfSyntax has checked the grammar); this file only maps
 * properties. What wei7 cannot hold is reported, once per kind with a count and the first node:
 * - setup (AB/AW/AE) after the first move or stone of a path (wei7 stones start from the empty board);
 * - PL without a problem to attach it to, labels that are not one wei7 mark character;
 * - timing (BL, WL, OB, OW), view (FG, PM, VW, MN), position annotations (DM, GB, GW, HO, UC, V),
 *   markup wei7 has no symbol for (AR, LN, DD, SL), game information without a wei7 field
 *   (AN, BT, WT, CP, ON, OT, RO, SO, TM, US), and every unknown property.
 * FF, GM, CA, AP, ST and KO are about the SGF file itself (or, for KO, say nothing wei7 needs:
 * it allows every move) and are not reported.
 */
import { parseCompressedVertices, parseTokens, tokenize, type SgfNode } from '@sabaki/sgf';
import type { ConvertMessageId } from '../l10n/messages/convert';
import { fixedHandicapPoints } from './handicap';
import {
  newNode,
  removeBlankPositions,
  type BoardDimensions,
  type BoardPoint,
  type Conversion,
  type GameRecord,
  type RecordEvaluation,
  type RecordInfo,
  type RecordMark,
  type RecordMove,
  type RecordNode,
  type RecordParticipant,
  type RecordPlayer,
  type RecordStone,
  type SourcePosition,
  type StoneColor,
} from './record';
import { endOf, findSgfFault, positionOf } from './sgfSyntax';
import { isMarkSymbol, parseSgfDate, parseSgfReal, parseSgfResult, SHAPE_SYMBOLS, type SgfShape } from './values';
import { asciiView, decodeDeclared } from './decode';
import { collectWarnings, convertMessage, type Warn } from './warnings';

/** Properties that describe the SGF file, not the game. */
const ABOUT_THE_FILE = new Set(['FF', 'GM', 'CA', 'AP', 'ST', 'KO']);
/** Root properties read into the record's size and info. */
const GAME_INFO_READ = new Set(['SZ', 'PB', 'PW', 'BR', 'WR', 'EV', 'GN', 'PC', 'DT', 'RU', 'KM', 'HA', 'RE', 'GC']);
const NODE_PROPERTIES_READ = new Set(['B', 'W', 'AB', 'AW', 'AE', 'PL', 'C', 'N', 'CR', 'SQ', 'TR', 'MA', 'M', 'LB', 'L', 'BM', 'TE', 'DO', 'IT']);

/** Properties wei7 has no place for, by the warning that names them. */
const DROPPED: ReadonlyMap<string, ConvertMessageId> = new Map([
  ...['AN', 'BT', 'WT', 'CP', 'ON', 'OT', 'RO', 'SO', 'TM', 'US'].map((id) => [id, 'convert.sgf.gameInfoDropped'] as const),
  ...['BL', 'WL', 'OB', 'OW'].map((id) => [id, 'convert.sgf.timingDropped'] as const),
  ...['FG', 'PM', 'VW', 'MN'].map((id) => [id, 'convert.sgf.viewDropped'] as const),
  ...['DM', 'GB', 'GW', 'HO', 'UC', 'V'].map((id) => [id, 'convert.sgf.annotationDropped'] as const),
  ...['AR', 'LN', 'DD', 'SL'].map((id) => [id, 'convert.sgf.markupDropped'] as const),
]);

const EVALUATIONS: ReadonlyMap<string, RecordEvaluation> = new Map([
  ['BM', 'bad'],
  ['TE', 'good'],
  ['DO', 'trick'],
  ['IT', 'controversial'],
]);

/** An SGF file's bytes: decoded by its CA[] (ISO-8859-1, the SGF default, when undeclared and not UTF-8), then read. */
export function readSgfBytes(bytes: Uint8Array): Conversion<GameRecord> {
  const early = collectWarnings();
  const declared = /CA\s*\[([^\]]*)\]/.exec(asciiView(bytes))?.[1];
  const decoded = decodeDeclared(bytes, declared, 'iso-8859-1', early.warn);
  if (!decoded.ok) return { ok: false, error: decoded.error, warnings: early.list() };
  const read = readSgf(decoded.text);
  return { ...read, warnings: [...early.list(), ...read.warnings] };
}

export function readSgf(text: string): Conversion<GameRecord> {
  const { warn, list } = collectWarnings();
  const tokens = tokenize(text);
  const fault = findSgfFault(tokens, endOf(text));
  if (fault) return { ok: false, error: { message: convertMessage(fault.id, ...fault.args), at: fault.at }, warnings: [] };
  // Node ids count the ";" tokens in order, so each node knows the line and column it starts at.
  const starts = tokens.filter((t) => t.type === 'semicolon').map(positionOf);
  let nextId = 0;
  const games = parseTokens(tokens, { getId: () => nextId++ });
  const at = (node: SgfNode): SourcePosition | undefined => (node.id === null ? undefined : starts[node.id]);
  if (games.length > 1) warn(at(games[1]), 'convert.sgf.moreGames', games.length);
  const game = games[0];
  const gm = game.data.GM?.[0];
  if (gm !== undefined && gm.trim() !== '1') return { ok: false, error: { message: convertMessage('convert.sgf.notGo', gm), at: at(game) }, warnings: list() };
  const size = readSize(game.data.SZ?.[0]);
  if (!size) return { ok: false, error: { message: convertMessage('convert.sgf.size', game.data.SZ?.[0] ?? ''), at: at(game) }, warnings: list() };
  const reader = new TreeReader(size, warn, at);
  const info = readGameInfo(game.data, at(game), warn);
  const root = reader.readTree(game, readHandicap(game.data, at(game), warn), info.gameComment);
  removeBlankPositions(root);
  return { ok: true, value: { size, info: info.info, root }, warnings: list() };
}

/** SZ[19] or SZ[19:13]; 19 when absent. SGF letters reach 52. */
function readSize(raw: string | undefined): BoardDimensions | undefined {
  if (raw === undefined) return { width: 19, height: 19 };
  const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(raw);
  if (!m) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2] ?? m[1]);
  return width >= 1 && height >= 1 && width <= 52 && height <= 52 ? { width, height } : undefined;
}

function colorOf(raw: string | undefined): StoneColor | undefined {
  const letter = raw?.trim().toUpperCase();
  return letter === 'B' ? 'black' : letter === 'W' ? 'white' : undefined;
}

/* ---------- game information (root) ---------- */

function nonBlank(values: readonly string[] | undefined): string | undefined {
  const value = values?.[0];
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

function readGameInfo(data: Record<string, string[]>, at: SourcePosition | undefined, warn: Warn): { info: RecordInfo; gameComment?: string } {
  const participants: RecordParticipant[] = [];
  const players: RecordPlayer[] = [];
  for (const [color, nameId, rankId] of [['black', 'PB', 'BR'], ['white', 'PW', 'WR']] as const) {
    const name = nonBlank(data[nameId]);
    const rank = nonBlank(data[rankId]);
    if (name === undefined && rank === undefined) continue;
    players.push({ participant: participants.length, color });
    participants.push({ ...(name !== undefined && { name }), ...(rank !== undefined && { rank }) });
  }
  const gameName = nonBlank(data.GN);
  const event = nonBlank(data.EV);
  // wei7 has one name for the game (2.2 §3.8 "比赛名称"): GN, else EV.
  if (gameName !== undefined && event !== undefined && event !== gameName) warn(at, 'convert.nameDropped', event, gameName);
  const name = gameName ?? event;
  const place = nonBlank(data.PC);
  return {
    info: {
      ...(name !== undefined && { name }),
      ...(place !== undefined && { place }),
      ...readDate(data.DT?.[0], at, warn),
      ...readRules(data, at, warn),
      participants,
      players,
      ...readResult(data.RE?.[0], at, warn),
      ...(at && { at }),
    },
    gameComment: nonBlank(data.GC),
  };
}

function readDate(raw: string | undefined, at: SourcePosition | undefined, warn: Warn): Pick<RecordInfo, 'time'> {
  if (raw === undefined || raw.trim() === '') return {};
  const date = parseSgfDate(raw);
  if (!date) {
    warn(at, 'convert.valueUnreadable', 'DT', raw);
    return {};
  }
  if (date.more) warn(at, 'convert.time.moreDates', raw);
  return { time: date.time };
}

function readRules(data: Record<string, string[]>, at: SourcePosition | undefined, warn: Warn): Pick<RecordInfo, 'rules'> {
  const ruleText = nonBlank(data.RU);
  const type = ruleText === undefined ? undefined : (['Chinese', 'Japanese', 'Korean'] as const).find((t) => t.toLowerCase() === ruleText.toLowerCase());
  if (ruleText !== undefined && !type) warn(at, 'convert.rules.unknown', ruleText);
  const komiText = data.KM?.[0];
  const komi = komiText === undefined || komiText.trim() === '' ? undefined : parseSgfReal(komiText);
  if (komiText !== undefined && komiText.trim() !== '' && komi === undefined) warn(at, 'convert.valueUnreadable', 'KM', komiText);
  if (!type && komi === undefined) return {};
  return { rules: { ...(komi !== undefined && { komi }), ...(type && { type }) } };
}

function readResult(raw: string | undefined, at: SourcePosition | undefined, warn: Warn): Pick<RecordInfo, 'result'> {
  if (raw === undefined) return {};
  const parsed = parseSgfResult(raw);
  if (parsed.kind === 'none') {
    if (raw.trim() !== '') warn(at, 'convert.result.none', raw);
    return {};
  }
  if (parsed.kind === 'unreadable') {
    warn(at, 'convert.result.unreadable', raw);
    return {};
  }
  if (parsed.how) warn(at, 'convert.result.howDropped', raw);
  return { result: parsed.result };
}

/** HA[n] for n ≥ 2: the count, to check against (or stand in for) the root's black stones. */
function readHandicap(data: Record<string, string[]>, at: SourcePosition | undefined, warn: Warn): number {
  const raw = data.HA?.[0];
  if (raw === undefined) return 0;
  if (!/^\s*\d+\s*$/.test(raw)) {
    warn(at, 'convert.valueUnreadable', 'HA', raw);
    return 0;
  }
  const count = Number(raw);
  return count >= 2 ? count : 0;
}

/* ---------- the tree ---------- */

/** What one SGF node says, split into what wei7 keeps on a position and on a move. */
interface NodeContent {
  readonly move?: RecordMove;
  readonly stones: RecordStone[];
  /** Whether AE was given (it clears points; wei7 cannot clear). */
  readonly clears: boolean;
  readonly annotations: Pick<RecordNode, 'comment' | 'title' | 'problem' | 'evaluation'> & { marks: RecordMark[] };
  readonly turn?: StoneColor;
}

class TreeReader {
  constructor(
    private readonly size: BoardDimensions,
    private readonly warn: Warn,
    private readonly at: (node: SgfNode) => SourcePosition | undefined,
  ) {}

  /** The whole game tree from its root node, iteratively (game records nest hundreds deep). */
  readTree(game: SgfNode, handicap: number, gameComment: string | undefined): RecordNode {
    const root = newNode({ at: this.at(game) });
    const content = this.readContent(game, true);
    this.placeRootStones(root, content, handicap);
    // A move in the root node (rare, but allowed) follows the root position, with the node's annotations.
    const rootMove = content.move ? newNode({ move: content.move, at: this.at(game) }) : undefined;
    const top = rootMove ?? root;
    Object.assign(top, withoutUndefined(content.annotations));
    if (gameComment !== undefined) {
      this.warn(this.at(game), 'convert.sgf.gameCommentMoved');
      root.comment = root.comment === undefined ? gameComment : `${gameComment}\n\n${root.comment}`;
    }
    this.placeTurn(top, content, handicap > 0 && !rootMove, game);
    if (rootMove) root.children.push(rootMove);
    const pending: { sgf: SgfNode; parent: RecordNode; pathHasPlay: boolean }[] = [];
    const rootHasPlay = root.stones.length > 0 || rootMove !== undefined;
    for (let i = game.children.length - 1; i >= 0; i--) pending.push({ sgf: game.children[i], parent: top, pathHasPlay: rootHasPlay });
    for (let item = pending.pop(); item; item = pending.pop()) {
      const { node, hasPlay } = this.readChild(item.sgf, item.parent, item.pathHasPlay);
      for (let i = item.sgf.children.length - 1; i >= 0; i--) pending.push({ sgf: item.sgf.children[i], parent: node, pathHasPlay: hasPlay });
    }
    return root;
  }

  private placeRootStones(root: RecordNode, content: NodeContent, handicap: number): void {
    root.stones = content.stones;
    if (handicap < 2) return;
    const black = content.stones.filter((s) => s.color === 'black').length;
    const fixed = this.size.width === this.size.height ? fixedHandicapPoints(this.size.width, handicap) : undefined;
    if (black === 0 && content.stones.length === 0 && fixed) {
      root.stones = fixed.map((point) => ({ color: 'black', point }));
      this.warn(root.at, 'convert.handicap.placed', handicap);
    } else if (black !== handicap) {
      this.warn(root.at, 'convert.handicap.mismatch', handicap, black);
    }
  }

  /** A node after the root: a position (setup, or only comments and marks), a move, or a setup then a move. */
  private readChild(sgf: SgfNode, parent: RecordNode, pathHasPlay: boolean): { node: RecordNode; hasPlay: boolean } {
    const content = this.readContent(sgf, false);
    const at = this.at(sgf);
    let attachTo = parent;
    let hasPlay = pathHasPlay;
    const stonesFit = !pathHasPlay && content.stones.length > 0;
    if (content.stones.length > 0 && !stonesFit) this.reportDroppedSetup(sgf);
    if (content.clears && pathHasPlay) this.warn(at, 'convert.sgf.setupDropped', 'AE');
    if (stonesFit && content.move) {
      // FF4 forbids setup and a move in one node; when it happens, the setup comes first.
      const setup = newNode({ stones: content.stones, at });
      parent.children.push(setup);
      attachTo = setup;
      hasPlay = true;
    }
    const node = newNode({ at, ...(content.move ? { move: content.move } : { stones: stonesFit ? content.stones : [] }) });
    Object.assign(node, withoutUndefined(content.annotations));
    this.placeTurn(node, content, false, sgf);
    attachTo.children.push(node);
    return { node, hasPlay: hasPlay || stonesFit || content.move !== undefined };
  }

  private reportDroppedSetup(sgf: SgfNode): void {
    for (const id of ['AB', 'AW']) if (sgf.data[id]) this.warn(this.at(sgf), 'convert.sgf.setupDropped', id);
  }

  /**
   * PL says who plays next. wei7 says that only for a problem (2.2 problem, 3.0 problem.color),
   * so PL becomes the problem colour of a node that sets up stones or plays a move. PL[W] at the
   * root of a handicap game only says that White starts, which the moves already show.
   */
  private placeTurn(node: RecordNode, content: NodeContent, isHandicapRoot: boolean, sgf: SgfNode): void {
    if (!content.turn) return;
    if (isHandicapRoot && content.turn === 'white') return;
    if (node.stones.length > 0 || node.move) node.problem = content.turn;
    else this.warn(this.at(sgf), 'convert.sgf.turnDropped', content.turn === 'black' ? 'B' : 'W');
  }

  private readContent(sgf: SgfNode, isRoot: boolean): NodeContent {
    const at = this.at(sgf);
    const data = sgf.data;
    for (const id of Object.keys(data)) {
      if (ABOUT_THE_FILE.has(id) || NODE_PROPERTIES_READ.has(id) || (isRoot && GAME_INFO_READ.has(id))) continue;
      const dropped = DROPPED.get(id);
      if (GAME_INFO_READ.has(id)) this.warn(at, 'convert.sgf.gameInfoNotRoot', id, data[id].join(', '));
      else if (dropped === 'convert.sgf.gameInfoDropped') this.warn(at, dropped, id, data[id].join(', '));
      else if (dropped) this.warn(at, dropped, id);
      else this.warn(at, 'convert.sgf.unknownProperty', id);
    }
    const comment = data.C?.[0];
    const title = data.N?.[0];
    return {
      move: this.readMove(data, at),
      stones: this.onePerPoint([...this.points(data.AB, 'AB', at).map(stone('black')), ...this.points(data.AW, 'AW', at).map(stone('white'))], at),
      clears: data.AE !== undefined,
      annotations: {
        ...(comment !== undefined && { comment }),
        ...(title !== undefined && { title }),
        marks: this.readMarks(data, at),
        ...this.readEvaluation(data, at),
      },
      turn: colorOf(data.PL?.[0]),
    };
  }

  /** A pre holds one stone a point (3.0 §3.16.2.5); a point set up twice keeps its first stone. */
  private onePerPoint(stones: readonly RecordStone[], at: SourcePosition | undefined): RecordStone[] {
    const kept: RecordStone[] = [];
    for (const s of stones) {
      if (kept.some((k) => k.point.x === s.point.x && k.point.y === s.point.y)) this.warn(at, 'convert.sgf.stoneTwice', String.fromCharCode(97 + s.point.x, 97 + s.point.y));
      else kept.push(s);
    }
    return kept;
  }

  private readMove(data: Record<string, string[]>, at: SourcePosition | undefined): RecordMove | undefined {
    const color = data.B ? 'black' : data.W ? 'white' : undefined;
    if (!color) return undefined;
    if (data.B && data.W) this.warn(at, 'convert.sgf.twoMoves');
    const value = (color === 'black' ? data.B : data.W)[0] ?? '';
    const { width, height } = this.size;
    if (value === '' || (value === 'tt' && width <= 19 && height <= 19)) return { color, point: null };
    const point = this.point(value);
    if (point) return { color, point };
    this.warn(at, 'convert.sgf.moveOffBoard', `${color === 'black' ? 'B' : 'W'}[${value}]`);
    return undefined;
  }

  private point(value: string): BoardPoint | undefined {
    const [x, y] = parseCompressedVertices(value)[0] ?? [-1, -1];
    return value.length === 2 && x >= 0 && y >= 0 && x < this.size.width && y < this.size.height ? { x, y } : undefined;
  }

  /** The points of a point list (compressed rectangles like "aa:cc" included); off-board ones are reported. */
  private points(values: readonly string[] | undefined, id: string, at: SourcePosition | undefined): BoardPoint[] {
    const points: BoardPoint[] = [];
    for (const value of values ?? []) {
      const vertices = parseCompressedVertices(value);
      const fits = vertices.every(([x, y]) => x >= 0 && y >= 0 && x < this.size.width && y < this.size.height);
      if (fits && /^[a-zA-Z]{2}(:[a-zA-Z]{2})?$/.test(value)) points.push(...vertices.map(([x, y]) => ({ x, y })));
      else this.warn(at, 'convert.sgf.pointOffBoard', `${id}[${value}]`);
    }
    return points;
  }

  /** CR/SQ/TR/MA (and FF3 M) → shape symbols; LB with a one-character label; FF3 L → a, b, c… in order. */
  private readMarks(data: Record<string, string[]>, at: SourcePosition | undefined): RecordMark[] {
    const marks: RecordMark[] = [];
    const add = (point: BoardPoint, symbol: string, what: string): void => {
      if (marks.some((m) => m.point.x === point.x && m.point.y === point.y)) this.warn(at, 'convert.mark.samePoint', what);
      else marks.push({ point, symbol });
    };
    for (const shape of Object.keys(SHAPE_SYMBOLS) as SgfShape[]) {
      for (const point of this.points(data[shape], shape, at)) add(point, SHAPE_SYMBOLS[shape], shape);
    }
    for (const point of this.points(data.M, 'M', at)) add(point, SHAPE_SYMBOLS.MA, 'M');
    for (const value of data.LB ?? []) {
      const colon = value.indexOf(':');
      const point = colon === 2 ? this.point(value.slice(0, 2)) : undefined;
      const label = value.slice(colon + 1);
      if (!point) this.warn(at, 'convert.sgf.pointOffBoard', `LB[${value}]`);
      else if (!isMarkSymbol(label)) this.warn(at, 'convert.mark.label', label);
      else add(point, label, `LB[${value}]`);
    }
    this.points(data.L, 'L', at).forEach((point, i) => {
      if (i < 26) add(point, String.fromCharCode(97 + i), 'L');
      else this.warn(at, 'convert.mark.label', `L #${i + 1}`);
    });
    return marks;
  }

  /** BM → bad, TE → good, DO → trick, IT → controversial (a table, since SGF and wei7 judge moves differently). */
  private readEvaluation(data: Record<string, string[]>, at: SourcePosition | undefined): { evaluation?: RecordEvaluation } {
    const given = [...EVALUATIONS.keys()].filter((id) => data[id]);
    if (!given.length) return {};
    if (given.length > 1) this.warn(at, 'convert.sgf.evaluations', given.join(', '), given[0]);
    if (data[given[0]][0]?.trim() === '2') this.warn(at, 'convert.sgf.emphasisDropped', given[0]);
    return { evaluation: EVALUATIONS.get(given[0]) };
  }
}

function stone(color: StoneColor): (point: BoardPoint) => RecordStone {
  return (point) => ({ color, point });
}

function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
