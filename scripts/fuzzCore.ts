/**
 * The fuzzer's core, shared by `npm run fuzz` (scripts/fuzz.ts) and the seeded unit test
 * (test/unit/fuzz.test.ts): a corpus of real documents in both formats, mutations of them, and the
 * whole pipeline of the language server run in-process on each mutant with property checks.
 *
 * Properties checked on every document:
 * - exception: no feature throws;
 * - range: every diagnostic range lies inside the document with start ≤ end, and so does every
 *   span another feature returns (hover, outline, folding, selection, completion and fix edits,
 *   preview answers), in the shapes VS Code insists on (an outline symbol's selection inside its
 *   range, each selection range inside its parent, edits that do not overlap);
 * - time: the document's whole pipeline finishes within the time limit (1 s);
 * - format-idempotent: formatting the formatted text changes nothing;
 * - format-validity: formatting a document without errors gives one without errors, and never
 *   adds an error to any document;
 * - incremental (half the documents): after one to three small edits in a row, the analysis
 *   made from the previous one as the server makes it (perhaps packed while idle first) is that
 *   of the edited text; compared after the last edit and after some of the others (an edit after
 *   an unread version meets what the edits before left pending).
 *
 * Deterministic: document i of a run depends only on (seed, i) and the corpus, so a run can be
 * split over workers and any failure replayed alone (`--only i`).
 */
import { readdirSync, readFileSync, statSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { join, relative } from 'node:path';
import type { Node } from 'jsonc-parser';
import { analyze, compactInSlices, reanalyze as reanalyzeAfterEdit, type Analysis, type AnalysisOptions, type TextChange } from '../server/src/analysis';
import { observable } from '../test/support/observable';
import { LineIndex, type Position } from '../server/src/model/lineIndex';
import type { Finding, Span } from '../server/src/model/types';
import { parseXml, type XmlElement } from '../server/src/parse/xml/parseXml';
import { parseJson } from '../server/src/parse/json/parseJson';
import { detectFormat } from '../server/src/parse/detect';
import { createReplay } from '../server/src/engine/replay';
import { toDiagnostics } from '../server/src/features/diagnostics';
import { relatedPlaces } from '../server/src/features/relatedPlaces';
import { hoverAt } from '../server/src/features/hover';
import { complete } from '../server/src/features/completion';
import { documentOutline, type OutlineSymbol } from '../server/src/features/symbols';
import { foldingRanges } from '../server/src/features/folding';
import { selectionSpans } from '../server/src/features/selectionRanges';
import { inlayHints } from '../server/src/features/inlayHints';
import { definitionAt, referencesAt } from '../server/src/features/definition';
import { highlightsAt, linkedTagNamesAt } from '../server/src/features/highlights';
import { elementOpenedAt } from '../server/src/features/locate';
import { formatDocument, formatRange, type FormatEdit, type FormatOptions } from '../server/src/features/format';
import { fixesFor } from '../server/src/features/codeActions';
import { previewPosition, type DocumentView } from '../server/src/features/position';
import { playMove } from '../server/src/features/playMove';
import { convertBytes, readRecord, writeRecord, type TargetFormat } from '../server/src/convert/convert';
import type { RulesOption } from '../server/src/engine/checkGame';
import type { Locale } from '../server/src/l10n/catalogue';

/* ---------- random numbers ---------- */

export type Random = () => number;

/** SplitMix32 as floats in [0, 1): small, fast and the same on every machine. */
export function random32(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** The generator of document `index` of a run with `seed`. */
export function documentRandom(seed: number, index: number): Random {
  const mixed = random32(Math.imul(seed | 0, 0x2c1b3c6d) ^ Math.imul(index + 1, 0x297a2d39));
  mixed();
  return mixed;
}

const int = (rng: Random, below: number): number => Math.floor(rng() * below);
const pick = <T>(rng: Random, list: readonly T[]): T => list[int(rng, list.length)];
/** log-uniform integer in [low, high]. */
const logUniform = (rng: Random, low: number, high: number): number => Math.floor(Math.exp(Math.log(low) + rng() * (Math.log(high + 1) - Math.log(low))));

/* ---------- the corpus ---------- */

export interface CorpusDocument {
  readonly name: string;
  readonly text: string;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const pending = [dir];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const entry of readdirSync(next, { withFileTypes: true })) {
      const full = join(next, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) found.push(full);
    }
  }
  return found.sort();
}

/**
 * examples/*.wei7, test/fixtures/** (as they are, and converted to both formats when the converter
 * reads them), test/e2e/workspace/*.wei7, and the SGF records of `sgfDir` converted to both wei7
 * formats by the project's converter. Sorted by name: the corpus is the same on every machine.
 */
export function loadCorpus(root: string, sgfDir: string | undefined): CorpusDocument[] {
  const corpus: CorpusDocument[] = [];
  const decoder = new TextDecoder('utf-8');
  const add = (name: string, bytes: Uint8Array, asIs: boolean): void => {
    if (asIs) corpus.push({ name, text: decoder.decode(bytes) });
    const read = readRecord(bytes, name);
    if (!read.ok) return;
    for (const target of ['xml', 'json'] as TargetFormat[]) {
      const written = writeRecord(read.value, target);
      if (written.ok) corpus.push({ name: `${name} → ${target}`, text: written.value });
    }
  };
  const wei7Files = [...filesUnder(join(root, 'examples')), ...filesUnder(join(root, 'test/e2e/workspace'))].filter((f) => f.endsWith('.wei7'));
  for (const file of wei7Files) corpus.push({ name: relative(root, file), text: readFileSync(file, 'utf8') });
  for (const file of filesUnder(join(root, 'test/fixtures'))) add(relative(root, file), readFileSync(file), true);
  if (sgfDir) for (const file of filesUnder(sgfDir).filter((f) => /\.sgf$/i.test(f))) add(`sgf/${relative(sgfDir, file)}`, readFileSync(file), false);
  return corpus;
}

/* ---------- mutations ---------- */

