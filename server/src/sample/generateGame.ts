/**
 * Generated documents, for the benchmark, the tests and the resident checker's warm-up: a legal
 * game of N moves in both formats, with a variation every few hundred moves, a comment every few
 * moves (Chinese text) and marks now and then. The game is played by a seeded random player on
 * our own board so every move is legal and captures happen.
 */
import { Board, BLACK, WHITE, splitMix32, type StoneColor } from '../engine/board';

export interface GeneratedGame {
  readonly moves: number;
  readonly xml: string;
  readonly json: string;
}

interface Move {
  readonly color: StoneColor;
  /** null: a pass. */
  readonly point: { readonly x: number; readonly y: number } | null;
  readonly comment?: string;
  readonly mark?: { x: number; y: number; symbol: string };
}

const COMMENTS = ['黑棋抢占要点，布局稳健。', '白棋这手是近期流行的下法。', 'A quiet move: both sides 小心.', '这里是本局的第一次接触战。'];

/** Tries to play `color` at `point`: no suicide, no immediate single-stone ko recapture. */
function tryPlay(board: Board, point: number, color: StoneColor, koPoint: number): ReturnType<Board['play']> | undefined {
  if (board.at(point) !== 0 || point === koPoint) return undefined;
  const record = board.play(point, color);
  if (!record.suicided.length) return record;
  board.undo(record);
  return undefined;
}

/** Plays `count` legal moves at random (a pass when no point is legal); random play fills eyes too, so groups die and the game goes on. */
export function randomMoves(count: number, seed: number, size = 19): Move[] {
  const board = new Board(size, size);
  const random = splitMix32(seed);
  const moves: Move[] = [];
  let koPoint = -1;
  while (moves.length < count) {
    const n = moves.length;
    const color: StoneColor = n % 2 === 0 ? BLACK : WHITE;
    let record: ReturnType<Board['play']> | undefined;
    for (let attempt = 0; attempt < 64 && !record; attempt++) record = tryPlay(board, (random() >>> 0) % (size * size), color, koPoint);
    for (let point = 0; point < size * size && !record; point++) record = tryPlay(board, point, color, koPoint);
    koPoint = record && record.captured.length === 1 ? record.captured[0] : -1;
    moves.push({
      color,
      point: record ? { x: record.point % size, y: Math.floor(record.point / size) } : null,
      comment: n % 7 === 0 ? `第${n + 1}手：${COMMENTS[n % COMMENTS.length]}` : undefined,
      mark: record && n % 50 === 25 ? { x: (record.point + 1) % size, y: Math.floor(record.point / size), symbol: 'a' } : undefined,
    });
  }
  return moves;
}

function xmlMove(m: Move, indent: string): string {
  const mark = m.mark ? `${indent}<mark x="${m.mark.x}" y="${m.mark.y}" symbol="${m.mark.symbol}" />\n` : '';
  const comment = m.comment ? ` comment="${m.comment}"` : '';
  const where = m.point ? `x="${m.point.x}" y="${m.point.y}"` : 'type="pass"';
  return `${mark}${indent}<${m.color === BLACK ? 'black' : 'white'} ${where}${comment} />\n`;
}

function jsonStep(m: Move, indent: string): string {
  const marks = m.mark ? `, "marks": [{"point": {"x": ${m.mark.x}, "y": ${m.mark.y}}, "symbol": "${m.mark.symbol}"}]` : '';
  const comment = m.comment ? `, "comment": "${m.comment}"` : '';
  const point = m.point ? `{"x": ${m.point.x}, "y": ${m.point.y}}` : 'null';
  return `${indent}{"action": {"type": "move", "value": {"color": ${m.color}, "point": ${point}}}${marks}${comment}}`;
}

/** A game of about `count` moves, with a variation of 5 moves every 250 moves. */
export function generateGame(count: number, seed = 7): GeneratedGame {
  const main = randomMoves(count, seed);
  const variationEvery = 250;
  const xmlParts: string[] = ['<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n'];
  xmlParts.push('  <game name="基准测试对局">\n    <rules scoring="area" komi="7.5" type="Chinese" />\n    <black name="黑方" />\n    <white name="白方" />\n  </game>\n  <moves>\n');
  for (let i = 0; i < main.length; i++) {
    if (i > 0 && i % variationEvery === 0) {
      // A variation of this move: the main move itself, with a comment (legal: the same position before it).
      xmlParts.push(`    <moves>\n${xmlMove({ ...main[i], comment: '变化图', mark: undefined }, '      ')}    </moves>\n`);
    }
    xmlParts.push(xmlMove(main[i], '    '));
  }
  xmlParts.push('  </moves>\n</wei7>\n');

  // 3.0: branches come after all steps of a tree, so the game is cut into segments at each variation point.
  const segments: Move[][] = [];
  for (let i = 0; i < main.length; i += variationEvery) segments.push(main.slice(i, i + variationEvery));
  let json = '';
  for (let s = segments.length - 1; s >= 0; s--) {
    const steps = segments[s].map((m) => jsonStep(m, '  ')).join(',\n');
    const next = json ? `,\n"branches": [\n${json},\n{"steps": [\n${jsonStep({ ...segments[s + 1][0], comment: '变化图', mark: undefined }, '  ')}\n]}\n]` : '';
    json = `{"steps": [\n${steps}\n]${next}}`;
  }
  const info = '"info": {"name": "基准测试对局", "rules": {"scoring": "area", "komi": 7.5, "type": "Chinese"}, "participants": [{"name": "黑方"}, {"name": "白方"}], "players": [{"participant": 0, "color": 1}, {"participant": 1, "color": 2}]}';
  return { moves: main.length, xml: xmlParts.join(''), json: `{"format": "wei7", "version": "3.0", "size": 19, ${info},\n"tree": ${json || '{}'}}\n` };
}
