/**
 * The one document model of wei7, shared by both formats.
 *
 * Parsers (parse/xml, parse/json) build it; validation rules, the Go engine and the editor
 * features read only this model and never ask which format a document came from. Every piece
 * keeps the exact source span of the token it came from, as UTF-16 offsets into the text
 * (LSP positions are computed from them at the edge, see model/lineIndex.ts).
 */

/** A half-open range of UTF-16 offsets into the document text: [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A value read from the document, with the span of the token it came from. */
export interface Located<T> {
  readonly value: T;
  readonly span: Span;
}

export type Format = 'xml' | 'json';
export type Color = 'black' | 'white';
export type Evaluation = 'bad' | 'good' | 'trick' | 'controversial';
export type Scoring = 'area' | 'territory';
export type RulesType = 'Chinese' | 'Japanese' | 'Korean';
export type Splitter = 'small' | 'medium' | 'large';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A board point as written in the document. */
export interface LocatedPoint extends Point {
  readonly span: Span;
}

export interface BoardSize {
  readonly width: number;
  readonly height: number;
  /** The size token; undefined when the size is the format's default (3.0: 19). */
  readonly span?: Span;
}

/** A mark drawn on the board with a node (2.2 §3.18, 3.0 §3.12). */
export interface Mark {
  readonly point: LocatedPoint;
  readonly symbol: Located<string>;
  readonly span: Span;
}

/** A stone of a pre/setup position (2.2 pre's black/white, 3.0 §3.16.2.1). */
export interface Stone {
  readonly color: Color;
  readonly point: LocatedPoint;
  readonly span: Span;
}

export interface Participant {
  readonly index: number;
  readonly span: Span;
  readonly domain?: Located<string>;
  readonly id?: Located<string>;
  readonly name?: Located<string>;
  readonly title?: Located<string>;
  readonly rank?: Located<string>;
}

export interface Player {
  readonly span: Span;
  /** Index into GameInfo.participants. */
  readonly participant?: Located<number>;
  readonly color?: Located<Color>;
}

export interface GameResult {
  readonly span: Span;
  /** null: a draw (3.0) or winner="neither" (2.2). undefined: not given (an error elsewhere). */
  readonly winner?: Located<Color | null>;
  /** Undefined: won by resignation (中盘胜). */
  readonly margin?: Located<number>;
}

export interface Rules {
  readonly span: Span;
  readonly scoring?: Located<Scoring>;
  readonly komi?: Located<number>;
  readonly type?: Located<RulesType>;
}

/**
 * Game information (2.2 `game`, 3.0 `info`). 2.2's `game/black` and `game/white` become
 * participants 0 and 1 with players of colour black and white, so features read one shape.
 */
export interface GameInfo {
  readonly span?: Span;
  readonly domain?: Located<string>;
  readonly id?: Located<string>;
  readonly name?: Located<string>;
  readonly place?: Located<string>;
  /** The time as written (2.2 xs:dateTime, 3.0 §3.10.2 form). */
  readonly time?: Located<string>;
  readonly rules?: Rules;
  readonly participants: readonly Participant[];
  readonly players: readonly Player[];
  readonly result?: GameResult;
}

/**
 * A line of play as written: 2.2 `moves`, 3.0 `tree` (and each of its branches).
 * Lines give the structure (outline, chapters, folding); PlayNode.parent/children give the
 * game tree that replay walks.
 */
export interface Line {
  readonly span: Span;
  /** The element name (`moves`) or the key/brace that opens the tree object. */
  readonly keySpan: Span;
  /** 3.0 tree title; for 2.2, the title of the line's first node (§3.16.2: chapter title). */
  readonly title?: Located<string>;
  /** The play nodes directly in this line, in file order. */
  readonly nodes: PlayNode[];
  /** The lines nested in this one (2.2 nested moves, 3.0 branches), in file order. */
  readonly lines: Line[];
  readonly parentLine?: Line;
}

export type NodeKind = 'pre' | 'move' | 'takeback' | 'result' | 'mark' | 'message' | 'unknown';

