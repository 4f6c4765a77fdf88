/**
 * The rules of wei7 2.2 §3 for each kind of element, as data: which attributes it may have
 * (and the clause that says so), how each value is checked, and what content it holds.
 */
import { trimXmlSpace, xmlSpaceAround } from '../../parse/xml/tags';
import type { Finding } from '../../model/types';
import { finding } from '../../l10n/catalogue';
import type { XmlAttribute } from '../../parse/xml/parseXml';
import {
  checkShortString,
  closestEnumValue,
  MARK_SYMBOL,
  parseKomi22,
  parseMargin22,
  parsePlainInteger,
} from '../values';

/** What a value check needs to know besides the attribute. */
export interface CheckContext {
  /** The board size, when the document declares a valid one. */
  readonly size: number | undefined;
}

export type AttributeCheck = (attribute: XmlAttribute, context: CheckContext) => Finding | undefined;

export interface AttributeRule {
  readonly clause: string;
  readonly required?: boolean;
  readonly check?: AttributeCheck;
}

export type ContentKind = 'attributesOnly' | 'value' | 'elements';

export interface ElementRule {
  readonly attributes: Readonly<Record<string, AttributeRule>>;
  /** The clause that lists the element's attributes (cited for an unknown one). */
  readonly attributesClause: string;
  readonly content: ContentKind;
  /** The clause that says what the element contains (cited for unknown children and text). */
  readonly contentClause: string;
}

export function enumCheck(clause: string, allowed: readonly string[]): AttributeCheck {
  return (attribute) => {
    if (allowed.includes(attribute.value)) return undefined;
    const list = allowed.join(', ');
    const near = closestEnumValue(attribute.value, allowed);
    return near
      ? finding(attribute.valueSpan, clause, 'xml.enumCase', [attribute.name, attribute.value, list, near])
      : finding(attribute.valueSpan, clause, 'xml.enum', [attribute.name, attribute.value, list]);
  };
}

export function shortStringCheck(clause: string): AttributeCheck {
  return (attribute) => {
    const failure = checkShortString(attribute.value, attribute.name);
    return failure && finding(attribute.valueSpan, clause, failure.id, failure.args);
  };
}

/**
 * x or y: a plain integer, and on the board when the size is known (§3.17.1.2, §3.18). White space
 * around it is allowed, as around a <size>: the §5 schema's type is an xs:int, whose white space
 * XML Schema collapses before the pattern is matched.
 */
export function coordinateCheck(clause: string): AttributeCheck {
  return (attribute, context) => {
    const written = trimXmlSpace(attribute.value);
    const value = parsePlainInteger(written);
    if (value === undefined) return finding(attribute.valueSpan, clause, 'xml.coordinate', [attribute.name, attribute.value]);
    if (context.size !== undefined && value >= context.size) {
      // Over the number without its white space, when the value is written as it reads (no reference like &#32; in it).
      const { start, end } = attribute.valueSpan;
      const { lead, trail } = end - start === attribute.value.length ? xmlSpaceAround(attribute.value) : { lead: 0, trail: 0 };
      const span = { start: start + lead, end: end - trail };
      return finding(span, clause, 'coordinate.range', [attribute.name, written, context.size]);
    }
    return undefined;
  };
}

const komiCheck: AttributeCheck = (attribute) =>
  parseKomi22(attribute.value) === undefined ? finding(attribute.valueSpan, '3.6', 'xml.komi', [attribute.value]) : undefined;

const marginCheck: AttributeCheck = (attribute) =>
  parseMargin22(attribute.value) === undefined ? finding(attribute.valueSpan, '3.9', 'xml.margin', [attribute.value]) : undefined;

const symbolCheck: AttributeCheck = (attribute) =>
  MARK_SYMBOL.test(attribute.value) ? undefined : finding(attribute.valueSpan, '3.18', 'mark.symbol', [attribute.value]);

export const VERSION_VALUES = ['2.0', '2.1', '2.2'] as const;

