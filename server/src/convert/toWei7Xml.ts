/**
 * Record → wei7 2.2 (XML) text, one element a line, 2-space indentation, as in the spec's examples.
 *
 * The tree follows §3.12–§3.15 and spec-notes: the variations of a move are nested `moves`
 * written before it (main line first after them), and a move's marks come right before the move
 * (§3.18). A pre may only open a `moves`, so a position without a move in mid-line opens a nested
 * `moves` written after the last move of its parent (with its sibling lines), which branches from
 * the end of the parent.
 *
 * 2.2 is narrower than 3.0, and each loss is reported: boards other than 7, 9, …, 19 (an error:
 * the game would change), komi 0 (written as no komi, which 2.2 §3.6 defines as no komi, so
 * nothing is lost) and other komi or margins out of range, the evaluation "controversial",
 * participants who are not the first black or white player, the place, a date without a time of day.
 */
import type { Conversion, GameRecord, RecordInfo, RecordMark, RecordNode, RecordParticipant, SourcePosition } from './record';
import { isBlankPosition } from './record';
import { sidesOf } from './sides';
import { formatNumber, formatTime22, isKomi22, isMargin, isMarkSymbol, toShortString } from './values';
import { collectWarnings, convertMessage, type Warn } from './warnings';

const SIZES_22 = [7, 9, 11, 13, 15, 17, 19];

export function writeWei7Xml(record: GameRecord): Conversion<string> {
  const { warn, list } = collectWarnings();
  const { width, height } = record.size;
  if (width !== height || !SIZES_22.includes(width)) {
    return { ok: false, error: { message: convertMessage('convert.xml.size', width, height) }, warnings: [] };
  }
  const out = new XmlWriter(warn, width);
  out.line(0, '<?xml version="1.0" encoding="utf-8"?>');
  out.line(0, '<wei7 version="2.2">');
  out.line(1, `<size>${width}</size>`);
  out.game(record.info, record.info.at ?? record.root.at);
  out.rootMoves(record.root);
  out.line(0, '</wei7>');
  return { ok: true, value: out.text(), warnings: list() };
}

type Attributes = readonly (readonly [string, string | undefined])[];

class XmlWriter {
  private readonly out: string[] = [];

  constructor(
    private readonly warn: Warn,
    private readonly size: number,
  ) {}

  text(): string {
    return `${this.out.join('\n')}\n`;
  }

  line(depth: number, text: string): void {
    this.out.push(`${'  '.repeat(depth)}${text}`);
  }

  /** `<name a="…" b="…" />`, `<name …>` or `<name …>text</name>`; undefined attributes are left out. */
  private tag(name: string, attributes: Attributes, at: SourcePosition | undefined, ending: '/>' | '>'): string {
    const written = attributes
      .filter((a): a is readonly [string, string] => a[1] !== undefined)
      .map(([key, value]) => ` ${key}="${this.escape(value, at)}"`)
      .join('');
    return ending === '/>' ? `<${name}${written} />` : `<${name}${written}>`;
  }

