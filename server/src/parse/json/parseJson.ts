/**
 * wei7 3.0 syntax (§3.1: "本格式文本符合 JSON 规范"): a strict RFC 8259 parser that builds
 * jsonc-parser's `Node` tree and reports every syntax error as a finding of clause 3.1.
 *
 * Why not jsonc-parser's parseTree: it is recursive (it overflows the stack at a few thousand
 * nested branches) and its scanner accepts or splits things RFC 8259 forbids (`01` scans as two
 * numbers, `1.` as a number, `'a b'` as two symbols). So tokens come from jsonc-parser's
 * scanner, re-read where the scanner is lenient, and the parser is a loop over an explicit stack.
 * Recovery follows the same ideas as jsonc-parser: everything readable ends up in the tree, and
 * one mistake gives one finding.
 *
 * A game of 10,000 moves is a tree of some 230,000 nodes, and allocating and collecting them is
 * most of the parser's cost: so there is one token object, overwritten; plain strings are read
 * here and the names of wei7 3.0 are shared strings (KNOWN_WORDS); every children array is made
 * once, of its final size (OpenContainers); and a property's key node and children array are made
 * only if something reads them (PropertyNode: ~70,000 key nodes and arrays fewer).
 */
import type { Node, NodeType } from 'jsonc-parser';
// The ESM entry: esbuild cannot follow the requires inside the package's default (UMD) entry.
// With `mainFields: ['module', 'main']` in esbuild.mjs this could import from 'jsonc-parser'.
import { createScanner, type JSONScanner } from 'jsonc-parser/lib/esm/main.js';
import type { Finding, Span } from '../../model/types';
import { finding, type MessageId } from '../../l10n/catalogue';
import { LineIndex, lineNumberAt } from '../../model/lineIndex';
import {
  ACTION_TYPES, EVALUATIONS, FORMAT_VALUES, RULES_TYPES, SCORINGS, SHAPES, VERSION_VALUES_30, type ObjectKind,
} from '../../validate/json/shapes';
import { PropertyNode, SyntaxNode, type Building } from './syntaxNodes';
import { PlainStepReader } from './plainSteps';
import { codePointLabel, detached, isHexDigit, JSON_SIMPLE_ESCAPES } from '../../util/strings';
import { flatText, type SourceText } from '../../text/sourceText';

export { moveSubtree } from './syntaxNodes';

export interface JsonSyntax {
  /** The text as one string (made when first read, for a re-read part: see text/sourceText.ts). */
  readonly text: string;
  /** The root value; undefined when the text holds none that could be read. */
  readonly root: Node | undefined;
  /** The syntax errors, all of clause 3.1. */
  readonly findings: Finding[];
}

/* ---------- reading the tree (shared by validation and the model builder) ---------- */

export function spanOf(node: Node): Span {
  return { start: node.offset, end: node.offset + node.length };
}

/**
 * The key (a string node, quotes included in its span) of a property node. This makes the
 * property's children (see PropertyNode): what needs only the name or the span asks keyNameOf or
 * keySpanOf.
 */
export function keyOf(property: Node): Node {
  // Every property node this parser makes has its key as first child.
  return property.children![0];
}

/** The name a property node's key gives (its string value). */
export function keyNameOf(property: Node): string {
  return property instanceof PropertyNode ? property.keyName : String(property.children![0].value);
}

/** The span of a property node's key, quotes included. */
export function keySpanOf(property: Node): Span {
  return property instanceof PropertyNode ? { start: property.offset, end: property.offset + property.keyLength } : spanOf(keyOf(property));
}

/** The value of a property node; undefined when the text gives none (a syntax error). */
export function valueOf(property: Node): Node | undefined {
  return property instanceof PropertyNode ? property.currentValue() : property.children?.[1];
}

/** The first property `name` of an object node (later duplicates are errors and ignored). */
export function propertyOf(object: Node | undefined, name: string): Node | undefined {
  if (object?.type !== 'object' || !object.children) return undefined;
  const properties = object.children;
  for (let i = 0; i < properties.length; i++) {
    if (keyNameOf(properties[i]) === name) return properties[i];
  }
  return undefined;
}

/** The value of the first property `name` of an object node. */
export function member(object: Node | undefined, name: string): Node | undefined {
  if (object instanceof SyntaxNode) return object.valueNamed(name);
  const property = propertyOf(object, name);
  return property && valueOf(property);
}

/** The elements of an array node, or none. */
export function elementsOf(node: Node | undefined): readonly Node[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

/* ---------- the parser ---------- */

/** The jsonc-parser SyntaxKind and ScanError values used here (its const enums are not usable with isolatedModules). */
const Scan = { String: 10, LineComment: 12, BlockComment: 13, LineBreak: 14, Trivia: 15, EOF: 17 } as const;
const ScanErrorNone = 0;
const ScanErrorUnexpectedEndOfComment = 1;
const ScanErrorUnexpectedEndOfString = 2;

type TokenKind =
  | '{' | '}' | '[' | ']' | ':' | ','
  | 'string' | 'number' | 'true' | 'false' | 'null'
  /** An unquoted word that starts with a letter (`True`, `undefined`, an unquoted key). */
  | 'word'
  /** A malformed number (`01`, `.5`, `NaN`…), already reported. */
  | 'broken'
  /** Characters that cannot start any JSON token (`;`, `=`, `，`, a no-break space…). */
  | 'junk'
  | 'eof';

/**
 * The current token. There is one, overwritten by each call of next(): nothing keeps a token past
 * the next call, and a document of 50,000 steps has millions of tokens (allocation is most of the cost).
 */
interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  value: string | number | boolean | null;
}

/**
 * Where a container is in its grammar: `start` just after `{`/`[`, `key` after a comma in an
 * object, `colon` after a key, `value` where a value must come, `next` after a member.
 */
type FrameState = 'start' | 'key' | 'colon' | 'value' | 'next';

/** An open container. Frames are reused (see OpenContainers): every field is set by `open`. */
interface Frame {
  node: Building;
  state: FrameState;
  /** The property waiting for its value (objects); undefined: a value here is dropped. */
  property: Building | undefined;
  /** Offset of the last comma, for the trailing-comma finding. */
  comma: number;
  /** First offset of each key, once the object is large enough for a map to pay. */
  keys: Map<string, number> | undefined;
  /** Where this container's children start in OpenContainers' list of children. */
  childrenStart: number;
  /** An array opened with `{` (a list written in braces, reported at the `{`: see braceForArray): `}` closes it too. */
  braced: boolean;
}

/**
 * The containers being read, innermost last, and the children read so far of each. A container's
 * children get an array of their exact size when it closes: an array grown by push keeps room for
 * 17 elements where most objects of a game have 2, and a long game has a hundred thousand
 * containers (allocation is most of the parser's cost). For the same reason frames are reused.
 */
class OpenContainers {
  private readonly frames: Frame[] = [];
  /**
   * The children of every open container, in order: the innermost one's are the last run. Only
   * the first `childCountAll` entries count; the array is never shortened (entries past them are
   * overwritten by later children), which saves a call per container.
   */
  private readonly children: Building[] = [];
  private childCountAll = 0;
  /** How many containers are open. */
  depth = 0;

  open(node: Building): void {
    const frame = this.frames[this.depth];
    const childrenStart = this.childCountAll;
    if (frame === undefined) {
      this.frames.push({ node, state: 'start', property: undefined, comma: -1, keys: undefined, childrenStart, braced: false });
    } else {
      frame.node = node;
      frame.state = 'start';
      frame.property = undefined;
      frame.comma = -1;
      frame.keys = undefined;
      frame.childrenStart = childrenStart;
      frame.braced = false;
    }
    this.depth++;
  }

  /** The open container `index` levels from the outermost (0). */
  at(index: number): Frame {
    return this.frames[index];
  }

  top(): Frame {
    return this.frames[this.depth - 1];
  }

  /** Adds a child to the innermost container. */
  addChild(node: Building): void {
    this.children[this.childCountAll++] = node;
  }

  /** How many children the innermost container has so far (for the duplicate-key search). */
  childCount(): number {
    return this.childCountAll - this.top().childrenStart;
  }

  /** Child `index` of the innermost container. */
  child(index: number): Building {
    return this.children[this.top().childrenStart + index];
  }

  /** Closes the innermost container, giving it its children; returns its node. */
  close(): Building {
    const frame = this.frames[--this.depth];
    const node = frame.node;
    node.children = this.children.slice(frame.childrenStart, this.childCountAll);
    this.childCountAll = frame.childrenStart;
    return node;
  }
}

/** The token of each punctuation character, by character code. */
const PUNCTUATION: readonly (TokenKind | undefined)[] = (() => {
  const table: (TokenKind | undefined)[] = [];
  for (const kind of ['{', '}', '[', ']', ':', ','] as const) table[kind.charCodeAt(0)] = kind;
  return table;
})();
const QUOTED_IN_MESSAGES: ReadonlySet<TokenKind> = new Set(['{', '}', '[', ']', ':', ',', 'junk']);
const RFC_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const NON_FINITE = /^[+-]?(?:NaN|Infinity)$/i;
/** Line numbers counted one by one up to this many, then an index of the text's lines (Parser.lineOf). */
const LINES_COUNTED_BEFORE_INDEX = 4;
/**
 * The properties whose value wei7 3.0 makes an array (§3.10.4 participants, §3.10.7 players, §3.13
 * marks, §3.16.2.1 stones, §3.16.3 steps, §3.16.4 branches): `{` for their `[` is read as `[`
 * (Parser.readAsArray).
 */
const LIST_PROPERTIES: ReadonlySet<string> = new Set(['participants', 'players', 'marks', 'stones', 'steps', 'branches']);
/**
 * For each list property, the names of the object around it that none of its elements holds
 * (`"title"`, `"branches"` after a `steps` list): a `"name":` of them where the list wants an
 * element was meant after its `]` (Parser.endListBefore). A `marks` list is a step's or a pre's.
 */
const LIST_ENDED_BY: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const namesOf = (holders: readonly (readonly string[])[], element: readonly string[], list: string): ReadonlySet<string> =>
    new Set(holders.flat().filter((name) => name !== list && !element.includes(name)));
  return new Map([
    ['steps', namesOf([SHAPES.tree.properties], SHAPES.step.properties, 'steps')],
    ['participants', namesOf([SHAPES.info.properties], SHAPES.participant.properties, 'participants')],
    ['players', namesOf([SHAPES.info.properties], SHAPES.player.properties, 'players')],
    ['stones', namesOf([SHAPES.pre.properties], SHAPES.stone.properties, 'stones')],
    ['marks', namesOf([SHAPES.step.properties, SHAPES.pre.properties], SHAPES.mark.properties, 'marks')],
  ]);
})();
/** For each name, the names an object of those kinds holds (SHAPES). */
function namesByKinds(entries: readonly (readonly [string, readonly ObjectKind[]])[]): ReadonlyMap<string, ReadonlySet<string>> {
  return new Map(entries.map(([name, kinds]) => [name, new Set<string>(kinds.flatMap((kind) => SHAPES[kind].properties))]));
}
/** The names an element of each list holds (§3.16.3 steps, §3.13 marks, §3.16.2.1 stones, §3.10.4, §3.10.7, §3.16.4 branches). */
const ELEMENT_NAMES = namesByKinds([
  ['steps', ['step']], ['marks', ['mark']], ['stones', ['stone']], ['participants', ['participant']], ['players', ['player']], ['branches', ['tree']],
]);
/**
 * The names an object holds, by the name of the property whose value it is (a move's or a
 * result's `value`: either's names). Only objects whose names say what they are.
 */