const versionCheck: AttributeCheck = (attribute) =>
  (VERSION_VALUES as readonly string[]).includes(attribute.value) ? undefined : finding(attribute.valueSpan, '3.2', 'xml.version', [attribute.value]);

export const EVAL_VALUES = ['bad', 'normal', 'good', 'trick'] as const;
export const PROBLEM_VALUES = ['no', 'black', 'white'] as const;
export const MOVE_TYPE_VALUES = ['normal', 'pass'] as const;
export const SPLITTER_VALUES = ['small', 'medium', 'large'] as const;
export const SCORING_VALUES = ['area', 'territory'] as const;
export const RULES_TYPE_VALUES = ['Chinese', 'Japanese', 'Korean'] as const;
export const WINNER_VALUES = ['black', 'white', 'neither'] as const;

/** §3.16: eval, title, comment and problem of pre and of black/white in moves. */
const nodeAttributes: Record<string, AttributeRule> = {
  eval: { clause: '3.16.1', check: enumCheck('3.16.1', EVAL_VALUES) },
  title: { clause: '3.16.2', check: shortStringCheck('3.16.2') },
  comment: { clause: '3.16.3' },
  problem: { clause: '3.16.4', check: enumCheck('3.16.4', PROBLEM_VALUES) },
};

/** §3.8: single-line text of at most 128 characters, each. */
function shortStringAttributes(names: readonly string[]): Record<string, AttributeRule> {
  return Object.fromEntries(names.map((name) => [name, { clause: '3.8', check: shortStringCheck('3.8') }]));
}

export const elementRules = {
  wei7: {
    attributes: { version: { clause: '3.2', required: true, check: versionCheck } },
    attributesClause: '3.2',
    content: 'elements',
    contentClause: '3.3',
  },
  size: { attributes: {}, attributesClause: '3.4', content: 'value', contentClause: '3.4' },
  game: {
    attributes: shortStringAttributes(['domain', 'id', 'name']),
    attributesClause: '3.8',
    content: 'elements',
    contentClause: '3.5',
  },
  rules: {
    attributes: {
      scoring: { clause: '3.6', check: enumCheck('3.6', SCORING_VALUES) },
      komi: { clause: '3.6', check: komiCheck },
      type: { clause: '3.6', check: enumCheck('3.6', RULES_TYPE_VALUES) },
    },
    attributesClause: '3.6',
    content: 'attributesOnly',
    contentClause: '3.6',
  },
  time: { attributes: {}, attributesClause: '3.7', content: 'value', contentClause: '3.7' },
  player: { attributes: shortStringAttributes(['domain', 'id', 'name', 'title', 'rank']), attributesClause: '3.8', content: 'attributesOnly', contentClause: '3.8' },
  result: {
    attributes: {
      winner: { clause: '3.9', required: true, check: enumCheck('3.9', WINNER_VALUES) },
      margin: { clause: '3.9', check: marginCheck },
    },
    attributesClause: '3.9',
    content: 'attributesOnly',
    contentClause: '3.9',
  },
  moves: { attributes: {}, attributesClause: '3.11', content: 'elements', contentClause: '3.14' },
  pre: { attributes: nodeAttributes, attributesClause: '3.16', content: 'elements', contentClause: '3.14' },
  move: {
    attributes: {
      ...nodeAttributes,
      type: { clause: '3.17.1.1', check: enumCheck('3.17.1.1', MOVE_TYPE_VALUES) },
      x: { clause: '3.17.1.2', check: coordinateCheck('3.17.1.2') },
      y: { clause: '3.17.1.2', check: coordinateCheck('3.17.1.2') },
      splitter: { clause: '3.17.1.3', check: enumCheck('3.17.1.3', SPLITTER_VALUES) },
    },
    attributesClause: '3.17.1',
    content: 'attributesOnly',
    contentClause: '3.17.1',
  },
  preStone: {
    attributes: {
      x: { clause: '3.17.2', required: true, check: coordinateCheck('3.17.1.2') },
      y: { clause: '3.17.2', required: true, check: coordinateCheck('3.17.1.2') },
    },
    attributesClause: '3.17.2',
    content: 'attributesOnly',
    contentClause: '3.17.1',
  },
  mark: {
    attributes: {
      x: { clause: '3.18', required: true, check: coordinateCheck('3.18') },
      y: { clause: '3.18', required: true, check: coordinateCheck('3.18') },
      symbol: { clause: '3.18', required: true, check: symbolCheck },
    },
    attributesClause: '3.18',
    content: 'attributesOnly',
    contentClause: '3.18',
  },
} as const satisfies Record<string, ElementRule>;

