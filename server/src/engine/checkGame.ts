/**
 * The game-level checks: one walk of the whole game tree (walkGame), every path once, with
 * findings at exact ranges.
 *
 * Spec findings cite the clause (spec-notes, "Diagnostic codes"):
 * - a move onto an occupied point: 3.0 error 3.17 (the tree must be a game of Go, §9.16.7.1);
 *   2.x warning 9.6 (a 步 is a move of Go; nothing in 2.2 forbids it in so many words);
 * - pre stones in a block without liberties, two pre stones on one point: 3.0 error 3.16.2.5,
 *   2.x warning 3.14 (a pre places stones to form a position);
 * - a pre with stones after a move or another stone-bearing pre along its path: 2.2 3.15,
 *   3.0 3.16.2.6 (errors: both texts say it cannot be);
 * - a takeback of more moves than its path has: 3.0 error 3.16.3.2.2.
 * Rules warnings (never errors, 3.0 §4.3) carry `rules.<rule set>.<article>`; the hint about a
 * colour moving twice carries `play.sameColor`; an unsimulated board `engine.size`.
 */
import type { Finding, PlayNode, RulesType, Span, Stone, Wei7Document } from '../model/types';
import { finding, type MessageId } from '../l10n/catalogue';
import { BLACK, Board, type BoardSnapshot } from './board';
import { PositionCounts } from './positionCounts';
import { identityIndex, SAME_NODES } from '../model/tree';
import {
  createReplay,
  type GameReplay,
  type MoveEntry,
  newWalkRecord,
  type PreEntry,
  recordingVisitor,
  restoreEntry,
  simulationStatus,
  type StackEntry,
  type Step,
  walkSubtrees,
} from './replay';

export type RulesOption = 'fromFile' | 'none' | 'chinese' | 'japanese' | 'korean';

export interface GameCheckOptions {
  /** Which rules add warnings: the file's rules type, none, or a rule set chosen by the user (`wei7.rules`). */
  readonly rules: RulesOption;
  /** Whether to hint when one colour moves twice in a row. */
  readonly sameColorHint: boolean;
}

type RuleSet = 'chinese' | 'japanese' | 'korean';

/** What each rule set forbids, and the article that says so (seed 002, the rules texts). */
interface RuleSetChecks {
  readonly suicide: { readonly clause: string; readonly message: MessageId };
  /** Retaking a ko at once (Japanese 1989 第6条, Korean 1992 第9条). */
  readonly ko?: { readonly clause: string; readonly message: MessageId };
  /** Repeating a whole-board position (Chinese 2002 第6条), checked as positional superko. */
  readonly repetition?: { readonly clause: string; readonly message: MessageId };
}

const RULE_SETS: Readonly<Record<RuleSet, RuleSetChecks>> = {
  chinese: {
    suicide: { clause: 'rules.chinese.5', message: 'engine.rules.chinese.suicide' },
    repetition: { clause: 'rules.chinese.6', message: 'engine.rules.chinese.repetition' },
  },
  japanese: {
    suicide: { clause: 'rules.japanese.4', message: 'engine.rules.japanese.suicide' },
    ko: { clause: 'rules.japanese.6', message: 'engine.rules.japanese.ko' },
  },
  korean: {
    suicide: { clause: 'rules.korean.8', message: 'engine.rules.korean.suicide' },
    ko: { clause: 'rules.korean.9', message: 'engine.rules.korean.ko' },
  },
};

const RULE_SET_OF_TYPE: Readonly<Record<RulesType, RuleSet>> = {
  Chinese: 'chinese',
  Japanese: 'japanese',
  Korean: 'korean',
};

export function checkGame(doc: Wei7Document, options: GameCheckOptions): Finding[] {
  return checkAndReplayGame(doc, options).findings;
}