const OBJECT_NAMES = namesByKinds([
  ['action', ['action']], ['value', ['moveValue', 'result']], ['point', ['point']], ['problem', ['problem']], ['pre', ['pre']],
  ['rules', ['rules']], ['result', ['result']], ['info', ['info']], ['tree', ['tree']],
]);
const ROOT_NAMES: ReadonlySet<string> = new Set(SHAPES.root.properties);
/** Every name of wei7 3.0's objects. */
const KNOWN_NAMES: ReadonlySet<string> = new Set(Object.values(SHAPES).flatMap((shape) => shape.properties));
/** The words each keyword-valued property takes (§3.2, §3.10.1, §3.16.3.2, §3.16.3.2.1.3; `type` is the rules' or an action's). */
const KEYWORD_VALUES: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([
  ['format', new Set(FORMAT_VALUES)],
  ['version', new Set(VERSION_VALUES_30)],
  ['scoring', new Set(SCORINGS)],
  ['type', new Set<string>([...RULES_TYPES, ...ACTION_TYPES])],
  ['evaluation', new Set(EVALUATIONS)],
]);
/** A line break and the spaces and tabs around it. */
const LINE_BREAK_AND_SPACES = /[ \t]*\r?\n[ \t]*/g;
/** The names of LIST_ENDED_BY whose value is an object (§3.10.1 rules, §3.8 result, §3.16.2 pre, §3.15 problem, §3.16.3.2 action). */
const OBJECT_VALUED: ReadonlySet<string> = new Set(['rules', 'result', 'pre', 'problem', 'action']);
/** Quotes that sometimes close a string opened with `"`: an input method switched to full width half-way (Parser.openStringAsMeant). */
const CURLY_CLOSERS = '\u201d\u201c\uff02';
/** How many lines after a line break a string left open is looked for its closing quote (closingQuoteOnLaterLine). */
const STRING_LINES_READ_ON = 10;
/** How far a value's unescaped quote is read past (readQuoteInValue). */
const QUOTE_IN_VALUE_READ = 2000;
/** How long a name left open before its colon may be (openNameBeforeColon): wei7's longest is 12 characters. */
const MAX_NAME_BEFORE_COLON = 64;
/** The properties wei7 3.0 allows in the root and not in info (§3.2, §3.10): one met in info at a line's start ends it (Parser.closeInfoBefore). */
const ROOT_ONLY_PROPERTIES: ReadonlySet<string> = new Set(['format', 'version', 'size', 'tree']);
/** How many tokens a reading ahead takes at most (Parser.readsAhead). */
const LOOKAHEAD_TOKENS = 8;
/** How far a look for the end of a list's element goes (Parser.endsElementAhead): a step with a few marks. */
const LOOKAHEAD_ELEMENT_TOKENS = 200;
/** Tokens read as a scalar value (words and malformed numbers are reported and read as one). */
const SCALAR_KINDS: ReadonlySet<TokenKind> = new Set(['string', 'number', 'true', 'false', 'null', 'word', 'broken']);
/** Linear duplicate search up to this many properties, a map beyond (pathological objects). */
const LINEAR_KEY_SEARCH = 8;

const CLOSER: Readonly<Record<'object' | 'array', '}' | ']'>> = { object: '}', array: ']' };
const OPENER: Readonly<Record<'object' | 'array', '{' | '['>> = { object: '{', array: '[' };
const LITERAL_VALUES: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };
/**
 * Quote characters people type instead of `"`, and the characters that close each. A curly or
 * full-width one may be closed by either curly one of its kind: an input method writes `”好棋”` or
 * `“好棋“` as readily as `“好棋”` (and a straight `"` closes it too: Parser.wronglyQuotedString).
 */
const WRONG_QUOTES: Readonly<Record<string, string>> = {
  "'": "'",
  '\u2018': '\u2019\u2018',
  '\u2019': '\u2019\u2018',
  '\u201c': '\u201d\u201c',
  '\u201d': '\u201d\u201c',
  '\uff02': '\uff02\u201d\u201c',
};
/**
 * Full-width brackets (an input method left in full-width mode, as with `，` and `：`): each is
 * reported and read as the bracket it stands for, so that one slip is one finding.
 */
const FULL_WIDTH_BRACKETS: Readonly<Record<string, '{' | '}' | '[' | ']'>> = { '\uff5b': '{', '\uff5d': '}', '\uff3b': '[', '\uff3d': ']' };

/** Characters of unquoted words and malformed numbers: ASCII letters, digits, `_ $ . + -`. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c === 46 || c === 43 || c === 45;
}

/** Whether only white space and at most one comma lie in [from, to). */
function onlySpaceAndComma(text: SourceText, from: number, to: number): boolean {
  let commas = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) commas++;
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return commas <= 1;
}

/** The offset of the first character at or after `at` that is no JSON white space. */
function nextAfterSpaces(text: SourceText, at: number): number {
  while (at < text.length && isJsonSpace(text.charCodeAt(at))) at++;
  return at;
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

/** What may end a value read on into the next name (readValueRunIntoName): a comma, a space or a tab, or the next element's `{`. */
function isCommaSpaceOrBrace(c: number): boolean {
  return c === 44 || c === 32 || c === 9 || c === 123;
}

/** A closer, a space or a tab (before the comma of a value read on: readValueRunIntoName). */
function isCloserOrSpace(c: number): boolean {
  return c === 125 || c === 93 || c === 32 || c === 9;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

/** Characters that end a run of junk: white space, JSON punctuation, quotes, comment starts and word characters. */
function endsJunk(ch: string): boolean {
  return ' \t\r\n{}[]:,"/'.includes(ch) || ch in WRONG_QUOTES || ch in FULL_WIDTH_BRACKETS || isWordChar(ch.charCodeAt(0));
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The syntax tree of `text`; its `text` is made one string when first read (see text/sourceText.ts). */
export function jsonSyntaxOf(text: SourceText, root: Node | undefined, findings: Finding[]): JsonSyntax {
  if (typeof text === 'string') return { text, root, findings };
  return {
    get text() {
      return flatText(text);
    },
    root,
    findings,
  };
}

/**
 * Whether the string that ends before `at` is followed by full-width punctuation of JSON's (`：`,
 * `｝`, `］`, or `，` and the next string): typed so by a Chinese input method, the string closed
 * where it was meant to, and the punctuation is the slip (reported where it is read), not a quote
 * inside a longer string (`"wei7"，"version"："3.0"` is three strings).
 */
function fullWidthPunctuationFollows(text: SourceText, at: number): boolean {
  while (isSpaceOrTab(text.charCodeAt(at))) at++;
  const c = text.charCodeAt(at);
  if (c === 0xff1a || c === 0xff5d || c === 0xff3d) return true;
  if (c !== 0xff0c) return false;
  at++;
  while (isSpaceOrTab(text.charCodeAt(at))) at++;
  return text.charCodeAt(at) === 34 /* " */;
}

/** Whether what follows `at` (after spaces and tabs) is what may follow a string: `,` `}` `]` `:`, a line's end or the text's. */
function endsStringAt(text: SourceText, at: number): boolean {
  let c = text.charCodeAt(at);
  while (c === 32 || c === 9) c = text.charCodeAt(++at);
  return at >= text.length || c === 44 || c === 125 || c === 93 || c === 58 || c === 10 || c === 13;
}

/**
 * After a line that ends in a curly quote (`lineEnd`), where the next line's first character is,
 * when it is `}` or `]`; else -1 (Parser.openStringAsMeant; reparseJson.ts reads as far).
 */
export function curlyCloserFollower(text: SourceText, lineEnd: number): number {
  let at = lineEnd;
  for (let c = text.charCodeAt(at); c === 10 || c === 13 || c === 32 || c === 9; c = text.charCodeAt(++at));
  const c = text.charCodeAt(at);
  return c === 125 || c === 93 ? at : -1;
}

/** Where the line holding `from` ends (before its CR or LF), or the end of the text. */
export function lineEndAt(text: SourceText, from: number): number {
  let i = from;
  while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
  return i;
}

/**
 * The `"` that closes a string a line break left open at `lineEnd` (Parser.openStringAsMeant),
 * -1 when none does; and how far the text was read to know (what an edit there may change).
 */
export function closingQuoteOnLaterLine(text: SourceText, lineEnd: number): { readonly close: number; readonly readTo: number } {
  let at = lineEnd;
  for (let lines = 0; lines < STRING_LINES_READ_ON; lines++) {
    if (at >= text.length) break;
    at += text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1;
    const end = lineEndAt(text, at);
    let first = at;
    while (first < end && isSpaceOrTab(text.charCodeAt(first))) first++;
    if (first < end && '{}[]'.includes(text.slice(first, first + 1))) return { close: -1, readTo: end };
    for (let i = first; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) return { close: endsStringAt(text, i + 1) ? i : -1, readTo: end };
    }
    at = end;
  }
  return { close: -1, readTo: at };
}

/** The value of a complete JSON string as written (quotes included): escapes decoded, as the scanner reads them. */
function decodeString(quoted: string): string {
  const scanner = createScanner(quoted, false);
  scanner.scan();
  return scanner.getTokenValue();
}

/** A string's content with each quote not yet escaped written as `\"` (escapes kept as they are). */
function escapeQuotes(content: string): string {
  let out = '';
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (c === '\\') out += content.slice(i, ++i + 1);
    else out += c === '"' ? '\\"' : c;
  }
  return out;
}

/**
 * The 3.0 properties whose number may have decimals (§3.10.1 komi, §3.8 margin, §3.14 a step's
 * time): only there is `7,5` read as a decimal comma. Elsewhere an integer is wanted, and a comma
 * with digits after it is the comma it is (`{"x": 3,4}`: "y": left out, not x = 3.4).
 */
const FRACTIONAL_PROPERTIES: ReadonlySet<string> = new Set(['komi', 'margin', 'time']);

/** How a JSON string writes a control character: its short escape where JSON has one (\t), else \u00XX. */
function escapeOfControl(code: number): string {
  const short = SHORT_ESCAPES.get(code);
  return short ?? `\\u${codePointLabel(code).slice(2)}`;
}

/** The control characters with a short escape of their own (RFC 8259 §7); line breaks have a finding of their own. */
const SHORT_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x08, '\\b'],
  [0x09, '\\t'],
  [0x0c, '\\f'],
]);

/** Characters a message shows as U+XXXX: controls, invisible spaces and format characters. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g;

/** A token as shown in a message: its text, with invisible or control characters as U+XXXX, shortened. */
export function showToken(raw: string): string {
  const cut = raw.length > 40 && isHighSurrogate(raw.charCodeAt(39)) ? 39 : 40; // never half a character
  const shown = raw.length > 40 ? `${raw.slice(0, cut)}…` : raw;
  return detached(shown.replace(INVISIBLE, (c) => codePointLabel(c.charCodeAt(0))));
}

/**
 * The whole text's syntax tree and syntax findings. `readsPlainSteps` false reads every step
 * through the generic parser (plainSteps.ts reads the plain ones as one node each): for the tests
 * that compare the two readings.
 */
export function parseJson(text: string, contentStart: number, readsPlainSteps = true): JsonSyntax {
  const syntax = new Parser(text, contentStart, text.length, undefined, false, readsPlainSteps).parse();
  // A text that ends with containers still open may have an info object left open, read again
  // as such (Parser.closeInfoBefore); never a text JSON reads whole, whatever its line layout.
  if (!syntax.findings.some((f) => f.message.id === 'json.unexpectedEnd')) return syntax;
  const again = new Parser(text, contentStart, text.length, undefined, true, readsPlainSteps);
  const reread = again.parse();
  return again.closedInfoEarly ? reread : syntax;
}

/**
 * One value read from `start` as if the text ended at `end` (offsets stay those of the whole
 * text): the re-read of one element after an edit inside it (reparseJson.ts). `root` is the
 * value; what follows it before `end` is not read, so the caller checks where the value ends.
 */
export function parseJsonValueAt(text: SourceText, start: number, end: number): JsonSyntax {
  return new Parser(text, start, end).parseValueOnly();
}

/** Where a re-read of part of an array (parseArrayRun) is back in step with the text's earlier parse. */
export interface ArrayRunBounds {
  /** Whether an element of the array ends where the re-read starts (else it starts just after the `[`). */
  readonly afterElement: boolean;
  /**
   * Whether an element that starts at `offset`, read where the array expects one after a comma,
   * is read from there on as the earlier parse read it: from there the parse is the earlier one, moved.
   */
  readonly inStepAt: (offset: number) => boolean;
  /** Where the array's `]` is: a re-read that closes the array there is back in step after it. */
  readonly closeAt: number;
  /**
   * The array in the earlier parse's tree: the containers around it are those around the re-read
   * (their types tell how a closer that would leave the array reads: see Parser.typeAt).
   */
  readonly array: Node;
  /** The element of the array the re-read starts after, if any (afterElement), in the earlier parse's tree. */
  readonly before: Node | undefined;
  /** Whether plain move steps are read as one node each, as the whole text's parse read them (see parseJson). */
  readonly readsPlainSteps: boolean;
}

/** A part of an array read again: its elements, with parent links to be set by the caller. */
export interface ArrayRun {
  readonly elements: Node[];
  readonly findings: Finding[];
  /** Where the re-read got back in step: the start of an element (inStepAt), or the end of the array's `]`. */
  readonly end: number;
  /** Whether it read up to and including the array's `]`. */
  readonly closed: boolean;
}

/**
 * The 0-based line of an offset of the text, from an index of its lines the caller keeps (the
 * editor's document has one): messages that name a line (an unclosed `{` opened on line N) then
 * need no count of the lines before it, which at the middle of a long game is a walk of half the text.
 */
export type LineOfOffset = (offset: number) => number;

/**
 * The elements of an array read again from `start` (in an array, after an element or just after
 * its `[`) until the parse is back in step (see ArrayRunBounds); undefined when it is not before
 * the array ends, or when what the text holds needs the containers around the array to be read
 * (a closer that matches none inside it). Offsets are those of the whole text; `lineOfOffset`
 * numbers the lines its messages name.
 */