/** What every node of play has. */
interface NodeBase {
  /** Index in Wei7Document.nodes (file order). */
  readonly index: number;
  readonly kind: NodeKind;
  /** The whole element / step object. */
  readonly span: Span;
  /** Where node-level diagnostics point: the element name, or the step's action type. */
  readonly keySpan: Span;
  readonly line: Line;
  /** The node before this one on its path of play; undefined when it starts from the empty board. */
  parent?: PlayNode;
  /** The nodes that follow this one; children[0] continues the main line, the rest are variations. */
  readonly children: readonly PlayNode[];
  readonly comment?: Located<string>;
  readonly title?: Located<string>;
  readonly marks: readonly Mark[];
  readonly problem?: Located<Color>;
  readonly evaluation?: Located<Evaluation>;
  /** 3.0 step time (seconds from the start of the game) and actor (participant index). */
  readonly time?: Located<number>;
  readonly actor?: Located<number>;
}

/** A pre/setup position (2.2 `pre`, 3.0 `tree.pre`): a node of play, "move 0". */
export interface PreNode extends NodeBase {
  readonly kind: 'pre';
  readonly stones: readonly Stone[];
}

/** A move or a pass (2.2 `black`/`white` in moves, 3.0 action "move"). */
export interface MoveNode extends NodeBase {
  readonly kind: 'move';
  /** Undefined when the document does not say (an error reported elsewhere). */
  readonly color?: Located<Color>;
  /** null: a pass. undefined: not readable (an error reported elsewhere). */
  readonly point: LocatedPoint | null | undefined;
  readonly splitter?: Located<Splitter>;
}

/** 3.0 action "takeback": undo the last `count` moves along the path. */
export interface TakebackNode extends NodeBase {
  readonly kind: 'takeback';
  readonly count?: Located<number>;
}

/** 3.0 action "result": a claimed result. */
export interface ResultNode extends NodeBase {
  readonly kind: 'result';
  readonly result?: GameResult;
}

/** 3.0 action "mark": one transient mark. */
export interface MarkStepNode extends NodeBase {
  readonly kind: 'mark';
  readonly mark?: Mark;
}

/** 3.0 action "message". */
export interface MessageNode extends NodeBase {
  readonly kind: 'message';
  readonly text?: Located<string>;
}

/** A step whose action could not be read (an error reported elsewhere); it changes nothing. */
export interface UnknownNode extends NodeBase {
  readonly kind: 'unknown';
}

export type PlayNode = PreNode | MoveNode | TakebackNode | ResultNode | MarkStepNode | MessageNode | UnknownNode;

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A message as data: an id from the message catalogue and its arguments; localized at the edge. */
export interface Message {
  readonly id: string;
  readonly args?: readonly (string | number)[];
}

/** A problem found in a document: what a diagnostic is before it meets LSP. */
export interface Finding {
  readonly span: Span;
  readonly severity: Severity;
  /** The spec clause broken, as printed (`"3.10.1"`), or a rules id for rules warnings. */
  readonly clause: string;
  readonly message: Message;
}

/** The spec a document is checked against: 2.0/2.1/2.2 documents by 2.2 (§10.1), JSON by 3.0. */
export type SpecId = '2.2' | '3.0';

export interface Wei7Document {
  readonly format: Format;
  readonly spec: SpecId;
  /** The version as written (`"2.0"`, `"2.1"`, `"2.2"`, `"3.0"`), if readable. */
  readonly version?: Located<string>;
  /** The board size; undefined when it could not be read (2.2 without a valid size). */
  readonly size?: BoardSize;
  readonly info: GameInfo;
  /** The outermost line (2.2 root `moves`, 3.0 root `tree`). */
  readonly rootLine?: Line;
  /** Every node of play in file order. */
  readonly nodes: readonly PlayNode[];
  /** The nodes that start from the empty board (the children of the game's virtual root). */
  readonly roots: readonly PlayNode[];
}