/** The game checks of one version, kept so that the next version re-checks only the paths an edit changed. */
export interface GameCheckResult {
  /** Every finding: the document's, then each node's in file order. */
  readonly findings: Finding[];
  readonly replay: GameReplay;
  /** The findings of each node, by node index (undefined: none). */
  readonly nodeFindings: readonly (readonly Finding[] | undefined)[];
  /** What the checks of every path depend on besides the path itself; when it changes, every path is checked again. */
  readonly settingsKey: string;
  /** Whether a node sets a problem colour (isProblemOrTutorial), kept so an edit that changes no problem need not look at every node. */
  readonly problemOrTutorial: boolean;
  /** How many of `findings` are the document's (they come first; the nodes' follow). */
  readonly documentFindingCount: number;
}

/** How a new version's game relates to the previous one's (made by the model builder, which knows which nodes it kept). */
export interface GameChanges {
  readonly previous: GameCheckResult;
  /**
   * For each node of the new version (by index), its index in the previous version if it is the
   * very same node object there, with the same content and the same parent; else -1. Such a node
   * lies on the same path as before, so its findings and replay state still hold if its
   * ancestors' do too.
   */
  readonly previousIndex: Int32Array | typeof SAME_NODES;
  /** True when no node gained or lost a problem colour (a model updated in place knows); else every node is looked at. */
  readonly problemsAsBefore?: boolean;
  /**
   * Called before the checks read the nodes, when they do (a 3.0 model whose nodes still owe an
   * edit's move writes it then: model/shift.ts PendingNodeMove); not called when the previous
   * checks stand as they are.
   */
  readonly beforeWalk?: () => void;
}

/**
 * The game checks and the replay of the game from one walk: the walk that checks also records
 * what the replay answers from (positions, move numbers), so the editor's first cursor request
 * after an edit does not walk the game again. With `changes`, only the subtrees under nodes that
 * changed are walked (the path to each is restored from the previous replay); every other node
 * keeps its previous findings and replay state.
 */
export function checkAndReplayGame(doc: Wei7Document, options: GameCheckOptions, changes?: GameChanges): GameCheckResult {
  const documentFindings: Finding[] = [];
  const status = simulationStatus(doc);
  if (status === 'sizeTooLarge' && doc.size) {
    const span = doc.size.span ?? doc.rootLine?.keySpan ?? { start: 0, end: 0 };
    documentFindings.push(finding(span, 'engine.size', 'engine.notSimulated', [doc.size.width, doc.size.height], 'information'));
  }
  const simulated = status === 'simulated';
  const problemOrTutorial = changes?.problemsAsBefore ? changes.previous.problemOrTutorial : isProblemOrTutorial(doc);
  const settings: CheckerSettings = {
    rules: simulated ? rulesFor(doc, options.rules) : undefined,
    sameColorHint: options.sameColorHint && !problemOrTutorial,
  };
  const settingsKey = [doc.spec, status, doc.size?.width, doc.size?.height, settings.rules?.suicide.clause ?? '', settings.sameColorHint].join('|');
  const reusable = changes && changes.previous.settingsKey === settingsKey ? changes : undefined;
  // The same document with every node where it was and playing the same (an edit of a comment
  // updates the model in place): the previous checks and replay stand as they are.
  if (reusable && reusable.previous.nodeFindings.length === doc.nodes.length && isIdentity(reusable.previousIndex)) {
    const previous = reusable.previous;
    if (previous.replay.doc === doc) return previous;
    // The same nodes under a header read again (3.0's info edited) that the checks see the same
    // (settingsKey): the nodes' findings and the replay stand; the document's own are made anew.
    const findings = [...documentFindings];
    for (let i = previous.documentFindingCount; i < previous.findings.length; i++) findings.push(previous.findings[i]);
    return { ...previous, findings, replay: createReplay(doc, previous.replay.walkRecord), documentFindingCount: documentFindings.length };
  }
  changes?.beforeWalk?.();
  const nodeFindings: (Finding[] | undefined)[] = new Array(doc.nodes.length);
  const record = newWalkRecord(doc);
  const { after, checkpoints } = record;
  const dirtyRoots = reusable ? reuseUnchanged(doc, reusable, nodeFindings, after) : doc.roots;
  const board = simulated && doc.size ? new Board(doc.size.width, doc.size.height) : undefined;
  for (const root of dirtyRoots) {
    const parentEntry = root.parent ? after[root.parent.index] : undefined;
    if (board) restoreEntry(board, parentEntry, reusable ? reusable.previous.replay.walkRecord.checkpoints : checkpoints);
    const checker = new GameChecker(doc, nodeFindings, settings, root.parent, parentEntry);
    const recorder = recordingVisitor(record, board);
    // Each root gets a checker of its own and a board restored for it: the walk leaves its last path as it is.
    walkSubtrees([root], parentEntry, board, {
      enter(step) {
        // A node walked again reports afresh (reuseUnchanged may have copied its old findings).
        if (reusable) nodeFindings[step.node.index] = undefined;
        checker.enter(step);
        recorder.enter(step);
      },
      leave(step) {
        checker.leave(step);
      },
    });
  }
  if (reusable) keepCheckpoints(doc, reusable.previous.replay.walkRecord.checkpoints, after, checkpoints);
  const findings = [...documentFindings];
  // An indexed loop: the array has a slot per node, mostly empty, and for-of is slow over holes.
  for (let i = 0; i < nodeFindings.length; i++) {
    const own = nodeFindings[i];
    if (own) for (const f of own) findings.push(f);
  }
  return { findings, replay: createReplay(doc, record), nodeFindings, settingsKey, problemOrTutorial, documentFindingCount: documentFindings.length };
}