export function parseArrayRun(text: SourceText, start: number, bounds: ArrayRunBounds, lineOfOffset?: LineOfOffset): ArrayRun | undefined {
  return new Parser(text, start, text.length, lineOfOffset, false, bounds.readsPlainSteps).parseArrayRun(bounds);
}

class Parser {
  /** jsonc-parser's scanner over the whole text, made when first needed (it needs one string). */
  private wholeTextScanner: JSONScanner | undefined;
  /** Set by parseArrayRun: the array read again has containers around it that this parser does not hold. */
  private inArrayRun = false;
  /** A closer in an array run matched none of the containers this parser holds (see closeMismatched). */
  private runLeftArray = false;
  /** The array a run reads again, in the earlier parse's tree (see ArrayRunBounds.array). */
  private runArray: Node | undefined;
  /** The element of that array before the re-read (ArrayRunBounds.before). */
  private runBefore: Node | undefined;
  /** Whether this parser reads the whole text (parse), so that its outermost container is the root. */
  private wholeDocument = false;
  /** Set while tokens are read ahead (readsAhead): nothing is reported. */
  private peeking = false;
  private readonly findings: Finding[] = [];
  private lines?: LineIndex;
  /** How many lines were counted without an index (lineOf). */
  private linesCounted = 0;
  /** Start of the last syntax finding: one token gets one finding. */
  private lastFindingStart = -1;
  /** Where the next token starts. */
  private pos: number;
  private readonly token: Token = { kind: 'eof', start: 0, end: 0, value: null };
  private readonly containers = new OpenContainers();
  /** Reads plain move steps (readPlainStep), made at the first steps list. */
  private plainSteps: PlainStepReader | undefined;

  /** Whether an info object was closed before a root-only name (closeInfoBefore). */
  closedInfoEarly = false;

  constructor(
    private readonly text: SourceText,
    contentStart: number,
    /** Where the text ends for the parser: the end of the text, or of the element being read again. */
    private readonly limit: number,
    private readonly lineOfOffset?: LineOfOffset,
    /** Read a root-only name at a line's start in info as the end of info (parseJson: only for a text that ends with containers open). */
    private readonly closesInfoEarly = false,
    /** Whether plain move steps are read as one node each (readPlainStep). */
    private readonly readsPlainSteps = true,
  ) {
    this.pos = contentStart;
  }

  parse(): JsonSyntax {
    this.wholeDocument = true;
    const root = this.parseValueTree();
    if (root !== undefined) this.checkNothingAfterRoot(root);
    return jsonSyntaxOf(this.text, root, this.findings);
  }

  parseArrayRun(bounds: ArrayRunBounds): ArrayRun | undefined {
    const containers = this.containers;
    const array = new SyntaxNode('array', undefined, this.pos, 0, undefined, undefined);
    containers.open(array);
    // After an element the array is where readValue left it; just after `[` where open left it.
    if (bounds.afterElement) containers.top().state = 'next';
    this.inArrayRun = true;
    this.runArray = bounds.array;
    this.runBefore = bounds.before;
    for (;;) {
      const frame = containers.top();
      const token = this.next();
      if (token.kind === 'eof') return undefined;
      if (containers.depth === 1 && frame.state === 'value' && bounds.inStepAt(token.start)) {
        // What reading the token found (a string without its opening quote…) is the old parse's, kept: the run stops before it.
        const findings = findingsBefore(this.findings, token.start);
        return { elements: containers.close().children as Node[], findings, end: token.start, closed: false };
      }
      if (frame.node.type === 'object') this.objectStep(frame, token);
      else this.arrayStep(frame, token);
      if (this.runLeftArray) return undefined;
      if (containers.depth === 0) {
        const closedThere = token.kind === ']' && token.start === bounds.closeAt;
        return closedThere ? { elements: (array.children ?? []) as Node[], findings: this.findings, end: token.end, closed: true } : undefined;
      }
    }
  }

  parseValueOnly(): JsonSyntax {
    const root = this.parseValueTree();
    return jsonSyntaxOf(this.text, root, this.findings);
  }

  /* ----- findings ----- */

  private report(start: number, end: number, id: MessageId, args: (string | number)[] = []): void {
    if (start === this.lastFindingStart || this.peeking) return;
    this.lastFindingStart = start;
    this.findings.push(finding({ start, end }, '3.1', id, args));
  }

  private reportAt(token: Token, id: MessageId, args: (string | number)[] = []): void {
    this.report(token.start, token.end, id, args);
  }

  /**
   * 1-based line of an offset, for messages. The first few are counted (a re-read of a few steps
   * asks one or two, and an index of a long text costs more than the re-read); then an index.
   */
  private lineOf(offset: number): number {
    if (this.lineOfOffset) return this.lineOfOffset(offset) + 1;
    if (!this.lines && ++this.linesCounted <= LINES_COUNTED_BEFORE_INDEX) return lineNumberAt(this.text, offset) + 1;
    this.lines ??= new LineIndex(this.text);
    return this.lines.positionAt(offset).line + 1;
  }

  /** A token as a message shows it; punctuation and junk in quotes, so that `found ","` reads well. */
  private shown(token: Token): string {
    const raw = showToken(this.text.slice(token.start, token.end));
    return QUOTED_IN_MESSAGES.has(token.kind) ? `"${raw}"` : raw;
  }

  /* ----- tokens ----- */

  private setToken(kind: TokenKind, start: number, end: number, value: string | number | boolean | null = null): Token {
    const token = this.token;
    token.kind = kind;
    token.start = start;
    token.end = end;
    // A string value goes into the tree (and into findings) and may outlive this version of the text.
    token.value = typeof value === 'string' ? detached(value) : value;
    return token;
  }

  /** The next token; white space, punctuation and plain strings are read here, other strings and comments by jsonc-parser's scanner. */
  private next(): Token {
    const text = this.text;
    for (;;) {
      let pos = this.pos;
      let c = text.charCodeAt(pos);
      while (c === 32 || c === 9 || c === 10 || c === 13) c = text.charCodeAt(++pos);
      this.pos = pos;
      if (pos >= this.limit) return this.setToken('eof', this.limit, this.limit);
      const punctuation = PUNCTUATION[c];
      if (punctuation !== undefined) {
        this.pos = pos + 1;
        return this.setToken(punctuation, pos, pos + 1);
      }
      if (c === 34 /* " */) {
        const token = this.plainString(pos);
        if (token) return token;
      }
      if (c === 34 /* " */ || c === 47 /* / */) {
        const token = this.scanStringOrComment(pos);
        if (token) return token;
        continue;
      }
      if (c === 35 /* # */ && this.startsHashComment(pos)) {
        // A comment as YAML, Python or the shell write it: reported as a comment, read to the line's end.
        this.pos = this.lineEnd(pos);
        this.report(pos, this.pos, 'json.comment');
        continue;
      }
      return isWordChar(c) ? this.wordToken(pos) : this.unknownToken(pos);
    }
  }

  /** Whether the `#` at `at` starts a comment as YAML writes one: followed by a space, a tab or the line's end (`#{}` is a stray character). */
  private startsHashComment(at: number): boolean {
    const next = this.text.charCodeAt(at + 1);
    return at + 1 >= this.text.length || next === 32 || next === 9 || next === 10 || next === 13;
  }

  private lineEnd(from: number): number {
    return lineEndAt(this.text, from);
  }

