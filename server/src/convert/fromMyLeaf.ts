/**
 * 石葉 (MyLeaf) XML → record, from the structure its documentation gives (seed 004):
 *
 *   <igo><kifu size="19" next="black" name="…">
 *     <info PB PW BR WR DT HA KM PC GN />
 *     <main><move pos="pd" id="1" mark="あdp,いqk" text="…" link time rest />…</main>
 *     <setting … />
 *     <tree><node>            the main line: one empty <leaf/> per main move
 *       <leaf/>…               after k leaves, a nested <node> is a line that branches from
 *       <node data="C[…]">     the position after those k moves (an alternative to move k+1);
 *         <leaf data="[qp]ID[10]MK[…]C[…]"/>   its leaves are its moves, data in SGF-like syntax
 *       </node> …
 *   </node></tree></kifu></igo>
 *
 * Colours are not written: the first move is `next`'s (black by default) and moves alternate; a
 * branch's first move has the colour of the move it replaces. A node's own data (C[…]) is the
 * comment of the position the branch starts from, a wei7 pre. Mark symbols are often kana
 * (あ, い, ろ); wei7 has only a-z A-Z 0-9 @#$%&*?, so each other symbol becomes the first free
 * letter of its position, with a warning naming both (the comment still says あ). Links (link,
 * HL), clock times (time, rest) and display settings have no place in wei7 and are reported; the
 * id numbers only tie the file together and are not. HA "N子" places N stones on the fixed points
 * (the file does not say where they are).
 */
import { SaxesParser } from 'saxes';
import { LineIndex } from '../model/lineIndex';
import { tokenize, unescapeString } from '@sabaki/sgf';
import { fixedHandicapPoints } from './handicap';
import {
  newNode,
  type BoardPoint,
  type Conversion,
  type ConversionError,
  type GameRecord,
  type RecordInfo,
  type RecordMark,
  type RecordNode,
  type RecordParticipant,
  type RecordPlayer,
  type SourcePosition,
  type StoneColor,
} from './record';
import { asciiView, decodeDeclared } from './decode';
import { isMarkSymbol, parseWrittenDate } from './values';
import { collectWarnings, convertMessage, type Warn } from './warnings';

interface Element {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: Element[];
  readonly at: SourcePosition;
}

const INFO_READ = new Set(['PB', 'PW', 'BR', 'WR', 'DT', 'HA', 'KM', 'PC', 'GN']);
/** 手合: words for an even game. */
const NO_HANDICAP = new Set(['', '先', '互先', '定先', '先相先', '0', '1']);

/** The bytes of a 石葉 file: decoded by the encoding its XML declaration names (UTF-8 when it names none). */
export function readMyLeafBytes(bytes: Uint8Array): Conversion<GameRecord> {
  const early = collectWarnings();
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(asciiView(bytes, 512))?.[1];
  const decoded = decodeDeclared(bytes, declared, undefined, early.warn);
  if (!decoded.ok) return { ok: false, error: decoded.error, warnings: early.list() };
  return readMyLeaf(decoded.text);
}

export function readMyLeaf(text: string): Conversion<GameRecord> {
  const { warn, list } = collectWarnings();
  const parsed = parseElements(text);
  if (!parsed.ok) return { ok: false, error: parsed.error, warnings: [] };
  const kifus = parsed.root.name === 'igo' ? parsed.root.children.filter((e) => e.name === 'kifu') : [];
  const kifu = kifus[0];
  if (!kifu) return { ok: false, error: { message: convertMessage('convert.myleaf.notMyLeaf'), at: parsed.root.at }, warnings: [] };
  if (kifus.length > 1) warn(kifus[1].at, 'convert.myleaf.moreKifu', kifus.length);
  const size = Number(kifu.attributes.size ?? '19');
  if (!Number.isInteger(size) || size < 2 || size > 52) {
    return { ok: false, error: { message: convertMessage('convert.myleaf.size', kifu.attributes.size ?? ''), at: kifu.at }, warnings: list() };
  }
  const first: StoneColor = kifu.attributes.next === 'white' ? 'white' : 'black';
  const infoElement = kifu.children.find((e) => e.name === 'info');
  for (const element of kifu.children) {
    if (element.name === 'setting') warn(element.at, 'convert.myleaf.settingDropped');
  }
  const reader = new KifuReader(size, first, warn);
  const root = newNode({ at: kifu.at });
  const handicap = infoElement ? readHandicap(infoElement, size, warn) : [];
  root.stones = handicap.map((point) => ({ color: 'black', point }));
  const main = reader.mainLine(kifu.children.find((e) => e.name === 'main'), root);
  const tree = kifu.children.find((e) => e.name === 'tree')?.children.find((e) => e.name === 'node');
  if (tree) reader.variations(tree, root, main);
  return { ok: true, value: { size: { width: size, height: size }, info: readInfo(kifu, infoElement, warn), root }, warnings: list() };
}

/* ---------- XML ---------- */