/**
 * Walks the unchanged top of the game tree (no board work): each unchanged node keeps its
 * previous findings and replay state. Returns the changed nodes under unchanged parents, whose
 * subtrees must be walked again (the walk overwrites what is copied here for the nodes in them).
 */
function reuseUnchanged(
  doc: Wei7Document,
  changes: GameChanges,
  nodeFindings: (readonly Finding[] | undefined)[],
  after: (StackEntry | undefined)[],
): PlayNode[] {
  const previous = changes.previous;
  const previousAfter = previous.replay.walkRecord.after;
  const previousIndex = indexArray(changes.previousIndex, doc.nodes.length);
  const changed = onlyChangedNode(doc, previousIndex, previous.nodeFindings.length);
  if (changed) {
    // Every node but one where it was (a move's point or colour edited): copied by index, without
    // walking the nodes (a walk down a 10k-move line to an edit near its end misses the cache at
    // every node).
    for (let i = 0; i < after.length; i++) {
      after[i] = previousAfter[i];
      nodeFindings[i] = previous.nodeFindings[i];
    }
    return [changed];
  }
  const dirtyRoots: PlayNode[] = [];
  const pending: PlayNode[] = [];
  for (let i = doc.roots.length - 1; i >= 0; i--) pending.push(doc.roots[i]);
  while (pending.length > 0) {
    const node = pending.pop() as PlayNode;
    const before = previousIndex[node.index];
    if (before < 0) {
      dirtyRoots.push(node);
      continue;
    }
    after[node.index] = previousAfter[before];
    nodeFindings[node.index] = previous.nodeFindings[before];
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
  return dirtyRoots;
}

/** The one node that is new or changed when every other node keeps its index, else undefined. */
function onlyChangedNode(doc: Wei7Document, previousIndex: Int32Array, previousCount: number): PlayNode | undefined {
  if (previousIndex.length !== previousCount) return undefined;
  let changed = -1;
  for (let i = 0; i < previousIndex.length; i++) {
    const before = previousIndex[i];
    if (before === i) continue;
    if (before !== -1 || changed >= 0) return undefined;
    changed = i;
  }
  return changed >= 0 ? doc.nodes[changed] : undefined;
}

/**
 * After the walks: a checkpoint stays with its entry when the entry's own node kept it (that node
 * still holds the entry). Looked up from the few checkpoints rather than from every kept node's entry.
 */
function keepCheckpoints(doc: Wei7Document, previousCheckpoints: ReadonlyMap<StackEntry, BoardSnapshot>, after: readonly (StackEntry | undefined)[], checkpoints: Map<StackEntry, BoardSnapshot>): void {
  for (const [entry, snapshot] of previousCheckpoints) {
    const node = entry.node;
    if (after[node.index] === entry && doc.nodes[node.index] === node) checkpoints.set(entry, snapshot);
  }
}

/** previousIndex as an array (SAME_NODES: the identity of `count` nodes). */
function indexArray(previousIndex: Int32Array | typeof SAME_NODES, count: number): Int32Array {
  return previousIndex === SAME_NODES ? identityIndex(count) : previousIndex;
}

function isIdentity(previousIndex: Int32Array | typeof SAME_NODES): boolean {
  if (previousIndex === SAME_NODES) return true;
  for (let i = 0; i < previousIndex.length; i++) if (previousIndex[i] !== i) return false;
  return true;
}

function rulesFor(doc: Wei7Document, option: RulesOption): RuleSetChecks | undefined {
  if (option === 'none') return undefined;
  if (option !== 'fromFile') return RULE_SETS[option];
  const type = doc.info.rules?.type?.value;
  return type ? RULE_SETS[RULE_SET_OF_TYPE[type]] : undefined;
}

/** Problems and tutorials show positions, not games: a colour may well move twice there. */
function isProblemOrTutorial(doc: Wei7Document): boolean {
  return doc.nodes.some((node) => node.problem !== undefined);
}

interface CheckerSettings {
  readonly rules: RuleSetChecks | undefined;
  readonly sameColorHint: boolean;
}

/** The walk's visitor: path state kept with undo, findings pushed as nodes are entered. */
class GameChecker {
  private readonly is30: boolean;
  /** Move nodes (passes included) entered since the walk's start and not yet left. */
  private movesSinceStart = 0;
  /** Pre nodes with stones entered since the walk's start and not yet left. */
  private stonePresSinceStart = 0;
  /**
   * The same counts for the path down to the walk's start, counted when a pre with stones first
   * needs them: most games have no pre below the root, and the path above an edit in the middle
   * of a long game is thousands of nodes.
   */
  private pathAbove: { readonly moves: number; readonly stonePres: number } | undefined;
  /**
   * The positions of the current path (empty board, then after each entry on the stack), counted;
   * only a rule set with a repetition rule asks, so without one they are not kept.
   */
  private readonly positions: PositionCounts | undefined;

  /** The node being entered: its findings go to its own list. */
  private current: PlayNode | undefined;

  /**
   * Moves on the path that placed no stone though they name a point (one unread, or off the board:
   * reported by the checks): how many the walk added (less those its takebacks removed), and how
   * many lie below its start (counted when first asked). While one is on the path, the position is
   * not the game's, and nothing that depends on it is reported (a stone it should have placed
   * would have captured: later moves "onto occupied points" and "suicides" only echo it).
   */
  private unplayedSinceStart = 0;
  private unplayedBelowStart: number | undefined;

  /** Starts after `parent` (undefined: at the empty board), whose state on its path is `parentEntry`. */
  constructor(
    private readonly doc: Wei7Document,
    private readonly nodeFindings: (Finding[] | undefined)[],
    private readonly settings: CheckerSettings,
    private readonly parent: PlayNode | undefined,
    private readonly parentEntry: StackEntry | undefined,
  ) {
    this.is30 = doc.spec === '3.0';
    if (settings.rules?.repetition) {
      // Room for the path's positions (about one per move) and one for each node written after the
      // parent (the walk's subtree lies there, but for 2.x variations written just before it), so
      // that the table does not grow during the walk (an edit early in a 10k game grew it five
      // times); at most one per node. A walk from the empty board is of a whole root: every node.
      const after = parent ? doc.nodes.length - parent.index : doc.nodes.length;
      const expected = parentEntry ? Math.min(doc.nodes.length, parentEntry.moveCount + 1 + after) : doc.nodes.length;
      const positions = new PositionCounts(expected + 1);
      positions.addHalves(0, 0, +1); // the empty board: Zobrist hash 0
      // The path down to the parent, as the walk would have left it.
      for (let entry = parentEntry; entry; entry = entry.below) positions.addHalves(entry.hashHigh, entry.hashLow, +1);
      this.positions = positions;
    }
  }

  enter(step: Step): void {
    const node = step.node;
    this.current = node;
    if (node.kind === 'pre') {
      this.checkPrePath(step.pushed as PreEntry);
      this.checkPreStones(step.pushed as PreEntry);
      if (node.stones.length > 0) this.stonePresSinceStart++;
    } else if (node.kind === 'move') {
      this.movesSinceStart++;
      // Counted in before the checks: the same look-up gives the count before, which the repetition check reads.
      const entry = step.pushed as MoveEntry;
      this.checkMove(entry, step, this.countPosition(entry, +1));
    } else if (node.kind === 'takeback') {
      if (step.missingMoves > 0) this.reportTakeback(step);
      for (let i = 0; i < step.takenBack.length; i++) this.countPosition(step.takenBack[i], -1);
    }
    if (step.pushed && node.kind !== 'move') this.countPosition(step.pushed, +1);
    this.unplayedSinceStart += unplayedChange(step);
  }

  leave(step: Step): void {
    const node = step.node;
    if (step.pushed) this.countPosition(step.pushed, -1);
    if (node.kind === 'pre' && node.stones.length > 0) this.stonePresSinceStart--;
    else if (node.kind === 'move') this.movesSinceStart--;
    else if (node.kind === 'takeback') for (let i = 0; i < step.takenBack.length; i++) this.countPosition(step.takenBack[i], +1);
    this.unplayedSinceStart -= unplayedChange(step);
  }

  /** Whether the path holds no move that named a point and placed no stone (see unplayedSinceStart). */
  private positionIsTheGames(): boolean {
    if (this.unplayedBelowStart === undefined) {
      let below = 0;
      for (let entry = this.parentEntry; entry; entry = entry.below) if (isUnplayed(entry)) below++;
      this.unplayedBelowStart = below;
    }
    return this.unplayedBelowStart + this.unplayedSinceStart === 0;
  }

  /** 2.2 §3.15, 3.0 §3.16.2.6: a pre with stones starts from the empty board. */
  private checkPrePath(entry: PreEntry): void {
    if (entry.node.stones.length === 0) return;
    const clause = this.is30 ? '3.16.2.6' : '3.15';
    const above = (this.pathAbove ??= countPath(this.parent));
    if (above.moves + this.movesSinceStart > 0) this.report(entry.node.keySpan, clause, 'engine.preAfterMove');
    else if (above.stonePres + this.stonePresSinceStart > 0) this.report(entry.node.keySpan, clause, 'engine.preAfterPre');
  }

  /** 3.0 §3.16.2.5 (2.x: §3.14 as a warning): no two stones on a point, no block without liberties. */
  private checkPreStones(entry: PreEntry): void {
    const clause = this.is30 ? '3.16.2.5' : '3.14';
    const severity = this.is30 ? 'error' : 'warning';
    for (const { stone, earlier } of entry.skipped) {
      if (earlier) this.report(stone.span, clause, 'engine.preDuplicate', [formatPoint(stone)], severity);
    }
    if (entry.deadBlocks.length === 0) return;
    const width = this.doc.size?.width ?? 1;
    const blockSize = new Map<number, number>();
    for (const block of entry.deadBlocks) for (const p of block) blockSize.set(p, block.length);
    for (const stone of entry.placed) {
      const size = blockSize.get(stone.point.y * width + stone.point.x);
      if (size !== undefined) this.report(stone.span, clause, 'engine.preDeadBlock', [size], severity);
    }
  }

  /** `seenBefore`: how many times the path held the position after `entry` before it. */
  private checkMove(entry: MoveEntry, step: Step, seenBefore: number): void {
    const node = entry.node;
    // A move that places no stone has no occupied point nor rules to break; after one, the position is not the game's.
    if ((entry.play === undefined && !entry.occupied) || !this.positionIsTheGames()) {
      this.checkSameColor(entry, step.before);
      return;
    }
    if (entry.occupied && node.point) {
      if (this.is30) this.report(node.point.span, '3.17', 'engine.occupied', [formatPoint(node)]);
      else this.report(node.point.span, '9.6', 'engine.occupied22', [formatPoint(node)], 'warning');
    }
    this.checkRules(entry, step.before, seenBefore);
    this.checkSameColor(entry, step.before);
  }

  /** At most one rules warning per move: suicide first, then ko or repetition. */
  private checkRules(entry: MoveEntry, before: Step['before'], seenBefore: number): void {
    const rules = this.settings.rules;
    const play = entry.play;
    if (!rules || !play) return;
    const broken =
      play.suicided.length > 0 ? rules.suicide
      : rules.ko && before?.kind === 'move' && isKoRecapture(entry, before) ? rules.ko
      : rules.repetition && seenBefore > 0 ? rules.repetition
      : undefined;
    // The point's span is made when read (a 2.x move's): only for a move that breaks a rule.
    const span = broken && entry.node.point?.span;
    if (broken && span) this.report(span, broken.clause, broken.message, [], 'warning');
  }

  /** A hint when the previous move of the path (no pre between) has the same colour. */
  private checkSameColor(entry: MoveEntry, before: Step['before']): void {
    // The entries' colours first: the node's colour with its span is made when read (a 2.x move's).
    if (!this.settings.sameColorHint || entry.color === undefined || before?.kind !== 'move' || before.color !== entry.color) return;
    const color = entry.node.color;
    if (!color) return;
    const message = entry.color === BLACK ? 'engine.sameColor.black' : 'engine.sameColor.white';
    this.report(color.span, 'play.sameColor', message, [], 'information');
  }

  private reportTakeback(step: Step): void {
    if (step.node.kind !== 'takeback') return;
    const count = step.node.count;
    const played = step.before?.moveCount ?? 0;
    const span = count?.span ?? step.node.keySpan;
    this.report(span, '3.16.3.2.2', 'engine.takebackTooMany', [count?.value ?? 0, played]);
  }

  /** Counts the position after `entry` in or out of the path's positions; returns its count before (0 when positions are not counted). */
  private countPosition(entry: StackEntry, delta: number): number {
    return this.positions ? this.positions.addHalves(entry.hashHigh, entry.hashLow, delta) : 0;
  }

  private report(
    span: Span,
    clause: string,
    message: MessageId,
    args: (string | number)[] = [],
    severity: Finding['severity'] = 'error',
  ): void {
    const node = this.current as PlayNode; // reports happen while a node is entered
    (this.nodeFindings[node.index] ??= []).push(finding(span, clause, message, args, severity));
  }
}

/** A move that names a point (not a pass) and placed no stone on it: its point or colour unread, or off the board. */
function isUnplayed(entry: StackEntry): boolean {
  // The node's point last: it is made when read (a 2.x move's), and nearly every move played.
  return entry.kind === 'move' && entry.play === undefined && !entry.occupied && entry.node.point !== null;
}

/** How a step changes the number of unplayed moves on the path (isUnplayed). */
function unplayedChange(step: Step): number {
  let change = step.pushed && isUnplayed(step.pushed) ? 1 : 0;
  // Indexed: a for-of here made an iterator at every node of every walk.
  const takenBack = step.takenBack;
  for (let i = 0; i < takenBack.length; i++) if (isUnplayed(takenBack[i])) change--;
  return change;
}

/** Move nodes (passes included) and pre nodes with stones on the path from the root down to `node`. */
function countPath(node: PlayNode | undefined): { moves: number; stonePres: number } {
  let moves = 0;
  let stonePres = 0;
  for (let n = node; n; n = n.parent) {
    if (n.kind === 'move') moves++;
    else if (n.kind === 'pre' && n.stones.length > 0) stonePres++;
  }
  return { moves, stonePres };
}

/**
 * An immediate ko recapture: the previous move took exactly one stone, on the point played now,
 * and this move takes back exactly the stone that did it.
 */
function isKoRecapture(entry: MoveEntry, previous: MoveEntry): boolean {
  const play = entry.play;
  const last = previous.play;
  return (
    play !== undefined && last !== undefined &&
    last.captured.length === 1 && last.captured[0] === play.point &&
    play.captured.length === 1 && play.captured[0] === last.point
  );
}

export function formatPoint(item: Stone | { readonly point?: { readonly x: number; readonly y: number } | null }): string {
  const p = item.point;
  return p ? `(${p.x}, ${p.y})` : '';
}