  /**
   * Fast path for the commonest token, a string without escapes or control characters: the
   * scanner would give the same value (the text between the quotes) with more work per token.
   * Undefined for any other string, which the scanner reads.
   */
  private plainString(start: number): Token | undefined {
    const text = this.text;
    const length = text.length;
    for (let i = start + 1; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) {
        this.pos = i + 1;
        return this.setToken('string', start, i + 1, knownWord(text, start + 1, i) ?? text.slice(start + 1, i));
      }
      if (c === 92 /* \ */ || c < 0x20) return undefined;
    }
    return undefined;
  }

  private get scanner(): JSONScanner {
    return (this.wholeTextScanner ??= createScanner(flatText(this.text), false));
  }

  /**
   * jsonc-parser's scanner set at `start`, and the offset of its text in ours. A string of a text
   * in pieces gets a scanner of its own over the rest of its line: no string goes on past a line
   * break, and the whole text is then not made one string for it.
   */
  private scannerAt(start: number): { readonly scanner: JSONScanner; readonly base: number } {
    const text = this.text;
    if (typeof text !== 'string' && text.charCodeAt(start) === 34 /* " */) {
      const lf = text.indexOf('\n', start);
      const cr = text.indexOf('\r', start);
      const lineEnd = Math.min(lf < 0 ? text.length : lf, cr < 0 ? text.length : cr);
      return { scanner: createScanner(text.slice(start, lineEnd), false), base: start };
    }
    const scanner = this.scanner;
    scanner.setPosition(start);
    return { scanner, base: 0 };
  }

  /** A string token, or undefined after reporting a comment (RFC 8259 has none). */
  private scanStringOrComment(start: number): Token | undefined {
    const { scanner, base } = this.scannerAt(start);
    const kind = scanner.scan();
    // Clamped: after an unclosed block comment ending in CR LF, the scanner's position is one past the end.
    const end = Math.min(base + scanner.getPosition(), this.text.length);
    if (kind === Scan.String) {
      const error = scanner.getTokenError();
      const meant = error === ScanErrorUnexpectedEndOfString ? this.openStringAsMeant(start, end) : undefined;
      if (meant) return meant;
      this.pos = end;
      if (error !== ScanErrorNone) this.checkStringToken(start, end);
      return this.setToken('string', start, end, scanner.getTokenValue());
    }
    if (kind === Scan.LineComment || kind === Scan.BlockComment) {
      const unclosed = scanner.getTokenError() === ScanErrorUnexpectedEndOfComment;
      // A `/*` never closed is read to the end of its line, not of the text: the `*/` was left out, and what follows is read.
      this.pos = unclosed ? this.lineEnd(start) : end;
      this.report(start, this.pos, unclosed ? 'json.commentUnterminated' : 'json.comment');
      return undefined;
    }
    return this.unknownToken(start); // a lone "/"
  }

  /**
   * A string the line's end left open, read as it was most likely meant (one slip, one finding,
   * and the tokens after it read as they were written):
   * - its closing quote left out before the `}`, `]` or `,` that end the line (`"good},`), or typed
   *   as a curly or full-width quote (`"good”},`);
   * - a line break typed in it (`"good` / `move"},`), when a later line closes it with a `"`
   *   followed by what may follow a string, and the lines between hold no quote and start no
   *   `{ } [ ]`.
   * Undefined when neither reading holds: the string is then read to the line's end as before.
   * Both read past where the scanner stopped, so the incremental paths read again from before
   * such a string (tokenReadIntoEdit in reparseJson.ts).
   */
  private openStringAsMeant(start: number, lineEnd: number): Token | undefined {
    const name = this.openNameBeforeColon(start, lineEnd);
    if (name) return name;
    const text = this.text;
    let end = lineEnd;
    let closers = 0;
    for (let c = text.charCodeAt(end - 1); end - 1 > start && (c === 32 || c === 9 || c === 44 || c === 125 || c === 93); c = text.charCodeAt(--end - 1)) {
      if (c !== 32 && c !== 9) closers++;
    }
    if (closers > 0 && end - 1 > start && this.closersFit(end, lineEnd)) return this.closeStringAt(start, end);
    // A curly or full-width quote ending the line, and the next line starting with a closer that
    // closes what is open (`"type": "Japanese”` as an object's last value): that quote closes it.
    if (closers === 0 && end - 1 > start && CURLY_CLOSERS.includes(text.slice(end - 1, end))) {
      const next = curlyCloserFollower(text, lineEnd);
      if (next >= 0 && this.closersFit(next, next + 1)) return this.closeStringAt(start, end);
    }
    const { close } = closingQuoteOnLaterLine(this.text, lineEnd);
    if (close < 0) return undefined;
    // Each line break is a finding of its own (a place to write \n), with the other mistakes in the string.
    this.checkStringToken(start, close + 1);
    this.pos = close + 1;
    return this.setToken('string', start, close + 1, decodeString(text.slice(start, close + 1).replace(/\r\n|\r|\n/g, '\\n')));
  }

  /**
   * A string the line's end left open where an object wants a name, a word and a colon starting it
   * (`{"x": 3, "y: 3}`): the name's closing quote was left out before its colon. The name is
   * closed there, reported, and the colon and the value are read after it (its closing quote
   * before the `}` would make `"y: 3"` a name without a value: session 33's test of the fixes).
   */
  private openNameBeforeColon(start: number, lineEnd: number): Token | undefined {
    if (this.containers.depth === 0) return undefined;
    const frame = this.containers.top();
    // After a value too: its comma left out as well (`{"x": 2 "y: 2}`), a finding of its own.
    if (frame.node.type !== 'object' || (frame.state !== 'start' && frame.state !== 'key' && frame.state !== 'next')) return undefined;
    const text = this.text;
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(start + 1, Math.min(lineEnd, start + 1 + MAX_NAME_BEFORE_COLON)))?.[0];
    if (name === undefined) return undefined;
    const nameEnd = start + 1 + name.length;
    let colon = nameEnd;
    while (isSpaceOrTab(text.charCodeAt(colon))) colon++;
    if (text.charCodeAt(colon) !== 58 /* : */) return undefined;
    this.report(start, nameEnd, 'json.closingQuoteMissing', [showToken(`"${name}"`)]);
    this.pos = nameEnd;
    return this.setToken('string', start, nameEnd, name);
  }

  /**
   * Whether the `}` and `]` in [from, to) close containers open now, innermost first, each its own
   * kind (a string's closing quote left out before `}},`): not when reading ahead, where the
   * containers open are not those at the token; a run that reads an array again gives up when
   * they close more than it holds.
   */
  private closersFit(from: number, to: number): boolean {
    if (this.peeking) return false;
    const containers = this.containers;
    let level = containers.depth - 1;
    for (let i = from; i < to; i++) {
      const c = this.text.charCodeAt(i);
      if (c !== 125 && c !== 93) continue;
      if (level < 0) {
        // Past the array a run reads again: the containers around it decide, which only the whole parse holds.
        if (this.inArrayRun) this.runLeftArray = true;
        return false;
      }
      if (containers.at(level).node.type !== (c === 125 ? 'object' : 'array')) return false;
      level--;
    }
    return true;
  }

  /**
   * A word or other text where a name or value begins, followed on its line by a `"` and what may
   * follow a string (`good"},`, `comment": …`): a string whose opening quote was left out, read as
   * that string. Undefined when the text up to the quote holds JSON punctuation or the quote is
   * followed by more text.
   */
  private stringWithoutOpeningQuote(start: number): Token | undefined {
    const text = this.text;
    // Where a name or a value begins: after `{ [ , :` or at a line's start (not right after a string: `"a"b"`).
    let before = start - 1;
    while (isSpaceOrTab(text.charCodeAt(before))) before--;
    const previous = text.charCodeAt(before);
    if (before >= 0 && !(previous === 123 || previous === 91 || previous === 44 || previous === 58 || previous === 10 || previous === 13)) return undefined;
    // Read up to the quote or the line's end, never past: a minified text is one line, with thousands of words on it.
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) return undefined;
      if (c === 34 /* " */) {
        if (!this.endsStringThere(i + 1)) return undefined;
        const meant = `"${text.slice(start, i + 1)}`;
        this.report(start, i + 1, 'json.openingQuoteMissing', [showToken(meant)]);
        this.pos = i + 1;
        return this.setToken('string', start, i + 1, decodeString(meant));
      }
      // A value's text may hold `:`, `,` and apostrophes (`"comment": 第15手：A quiet move: both sides."`, `Black's move."`): the quote that ends it decides.
      if ((c === 58 || c === 44 || c === 39) && previous === 58) continue;
      if (c === 123 || c === 125 || c === 91 || c === 93 || c === 58 || c === 44 || c === 92 || c === 39) return undefined; // { } [ ] : , \ '
    }
    return undefined;
  }

  /** Re-reads what the scanner could not: quoted strings in the wrong quotes, words, junk. */
  private unknownToken(start: number): Token {
    const first = this.text.slice(start, start + 1);
    const closers = WRONG_QUOTES[first];
    if (closers !== undefined) {
      const quoted = this.wronglyQuotedString(start, closers);
      if (quoted) return quoted;
    }
    if (isWordChar(first.charCodeAt(0))) return this.wordToken(start);
    const number = this.fullWidthNumber(start);
    if (number) return number;
    const bracket = FULL_WIDTH_BRACKETS[first];
    if (bracket !== undefined) {
      this.report(start, start + 1, 'json.fullWidthBracket', [first, bracket]);
      this.pos = start + 1;
      return this.setToken(bracket, start, start + 1);
    }
    const unopened = this.stringWithoutOpeningQuote(start);
    if (unopened) return unopened;
    let end = start + 1;
    if (isHighSurrogate(first.charCodeAt(0)) && end < this.text.length) end++;
    while (end < this.text.length && !endsJunk(this.text.slice(end, end + 1))) end++;
    this.pos = end;
    return this.setToken('junk', start, end);
  }

  /**
   * A number typed with full-width digits (`１６`, `７.5`: an input method in full-width mode):
   * reported with the number as JSON writes it, and read as that number. Undefined when the run
   * of digits and points from `start` holds a full-width digit but is no number once converted.
   */
  private fullWidthNumber(start: number): Token | undefined {
    const text = this.text;
    let end = start;
    let converted = '';
    let fullWidth = false;
    for (; end < text.length; end++) {
      const c = text.charCodeAt(end);
      if (c >= 0xff10 && c <= 0xff19) {
        converted += String.fromCharCode(c - 0xff10 + 48);
        fullWidth = true;
      } else if ((c >= 48 && c <= 57) || c === 46 /* . */) converted += text.slice(end, end + 1);
      else if (c === 0xff0e /* ． */) converted += '.';
      else break;
    }
    if (!fullWidth || !RFC_NUMBER.test(converted)) return undefined;
    this.report(start, end, 'json.fullWidthDigits', [showToken(text.slice(start, end)), converted]);
    this.pos = end;
    return this.setToken('number', start, end, Number(converted));
  }

  /**
   * `'abc'`, `‘abc’`, `“abc”` on one line: reported, then read as the string they meant. A curly
   * quote may be closed by a straight one too (`“abc"`: the input method switched half-way). A
   * closing quote closes the string only where JSON can go on after a string (`,` `}` `]` `:` or the
   * line's end), so that an apostrophe (`'it's me'`) or a quote inside (`“the "best" game”`,
   * `“有点“白皑皑”的意味”`) stays in it; if none does, the first one. Read on past the first for at
   * most QUOTE_IN_VALUE_READ characters: a minified text is one line, with thousands of strings on it.
   */
  private wronglyQuotedString(start: number, closers: string): Token | undefined {
    const text = this.text;
    const curly = closers !== "'";
    let first = -1;
    for (let i = start + 1; i < text.length && (first < 0 || i - first <= QUOTE_IN_VALUE_READ); i++) {
      const c = text.slice(i, i + 1);
      if (c === '\n' || c === '\r') break;
      if (closers.includes(c) || (curly && c === '"')) {
        if (first < 0) first = i;
        if (this.endsStringThere(i + 1)) return this.wronglyQuoted(start, i);
      }
    }
    return first >= 0 ? this.wronglyQuoted(start, first) : undefined;
  }

  /** The string from the wrong quote at `start` to its closing one at `close`, reported. */
  private wronglyQuoted(start: number, close: number): Token {
    const text = this.text;
    this.report(start, close + 1, 'json.wrongQuotes', [showToken(text.slice(start, close + 1))]);
    this.pos = close + 1;
    return this.setToken('string', start, close + 1, text.slice(start + 1, close));
  }

  private endsStringThere(at: number): boolean {
    return endsStringAt(this.text, at);
  }

  /** A run of word characters from `start`: a number, true/false/null, a malformed number or a bare word. */
  private wordToken(start: number): Token {
    const text = this.text;
    const integer = this.plainInteger(start);
    if (integer !== undefined) return integer;
    let end = start;
    while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
    this.pos = end;
    const word = text.slice(start, end);
    if (RFC_NUMBER.test(word)) return this.setToken('number', start, end, Number(word));
    if (word in LITERAL_VALUES) return this.setToken(word as 'true' | 'false' | 'null', start, end, LITERAL_VALUES[word]);
    if (isLetter(word.charCodeAt(0)) && !NON_FINITE.test(word)) return this.stringWithoutOpeningQuote(start) ?? this.setToken('word', start, end);
    const [id, args] = numberProblem(word);
    this.report(start, end, id, args);
    return this.setToken('broken', start, end);
  }

  /** Fast path for the commonest token of a game, a small non-negative integer: no slice, no regular expression. */
  private plainInteger(start: number): Token | undefined {
    const text = this.text;
    let end = start;
    let value = 0;
    for (let c = text.charCodeAt(end); c >= 48 && c <= 57 && end - start < 15; c = text.charCodeAt(++end)) value = value * 10 + (c - 48);
    const digits = end - start;
    if (digits === 0 || (digits > 1 && text.charCodeAt(start) === 48) || isWordChar(text.charCodeAt(end))) return undefined;
    this.pos = end;
    return this.setToken('number', start, end, value);
  }

  /** Exact ranges of what makes a string token invalid (the scanner keeps only its last error). */
  private checkStringToken(start: number, end: number): void {
    const text = this.text;
    let i = start + 1;
    let closed = false;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) {
        closed = true;
        break;
      }
      if (c === 92 /* \ */) {
        if (i + 1 >= end) break;
        const escaped = text.slice(i + 1, i + 2);
        if (JSON_SIMPLE_ESCAPES.includes(escaped)) {
          i += 2;
        } else if (escaped === 'u') {
          let digits = 0;
          while (digits < 4 && i + 2 + digits < end && isHexDigit(text.charCodeAt(i + 2 + digits))) digits++;
          if (digits < 4) this.report(i, i + 2 + digits, 'json.invalidUnicodeEscape', [showToken(text.slice(i, i + 2 + digits))]);
          i += 2 + digits;
        } else {
          const width = isHighSurrogate(text.charCodeAt(i + 1)) && isLowSurrogate(text.charCodeAt(i + 2)) ? 3 : 2;
          this.report(i, Math.min(end, i + width), 'json.invalidEscape', [showToken(text.slice(i, i + width))]);
          i += 2; // the scanner reads one code unit after the backslash
        }
        continue;
      }
      if (c === 10 || c === 13) {
        // A line break typed in a string a later line closes (openStringAsMeant): CR LF is one.
        const width = c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
        this.report(i, i + width, 'json.lineBreakInString');
        i += width;
        continue;
      }
      if (c < 0x20) this.report(i, i + 1, 'json.controlCharacter', [codePointLabel(c), escapeOfControl(c)]);
      i++;
    }
    if (!closed) this.report(start, end, 'json.unterminatedString');
  }

  /* ----- structure ----- */

  /** Parses one value and everything nested in it, with an explicit stack. */
  private parseValueTree(): Building | undefined {
    const first = this.next();
    if (first.kind === 'eof') {
      this.report(first.start, first.end, 'json.empty');
      return undefined;
    }
    const root = this.scalarOrOpen(first, undefined);
    if (root === undefined) {
      this.reportValueExpected(first);
      return undefined;
    }
    if (root.type !== 'object' && root.type !== 'array') return root;
    const containers = this.containers;
    containers.open(root);
    while (containers.depth > 0) {
      const frame = containers.top();
      const token = this.next();
      if (token.kind === 'eof') {
        this.reportUnclosed(frame, token);
        while (containers.depth > 0) this.closeTop(this.limit);
        break;
      }
      if (frame.node.type === 'object') this.objectStep(frame, token);
      else this.arrayStep(frame, token);
    }
    return root;
  }

  /** A scalar node, or a new open container (pushed by the caller's step); undefined for other tokens. */
  private scalarOrOpen(token: Token, parent: Building | undefined): Building | undefined {
    switch (token.kind) {
      case '{': // its children come when it closes (OpenContainers)
        return new SyntaxNode('object', undefined, token.start, 1, parent, undefined);
      case '[':
        return new SyntaxNode('array', undefined, token.start, 1, parent, undefined);
      case 'string':
      case 'number':
      case 'true':
      case 'false':
      case 'null':
        return new SyntaxNode(literalType(token.kind), token.value, token.start, token.end - token.start, parent, undefined);
      default:
        return undefined;
    }
  }

  /** Reads a value token in `frame`; containers are pushed. Returns false when the token is no value. */
  private readValue(frame: Frame, token: Token, attachTo: Building | undefined): boolean {
    if (token.kind === 'word') {
      const raw = this.text.slice(token.start, token.end);
      const literal = Object.keys(LITERAL_VALUES).find((name) => name === raw.toLowerCase());
      if (literal) this.reportAt(token, 'json.literalCase', [raw, literal]);
      else this.reportAt(token, 'json.invalidLiteral', [showToken(raw)]);
      frame.state = 'next';
      return true;
    }
    if (token.kind === 'broken') {
      frame.state = 'next';
      return true;
    }
    const node = this.scalarOrOpen(token, attachTo);
    if (node === undefined) return false;
    frame.state = 'next';
    if (attachTo?.type === 'property') {
      // A property gets one value at most (its object's state moves on to 'next').
      (attachTo as PropertyNode).setValue(node as SyntaxNode);
      attachTo.length = node.offset + node.length - attachTo.offset;
    } else if (attachTo) {
      this.containers.addChild(node); // an element of the array being read
    }
    if (node.type === 'object' || node.type === 'array') this.containers.open(node);
    return true;
  }

  private objectStep(frame: Frame, token: Token): void {
    const kind = token.kind;
    if (kind === '}') {
      if (frame.state === 'key' && frame.comma >= 0) this.report(frame.comma, frame.comma + 1, 'json.trailingCommaObject');
      else if (frame.state === 'colon') this.reportAt(token, 'json.colonExpected', [this.currentKey(frame), this.shown(token)]);
      else if (frame.state === 'value') this.reportValueExpected(token);
      else if (this.containers.depth === 1 && this.isStrayRootCloser()) {
        this.reportAt(token, 'json.strayCloser', ['}', '{']);
        return;
      }
      this.closeTop(token.end);
      return;
    }
    if (kind === ']') {
      if (frame.state === 'next' && this.listWithoutBracket(frame, token)) return;
      this.closeMismatched(token);
      return;
    }
    // After a colon `{` and `[` are values; anywhere else they are a slip (misplacedOpener).
    if ((kind === '{' || kind === '[') && frame.state !== 'value' && this.misplacedOpener(frame, token)) return;
    if (kind === 'string' && frame.state !== 'colon' && frame.state !== 'value' && this.closeInfoBefore(frame, token)) return;
    if (kind === 'string' && frame.state === 'key' && frame.comma >= 0 && this.closeObjectBefore(frame, token)) return;
    switch (frame.state) {
      case 'start':
      case 'key':
        this.objectKey(frame, token);
        return;
      case 'colon':
        if (kind === ':') {
          (frame.property as PropertyNode).colonOffset = token.start;
          frame.state = 'value';
        } else if (kind === 'junk') {
          this.reportAt(token, 'json.colonExpected', [this.currentKey(frame), this.shown(token)]);
          frame.state = 'value';
        } else if (kind === ',') {
          this.reportAt(token, 'json.colonExpected', [this.currentKey(frame), this.shown(token)]);
          frame.state = 'key';
          frame.comma = token.start;
        } else {
          this.reportAt(token, 'json.colonExpected', [this.currentKey(frame), this.shown(token)]);
          this.readValue(frame, token, frame.property);
        }
        return;
      case 'value':
        // Tested here first: a call for each of a game's numbers costs a few per cent of its parse.
        if (kind === 'number' && this.text.charCodeAt(token.end) === 44 && isDigit(this.text.charCodeAt(token.end + 1)) && FRACTIONAL_PROPERTIES.has(this.currentKey(frame))) this.readDecimalComma(token);
        else if (kind === 'string' && isCommaSpaceOrBrace(this.text.charCodeAt(token.end - 2))) this.readValueRunIntoName(token);
        // Only a string with a finding inside it can hold a line break.
        else if (kind === 'string' && this.lastFindingStart > token.start) this.readWordWithoutLineBreaks(frame, token);
        // After those (a value run into the next name also ends in a quote followed by text).
        if (kind === 'string' && !endsStringAt(this.text, token.end)) this.readQuoteInValue(token);
        if (this.readValue(frame, token, frame.property)) return;
        if (kind === ',') {
          this.reportValueExpected(token);
          frame.state = 'key';
          frame.comma = token.start;
        } else {
          this.reportValueExpected(token);
        }
        return;
      case 'next':
        if (kind === ',') {
          frame.state = 'key';
          frame.comma = token.start;
        } else if (kind === 'junk') {
          // `;`, `.` or a full-width comma where a comma belongs: read it as the comma it stands for
          this.reportAt(token, 'json.commaExpectedObject', [this.shown(token)]);
          frame.state = 'key';
          frame.comma = -1;
        } else if (kind === ':') {
          this.reportAt(token, 'json.commaExpectedObject', [this.shown(token)]);
        } else {
          this.reportAt(token, 'json.commaExpectedObject', [this.shown(token)]);
          this.objectKey(frame, token);
        }
        return;
    }
  }

  /**
   * A name only the root holds (`"tree"`, `"size"`, `"format"`, `"version"`) at the start of a line
   * in the root's `info`, in a text that ends with containers open (closesInfoEarly): the info
   * object was left open (its `}` forgotten), and the rest of the document was read into it. It is
   * closed before the name, with one error, and the name is read as the root's. A text JSON reads
   * whole is read as JSON reads it, however its lines are laid out (formatting must not change
   * its reading: the fuzz, seed 20303).
   */
  private closeInfoBefore(frame: Frame, token: Token): boolean {
    // The depth first: it rules out every name of a step, at once.
    if (this.containers.depth !== 2 || !this.closesInfoEarly || !this.wholeDocument || !ROOT_ONLY_PROPERTIES.has(String(token.value))) return false;
    const holder = frame.node.parent;
    if (holder?.type !== 'property' || (holder as PropertyNode).keyName !== 'info' || !this.startsLine(token.start)) return false;
    this.reportAt(token, 'json.infoNotClosed', [this.lineOf(frame.node.offset), String(token.value)]);
    this.closedInfoEarly = true;
    this.closeTop(token.start);
    const root = this.containers.top();
    root.state = 'key';
    root.comma = -1;
    this.objectKey(root, token);
    return true;
  }

  /**
   * A `"name":` after a comma in an object that does not hold it, where an element of a list
   * around holds it (`{"action": {"type": "move", "value": {…}, "comment": "…"},` and the next
   * step): the inner object's `}` (or the `}` of each object between) was left out before the
   * name, when the `}` that closes the rest ends that element, the next element or the list's `]`
   * following it (endsElementAhead). The inner objects end after their last property, with one
   * error at the name, and the name and the comma before it are the element's. A text whose
   * closers balance (a name put in the wrong object on purpose) reads on as JSON reads it.
   */
  private closeObjectBefore(frame: Frame, token: Token): boolean {
    const name = String(token.value);
    const holder = frame.node.parent;
    if (holder?.type !== 'property') return false;
    const own = OBJECT_NAMES.get((holder as PropertyNode).keyName);
    if (own === undefined || own.has(name)) return false;
    const containers = this.containers;
    if (containers.childCount() === 0) return false;
    // The nearest object around that holds the name, through objects that do not (two `}` left out).
    let level = containers.depth - 2;
    for (; level >= 0; level--) {
      const names = this.namesOfObjectAt(level);
      if (names === undefined) return false;
      if (names.has(name)) break;
    }
    if (level < 0 || !this.colonFollows()) return false;
    // After the `}` that closes the rest: the next element of the list around, or a name of the object around that holds it (`"rules": {…` left open before `"time"` in info, `"tree"` after it).
    const outerNames = this.namesOfObjectAt(level) as ReadonlySet<string>;
    const inList = this.isListElementAt(level);
    const holderNames = inList || level === 0 ? undefined : this.namesOfObjectAt(level - 1);
    if ((!inList && holderNames === undefined) || !this.endsElementAhead(outerNames, holderNames)) return false;
    const last = containers.child(containers.childCount() - 1);
    const closers = '}'.repeat(containers.depth - 1 - level);
    this.reportAt(token, 'json.objectNotClosed', [(holder as PropertyNode).keyName, this.lineOf(frame.node.offset), name, closers]);
    const comma = frame.comma;
    while (containers.depth - 1 > level) this.closeTop(last.offset + last.length);
    const outer = containers.top();
    outer.state = 'key';
    outer.comma = comma;
    this.objectKey(outer, token);
    return true;
  }

  /**
   * Whether the tokens after the current one close one container more than they open, with `}`,
   * followed by `]` or by a comma and `{` (the end of a list's element and the start of the next:
   * `holderNames` undefined), or by a comma and a name that the object around holds and the one
   * closed does not (`holderNames`, `outerNames`): where the object just closed could not go on.
   * Up to LOOKAHEAD_ELEMENT_TOKENS tokens; the reading stops at the next element's `{`.
   */
  private endsElementAhead(outerNames: ReadonlySet<string>, holderNames: ReadonlySet<string> | undefined): boolean {
    return this.lookahead(() => {
      let depth = 0;
      for (let n = 0; n < LOOKAHEAD_ELEMENT_TOKENS; n++) {
        const kind = this.next().kind;
        if (kind === 'eof') return false;
        if (kind === '{' || kind === '[') depth++;
        else if (kind === ']' || kind === '}') {
          if (depth > 0) {
            depth--;
            continue;
          }
          if (kind !== '}') return false;
          const after = this.next().kind;
          if (holderNames === undefined) return after === ']' || (after === ',' && this.next().kind === '{');
          if (after !== ',') return false;
          const next = this.next();
          if (next.kind !== 'string') return false;
          const name = String(next.value);
          return holderNames.has(name) && !outerNames.has(name) && this.next().kind === ':';
        }
      }
      return false;
    });
  }

  /** Whether the container open at `level` is an element of an array. */
  private isListElementAt(level: number): boolean {
    if (level > 0) return this.containers.at(level - 1).node.type === 'array';
    return this.typeAt(-1) === 'array';
  }

  /** The names the object open at `level` holds, when the names around it say what it is (ELEMENT_NAMES, OBJECT_NAMES). */
  private namesOfObjectAt(level: number): ReadonlySet<string> | undefined {
    const node = this.containers.at(level).node;
    if (node.type !== 'object') return undefined;
    const holder = node.parent;
    if (holder?.type === 'property') return OBJECT_NAMES.get((holder as PropertyNode).keyName);
    // The root, in the whole text's parse (a re-read's outermost object is no root).
    if (holder === undefined) return level === 0 && this.wholeDocument ? ROOT_NAMES : undefined;
    if (holder.type !== 'array') return undefined;
    // A run's own array is made without a parent: the list it re-reads has the property.
    const list = this.inArrayRun && level === 1 ? this.runArray : holder;
    const property = list?.parent;
    return property?.type === 'property' ? ELEMENT_NAMES.get((property as PropertyNode).keyName) : undefined;
  }

  /** Whether only spaces and tabs stand between `offset` and the start of its line. */
  private startsLine(offset: number): boolean {
    let at = offset - 1;
    while (at >= 0 && isSpaceOrTab(this.text.charCodeAt(at))) at--;
    return at < 0 || this.text.charCodeAt(at) === 10 || this.text.charCodeAt(at) === 13;
  }

  /**
   * `{` or `[` where an object wants a name, a comma or a colon: a list written in braces
   * (readAsArray), an array closed by an extra `]` (reopenList), or the next element of an array
   * around the object (closeBeforeElement). False (nothing done) when none of them.
   */
  private misplacedOpener(frame: Frame, token: Token): boolean {
    if (frame.state === 'start' && this.isListProperty(frame.node.parent)) {
      this.readAsArray(frame, token);
      return true;
    }
    if ((frame.state === 'key' || frame.state === 'next') && this.reopenList(frame, token)) return true;
    if (frame.state === 'key' && token.kind === '{' && this.listWithoutBracket(frame, token)) return true;
    return this.startsNextElement(frame, token) && this.closeBeforeElement(token);
  }

  /**
   * `, {` or `]` after a property wei7 makes a list whose value is an object (`"steps": {…}, {…}]`,
   * `"marks": {…}]`): the list's `[` was left out before its first element. The object becomes
   * that element of an array, with one error at it (its `{`), and the token is read in the array:
   * the next element, or its `]`. Not after a property of another kind.
   */
  private listWithoutBracket(frame: Frame, token: Token): boolean {
    const containers = this.containers;
    const count = containers.childCount();
    const property = count > 0 ? containers.child(count - 1) : undefined;
    if (!(property instanceof PropertyNode) || !LIST_PROPERTIES.has(property.keyName)) return false;
    const first = property.currentValue();
    const afterComma = frame.state === 'key';
    if (first?.type !== 'object' || !this.blank(first.offset + first.length, afterComma ? frame.comma : token.start)) return false;
    this.report(first.offset, first.offset + 1, 'json.openBracketMissing', [property.keyName]);
    const array = new SyntaxNode('array', undefined, first.offset, 0, property, undefined);
    first.parent = array;
    property.setValue(array);
    // The object goes on after the array (the property's value); the comma is the array's.
    const comma = frame.comma;
    frame.state = 'next';
    frame.comma = -1;
    containers.open(array);
    containers.addChild(first);
    const list = containers.top();
    list.state = afterComma ? 'value' : 'next';
    list.comma = afterComma ? comma : -1;
    this.arrayStep(list, token);
    return true;
  }

  /**
   * A name a later line closes (openStringAsMeant: `"com` / `ment": …`): a line break typed in a
   * name is no text of it, as it may be in a value. Each is reported over it and the spaces and
   * tabs around it (`json.lineBreakInName`, in place of lineBreakInString), and the name is read
   * without them.
   */
  private readNameWithoutLineBreaks(token: Token): void {
    this.readWithoutLineBreaks(token, String(token.value).replace(LINE_BREAK_AND_SPACES, ''), 'json.lineBreakInName');
  }

  /**
   * A keyword value a later line closes (`"type": "mov` / `e"`), that is one of the words its
   * property takes once its line breaks and the spaces around them are taken out: a line break is
   * no part of a word (`json.lineBreakInWord`, in place of lineBreakInString), and the value is
   * read without them. Free text (a comment) keeps its line breaks, which `\n` writes.
   */
  private readWordWithoutLineBreaks(frame: Frame, token: Token): void {
    const property = frame.property as PropertyNode | undefined;
    const words = property && KEYWORD_VALUES.get(property.keyName);
    if (words === undefined || typeof token.value !== 'string' || !token.value.includes('\n')) return;
    const word = token.value.replace(LINE_BREAK_AND_SPACES, '');
    if (words.has(word)) this.readWithoutLineBreaks(token, word, 'json.lineBreakInWord');
  }

  /** `token` read as `value`: each lineBreakInString reported in it becomes `id`, over the line break and the spaces and tabs around it. */
  private readWithoutLineBreaks(token: Token, value: string, id: 'json.lineBreakInName' | 'json.lineBreakInWord'): void {
    const findings = this.findings;
    const text = this.text;
    let first = findings.length;
    while (first > 0 && findings[first - 1].span.start >= token.start) first--;
    for (let i = first; i < findings.length; i++) {
      const f = findings[i];
      if (f.message.id !== 'json.lineBreakInString') continue;
      let start = f.span.start;
      let end = f.span.end;
      while (start > token.start + 1 && isSpaceOrTab(text.charCodeAt(start - 1))) start--;
      while (end < token.end - 1 && isSpaceOrTab(text.charCodeAt(end))) end++;
      findings[i] = finding({ start, end }, '3.1', id);
    }
    this.setToken('string', token.start, token.end, value);
  }

  /** A token where a property name belongs. */
  private objectKey(frame: Frame, token: Token): void {
    switch (token.kind) {
      case 'string': {
        // Only a name ending in a colon (or white space) before its quote can have run into its value.
        const last = this.text.charCodeAt(token.end - 2);
        if (last === 58 || last === 32 || last === 9) this.readNameRunIntoValue(token);
        else if (typeof token.value === 'string' && token.value.includes('\n')) this.readNameWithoutLineBreaks(token);
        if (this.text.charCodeAt(nextAfterSpaces(this.text, token.end)) !== 58 /* : */) this.readNameRunIntoNextName(token);
        this.addProperty(frame, token, String(token.value));
        return;
      }
      case 'word':
      case 'broken':
      case 'number':
      case 'true':
      case 'false':
      case 'null': {
        // A number with no `:` after it is a value whose name was left out (`{"x": 3, 4}`), not a name.
        if (token.kind === 'number' && this.text.charCodeAt(nextAfterSpaces(this.text, token.end)) !== 58 /* : */) {
          this.reportAt(token, 'json.propertyNameExpected', [this.shown(token)]);
          frame.property = undefined;
          this.readValue(frame, token, undefined);
          return;
        }
        // Most likely a property name without quotes: keep it as the name it was meant to be.
        const raw = this.text.slice(token.start, token.end);
        this.reportAt(token, 'json.unquotedPropertyName', [showToken(raw)]);
        this.addProperty(frame, token, raw);
        return;
      }
      case ',':
        this.reportAt(token, 'json.propertyNameExpected', [this.shown(token)]);
        frame.state = 'key';
        frame.comma = token.start;
        return;
      case ':':
        this.reportAt(token, 'json.propertyNameExpected', [this.shown(token)]);
        frame.property = undefined; // the value that follows belongs to no property: dropped
        frame.state = 'value';
        return;
      case 'junk':
        this.reportAt(token, 'json.unexpectedCharacter', [this.shown(token)]);
        return;
      default:
        // `{` or `[` where a name belongs: read the value so that its end is found, and drop it
        this.reportAt(token, 'json.propertyNameExpected', [this.shown(token)]);
        frame.property = undefined;
        this.readValue(frame, token, undefined);
    }
  }

  /**
   * A name whose closing quote was left out (`"comment: "good"`): the scanner reads `"comment: "`
   * as the name and then `good` with no opening quote. When the name so read ends in a colon, and
   * what follows it is no colon and is closed on its line as a string, `token` becomes the name up
   * to that colon, reported, and the quote that seemed to close the name opens the value.
   */
  private readNameRunIntoValue(token: Token): void {
    const text = this.text;
    const quote = token.end - 1;
    if (text.charCodeAt(quote) !== 34 /* " */) return;
    let colon = quote - 1;
    while (colon > token.start && isSpaceOrTab(text.charCodeAt(colon))) colon--;
    if (text.charCodeAt(colon) !== 58 /* : */) return;
    let nameEnd = colon;
    while (nameEnd > token.start + 1 && isSpaceOrTab(text.charCodeAt(nameEnd - 1))) nameEnd--;
    const name = text.slice(token.start + 1, nameEnd);
    if (name === '' || /[:"\\]/.test(name)) return;
    let after = token.end;
    while (isSpaceOrTab(text.charCodeAt(after))) after++;
    // A name that holds a colon and is followed by its own colon is a name.
    if (this.endsStringThere(after)) return;
    // The value's closing quote on the line, with no JSON punctuation before it (read up to there, never to the line's end).
    let valueEnd = after;
    for (let c = text.charCodeAt(valueEnd); c !== 34 /* " */; c = text.charCodeAt(++valueEnd)) {
      if (valueEnd >= text.length || c === 10 || c === 13 || c === 123 || c === 125 || c === 91 || c === 93 || c === 58 || c === 44) return;
    }
    if (!this.endsStringThere(valueEnd + 1)) return;
    this.report(token.start, nameEnd, 'json.closingQuoteMissing', [showToken(`"${name}"`)]);
    this.pos = colon;
    this.setToken('string', token.start, nameEnd, name);
  }

  /**
   * A name whose closing quote was left out before its colon, with more strings after it on its
   * line (`{"x": 2, "y: 2}, "evaluation": …`, `{"x: 2, "y": 2}`): the scanner reads `"y: 2}, "` as
   * the name, and no colon follows it. When the string so read starts with a word and a colon, and
   * holds no `\` or line break, `token` becomes that word, reported, and the colon and the value
   * are read after it, as at a line's end (openNameBeforeColon).
   */
  private readNameRunIntoNextName(token: Token): void {
    const text = this.text;
    if (text.charCodeAt(token.start) !== 34 /* " */) return;
    const name = /^[A-Za-z_][A-Za-z0-9_]*(?=[ \t]*:)/.exec(text.slice(token.start + 1, Math.min(token.end, token.start + 1 + MAX_NAME_BEFORE_COLON)))?.[0];
    if (name === undefined || /[\\\r\n]/.test(text.slice(token.start, token.end))) return;
    const nameEnd = token.start + 1 + name.length;
    this.report(token.start, nameEnd, 'json.closingQuoteMissing', [showToken(`"${name}"`)]);
    this.pos = nameEnd;
    this.setToken('string', token.start, nameEnd, name);
  }

  /**
   * A value whose closing quote was left out before the next name on its line (`"type": "move,
   * "value": …`): the scanner reads `"move, "` as the value and `value` with no opening quote. When
   * the value so read ends in a comma (and spaces), and a name, a quote and a colon follow it,
   * `token` becomes the value up to that comma, reported, and the quote that seemed to close it
   * opens the name. So too with closers before the comma that close what is open, and the next
   * element's `{` after it (`"name": "黑方}, {"name": …`): the value ends before the closers.
   */
  private readValueRunIntoName(token: Token): void {
    const text = this.text;
    let comma = token.end - 2;
    while (comma > token.start && isSpaceOrTab(text.charCodeAt(comma))) comma--;
    // The next element's `{` after the comma (`"黑方}, {"name": …`: a list of objects).
    if (text.charCodeAt(comma) === 123 /* { */) {
      comma--;
      while (comma > token.start && isSpaceOrTab(text.charCodeAt(comma))) comma--;
    }
    if (text.charCodeAt(comma) !== 44 /* , */ || comma === token.start) return;
    // Closers before the comma (`黑方},`): the value ends before them, when they close what is open.
    let end = comma;
    while (end - 1 > token.start && isCloserOrSpace(text.charCodeAt(end - 1))) end--;
    while (end < comma && isSpaceOrTab(text.charCodeAt(end))) end++;
    if (end < comma && !this.closersFit(end, comma)) return;
    let at = token.end;
    if (!isLetter(text.charCodeAt(at))) return;
    while (isWordChar(text.charCodeAt(at))) at++;
    if (text.charCodeAt(at) !== 34 /* " */) return;
    at++;
    while (isSpaceOrTab(text.charCodeAt(at))) at++;
    if (text.charCodeAt(at) !== 58 /* : */) return;
    this.closeStringAt(token.start, end);
  }

  /**
   * A value with a straight quote inside it left unescaped (`"他说"好"了"`): the scanner ends the
   * string at that quote, and text follows it. When a later quote on the line is followed by what
   * may follow a string (`,` `}` `]`, the line's end; not a `:`, which makes it a name's), with no
   * `{ } [ ]` before it, `token` becomes the string up to that quote, reported, each quote inside
   * meant as `\"`. Read up to QUOTE_IN_VALUE_READ characters, never past the line: a minified text
   * is one line.
   */
  private readQuoteInValue(token: Token): void {
    const text = this.text;
    if (token.end - token.start < 2 || text.charCodeAt(token.start) !== 34 || text.charCodeAt(token.end - 1) !== 34) return;
    if (fullWidthPunctuationFollows(text, token.end)) return;
    const limit = Math.min(lineEndAt(text, token.end), token.end + QUOTE_IN_VALUE_READ);
    for (let at = token.end; at < limit; at++) {
      const c = text.charCodeAt(at);
      if (c === 92 /* \ */) at++;
      else if (c === 123 || c === 125 || c === 91 || c === 93) return; // { } [ ]
      else if (c === 34 /* " */) {
        let next = at + 1;
        while (isSpaceOrTab(text.charCodeAt(next))) next++;
        if (text.charCodeAt(next) === 58 /* : */ || text.charCodeAt(next) === 0xff1a /* ： */) return;
        if (!this.endsStringThere(next)) continue;
        const meant = `"${escapeQuotes(text.slice(token.start + 1, at))}"`;
        this.report(token.start, at + 1, 'json.quoteInString', [showToken(meant)]);
        this.pos = at + 1;
        this.setToken('string', token.start, at + 1, decodeString(meant));
        return;
      }
    }
  }

  /**
   * The string from `start` read as closed at `end`, reported: its closing quote was left out, or
   * typed as a curly or full-width one (`"好棋”`, an input method switched half-way), which is then
   * its last character. The current token becomes it, and the parse goes on from `end`.
   */
  private closeStringAt(start: number, end: number): Token {
    const text = this.text;
    const last = text.slice(end - 1, end);
    const curly = end - 1 > start && CURLY_CLOSERS.includes(last);
    const meant = `${text.slice(start, curly ? end - 1 : end)}"`;
    if (curly) this.report(start, end, 'json.closingQuoteCurly', [last, showToken(meant)]);
    else this.report(start, end, 'json.closingQuoteMissing', [showToken(meant)]);
    this.pos = end;
    return this.setToken('string', start, end, decodeString(meant));
  }

  /**
   * A number written with a decimal comma (`"komi": 7,5`, as much of Europe writes it): in the
   * value of a property that may hold a fraction (FRACTIONAL_PROPERTIES), where `5` cannot begin a
   * name, the comma and digits after an integer are read as its decimals when a `,`, a `}` or the
   * line's end follows them. `token` becomes that number, reported.
   */
  private readDecimalComma(token: Token): void {
    const text = this.text;
    const comma = token.end;
    if (text.charCodeAt(comma) !== 44 /* , */) return;
    let end = comma + 1;
    while (isDigit(text.charCodeAt(end))) end++;
    if (end === comma + 1 || !/^-?[0-9]+$/.test(text.slice(token.start, comma))) return;
    let after = end;
    while (isSpaceOrTab(text.charCodeAt(after))) after++;
    const c = text.charCodeAt(after);
    if (!(after >= text.length || c === 44 || c === 125 || c === 10 || c === 13)) return;
    const written = text.slice(token.start, end);
    const meant = written.replace(',', '.');
    this.report(token.start, end, 'json.decimalComma', [written, meant]);
    this.pos = end;
    this.setToken('number', token.start, end, Number(meant));
  }

  private addProperty(frame: Frame, token: Token, name: string): void {
    const length = token.end - token.start;
    const property = new PropertyNode(name, token.start, length, frame.node);
    this.checkDuplicate(frame, name, token);
    this.containers.addChild(property);
    frame.property = property;
    frame.state = 'colon';
  }

  /** RFC 8259 §4: "The names within an object SHOULD be unique"; spec-notes makes it a must. */
  private checkDuplicate(frame: Frame, name: string, token: Token): void {
    // The object is the innermost open container: its properties so far are the containers' last children.
    const containers = this.containers;
    const count = containers.childCount();
    let first: number | undefined;
    if (frame.keys) {
      first = frame.keys.get(name);
      if (first === undefined) frame.keys.set(name, token.start);
    } else {
      for (let i = 0; i < count && first === undefined; i++) {
        const property = containers.child(i);
        if (keyNameOf(property as PropertyNode) === name) first = property.offset;
      }
      if (count + 1 >= LINEAR_KEY_SEARCH) {
        frame.keys = new Map();
        for (let i = count - 1; i >= 0; i--) {
          const property = containers.child(i);
          frame.keys.set(keyNameOf(property as PropertyNode), property.offset);
        }
        if (first === undefined) frame.keys.set(name, token.start);
      }
    }
    if (first !== undefined) this.reportAt(token, 'json.duplicateKey', [name, this.lineOf(first)]);
  }

  private currentKey(frame: Frame): string {
    return frame.property ? keyNameOf(frame.property as PropertyNode) : '';
  }

  private arrayStep(frame: Frame, token: Token): void {
    const kind = token.kind;
    const containers = this.containers;
    if (kind === ']' || (kind === '}' && frame.braced)) {
      if (frame.state === 'value' && frame.comma >= 0) this.report(frame.comma, frame.comma + 1, 'json.trailingCommaArray');
      this.closeTop(token.end);
      return;
    }
    if (kind === '}') {
      this.closeMismatched(token);
      return;
    }
    if (kind === 'string' && frame.state !== 'start' && this.endListBefore(frame, token)) return;
    if (frame.state === 'next') {
      if (kind === ',') {
        frame.state = 'value';
        frame.comma = token.start;
        return;
      }
      this.reportAt(token, 'json.commaExpectedArray', [this.shown(token)]);
      if (kind === 'junk') {
        frame.state = 'value';
        frame.comma = -1;
        return;
      }
    }
    if (kind === 'string' && this.colonFollows()) {
      const previous = this.continuedElement(frame, token);
      if (previous === undefined) this.openObjectAtKey(frame, token);
      else if (containers.childCount() > 0) this.reopenPrevious(frame, previous, token);
      else this.runLeftArray = true; // the element before lies before the re-read: the whole text's parse reopens it
      return;
    }
    if (kind === '{' && this.readsPlainSteps && this.readPlainStep(frame, token)) return;
    if (this.readValue(frame, token, frame.node)) return;
    if (kind === 'junk') this.reportAt(token, 'json.unexpectedCharacter', [this.shown(token)]);
    else this.reportValueExpected(token);
    if (kind === ',') {
      frame.state = 'value';
      frame.comma = token.start;
    }
  }

  /**
   * A step of a steps list at `token` (its `{`) read as one node when it is a plain move
   * (plainSteps.ts): what the generic reading below would make of it, without its objects.
   */
  private readPlainStep(frame: Frame, token: Token): boolean {
    // A run's own array is made without a parent: the list it re-reads has the property.
    const list = this.inArrayRun && this.containers.depth === 1 ? this.runArray : frame.node;
    const holder = list?.parent;
    if (!(holder instanceof PropertyNode) || holder.keyName !== 'steps' || list?.type !== 'array') return false;
    const reader = (this.plainSteps ??= new PlainStepReader());
    const step = reader.read(this.text, token.start, this.limit, frame.node);
    if (step === undefined) return false;
    this.containers.addChild(step);
    frame.state = 'next';
    this.pos = reader.end;
    return true;
  }

  /**
   * A `"name":` where a list wants its next element, the name one of the object around the list
   * that no element of it holds (LIST_ENDED_BY: `"branches"` after the steps): the list's `]` was
   * left out, when what follows reads on as the rest of that object. The list ends after its last
   * element, with one error at the name, and the name is read as the object's (the comma before
   * it, if any, as the object's comma). An array run (a re-read of part of a list) leaves the
   * decision to the whole text's parse (runLeftArray).
   */
  private endListBefore(frame: Frame, token: Token): boolean {
    // A run's own array is made without a parent: the list it re-reads has the property.
    const list = this.inArrayRun && this.containers.depth === 1 ? this.runArray : frame.node;
    const holder = list?.parent;
    if (!(holder instanceof PropertyNode)) return false;
    const name = String(token.value);
    if (!LIST_ENDED_BY.get(holder.keyName)?.has(name) || !this.colonFollows()) return false;
    // A run's list holds only the elements it read (its first may come after the run's start).
    if (this.inArrayRun) {
      this.runLeftArray = true;
      return true;
    }
    const containers = this.containers;
    if (containers.childCount() === 0) return false;
    // Right after the last element (a comma between, or nothing): not after junk that may be anything.
    const last = containers.child(containers.childCount() - 1);
    if (!onlySpaceAndComma(this.text, last.offset + last.length, token.start) || !this.followsAsObjectsRest(name)) return false;
    this.reportAt(token, 'json.listNotClosed', [holder.keyName, this.lineOf(frame.node.offset), name]);
    const comma = frame.state === 'value' ? frame.comma : -1;
    this.closeTop(last.offset + last.length);
    const object = containers.top();
    object.state = 'key';
    object.comma = comma;
    this.objectKey(object, token);
    return true;
  }

  /**
   * Whether what follows the name `name` (the current token) reads on as the rest of the object
   * around the list: a name typed before more elements (`"title": "x",` and the next step) is an
   * element's `{` left out. A container after the colon must be the kind the name takes (`"title":`
   * typed before a step's `{` is no title); the reading does not go into it (readsAhead).
   */
  private followsAsObjectsRest(name: string): boolean {
    const valueKind = this.lookahead(() => (this.next().kind === ':' ? this.next().kind : undefined));
    if (valueKind === '{') return OBJECT_VALUED.has(name);
    if (valueKind === '[') return LIST_PROPERTIES.has(name);
    return this.readsAhead(this.containers.depth - 2, 'colon');
  }

  private reportValueExpected(token: Token): void {
    if (token.kind === 'junk') this.reportAt(token, 'json.unexpectedCharacter', [this.shown(token)]);
    else this.reportAt(token, 'json.valueExpected', [this.shown(token)]);
  }

  private close(node: Building, end: number): void {
    node.length = end - node.offset;
    const property = node.parent;
    if (property?.type === 'property') property.length = end - property.offset;
  }

  private closeTop(end: number): void {
    this.close(this.containers.close(), end);
  }

  /**
   * `]` in an object or `}` in an array: close up to the container it matches, or skip it. It is
   * skipped, as a stray closer, when there is none to match, and when what follows it reads on in
   * the innermost container but not in the one that closing up to the match would leave (an extra
   * `}` after a step, an extra `]` after a branch's steps: see isStrayCloser).
   */
  private closeMismatched(token: Token): void {
    const containers = this.containers;
    const frame = containers.top();
    const top = frame.node;
    const wanted = token.kind === '}' ? 'object' : 'array';
    let match = containers.depth - 2;
    let matchType = this.typeAt(match);
    while (matchType !== undefined && matchType !== wanted) matchType = this.typeAt(--match);
    const topType = top.type as 'object' | 'array';
    if (matchType !== undefined && this.isStrayCloser(frame, match)) {
      this.reportAt(token, 'json.strayCloser', [token.kind, OPENER[topType]]);
      return;
    }
    if (match < 0 && this.inArrayRun) {
      // The whole text's parse would look further out, past the array this parser starts in.
      this.runLeftArray = true;
      return;
    }
    if (match < 0) {
      this.reportAt(token, 'json.unmatchedCloser', [token.kind, CLOSER[topType], OPENER[topType], this.lineOf(top.offset)]);
      return;
    }
    this.reportAt(token, 'json.closerExpected', [CLOSER[topType], OPENER[topType], this.lineOf(top.offset), token.kind]);
    while (containers.depth - 1 > match) this.closeTop(token.start);
    this.closeTop(token.end);
  }

  /**
   * Whether a closer that would close the containers from the innermost out to the one at `match`
   * (a level of typeAt) is a stray one: what follows it does not read on after that closing, but
   * does with the innermost container still open (`[{…}}, {…}]`: after the `}` closes the array
   * and the object around it, `, {` is no property; in the array it is the next element).
   */
  private isStrayCloser(frame: Frame, match: number): boolean {
    return !this.readsAhead(match - 1, 'next') && this.readsAhead(this.containers.depth - 1, frame.state);
  }

  /**
   * Whether the `}` that would close the root is a stray one (an extra `}` after a property's
   * object, say that of "info"): a comma follows it, and what follows reads on as more of the
   * root's properties (`, "tree": {`). Checked once a document: at the root's own `}` the next
   * token is the end of the text. (`}}` at the end: the last `}` is the one after the root.)
   */
  private isStrayRootCloser(): boolean {
    return this.wholeDocument && this.containers.depth === 1 && this.containers.top().state === 'next' && this.nextIs(',') && this.readsAhead(0, 'next');
  }

  /** Whether `node` is a property whose value wei7 3.0 makes a list (LIST_PROPERTIES). */
  private isListProperty(node: Building | undefined): boolean {
    return node instanceof PropertyNode && LIST_PROPERTIES.has(node.keyName);
  }

  /**
   * An object, the value of a property that wei7 3.0 makes a list, whose first token is `{` or
   * `[` where its first property name belongs: a list written in braces (`"steps": {{…}, {…}]`).
   * It is read as the array it stands for, with one finding at its `{`; a `}` closes it as well as
   * a `]` (see Frame.braced). Only for those names: in `"action": {` + `{` (a step being typed
   * above the next) the `{` starts the next element (closeBeforeElement), and the syntax alone
   * cannot tell the two apart before the list's end.
   */
  private readAsArray(frame: Frame, token: Token): void {
    const node = frame.node;
    this.report(node.offset, node.offset + 1, 'json.braceForArray', [this.shown(token)]);
    node.type = 'array';
    frame.braced = true;
    this.arrayStep(frame, token);
  }

  /**
   * Whether the token after the current one is `:`. Asked of every string an array holds: the
   * character after the white space that follows it tells, unless it starts a comment.
   */
  private colonFollows(): boolean {
    const text = this.text;
    let i = this.pos;
    let c = text.charCodeAt(i);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = text.charCodeAt(++i);
    return i < this.limit && (c === 58 /* : */ || (c === 47 /* / */ && this.nextIs(':')));
  }

  /** Whether the token after the current one is of `kind` (read ahead, the parser left where it is). */
  private nextIs(kind: TokenKind): boolean {
    return this.lookahead(() => this.next().kind === kind);
  }

  /**
   * A string followed by `:` where an array wants an element: the name of an object's first
   * property, the object's `{` missing (a step written `"action": {…}}`). Reported at the name;
   * the object is read from there, with the name as its first property.
   */
  private openObjectAtKey(frame: Frame, token: Token): void {
    this.reportAt(token, 'json.openBraceMissing', [this.shown(token)]);
    const containers = this.containers;
    const object = new SyntaxNode('object', undefined, token.start, 1, frame.node, undefined);
    frame.state = 'next';
    containers.addChild(object);
    containers.open(object);
    this.addProperty(containers.top(), token, String(token.value));
  }

  /**
   * The element a `"name":` continues, where an array wants an element after a comma: the object
   * before the comma, which an extra `}` closed too early (`{"action": {…}}}, "comment": "…"}`).
   * That object ends with `}`, the name is on the same line as it, and is not one of its names
   * yet; undefined otherwise (a name on a later line, or one the object already has, starts an
   * element whose `{` is missing). In a re-read that starts after that object, it is the earlier
   * parse's (ArrayRunBounds.before).
   */
  private continuedElement(frame: Frame, token: Token): Node | undefined {
    const containers = this.containers;
    const count = containers.childCount();
    if (frame.state !== 'value' || frame.comma < 0) return undefined;
    const previous: Node | undefined = count > 0 ? (containers.child(count - 1) as Node) : containers.depth === 1 ? this.runBefore : undefined;
    if (previous?.type !== 'object') return undefined;
    const last = previous.offset + previous.length - 1;
    const text = this.text;
    if (text.charCodeAt(last) !== 125 /* } */) return undefined;
    for (let i = last + 1; i < token.start; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) return undefined;
    }
    const name = String(token.value);
    const properties = previous.children ?? [];
    for (let i = 0; i < properties.length; i++) if (keyNameOf(properties[i]) === name) return undefined;
    return previous;
  }

  /**
   * The object before the comma (continuedElement) read on: its last `}` is reported as a stray
   * one, and the comma and the name are its own again.
   */
  private reopenPrevious(frame: Frame, previous: Node, token: Token): void {
    const containers = this.containers;
    const last = previous.offset + previous.length - 1;
    this.report(last, last + 1, 'json.strayCloser', ['}', '{']);
    frame.state = 'next';
    const comma = frame.comma;
    frame.comma = -1;
    // It is the innermost container's last child (continuedElement), a node this parser made.
    const reopened = previous as Building;
    containers.open(reopened);
    for (const property of reopened.children ?? []) containers.addChild(property);
    const object = containers.top();
    object.state = 'key';
    object.comma = comma;
    this.objectKey(object, token);
  }

  /**
   * `{` or `[` where the object wants a name or a comma, right after the `]` of the array its last
   * property holds: that `]` was an extra one, which closed the array before its next element. The
   * array was `{…}],` (then the comma is the object's), `{…},]` (a trailing comma, reported) or
   * `[]`, with only white space between the `]`, the comma and the token. The `]` is reported as a
   * stray closer instead, and the array is read on with the comma and the token. False (nothing
   * done) otherwise.
   */
  private reopenList(frame: Frame, token: Token): boolean {
    const containers = this.containers;
    const count = containers.childCount();
    if (count === 0) return false;
    // An object's children are its properties.
    const list = (containers.child(count - 1) as PropertyNode).currentValue();
    if (list?.type !== 'array') return false;
    const close = list.offset + list.length - 1;
    const text = this.text;
    if (text.charCodeAt(close) !== 93 /* ] */) return false;
    if (token.kind === '{' && this.opensOtherElement((containers.child(count - 1) as PropertyNode).keyName)) return false;
    let comma = -1;
    let state: FrameState = 'value';
    if (frame.state === 'key') {
      if (!this.blank(close + 1, frame.comma)) return false;
      comma = frame.comma;
    } else {
      if (!this.blank(close + 1, token.start)) return false;
      const trailing = this.findings[this.findings.length - 1];
      const elements = list.children ?? [];
      if (trailing?.message.id === 'json.trailingCommaArray' && trailing.span.start > list.offset && this.blank(trailing.span.end, close)) {
        this.findings.pop(); // no longer trailing: the next element follows it
        comma = trailing.span.start;
      } else if (elements.length === 0 && this.blank(list.offset + 1, close)) {
        state = 'start';
      } else {
        return false;
      }
    }
    this.report(close, close + 1, 'json.strayCloser', [']', '[']);
    frame.state = 'next';
    frame.comma = -1;
    containers.open(list);
    const elements = list.children ?? [];
    for (let i = 0; i < elements.length; i++) containers.addChild(elements[i]);
    const array = containers.top();
    array.state = state;
    array.comma = comma;
    this.arrayStep(array, token);
    return true;
  }

  /**
   * Whether the object the current `{` opens starts with a name of wei7 3.0 that no element of the
   * list `list` holds (`{"action"` after a `marks` list: the next step, not a mark).
   */
  private opensOtherElement(list: string): boolean {
    const names = ELEMENT_NAMES.get(list);
    if (names === undefined) return false;
    const first = this.lookahead(() => {
      const next = this.next();
      return next.kind === 'string' ? String(next.value) : undefined;
    });
    return first !== undefined && KNOWN_NAMES.has(first) && !names.has(first);
  }

  /** Whether the text from `start` to `end` is white space only. */
  private blank(start: number, end: number): boolean {
    const text = this.text;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
    }
    return true;
  }

  /**
   * The type of the container open at `level`: 0 is the outermost this parser holds, the innermost
   * is at depth - 1; below 0 are those around the array a run reads again (its levels -1, -2, … out
   * to the root, from the earlier parse's tree). Undefined past the root.
   */
  private typeAt(level: number): 'object' | 'array' | undefined {
    if (level >= 0) return this.containers.at(level).node.type as 'object' | 'array';
    let k = -1;
    for (let node = this.runArray?.parent; node; node = node.parent) {
      if (node.type !== 'object' && node.type !== 'array') continue;
      if (k === level) return node.type;
      k--;
    }
    return undefined;
  }

  /** `read()` on tokens read ahead: the parser is left where it is, and nothing is reported. */
  private lookahead<T>(read: () => T): T {
    const token = this.token;
    const { kind, start, end, value } = token;
    const pos = this.pos;
    this.peeking = true;
    const result = read();
    this.peeking = false;
    this.pos = pos;
    token.kind = kind;
    token.start = start;
    token.end = end;
    token.value = value;
    return result;
  }

  /**
   * Whether the tokens after the current one read on without a syntax error when the container at
   * `level` (see typeAt) is in `state` and those around it each after a member (as an open
   * container's parent is): up to the first container they open, an element after a comma, the
   * end of the text with the root closed, or LOOKAHEAD_TOKENS tokens. The reading never goes into
   * an element of an array, so that no edit inside one changes what was decided before it (the
   * incremental re-reads rely on this: see reparseJson.ts).
   */
  private readsAhead(level: number, state: FrameState): boolean {
    return this.lookahead(() => {
      for (let n = 0; n < LOOKAHEAD_TOKENS; n++) {
        const kind = this.next().kind;
        const type = this.typeAt(level);
        if (type === undefined) return kind === 'eof';
        if (type === 'object') {
          if ((state === 'start' || state === 'key') && (kind === 'string' || kind === 'word')) state = 'colon';
          else if (state === 'colon' && kind === ':') state = 'value';
          else if (state === 'value' && (kind === '{' || kind === '[')) return true;
          else if (state === 'value' && SCALAR_KINDS.has(kind)) state = 'next';
          else if (state === 'next' && kind === ',') state = 'key';
          else if ((state === 'next' || state === 'start') && kind === '}') {
            level--;
            state = 'next';
          } else return false;
        } else if (state === 'next') {
          if (kind === ',') state = 'value';
          else if (kind === ']') {
            level--;
            state = 'next';
          } else return false;
        } else if (kind === '{' || kind === '[' || SCALAR_KINDS.has(kind)) {
          return true; // an element: the reading stops at it
        } else if (state === 'start' && kind === ']') {
          level--;
          state = 'next';
        } else return false;
      }
      return true;
    });
  }

  /**
   * Whether `{` or `[` read in an object cannot belong to it: where a name or a comma belongs, or
   * where the colon belongs but on a later line than the name (`{"act` cut off by the line's end,
   * the next step below). Right after a colon it is the property's value, as JSON reads it.
   */
  private startsNextElement(frame: Frame, token: Token): boolean {
    if (frame.state === 'value') return false;
    if (frame.state !== 'colon') return true;
    const property = frame.property;
    if (!property) return false;
    const text = this.text;
    for (let i = property.offset + (property as PropertyNode).keyLength; i < token.start; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) return true;
    }
    return false;
  }

  /**
   * `{` or `[` where a property name or a comma belongs (startsNextElement): no object can hold it there, but an array
   * can. When an array encloses the object, the object (and any open inside it) was left open
   * and the token starts the array's next element — a step whose `}` is missing, or one being
   * typed before the next. They are closed there with one error, and the token is read as that
   * element (its missing comma is part of the same slip), so each later step is not an error of
   * its own and is still played. False (nothing done) when no array encloses the object.
   */
  private closeBeforeElement(token: Token): boolean {
    const containers = this.containers;
    let match = containers.depth - 2;
    while (match >= 0 && containers.at(match).node.type !== 'array') match--;
    if (match < 0) return false; // a run's outermost container is its array: this is the whole text's parse
    const top = containers.top().node;
    this.reportAt(token, 'json.closerExpected', ['}', '{', this.lineOf(top.offset), token.kind]);
    while (containers.depth - 1 > match) this.closeTop(token.start);
    const array = containers.top();
    array.state = 'value';
    array.comma = -1;
    this.arrayStep(array, token);
    return true;
  }

  private reportUnclosed(frame: Frame, eof: Token): void {
    const type = frame.node.type as 'object' | 'array';
    this.report(eof.start, eof.end, 'json.unexpectedEnd', [CLOSER[type], OPENER[type], this.lineOf(frame.node.offset)]);
  }

  /** RFC 8259 §2: a JSON text is one value, with only white space around it. */
  private checkNothingAfterRoot(root: Building): void {
    // jsonc-parser's scanner tells comments (reported as such) from other text (reported once, whole).
    const scanner = this.scanner;
    scanner.setPosition(this.pos);
    for (;;) {
      const kind = scanner.scan();
      if (kind === Scan.EOF) return;
      if (kind === Scan.Trivia || kind === Scan.LineBreak) continue;
      const start = scanner.getTokenOffset();
      if (kind === Scan.LineComment || kind === Scan.BlockComment) {
        const unclosed = scanner.getTokenError() === ScanErrorUnexpectedEndOfComment;
        this.report(start, Math.min(start + scanner.getTokenLength(), this.text.length), unclosed ? 'json.commentUnterminated' : 'json.comment');
        continue;
      }
      const end = flatText(this.text).trimEnd().length;
      this.report(start, Math.max(end, start + 1), 'json.afterRoot', [this.lineOf(root.offset + root.length - 1)]);
      return;
    }
  }
}

