/**
 * The part of @sabaki/sgf 3.4.7 (plain JavaScript, no types of its own) that the converters use.
 * Written from its source: src/tokenize.js, src/parse.js, src/stringify.js, src/helper.js.
 */
declare module '@sabaki/sgf' {
  export type SgfTokenType = 'parenthesis' | 'semicolon' | 'prop_ident' | 'c_value_type' | 'invalid';

  export interface SgfToken {
    readonly type: SgfTokenType;
    /** The token's text; a value keeps its brackets and escapes ("[a\\]b]"). */
    readonly value: string;
    /** 0-based line. */
    readonly row: number;
    /** 0-based column in UTF-16 code units. */
    readonly col: number;
    /** 0-based offset in the text. */
    readonly pos: number;
    readonly progress: number;
  }

  /** A parsed node: property identifiers (upper-case only; FF3 "CoPyright" becomes "CP") → their unescaped values. */
  export interface SgfNode {
    readonly id: number | null;
    readonly data: Record<string, string[]>;
    readonly parentId: number | null;
    readonly children: SgfNode[];
  }

  export interface ParseOptions {
    /** Called once per node, in the order the nodes start in the text. */
    getId?: () => number;
  }

  /** What stringify takes: any object with data and children. */
  export interface SgfNodeToWrite {
    readonly data: Readonly<Record<string, readonly string[]>>;
    readonly children: readonly SgfNodeToWrite[];
  }

  export interface StringifyOptions {
    linebreak?: string;
    indent?: string;
    level?: number;
  }

  export function tokenize(contents: string): SgfToken[];
  /** The game trees of a collection. Throws an Error naming line:column for an invalid token. */
  export function parseTokens(tokens: Iterable<SgfToken>, options?: ParseOptions): SgfNode[];
  export function parse(contents: string, options?: ParseOptions): SgfNode[];
  export function stringify(nodes: SgfNodeToWrite | readonly SgfNodeToWrite[], options?: StringifyOptions): string;

  export function escapeString(input: string): string;
  export function unescapeString(input: string): string;
  /** "pd" → [15, 3]; [-1, -1] when it is not two letters. */
  export function parseVertex(input: string): [number, number];
  /** [15, 3] → "pd"; "" off the 52×52 alphabet. */
  export function stringifyVertex(vertex: readonly [number, number]): string;
  /** "pd" or a rectangle "aa:cc" → its points. */
  export function parseCompressedVertices(input: string): [number, number][];
}