export const MUTATION_KINDS = [
  'insert-char',
  'insert-token',
  'delete',
  'truncate',
  'duplicate-subtree',
  'unicode',
  'line-endings',
  'deep-nesting',
  'number',
  'replace-word',
  'swap-chunks',
  'swap-siblings',
  'slip',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

const SYNTAX_CHARS = '<>/="\'&;!?[]{}:,-.0123456789 \t\n\r#x';
const XML_TOKENS = [
  '<moves>', '</moves>', '<moves/>', '<black x="3" y="3"/>', '<white x="15" y="15" />', '<black type="pass"/>', '<pre>', '</pre>',
  '<mark x="1" y="1" symbol="a"/>', '<size>19</size>', '<size>', '</size>', '<game>', '</game>', '<wei7 version="2.2">', '</wei7>',
  '<rules komi="6.5"/>', '<result winner="black" margin="0.5"/>', ' comment="', ' title="t"', ' x="', ' y="-1"', ' eval="good"',
  ' problem="black"', '<!--', '-->', '<![CDATA[', ']]>', '<?xml version="1.0"?>', '<!DOCTYPE wei7>', '&amp;', '&lt;', '&#0;',
  '&#x1F600;', '&bogus;', '&', '<', '>', '"', "'", '</', '/>', '<black', '<white',
];
const JSON_TOKENS = [
  '{', '}', '[', ']', ',', ':', '"', '""', 'null', 'true', 'false', 'NULL', 'True', '1e999', '-0', '01', '+1', '.5', '1.',
  '"steps": []', '"branches": [{}]', '"branches": [', '"pre": {"stones": []}', '"tree": {}', '"size": 19', '"size": {"width": 9, "height": 13}',
  '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 3}}}}',
  '{"action": {"type": "move", "value": {"color": 2, "point": null}}}', '{"action": {"type": "takeback", "value": 2}}',
  '{"action": {"type": "result", "value": {"winner": null}}}', '{"action": {"type": "mark", "value": {"point": {"x": 0, "y": 0}, "symbol": "@"}}}',
  '{"action": {"type": "message", "value": "hi"}}', '"comment": "c"', '"title": "t"', '"marks": [{"point": {"x": 1, "y": 1}, "symbol": "a"}]',
  '"problem": {"color": 1}', '"evaluation": "good"', '"time": 1.5', '"actor": 0', '"\\u0000"', '"\\ud800"', '"\\x"', '// c', '/* c', '*/',
];
const SPECIAL_UNICODE = [
  '\ud800', '\udc00', '\udbff', '\u0000', '\u200f', '\u202e', '\u2066', '\u2069', '\ufeff', '\u2028', '\u2029', '\r\n', '\r', '\u0085',
  '\ud840\udc00', '\ud83d\ude00', '\ud83c\udff3\ufe0f\u200d\ud83c\udf08', '\uff0c', '\uff1a', '\uff02', '\u3000', '\u0301', '\uffff', '\ufffe',
  '\u00a0', '\u0007', '\u001b[31m', '\u200b', '\u061c', '黑', '棋',
];
const WORDS = [
  'black', 'white', 'moves', 'move', 'pre', 'mark', 'size', 'game', 'wei7', 'version', 'x', 'y', 'type', 'pass', 'normal', 'comment', 'title',
  'steps', 'branches', 'tree', 'action', 'value', 'color', 'point', 'stones', 'takeback', 'result', 'message', 'info', 'format', 'participants',
  'players', 'participant', 'winner', 'margin', 'komi', 'rules', 'scoring', 'area', 'territory', 'Chinese', 'Japanese', 'problem', 'eval',
  'evaluation', 'splitter', 'symbol', 'marks', 'time', 'actor', 'width', 'height', '2.2', '2.0', '3.0', '3.1',
];
const NUMBERS = ['0', '-1', '1000000000', '1e999', '1.5', '01', '4294967296', '9007199254740993', '-0', '52', '53', '19', '18', '7', '1e2', '0.5', '-2147483649', '99999999999999999999'];

/** Where a mutation may cut: anywhere but inside a surrogate pair (the unicode mutation makes lone halves on purpose). */
function cut(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return at > 0 && at < text.length && c >= 0xdc00 && c <= 0xdfff && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800 ? at - 1 : at;
}

interface Mutated {
  readonly text: string;
  /** Where the mutation happened, to probe features nearby. */
  readonly at: number;
}

/** Documents larger than this are only shrunk further (duplication and nesting stop). */
const GROWTH_LIMIT = 1 << 20;

/** The elements of an XML text (iteratively), for subtree duplication and nesting. */
function xmlElements(text: string): XmlElement[] {
  const syntax = parseXml(text, detectFormat(text).contentStart);
  const all: XmlElement[] = [];
  const pending = syntax.root ? [syntax.root] : [];
  for (let e = pending.pop(); e; e = pending.pop()) {
    all.push(e);
    for (const c of e.children) if (c.kind === 'element') pending.push(c);
  }
  return all;
}

/** The containers (objects and arrays) and properties of a JSON text. */
function jsonNodes(text: string): Node[] {
  const syntax = parseJson(text, detectFormat(text).contentStart);
  const all: Node[] = [];
  const pending = syntax.root ? [syntax.root] : [];
  for (let n = pending.pop(); n; n = pending.pop()) {
    all.push(n);
    for (const c of n.children ?? []) pending.push(c);
  }
  return all;
}

function insertAt(text: string, at: number, piece: string): Mutated {
  return { text: text.slice(0, at) + piece + text.slice(at), at };
}

export function applyMutation(kind: MutationKind, text: string, rng: Random): Mutated {
  const at = cut(text, int(rng, text.length + 1));
  const isJson = detectFormat(text).format === 'json';
  switch (kind) {
    case 'insert-char': {
      const n = 1 + int(rng, 3);
      let piece = '';
      for (let i = 0; i < n; i++) piece += rng() < 0.8 ? pick(rng, [...SYNTAX_CHARS]) : String.fromCharCode(32 + int(rng, 0x3000));
      return insertAt(text, at, piece);
    }
    case 'insert-token':
      return insertAt(text, at, pick(rng, rng() < 0.85 ? (isJson ? JSON_TOKENS : XML_TOKENS) : isJson ? XML_TOKENS : JSON_TOKENS));
    case 'delete': {
      const length = rng() < 0.7 ? 1 + int(rng, 8) : logUniform(rng, 1, Math.max(1, text.length >> 1));
      const end = cut(text, Math.min(text.length, at + length));
      return { text: text.slice(0, at) + text.slice(end), at };
    }
    case 'truncate':
      return { text: text.slice(0, at), at };
    case 'duplicate-subtree': {
      if (text.length > GROWTH_LIMIT) return { text, at };
      if (isJson) {
        const nodes = jsonNodes(text).filter((n) => n.type === 'object' || n.type === 'array' || n.type === 'property');
        if (!nodes.length) return { text, at };
        const node = pick(rng, nodes);
        const end = node.offset + node.length;
        const copy = text.slice(node.offset, end);
        // In an array or object the copy is a sibling (a duplicate key for a property); at the root, a second root.
        return insertAt(text, end, node.parent ? `, ${copy}` : copy);
      }
      const elements = xmlElements(text);
      if (!elements.length) return { text, at };
      const element = pick(rng, elements);
      return insertAt(text, element.span.end, text.slice(element.span.start, element.span.end));
    }
    case 'unicode': {
      if (rng() < 0.15) return { text: `\ufeff${text}`, at: 0 };
      const n = 1 + int(rng, 3);
      let piece = '';
      for (let i = 0; i < n; i++) piece += pick(rng, SPECIAL_UNICODE);
      return insertAt(text, at, piece);
    }
    case 'line-endings': {
      const style = int(rng, 4);
      if (style === 0) return { text: text.replace(/\r?\n/g, '\r\n'), at };
      if (style === 1) return { text: text.replace(/\r\n?|\n/g, '\r'), at };
      if (style === 2) return { text: text.replace(/\r\n?/g, '\n'), at };
      return { text: text.replace(/\r?\n/g, () => pick(rng, ['\n', '\r\n', '\r', '\n\r'])), at };
    }
    case 'deep-nesting': {
      if (text.length > GROWTH_LIMIT) return { text, at };
      const depth = logUniform(rng, 8, 2000);
      const closed = rng() < 0.6;
      if (isJson) {
        const shapes: [string, string][] = [
          ['{"steps": [], "branches": [', ']}'],
          ['[', ']'],
          ['{"a": ', '}'],
          ['{"pre": {"stones": [], "comment": "n"}, "branches": [', ']}'],
        ];
        const [open, close] = pick(rng, shapes);
        const trees = jsonNodes(text).filter((n) => n.type === 'object');
        const target = trees.length && rng() < 0.7 ? pick(rng, trees) : undefined;
        if (target) {
          const end = target.offset + target.length;
          const inner = text.slice(target.offset, end);
          return { text: text.slice(0, target.offset) + open.repeat(depth) + inner + (closed ? close.repeat(depth) : '') + text.slice(end), at: target.offset };
        }
        return insertAt(text, at, open.repeat(depth) + (closed ? close.repeat(depth) : ''));
      }
      const elements = xmlElements(text).filter((e) => e.name === 'moves' || e.name === 'black' || e.name === 'white');
      const target = elements.length ? pick(rng, elements) : undefined;
      const open = pick(rng, ['<moves>', '<moves><black x="3" y="3"/>', '<moves><white x="16" y="16"/><black type="pass"/>', '<pre>']);
      const close = open === '<pre>' ? '</pre>' : '</moves>';
      if (target) {
        const inner = text.slice(target.span.start, target.span.end);
        return {
          text: text.slice(0, target.span.start) + open.repeat(depth) + inner + (closed ? close.repeat(depth) : '') + text.slice(target.span.end),
          at: target.span.start,
        };
      }
      return insertAt(text, at, open.repeat(depth) + (closed ? close.repeat(depth) : ''));
    }
    case 'number': {
      const numbers = [...text.matchAll(/-?\d+(\.\d+)?/g)];
      if (!numbers.length) return insertAt(text, at, pick(rng, NUMBERS));
      const m = pick(rng, numbers);
      const start = m.index ?? 0;
      return { text: text.slice(0, start) + pick(rng, NUMBERS) + text.slice(start + m[0].length), at: start };
    }
    case 'replace-word': {
      const words = [...text.matchAll(/[A-Za-z][A-Za-z0-9.]*/g)];
      if (!words.length) return insertAt(text, at, pick(rng, WORDS));
      const m = pick(rng, words);
      const start = m.index ?? 0;
      const word = rng() < 0.2 ? m[0].toUpperCase() : pick(rng, WORDS);
      return { text: text.slice(0, start) + word + text.slice(start + m[0].length), at: start };
    }
    case 'swap-siblings': {
      // Two members of one object or two child elements exchanged: key and element order a reader may wrongly rely on.
      const groups: Span[][] = isJson
        ? jsonNodes(text).filter((n) => n.type === 'object' && (n.children?.length ?? 0) > 1).map((n) => (n.children ?? []).map((c) => ({ start: c.offset, end: c.offset + c.length })))
        : xmlElements(text).map((e) => e.children.filter((c) => c.kind === 'element').map((c) => c.span)).filter((spans) => spans.length > 1);
      if (!groups.length) return { text, at };
      const siblings = pick(rng, groups);
      const i = int(rng, siblings.length - 1);
      const j = i + 1 + int(rng, siblings.length - 1 - i);
      const [first, second] = [siblings[i], siblings[j]];
      const swapped = text.slice(0, first.start) + text.slice(second.start, second.end) + text.slice(first.end, second.start) + text.slice(first.start, first.end) + text.slice(second.end);
      return { text: swapped, at: first.start };
    }
    case 'slip':
      return typingSlip(text, rng, isJson);
    case 'swap-chunks': {
      if (text.length < 4) return { text, at };
      const points = [int(rng, text.length), int(rng, text.length), int(rng, text.length), int(rng, text.length)].map((p) => cut(text, p)).sort((a, b) => a - b);
      const [a, b, c, d] = points;
      return { text: text.slice(0, a) + text.slice(c, d) + text.slice(b, c) + text.slice(a, b) + text.slice(d), at: a };
    }
  }
}

/**
 * A slip of a person typing a record by hand, at a place of the kind it happens: a quote, a `>` or
 * a `}` left out, a quote typed curly or inside a value, a line break in a string, a decimal comma, a misspelt end
 * tag, a comment left open (the readings of docs/spec-readings.md, "read as meant").
 */
function typingSlip(text: string, rng: Random, isJson: boolean): Mutated {
  const places = (pattern: RegExp): number[] => [...text.matchAll(pattern)].map((m) => m.index ?? 0);
  const replace = (at: number, length: number, by: string): Mutated => ({ text: text.slice(0, at) + by + text.slice(at + length), at });
  const slips: (() => Mutated | undefined)[] = isJson
    ? [
        () => at(places(/"(?=[,}\]\s])/g), (i) => replace(i, 1, '')), // a closing quote left out
        () => at(places(/"(?=[,}\]\s])/g), (i) => replace(i, 1, '\u201d')), // typed curly
        () => at(places(/(?<=[:{,\[]\s*)"/g), (i) => replace(i, 1, '')), // an opening quote left out
        () => at(places(/(?<="[^"\n]{2,})(?=[^"\n]*")/g), (i) => insertAt(text, i, '\n')), // a line break in a string
        () => at(places(/\d\.\d/g), (i) => replace(i + 1, 1, ',')), // a decimal comma
        () => at(places(/}/g), (i) => replace(i, 1, '')), // a brace forgotten
        () => at(places(/\n/g), (i) => insertAt(text, i + 1, '/* a note\n')), // a comment left open
        () => at(places(/\]/g), (i) => replace(i, 1, '')), // a list's "]" left out
        () => at(places(/"(steps|marks|stones|players|participants)": \[/g), (i) => replace(text.indexOf('[', i), 1, '')), // a list's "[" left out
        () => at(places(/"(move|area|Chinese|3\.0)"/g), (i) => insertAt(text, i + 3, '\n')), // a line break in a keyword
        () => at(places(/(?<="(?:comment|name|title|place)": )"[^"\n\\]{2,}"/g), (i) => insertAt(text, i + 2, '"')), // a quote inside a text
      ]
    : [
        () => at(places(/\/?>/g), (i) => replace(i, text.startsWith('/>', i) ? 2 : 1, '')), // a tag's ">" or "/>" left out
        () => at(places(/="[^"<]*"/g), (i) => replace(i + 1, text.indexOf('"', i + 2) - i, text.slice(i + 2, text.indexOf('"', i + 2)))), // a value without quotes
        () => at(places(/="[^"<]*"(?=\s+\w)/g), (i) => replace(text.indexOf('"', i + 2), 1, '')), // a value's closing quote left out
        () => at(places(/<\/\w{3,}/g), (i) => replace(i + 2, 2, text.slice(i + 3, i + 4) + text.slice(i + 2, i + 3))), // an end tag misspelt
        () => at(places(/\n/g), (i) => insertAt(text, i + 1, '<!-- a note\n')), // a comment left open
        () => at(places(/="[^"<]*"/g), (i) => replace(i, text.indexOf('"', i + 2) + 1 - i, '')), // a value left out (`y/>`)
        () => at(places(/="[^"<]{2,}"/g), (i) => insertAt(text, i + 3, '"')), // a quote inside a value
        () => at(places(/<\/\w+>/g), (i) => replace(i, text.indexOf('>', i) + 1 - i, '')), // an end tag left out
        () => at(places(/<(black|white|mark|pre|moves)[ />]/g), (i) => insertAt(text, i, '</moves>')), // an end tag typed too early
        () => at(places(/<moves>/g), (i) => replace(i, '<moves>'.length, '')), // a start tag left out
        () => at(places(/<[\w/]/g), (i) => insertAt(text, i, '<')), // a "<" typed twice
        () => at(places(/version="1\.0"|encoding="[\w-]+"/g), (i) => insertAt(text, text.indexOf('"', i) + 2, '"')), // a quote in the declaration's value
        () => at(places(/^[ \t]*<\/(pre|moves)>\n/gm), (i) => replace(i, text.indexOf('\n', i) + 1 - i, '')), // an end tag's line left out (read by the indentation)
      ];
  return pick(rng, slips)() ?? insertAt(text, cut(text, int(rng, text.length + 1)), isJson ? '"' : '<');

  function at(offsets: readonly number[], make: (offset: number) => Mutated): Mutated | undefined {
    return offsets.length ? make(pick(rng, offsets)) : undefined;
  }
}

export interface Mutant {
  readonly text: string;
  readonly base: string;
  readonly kinds: readonly MutationKind[];
  readonly sites: readonly number[];
}

/** Document `index` of a run: a corpus document and one to four mutations (sometimes none). */
export function makeMutant(corpus: readonly CorpusDocument[], rng: Random): Mutant {
  const base = pick(rng, corpus);
  let text = base.text;
  const kinds: MutationKind[] = [];
  const sites: number[] = [];
  const count = rng() < 0.03 ? 0 : 1 + (rng() < 0.5 ? 0 : rng() < 0.6 ? 1 : rng() < 0.6 ? 2 : 3);
  for (let i = 0; i < count; i++) {
    const kind = pick(rng, MUTATION_KINDS);
    const mutated = applyMutation(kind, text, rng);
    text = mutated.text;
    kinds.push(kind);
    sites.push(mutated.at);
  }
  return { text, base: base.name, kinds, sites };
}

/* ---------- the pipeline and its properties ---------- */

export const PROPERTIES = ['exception', 'range', 'time', 'format-idempotent', 'format-validity', 'incremental', 'plain-steps'] as const;
export type Property = (typeof PROPERTIES)[number];

export interface Failure {
  readonly property: Property;
  /** The feature and what went wrong. */
  readonly detail: string;
}

export interface DocumentResult {
  readonly failures: readonly Failure[];
  /** The time of the server's work on the document (the time property): every feature, not the checks' own analyses of edited texts. */
  readonly ms: number;
  /** The time with those checks. */
  readonly totalMs: number;
}

const RULES: readonly RulesOption[] = ['fromFile', 'none', 'chinese', 'japanese', 'korean'];
/** What the incremental property types or pastes: single characters of both formats' syntax, and whole moves. */
const EDIT_PIECES = ['', '', '<', '>', '"', '/', '=', '{', '}', '[', ']', ',', ':', 'x', ' ', '\n', '1', '黑', '&', '\u201d', '*/', '-->', '</moves>', '<black x="3" y="4" />', '{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3, "y": 4}}}},'];
const TRIGGERS = [undefined, '<', ' ', '"', ':', '/', '='];

function applyEdits(text: string, edits: readonly { span: Span; newText: string }[]): string {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += text.slice(at, edit.span.start) + edit.newText;
    at = edit.span.end;
  }
  return out + text.slice(at);
}

function errorCounts(findings: readonly Finding[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of findings) if (f.severity === 'error') counts.set(`${f.clause} ${f.message.id}`, (counts.get(`${f.clause} ${f.message.id}`) ?? 0) + 1);
  return counts;
}

/** Error kinds (clause and message id) that `after` has more of than `before`. */
function newErrors(before: readonly Finding[], after: readonly Finding[]): string[] {
  const was = errorCounts(before);
  return [...errorCounts(after)].filter(([key, n]) => n > (was.get(key) ?? 0)).map(([key, n]) => `${key} (${was.get(key) ?? 0} → ${n})`);
}

/** The first line where two lists of what a user sees differ, both shown (`expectedName` names the second), or undefined. */
function firstDifference(actual: readonly string[], expected: readonly string[], expectedName: string): string | undefined {
  const first = actual.findIndex((line, i) => line !== expected[i]);
  if (first < 0 && actual.length === expected.length) return undefined;
  const at = first >= 0 ? first : Math.min(actual.length, expected.length);
  return `line ${at}: ${(actual[at] ?? '(none)').slice(0, 300)} | ${expectedName}: ${(expected[at] ?? '(none)').slice(0, 300)}`;
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const frames = (e.stack ?? '').split('\n').slice(1, 6).map((l) => l.trim()).join(' | ');
  return `${e.name}: ${e.message.slice(0, 300)} @ ${frames}`;
}

/**
 * A small edit of `text` as a person makes one: a character or a whole move typed or pasted,
 * characters deleted, near a mutation site, after a token's first character, or anywhere; never
 * between the two halves of a surrogate pair (an editor's edit is not).
 */
function randomEdit(text: string, rng: Random, sites: readonly number[]): TextChange {
  const length = text.length;
  const inside = (at: number): number => (at > 0 && at < length && (text.charCodeAt(at - 1) & 0xfc00) === 0xd800 ? at + 1 : at);
  const where = rng();
  let start = int(rng, length + 1);
  if (where < 0.4 && sites.length) start = Math.min(length, pick(rng, sites));
  else if (where < 0.7) {
    const token = text.slice(start).search(/[<"{]/);
    if (token >= 0) start += token + 1;
  }
  start = inside(start);
  return { start, end: inside(Math.min(length, start + (rng() < 0.5 ? 0 : int(rng, 4)))), text: pick(rng, EDIT_PIECES) };
}

/**
 * Runs every feature on `text` as the server would, with positions, settings and clicks drawn from
 * `rng`; `sites` are offsets worth probing (where mutations happened).
 */
export function checkDocument(text: string, rng: Random, sites: readonly number[] = [], timeLimitMs = 1000, featureMs: Record<string, number> = {}): DocumentResult {
  const failures: Failure[] = [];
  const fail = (property: Property, detail: string): void => {
    if (failures.length < 20) failures.push({ property, detail });
  };
  const length = text.length;
  const inDoc = (what: string, span: Span | undefined): void => {
    if (!span) return;
    const ok = Number.isInteger(span.start) && Number.isInteger(span.end) && span.start >= 0 && span.start <= span.end && span.end <= length;
    if (!ok) fail('range', `${what}: span [${span.start}, ${span.end}) outside [0, ${length}] or inverted`);
  };
  const contains = (outer: Span, inner: Span): boolean => outer.start <= inner.start && inner.end <= outer.end;
  const editsOk = (what: string, edits: readonly { span: Span }[]): void => {
    for (const e of edits) inDoc(what, e.span);
    const sorted = [...edits].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i].span.start < sorted[i - 1].span.end) fail('range', `${what}: overlapping edits [${sorted[i - 1].span.start}, ${sorted[i - 1].span.end}) and [${sorted[i].span.start}, ${sorted[i].span.end})`);
    }
  };
  const guard = <T>(feature: string, run: () => T): T | undefined => {
    const t = performance.now();
    try {
      return run();
    } catch (e) {
      fail('exception', `${feature}: ${describe(e)}`);
      return undefined;
    } finally {
      const key = feature.replace(/ .*/, '');
      featureMs[key] = (featureMs[key] ?? 0) + performance.now() - t;
    }
  };

  /** Time spent analysing texts made by the checks (formatted, fixed, played): not the document's own work. */
  let checkMs = 0;
  const reanalyze = (what: string, edited: string, options: AnalysisOptions): Analysis | undefined => {
    const t = performance.now();
    const result = guard(what, () => analyze(edited, options));
    checkMs += performance.now() - t;
    return result;
  };
  const started = performance.now();
  const locale: Locale = rng() < 0.8 ? 'en' : 'zh-cn';
  const options: AnalysisOptions = { game: { rules: pick(rng, RULES), sameColorHint: rng() < 0.7 } };
  const analysis = guard('analyze', () => analyze(text, options));
  if (!analysis) return { failures, ms: performance.now() - started, totalMs: performance.now() - started };
  const lines = new LineIndex(text);
  const positions = probeOffsets(text, rng, sites);

  // Diagnostics: every finding inside the document, and the LSP ranges valid.
  for (const f of analysis.findings) inDoc(`finding ${f.clause} ${f.message.id}`, f.span);
  const related = relatedPlaces(analysis);
  const diagnostics = guard('diagnostics', () => toDiagnostics(analysis, lines, { locale, specBaseUrl: 'file:///spec/' }, related)) ?? [];
  for (const d of diagnostics) {
    for (const { range, message } of [{ range: d.range, message: '' }, ...(d.related ?? [])]) {
      const { start, end } = range;
      if (start.line > end.line || (start.line === end.line && start.character > end.character) || end.line >= lines.lineCount) {
        fail('range', `diagnostic ${d.code}${message ? ` (related: ${message})` : ''}: range ${JSON.stringify(range)} inverted or past the last line ${lines.lineCount - 1}`);
      }
    }
  }

  // Half the documents are read by the features as the server leaves them when idle: 3.0 steps and 2.x attributes packed (lsp/features/compaction.ts).
  if (rng() < 0.5) guard('compactInSlices', () => [...compactInSlices(analysis, 1 + int(rng, 300))]);

  // Replay: positions after random nodes, and their information.
  const doc = analysis.document;
  const replay = doc ? guard('createReplay', () => createReplay(doc)) : undefined;
  if (doc && replay && doc.nodes.length) {
    for (let i = 0; i < 3; i++) {
      const node = i === 0 ? doc.nodes[doc.nodes.length - 1] : pick(rng, doc.nodes);
      guard('replay.positionAfter', () => replay.positionAfter(node));
      guard('replay.infoAt', () => replay.infoAt(node));
    }
  }

  // Outline: spans inside the document, each selection inside its symbol.
  const outline = guard('outline', () => documentOutline(analysis, { locale, replay })) ?? [];
  const symbols: OutlineSymbol[] = [...outline];
  for (let s = symbols.pop(); s; s = symbols.pop()) {
    inDoc(`outline ${s.kind}`, s.span);
    inDoc(`outline ${s.kind} selection`, s.selectionSpan);
    if (!contains(s.span, s.selectionSpan)) fail('range', `outline ${s.kind} "${s.name}": selection [${s.selectionSpan.start}, ${s.selectionSpan.end}) not inside [${s.span.start}, ${s.span.end})`);
    for (const child of s.children) symbols.push(child);
  }

  // Folding.
  for (const r of guard('folding', () => foldingRanges(analysis, lines)) ?? []) {
    if (!(r.startLine >= 0 && r.startLine <= r.endLine && r.endLine < lines.lineCount)) fail('range', `folding ${r.startLine}–${r.endLine} of ${lines.lineCount} lines`);
  }

  // Inlay hints over the whole document and over a random window.
  const window = { start: int(rng, length + 1), end: 0 };
  window.end = Math.min(length, window.start + int(rng, 4000));
  for (const range of [{ start: 0, end: length }, window]) {
    for (const hint of guard('inlayHints', () => inlayHints(analysis, range, locale, replay)) ?? []) inDoc('inlay hint', { start: hint.offset, end: hint.offset });
  }

  // Features at positions.
  for (const offset of positions) {
    const spans = guard('selectionRanges', () => selectionSpans(analysis, offset)) ?? [];
    spans.forEach((span, i) => {
      inDoc('selection range', span);
      if (i > 0 && !contains(span, spans[i - 1])) fail('range', `selection range [${span.start}, ${span.end}) does not contain its child [${spans[i - 1].start}, ${spans[i - 1].end})`);
    });
    const hover = guard('hover', () => hoverAt(analysis, offset, { locale, specBaseUrl: 'file:///spec/', replay }));
    if (hover) inDoc('hover', hover.span);
    const items = guard('completion', () => complete(analysis, { offset, locale, triggerCharacter: pick(rng, TRIGGERS) })) ?? [];
    for (const item of items) {
      inDoc(`completion "${item.label}"`, item.edit.span);
      if (item.additionalEdits) editsOk(`completion "${item.label}" edits`, [item.edit, ...item.additionalEdits]);
    }
    inDoc('definition', guard('definition', () => definitionAt(analysis, offset)));
    for (const span of guard('references', () => referencesAt(analysis, offset, rng() < 0.5)) ?? []) inDoc('reference', span);
    for (const h of guard('highlights', () => highlightsAt(analysis, offset)) ?? []) inDoc('highlight', h.span);
    const linked = guard('linkedEditing', () => linkedTagNamesAt(analysis, offset)) ?? [];
    for (const span of linked) inDoc('linked editing range', span);
    // Linked ranges are renamed together: they must hold the same text.
    if (linked.length === 2 && text.slice(linked[0].start, linked[0].end) !== text.slice(linked[1].start, linked[1].end)) {
      fail('range', `linked editing ranges differ: ${JSON.stringify(text.slice(linked[0].start, linked[0].end))} and ${JSON.stringify(text.slice(linked[1].start, linked[1].end))}`);
    }
    const opened = guard('autoClose', () => elementOpenedAt(analysis, offset));
    if (opened !== undefined && text[offset - 1] !== '>') fail('range', `an end tag </${opened}> offered at ${offset}, not after a ">"`);
  }

  // Formatting: edits inside the document; the formatted text formats to itself and has no new errors.
  const formatOptions: FormatOptions = { tabSize: pick(rng, [2, 4, 1]), insertSpaces: rng() < 0.85, insertFinalNewline: rng() < 0.3 };
  const edits: readonly FormatEdit[] = guard('format', () => formatDocument(analysis, formatOptions).edits) ?? [];
  editsOk('format', edits);
  if (edits.length && !failures.some((f) => f.property === 'range')) {
    const formatted = applyEdits(text, edits);
    const again = reanalyze('analyze (formatted)', formatted, options);
    if (again) {
      const t = performance.now();
      const second = guard('format (formatted)', () => formatDocument(again, formatOptions).edits) ?? [];
      checkMs += performance.now() - t;
      if (second.length) {
        const e = second[0];
        fail('format-idempotent', `formatting again changes ${second.length} place(s), first [${e.span.start}, ${e.span.end}) ${JSON.stringify(formatted.slice(e.span.start, e.span.end))} → ${JSON.stringify(e.newText)}`);
      }
      const added = newErrors(analysis.findings, again.findings);
      if (added.length) fail('format-validity', `formatting adds errors: ${added.join('; ')}`);
    }
  }
  const range = { start: int(rng, length + 1), end: 0 };
  range.end = Math.min(length, range.start + int(rng, 2000));
  editsOk('rangeFormat', guard('rangeFormat', () => formatRange(analysis, range, formatOptions).edits) ?? []);

  // Code actions for every diagnostic (at most 100: the editor asks for those under the cursor); one fix applied and analysed.
  const fixes: { span: Span; newText: string }[][] = [];
  for (const f of analysis.findings.slice(0, 100)) {
    for (const fix of guard(`codeActions ${f.message.id}`, () => fixesFor(analysis, f)) ?? []) {
      editsOk(`fix "${fix.title.id}" for ${f.message.id}`, fix.edits);
      fixes.push([...fix.edits]);
    }
  }
  if (fixes.length && rng() < 0.3 && !failures.some((f) => f.property === 'range')) {
    const fixed = applyEdits(text, pick(rng, fixes));
    reanalyze('analyze (fixed)', fixed, options);
  }

  // The preview: positions (some out of range) and clicks (some off the board).
  const view: DocumentView = { uri: 'file:///fuzz.wei7', version: 1, analysis, lines, replay };
  const lsp: Position[] = positions.slice(0, 3).map((o) => lines.positionAt(o));
  lsp.push({ line: 1_000_000, character: 5 }, { line: int(rng, lines.lineCount), character: -1 });
  let analysedPlay = rng() < 0.7; // the played text is analysed for 30% of documents
  for (const position of lsp) {
    const answer = guard('wei7/position', () => previewPosition(view, position));
    if (answer?.node) {
      const r = answer.node.range;
      if (r.end.line >= lines.lineCount) fail('range', `wei7/position node range ${JSON.stringify(r)} past the last line`);
    }
    const size = doc?.size;
    const x = rng() < 0.9 && size ? int(rng, size.width) : pick(rng, [-1, 52, 1e9, 0.5]);
    const y = rng() < 0.9 && size ? int(rng, size.height) : pick(rng, [-1, 52, 1e9, 0.5]);
    const played = guard('wei7/playMove', () => playMove(view, { uri: view.uri, position, point: { x, y }, asVariation: rng() < 0.5 }, locale));
    if (played?.kind === 'edit') {
      for (const change of played.edit.documentChanges) {
        const spans = change.edits.map((e) => ({ span: { start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end) }, newText: e.newText }));
        for (const e of change.edits) {
          if (e.range.end.line >= lines.lineCount || e.range.start.line > e.range.end.line) fail('range', `wei7/playMove edit ${JSON.stringify(e.range)} outside the document`);
        }
        editsOk('wei7/playMove', spans);
        if (!analysedPlay) reanalyze('analyze (played)', applyEdits(text, spans), options);
        analysedPlay = true;
      }
    }
  }

  // Conversion (the wei7/convert request): now and then, to the other format and to SGF. A command
  // the user runs, not work on every version: not in the document's time.
  if (rng() < 0.15) {
    const bytes = Buffer.from(text, 'utf8');
    const target = pick(rng, ['xml', 'json', 'sgf'] as TargetFormat[]);
    const t = performance.now();
    guard(`convert → ${target}`, () => convertBytes(bytes, 'fuzz.wei7', target));
    checkMs += performance.now() - t;
  }

  // Plain moves, 3.0 steps (parse/json/plainSteps.ts) and 2.x elements (parse/xml/plainMoves.ts):
  // what a user sees is what the generic reading gives.
  if (analysis.syntax !== undefined && rng() < 0.5) {
    const plain = reanalyze('analyze (plain moves)', text, options);
    const generic = reanalyze('analyze (generic reading)', text, { ...options, readsPlainMoves: false });
    const difference = plain && generic && firstDifference(observable(plain, true), observable(generic, true), 'generic');
    if (difference) fail('plain-steps', `what a user sees differs from the generic reading: ${difference}`);
  }

  // Incremental: last, for reanalyze takes this analysis over (it must not be read afterwards).
  // One to three edits in a row, each from the previous edit's analysis, as the server makes them.
  if (rng() < 0.5) {
    const t = performance.now();
    let current: Analysis | undefined = analysis;
    let currentText = text;
    const made: TextChange[] = [];
    for (let k = 1 + int(rng, 3); k > 0 && current; k--) {
      const change = randomEdit(currentText, rng, sites);
      made.push(change);
      if (rng() < 0.5) guard('compactInSlices', () => [...compactInSlices(current as Analysis, 1 + int(rng, 300))]);
      const previous: Analysis = current;
      current = guard('reanalyze', () => reanalyzeAfterEdit(previous, change, options));
      currentText = currentText.slice(0, change.start) + change.text + currentText.slice(change.end);
      const editedText = currentText;
      // Not every version is read (reading its model writes what the edits left pending: model/shift.ts); the last always is.
      if (k > 1 && rng() < 0.5) continue;
      const fresh = guard('analyze (edited)', () => analyze(editedText, options));
      if (!current || !fresh) break;
      const difference = firstDifference(observable(current), observable(fresh), 'new');
      if (difference) {
        fail('incremental', `edits ${JSON.stringify(made)}: what a user sees differs from a new analysis: ${difference}`);
        break;
      }
    }
    checkMs += performance.now() - t;
  }

  const totalMs = performance.now() - started;
  const ms = totalMs - checkMs;
  if (ms > timeLimitMs) fail('time', `${ms.toFixed(0)} ms (limit ${timeLimitMs} ms)`);
  return { failures, ms, totalMs };
}

/** Offsets to probe: mutation sites (and next to them), random places, token starts, the ends. */
function probeOffsets(text: string, rng: Random, sites: readonly number[]): number[] {
  const length = text.length;
  const offsets = new Set<number>();
  for (const site of sites.slice(-2)) {
    offsets.add(Math.min(length, site));
    offsets.add(Math.min(length, site + 1 + int(rng, 4)));
  }
  offsets.add(int(rng, length + 1));
  offsets.add(int(rng, length + 1));
  for (let i = 0; i < 20; i++) {
    const at = int(rng, length + 1);
    if (at < length && '<"{['.includes(text[at])) {
      offsets.add(at + 1);
      break;
    }
  }
  offsets.add(rng() < 0.5 ? 0 : length);
  return [...offsets];
}

/* ---------- a run ---------- */

export interface FuzzOptions {
  readonly corpus: readonly CorpusDocument[];
  readonly seed: number;
  readonly count: number;
  /** This worker's share: documents first, first + stride, … (default 0 and 1). */
  readonly first?: number;
  readonly stride?: number;
  /** Only this document (to replay a failure). */
  readonly only?: number;
  readonly timeLimitMs?: number;
  /** Where failing documents are saved (with their seed and index); none: not saved. */
  readonly failuresDir?: string;
}

export interface FailedDocument {
  readonly index: number;
  readonly base: string;
  readonly kinds: readonly MutationKind[];
  readonly failures: readonly Failure[];
  readonly length: number;
  readonly ms: number;
  readonly saved?: string;
}

export interface FuzzReport {
  readonly seed: number;
  documents: number;
  readonly mutations: Record<string, number>;
  /** Documents failing each property. */
  readonly failuresByProperty: Record<string, number>;
  readonly failed: FailedDocument[];
  /** The time of each document, in ms. */
  readonly times: number[];
  slowest: { index: number; ms: number; base: string; kinds: readonly MutationKind[]; length: number } | undefined;
  largest: number;
  /** Time spent in each feature over the run, in ms. */
  readonly featureMs: Record<string, number>;
}

export function emptyReport(seed: number): FuzzReport {
  const mutations: Record<string, number> = { none: 0 };
  for (const kind of MUTATION_KINDS) mutations[kind] = 0;
  const failuresByProperty: Record<string, number> = {};
  for (const property of PROPERTIES) failuresByProperty[property] = 0;
  return { seed, documents: 0, mutations, failuresByProperty, failed: [], times: [], slowest: undefined, largest: 0, featureMs: {} };
}

/** Adds `part` (a worker's report) to `total`. */
export function mergeReports(total: FuzzReport, part: FuzzReport): void {
  total.documents += part.documents;
  for (const [k, v] of Object.entries(part.mutations)) total.mutations[k] = (total.mutations[k] ?? 0) + v;
  for (const [k, v] of Object.entries(part.failuresByProperty)) total.failuresByProperty[k] = (total.failuresByProperty[k] ?? 0) + v;
  total.failed.push(...part.failed);
  for (const t of part.times) total.times.push(t);
  if (part.slowest && (!total.slowest || part.slowest.ms > total.slowest.ms)) total.slowest = part.slowest;
  total.largest = Math.max(total.largest, part.largest);
  for (const [k, v] of Object.entries(part.featureMs)) total.featureMs[k] = (total.featureMs[k] ?? 0) + v;
}

export function runFuzz(options: FuzzOptions, progress?: (done: number) => void): FuzzReport {
  const report = emptyReport(options.seed);
  const indices: number[] = [];
  if (options.only !== undefined) indices.push(options.only);
  else for (let i = options.first ?? 0; i < options.count; i += options.stride ?? 1) indices.push(i);
  for (const index of indices) {
    const rng = documentRandom(options.seed, index);
    const mutant = makeMutant(options.corpus, rng);
    const limit = options.timeLimitMs ?? 1000;
    let result = checkDocument(mutant.text, rng, mutant.sites, limit, report.featureMs);
    if (result.failures.some((f) => f.property === 'time')) {
      // Once more, the same way (same draws): a pause of the machine (other processes, a major GC) is no slow document.
      const again = documentRandom(options.seed, index);
      makeMutant(options.corpus, again);
      const second = checkDocument(mutant.text, again, mutant.sites, limit);
      if (second.ms < result.ms) result = second;
    }
    report.documents++;
    report.times.push(result.ms);
    report.largest = Math.max(report.largest, mutant.text.length);
    if (!mutant.kinds.length) report.mutations.none++;
    for (const kind of mutant.kinds) report.mutations[kind]++;
    if (!report.slowest || result.ms > report.slowest.ms) {
      report.slowest = { index, ms: result.ms, base: mutant.base, kinds: mutant.kinds, length: mutant.text.length };
    }
    if (result.failures.length) {
      const properties = new Set(result.failures.map((f) => f.property));
      for (const property of properties) report.failuresByProperty[property]++;
      const saved = options.failuresDir ? saveFailure(options.failuresDir, options.seed, index, mutant, result) : undefined;
      report.failed.push({ index, base: mutant.base, kinds: mutant.kinds, failures: result.failures, length: mutant.text.length, ms: result.ms, saved });
    }
    if (progress && report.documents % 1000 === 0) progress(report.documents);
  }
  return report;
}

function saveFailure(dir: string, seed: number, index: number, mutant: Mutant, result: DocumentResult): string {
  mkdirSync(dir, { recursive: true });
  const properties = [...new Set(result.failures.map((f) => f.property))].join('+');
  const name = `seed${seed}-doc${index}-${properties}`;
  // The .wei7 is UTF-8, where a lone surrogate becomes U+FFFD: the exact text is in the .json too.
  writeFileSync(join(dir, `${name}.wei7`), mutant.text);
  const replay = `npm run fuzz -- --seed ${seed} --only ${index}`;
  const meta = { seed, index, replay, base: mutant.base, kinds: mutant.kinds, ms: result.ms, failures: result.failures, text: mutant.text };
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(meta, null, 2)}\n`);
  return join(dir, `${name}.wei7`);
}

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

export function formatReport(report: FuzzReport, wallMs?: number): string {
  const out: string[] = [];
  out.push(`seed ${report.seed}: ${report.documents} documents${wallMs === undefined ? '' : ` in ${(wallMs / 1000).toFixed(1)} s`}`);
  out.push(`mutations: ${Object.entries(report.mutations).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out.push(`failures by property (documents): ${Object.entries(report.failuresByProperty).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const max = report.times.reduce((a, b) => Math.max(a, b), 0);
  const p99 = [...report.times].sort((a, b) => a - b)[Math.floor(report.times.length * 0.99)] ?? 0;
  out.push(`time per document: median ${median(report.times).toFixed(2)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; largest document ${report.largest} characters`);
  const features = Object.entries(report.featureMs).sort((a, b) => b[1] - a[1]);
  out.push(`time by feature (s, all documents): ${features.map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ')}`);
  if (report.slowest) {
    const s = report.slowest;
    out.push(`slowest: document ${s.index} (${s.base}; ${s.kinds.join(', ') || 'unmutated'}; ${s.length} characters), ${s.ms.toFixed(1)} ms`);
  }
  for (const f of report.failed.slice(0, 30)) {
    out.push(`FAILED document ${f.index} (${f.base}; ${f.kinds.join(', ')}; ${f.length} characters, ${f.ms.toFixed(0)} ms)${f.saved ? ` saved as ${f.saved}` : ''}`);
    for (const failure of f.failures.slice(0, 3)) out.push(`  ${failure.property}: ${failure.detail}`);
  }
  if (report.failed.length > 30) out.push(`… and ${report.failed.length - 30} more failing documents`);
  out.push(`${report.documents - report.failed.length} passed, ${report.failed.length} failed`);
  return `${out.join('\n')}\n`;
}

/** Whether a path is an existing directory. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/* ---------- worker threads ---------- */

/** What a worker is given: where the corpus is, and its share of the run. */
export interface WorkerInput {
  readonly root: string;
  readonly sgfDir: string | undefined;
  readonly options: Omit<FuzzOptions, 'corpus'>;
}

type WorkerMessage = { readonly kind: 'progress'; readonly done: number } | { readonly kind: 'report'; readonly report: FuzzReport };

/**
 * Runs `count` documents over `workers` threads, each running `workerFile` (a script that calls
 * workerMain() when it is not the main thread), and merges their reports. The result is the same
 * for any number of workers (document i depends only on the seed and i).
 */
export async function runInWorkers(
  workerFile: string,
  input: Omit<WorkerInput, 'options'> & { readonly options: Omit<FuzzOptions, 'corpus' | 'first' | 'stride'> },
  workers: number,
  progress?: (done: number) => void,
): Promise<FuzzReport> {
  const done = new Array<number>(workers).fill(0);
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, first) => {
      const share: WorkerInput = { ...input, options: { ...input.options, first, stride: workers } };
      return new Promise<FuzzReport>((resolve, reject) => {
        // A worker's stack is 4 MB by default, four times a process's main thread (where the server
        // runs): 1 MB here, so that a recursion on document depth fails as it would there.
        const worker = new Worker(workerFile, { workerData: share, resourceLimits: { stackSizeMb: 1 } });
        worker.on('message', (message: WorkerMessage) => {
          if (message.kind === 'report') {
            resolve(message.report);
            return;
          }
          done[first] = message.done;
          progress?.(done.reduce((a, b) => a + b, 0));
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (code !== 0) reject(new Error(`a fuzz worker exited with ${code}`));
        });
      });
    }),
  );
  const report = emptyReport(input.options.seed);
  for (const part of parts) mergeReports(report, part);
  report.failed.sort((a, b) => a.index - b.index);
  return report;
}

/** The body of a worker thread started by runInWorkers. */
export function workerMain(): void {
  const input = workerData as WorkerInput;
  const corpus = loadCorpus(input.root, input.sgfDir);
  const report = runFuzz({ ...input.options, corpus }, (done) => parentPort?.postMessage({ kind: 'progress', done } satisfies WorkerMessage));
  parentPort?.postMessage({ kind: 'report', report } satisfies WorkerMessage);
}