/**
 * The names and enumerated values of wei7 3.0 (SHAPES and its enumerations). A string of the text
 * that is one of them is given as this same string instead of a new copy: tens of thousands of
 * keys share a few strings (less memory to allocate and collect), and comparing them with the
 * names the checks look for is a pointer comparison.
 */
const KNOWN_WORD_LIST: readonly string[] = [...new Set([...KNOWN_NAMES, ...[...KEYWORD_VALUES.values()].flatMap((words) => [...words])])];
const KNOWN_WORD_LENGTH = Math.max(...KNOWN_WORD_LIST.map((word) => word.length));
/** The known words by length and first character (knownWordSlot): a string is compared with one or two of them at most. */
const KNOWN_WORDS: readonly (readonly string[] | undefined)[] = (() => {
  const table: string[][] = [];
  for (const word of KNOWN_WORD_LIST) (table[knownWordSlot(word.length, word.charCodeAt(0))] ??= []).push(word);
  return table;
})();

/** Where the known words of a length and first character are (an array index: all of them are ASCII). */
function knownWordSlot(length: number, firstCharacter: number): number {
  return length * 128 + firstCharacter;
}

/** The known word that `text` holds from `start` to `end`, if any. */
function knownWord(text: SourceText, start: number, end: number): string | undefined {
  const length = end - start;
  const first = text.charCodeAt(start);
  if (length === 0 || length > KNOWN_WORD_LENGTH || first >= 128) return undefined;
  const candidates = KNOWN_WORDS[knownWordSlot(length, first)];
  if (candidates === undefined) return undefined;
  for (let i = 0; i < candidates.length; i++) {
    if (holdsAt(text, start, candidates[i])) return candidates[i];
  }
  return undefined;
}