export type ElementRuleName = keyof typeof elementRules;

/** The elements each container may hold, and which rule applies to each. */
export const childRules: Partial<Record<ElementRuleName, Readonly<Record<string, ElementRuleName>>>> = {
  wei7: { size: 'size', game: 'game', moves: 'moves' },
  game: { rules: 'rules', time: 'time', black: 'player', white: 'player', result: 'result' },
  moves: { moves: 'moves', pre: 'pre', black: 'move', white: 'move', mark: 'mark' },
  pre: { black: 'preStone', white: 'preStone', mark: 'mark' },
};

/**
 * Whether an element named `name` holds elements only (the containers: wei7, game, moves, pre),
 * so white space between its children means nothing (§3.3, §3.14): the parse keeps no text node
 * for it. In a 10k-move game that is 10,000 indentation runs, ~66 bytes each while it is open.
 */
export function holdsOnlyElements(name: string): boolean {
  return Object.hasOwn(childRules, name);
}

/** Whether an element named `name` in a `parent` holds only attributes (a move, a player, a mark: written `<… />`). */
export function holdsOnlyAttributes(parent: string, name: string): boolean {
  const rule = childRuleOf(parent, name);
  return rule !== undefined && elementRules[rule].content === 'attributesOnly';
}

/**
 * Whether a start tag `next`, met inside an `open` element left open in a `parent`, ends `open`
 * there (docs/spec-readings.md, "An element left open"): `open` holds only attributes in
 * `parent`, and `next` is an element `parent` may hold, but for a mark after anything else (it
 * may be meant to mark the open element: it is read inside, and its own error says so). That is
 * a `/` forgotten in `<white x="3" y="4">`: one slip then gives one error, not one for every
 * element after it, and the game after it (its variations too) is still read. Only the three
 * names count, so an edit's re-read decides as the whole parse did.
 */
export function endsBeforeSibling(parent: string, open: string, next: string): boolean {
  const nextRule = childRuleOf(parent, next);
  if (nextRule === undefined || !holdsOnlyAttributes(parent, open)) return false;
  return nextRule !== 'mark' || childRuleOf(parent, open) === 'mark';
}

/** The rule of an element named `child` in one named `parent`; undefined when `parent` may not hold it (the containers' tables). */
function childRuleOf(parent: string, child: string): ElementRuleName | undefined {
  const children = Object.hasOwn(childRules, parent) ? childRules[parent as ElementRuleName] : undefined;
  return children && Object.hasOwn(children, child) ? children[child] : undefined;
}

/** Whether an element named `parent` may hold one named `child`. */
export function mayHold(parent: string, child: string): boolean {
  return childRuleOf(parent, child) !== undefined;
}

/**
 * Whether an element named `child`, read in an element named `from`, belongs in one named `into`:
 * `into` may hold it and `from` may not. A `<moves>` read in a `<game>` whose `</game>` was
 * forgotten belongs in `<wei7>`; a move read in `<wei7>` after a `</moves>` typed too early belongs
 * in that `<moves>` (xmlRun.ts endBeforeOuterChild, reopenClosedEarly).
 */
export function belongsIn(child: string, from: string, into: string): boolean {
  return mayHold(into, child) && !mayHold(from, child);
}