/** The element tree (attributes only: the format keeps everything in attributes); the first well-formedness error with its place. */
function parseElements(text: string): { ok: true; root: Element } | { ok: false; error: ConversionError } {
  const parser = new SaxesParser({ position: true });
  const stack: Element[] = [];
  let root: Element | undefined;
  let failure: ConversionError | undefined;
  const lines = new LineIndex(text);
  const positionAt = (offset: number): SourcePosition => {
    const p = lines.positionAt(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  let tagStart: SourcePosition = { line: 1, column: 1 };
  parser.on('opentagstart', () => {
    // The parser stands a little past the name: the tag starts at the last "<" before it.
    tagStart = positionAt(text.lastIndexOf('<', parser.position - 1));
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attributes[name] = typeof value === 'string' ? value : value.value;
    const element: Element = { name: tag.name, attributes, children: [], at: tagStart };
    stack[stack.length - 1]?.children.push(element);
    root ??= element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  parser.on('error', (error) => {
    failure ??= { message: convertMessage('convert.myleaf.xml', error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')), at: positionAt(parser.position) };
  });
  parser.write(text).close();
  if (failure) return { ok: false, error: failure };
  return root ? { ok: true, root } : { ok: false, error: { message: convertMessage('convert.myleaf.notMyLeaf') } };
}

/* ---------- information ---------- */

function readInfo(kifu: Element, info: Element | undefined, warn: Warn): RecordInfo {
  const a = info?.attributes ?? {};
  const at = info?.at ?? kifu.at;
  for (const [id, value] of Object.entries(a)) if (!INFO_READ.has(id)) warn(at, 'convert.sgf.gameInfoDropped', id, value);
  const participants: RecordParticipant[] = [];
  const players: RecordPlayer[] = [];
  for (const [color, nameId, rankId] of [['black', 'PB', 'BR'], ['white', 'PW', 'WR']] as const) {
    const name = a[nameId]?.trim() || undefined;
    const rank = a[rankId]?.trim() || undefined;
    if (!name && !rank) continue;
    players.push({ participant: participants.length, color });
    participants.push({ ...(name && { name }), ...(rank && { rank }) });
  }
  const kifuName = kifu.attributes.name?.trim() || undefined;
  const gameName = a.GN?.trim() || undefined;
  if (kifuName && gameName && kifuName !== gameName) warn(at, 'convert.nameDropped', gameName, kifuName);
  const name = kifuName ?? gameName;
  const place = a.PC?.trim() || undefined;
  const time = a.DT?.trim() ? parseWrittenDate(a.DT) : undefined;
  if (a.DT?.trim() && !time) warn(at, 'convert.valueUnreadable', 'DT', a.DT);
  const komi = a.KM?.trim() ? parseKomi(a.KM) : undefined;
  if (a.KM?.trim() && komi === undefined) warn(at, 'convert.valueUnreadable', 'KM', a.KM);
  return {
    ...(name && { name }),
    ...(place && { place }),
    ...(time && { time }),
    ...(komi !== undefined && { rules: { komi } }),
    participants,
    players,
    at,
  };
}

/** "6.5", "0", "-5" (逆コミ), "6目半". */
function parseKomi(raw: string): number | undefined {
  const m = /^\s*([+-]?\d+(?:\.\d+)?)\s*(目)?\s*(半)?\s*$/.exec(raw);
  return m ? Number(m[1]) + (m[3] ? 0.5 : 0) : undefined;
}

function readHandicap(info: Element, size: number, warn: Warn): BoardPoint[] {
  const raw = info.attributes.HA?.trim() ?? '';
  if (NO_HANDICAP.has(raw)) return [];
  const m = /^(\d+)\s*子?$/.exec(raw);
  const count = m ? Number(m[1]) : undefined;
  const points = count === undefined ? undefined : fixedHandicapPoints(size, count);
  if (!points) {
    warn(info.at, 'convert.valueUnreadable', 'HA', raw);
    return [];
  }
  warn(info.at, 'convert.handicap.placed', points.length);
  return points;
}

/* ---------- moves ---------- */

function other(color: StoneColor): StoneColor {
  return color === 'black' ? 'white' : 'black';
}

/** The n-th move (0-based) of a line whose first move is `first`'s. */
function colorAt(first: StoneColor, n: number): StoneColor {
  return n % 2 === 0 ? first : other(first);
}

/** What a leaf's data says: "[pos]ID[n]HL[…]MK[…]C[…]", read with @sabaki/sgf's tokenizer (same brackets and escapes). */
function leafData(data: string): Map<string, string> {
  const properties = new Map<string, string>();
  let name = '';
  for (const token of tokenize(data)) {
    if (token.type === 'prop_ident') name = token.value;
    else if (token.type === 'c_value_type' && !properties.has(name)) properties.set(name, unescapeString(token.value.slice(1, -1)));
  }
  return properties;
}

class KifuReader {
  constructor(
    private readonly size: number,
    private readonly first: StoneColor,
    private readonly warn: Warn,
  ) {}

  /** The main line under `root`; returns its move nodes in order. */
  mainLine(main: Element | undefined, root: RecordNode): RecordNode[] {
    const nodes: RecordNode[] = [];
    let parent = root;
    for (const element of main?.children.filter((e) => e.name === 'move') ?? []) {
      const a = element.attributes;
      const node = this.move(a.pos ?? '', colorAt(this.first, nodes.length), element.at);
      if (a.text !== undefined) node.comment = a.text;
      if (a.mark !== undefined) node.marks = this.marks(a.mark, element.at);
      this.reportDropped(element.at, [['link', a.link], ['time', a.time], ['rest', a.rest]]);
      parent.children.push(node);
      nodes.push(node);
      parent = node;
    }
    return nodes;
  }

  /**
   * The variations of the tree's outer node, whose leaves stand for the main moves. Iterative:
   * each pending node knows the position it branches from and the colour of its first move.
   */
  variations(outer: Element, root: RecordNode, main: readonly RecordNode[]): void {
    const pending: { node: Element; from: RecordNode; color: StoneColor }[] = [];
    let leaves = 0;
    for (const child of outer.children) {
      if (child.name === 'leaf') leaves++;
      else if (child.name === 'node') pending.push({ node: child, from: leaves === 0 ? root : main[Math.min(leaves, main.length) - 1], color: colorAt(this.first, leaves) });
    }
    if (leaves > main.length) this.warn(outer.at, 'convert.myleaf.extraLeaves', leaves, main.length);
    if (outer.attributes.data !== undefined) this.startComment(root, outer.attributes.data);
    for (let item = pending.shift(); item; item = pending.shift()) {
      let at = item.from;
      const data = item.node.attributes.data;
      if (data !== undefined) {
        // The branch's own data is its starting position (手順の 0 手目): a pre with the comment.
        at = newNode({ at: item.node.at });
        this.startComment(at, data);
        item.from.children.push(at);
      }
      let moves = 0;
      for (const child of item.node.children) {
        if (child.name === 'node') {
          pending.push({ node: child, from: at, color: colorAt(item.color, moves) });
        } else if (child.name === 'leaf') {
          const node = this.leaf(child, colorAt(item.color, moves));
          at.children.push(node);
          at = node;
          moves++;
        }
      }
      if (!item.node.children.length && data === undefined) this.warn(item.node.at, 'convert.myleaf.emptyBranch');
    }
  }

  private startComment(node: RecordNode, data: string): void {
    const comment = leafData(data).get('C');
    if (comment !== undefined) node.comment = comment;
  }

  private leaf(element: Element, color: StoneColor): RecordNode {
    const data = leafData(element.attributes.data ?? '');
    const node = this.move(data.get('') ?? '', color, element.at);
    const comment = data.get('C');
    if (comment !== undefined) node.comment = comment;
    const marks = data.get('MK') ?? data.get('ML');
    if (marks !== undefined) node.marks = this.marks(marks, element.at);
    this.reportDropped(element.at, [['HL', data.get('HL')]]);
    return node;
  }

  private move(pos: string, color: StoneColor, at: SourcePosition): RecordNode {
    if (pos === '' || (pos === 'tt' && this.size <= 19)) return newNode({ move: { color, point: null }, at });
    const point = this.point(pos);
    if (point) return newNode({ move: { color, point }, at });
    this.warn(at, 'convert.myleaf.badPosition', pos);
    return newNode({ move: { color, point: null }, at });
  }

  private point(pos: string): BoardPoint | undefined {
    if (!/^[a-z]{2}$/.test(pos)) return undefined;
    const x = pos.charCodeAt(0) - 97;
    const y = pos.charCodeAt(1) - 97;
    return x < this.size && y < this.size ? { x, y } : undefined;
  }

  /** "あdp,いqk,ろpk": a symbol, then a point. Symbols wei7 cannot draw become free letters. */
  private marks(raw: string, at: SourcePosition): RecordMark[] {
    const marks: RecordMark[] = [];
    const entries = raw.split(',').map((entry) => [...entry.trim()]).filter((chars) => chars.length);
    const used = new Set(entries.map((chars) => chars[0]).filter(isMarkSymbol));
    for (const chars of entries) {
      const point = this.point(chars.slice(1).join(''));
      if (chars.length !== 3 || !point) {
        this.warn(at, 'convert.myleaf.badMark', chars.join(''));
        continue;
      }
      let symbol = chars[0];
      if (!isMarkSymbol(symbol)) {
        const free = [...'abcdefghijklmnopqrstuvwxyz'].find((letter) => !used.has(letter));
        if (!free) {
          this.warn(at, 'convert.mark.label', symbol);
          continue;
        }
        this.warn(at, 'convert.myleaf.symbolReplaced', symbol, free);
        used.add(free);
        symbol = free;
      }
      if (marks.some((m) => m.point.x === point.x && m.point.y === point.y)) this.warn(at, 'convert.mark.samePoint', chars.join(''));
      else marks.push({ point, symbol });
    }
    return marks;
  }

  private reportDropped(at: SourcePosition, fields: readonly (readonly [string, string | undefined])[]): void {
    for (const [name, value] of fields) if (value !== undefined) this.warn(at, 'convert.myleaf.dropped', name);
  }
}