/** `text.startsWith(word, start)`, as a loop the compiler inlines. */
function holdsAt(text: SourceText, start: number, word: string): boolean {
  for (let i = 1; i < word.length; i++) if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false; // the first character matched
  return true;
}

function literalType(kind: 'string' | 'number' | 'true' | 'false' | 'null'): NodeType {
  return kind === 'true' || kind === 'false' ? 'boolean' : kind;
}

/** Why a run of number-like characters is not an RFC 8259 number, and the number it likely meant. */
function numberProblem(word: string): [MessageId, (string | number)[]] {
  const shown = showToken(word);
  if (NON_FINITE.test(word)) return ['json.nonFiniteNumber', [shown]];
  const meant = word
    .replace(/^\+/, '')
    .replace(/^(-?)\./, '$10.')
    .replace(/^(-?)0+(?=[0-9])/, '$1')
    .replace(/\.(?=[eE]|$)/, '');
  const suggestion = RFC_NUMBER.test(meant) ? meant : undefined;
  if (word === '-' || word === '+') return ['json.invalidNumber', [shown]];
  if (suggestion !== undefined) {
    if (word.startsWith('+')) return ['json.numberPlusSign', [shown, suggestion]];
    if (/^-?\./.test(word)) return ['json.numberLeadingDot', [shown, suggestion]];
    if (/^-?0[0-9]/.test(word)) return ['json.numberLeadingZero', [shown, suggestion]];
    if (/\.(?=[eE]|$)/.test(word)) return ['json.numberTrailingDot', [shown, suggestion]];
  }
  if (/[eE][+-]?$/.test(word)) return ['json.numberExponent', [shown]];
  return ['json.invalidNumber', [shown]];
}

/**
 * The findings that start before `offset`. Not a closure over the token in parseArrayRun's loop:
 * V8 would then allocate a context for the token at every turn of it, one per token of the run.
 */
function findingsBefore(findings: readonly Finding[], offset: number): Finding[] {
  return findings.filter((f) => f.span.start < offset);
}