  /** Attribute text: markup characters as entities, and line breaks and tabs as character references (a literal one reads as a space, XML 1.0 §3.3.3). */
  private escape(value: string, at: SourcePosition | undefined): string {
    // XML 1.0 has no way to write these characters (§2.2); a comment copied from elsewhere may hold them.
    const legal = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
    if (legal !== value) this.warn(at, 'convert.xml.illegalCharacter');
    return legal.replace(/[&<>"\n\r\t]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' })[c] ?? c);
  }

  /* ---------- game ---------- */

  game(info: RecordInfo, at: SourcePosition | undefined): void {
    const short = (value: string | undefined, what: string): string | undefined => (value === undefined ? undefined : toShortString(value, what, at, this.warn));
    const body: string[] = [];
    const komi = info.rules?.komi;
    // 2.2 §3.6: "如没有 komi，则表示不贴目", so komi 0 is written by leaving komi out.
    if (komi !== undefined && komi !== 0 && !isKomi22(komi)) this.warn(at, 'convert.komi.dropped22', komi);
    const rules: Attributes = [
      ['scoring', info.rules?.scoring],
      ['komi', komi !== undefined && isKomi22(komi) ? formatNumber(komi) : undefined],
      ['type', info.rules?.type],
    ];
    if (rules.some(([, v]) => v !== undefined)) body.push(this.tag('rules', rules, at, '/>'));
    if (info.time) body.push(`<time>${formatTime22(info.time, at, this.warn)}</time>`);
    if (info.place !== undefined) this.warn(at, 'convert.fieldDropped', 'place', info.place, 'wei7 2.2');
    const sides = sidesOf(info, at, this.warn);
    for (const color of ['black', 'white'] as const) {
      const player = sides[color];
      if (player) body.push(this.tag(color, this.participant(player, short), at, '/>'));
    }
    const result = info.result;
    if (result) {
      if (result.margin !== undefined && !isMargin(result.margin)) this.warn(at, 'convert.margin.dropped', result.margin);
      const margin = result.margin !== undefined && isMargin(result.margin) ? formatNumber(result.margin) : undefined;
      body.push(this.tag('result', [['winner', result.winner ?? 'neither'], ['margin', margin]], at, '/>'));
    }
    const attributes: Attributes = [['domain', short(info.domain, 'domain')], ['id', short(info.id, 'id')], ['name', short(info.name, 'name')]];
    if (!body.length && attributes.every(([, v]) => v === undefined)) return;
    if (!body.length) {
      this.line(1, this.tag('game', attributes, at, '/>'));
      return;
    }
    this.line(1, this.tag('game', attributes, at, '>'));
    for (const line of body) this.line(2, line);
    this.line(1, '</game>');
  }

  private participant(p: RecordParticipant, short: (value: string | undefined, what: string) => string | undefined): Attributes {
    return [
      ['domain', short(p.domain, 'domain')],
      ['id', short(p.id, 'id')],
      ['name', short(p.name, 'name')],
      ['title', short(p.title, 'title')],
      ['rank', short(p.rank, 'rank')],
    ];
  }

  /* ---------- moves ---------- */

  /**
   * The root `moves`. It opens with a pre when the root says something, or when nothing else
   * would be a step in it (§3.20: a moves holds at least one step).
   */
  rootMoves(root: RecordNode): void {
    const opensWithPre = !isBlankPosition(root) || root.children.length === 0 || !root.children[0].move;
    this.line(1, '<moves>');
    if (opensWithPre) this.position(root, 2);
    this.continuation(root.children, 2);
    this.line(1, '</moves>');
  }

  /** A nested `moves` for the line that begins at `first`. */
  private nestedMoves(first: RecordNode, depth: number): void {
    this.line(depth, '<moves>');
    if (first.move) this.move(first, depth + 1);
    else this.position(first, depth + 1);
    this.continuation(first.children, depth + 1);
    this.line(depth, '</moves>');
  }

  /**
   * The rest of a line whose next nodes are `children`: while the main continuation is a move,
   * its variations (nested, before it) and then the move; once it is a position, all
   * continuations as nested `moves` at the end.
   */
  private continuation(children: readonly RecordNode[], depth: number): void {
    let next = children;
    for (;;) {
      const [main, ...variations] = next;
      if (!main) return;
      if (!main.move) {
        for (const line of next) this.nestedMoves(line, depth);
        return;
      }
      for (const line of variations) this.nestedMoves(line, depth);
      this.move(main, depth);
      next = main.children;
    }
  }

  private position(node: RecordNode, depth: number): void {
    if (node.splitter) this.warn(node.at, 'convert.splitterDropped', node.splitter);
    const attributes = this.nodeAttributes(node);
    const marks = this.marks(node);
    if (!node.stones.length && !marks.length) {
      this.line(depth, this.tag('pre', attributes, node.at, '/>'));
      return;
    }
    this.line(depth, this.tag('pre', attributes, node.at, '>'));
    for (const stone of node.stones) this.line(depth + 1, `<${stone.color} x="${stone.point.x}" y="${stone.point.y}" />`);
    for (const mark of marks) this.line(depth + 1, this.markTag(mark, node.at));
    this.line(depth, '</pre>');
  }

  private move(node: RecordNode, depth: number): void {
    const move = node.move;
    if (!move) return;
    for (const mark of this.marks(node)) this.line(depth, this.markTag(mark, node.at));
    const where: Attributes = move.point ? [['x', String(move.point.x)], ['y', String(move.point.y)]] : [['type', 'pass']];
    this.line(depth, this.tag(move.color, [...where, ['splitter', node.splitter], ...this.nodeAttributes(node)], node.at, '/>'));
  }

  /** eval, title, comment, problem (§3.16), in the order the spec's examples write them. */
  private nodeAttributes(node: RecordNode): Attributes {
    if (node.evaluation === 'controversial') this.warn(node.at, 'convert.xml.controversial');
    return [
      ['eval', node.evaluation === 'controversial' ? undefined : node.evaluation],
      ['title', node.title === undefined ? undefined : toShortString(node.title, 'title', node.at, this.warn)],
      ['comment', node.comment],
      ['problem', node.problem],
    ];
  }

  private marks(node: RecordNode): RecordMark[] {
    return node.marks.filter((mark) => {
      const fits = isMarkSymbol(mark.symbol) && [mark.point.x, mark.point.y].every((c) => c >= 0 && c < this.size);
      if (!fits) this.warn(node.at, 'convert.mark.label', mark.symbol);
      return fits;
    });
  }

  private markTag(mark: RecordMark, at: SourcePosition | undefined): string {
    return this.tag('mark', [['x', String(mark.point.x)], ['y', String(mark.point.y)], ['symbol', mark.symbol]], at, '/>');
  }
}
