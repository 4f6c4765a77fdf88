/**
 * The shapes and enumerations of wei7 3.0 §3 as data: read by the validators (what an object may
 * and must hold, which values an enumeration allows) and by completions (what to offer).
 */
/** The properties an object may have (in the spec's order), those it must have, and the clause saying so. */
export interface ObjectShape {
  readonly properties: readonly string[];
  readonly required: readonly string[];
  readonly clause: string;
}

/** Every object of wei7 3.0 §3: its properties (in the spec's order), the required ones, and the clause that lists them. */
export const SHAPES = {
  root: { properties: ['format', 'version', 'size', 'info', 'tree'], required: ['format', 'version', 'tree'], clause: '3.2' },
  size: { properties: ['width', 'height'], required: ['width', 'height'], clause: '3.9' },
  info: {
    properties: ['domain', 'id', 'name', 'rules', 'time', 'place', 'participants', 'players', 'result'],
    required: [],
    clause: '3.10',
  },
  rules: { properties: ['scoring', 'komi', 'type'], required: [], clause: '3.10.1' },
  participant: { properties: ['domain', 'id', 'name', 'title', 'rank'], required: [], clause: '3.10.4' },
  player: { properties: ['participant', 'color'], required: ['participant'], clause: '3.10.7' },
  result: { properties: ['winner', 'margin'], required: ['winner'], clause: '3.8' },
  tree: { properties: ['title', 'pre', 'steps', 'branches'], required: [], clause: '3.16' },
  pre: { properties: ['stones', 'problem', 'marks', 'comment'], required: [], clause: '3.16.2' },
  stone: { properties: ['color', 'point'], required: ['color', 'point'], clause: '3.16.2.1' },
  step: { properties: ['time', 'action', 'actor', 'marks', 'comment'], required: ['action'], clause: '3.16.3' },
  action: { properties: ['type', 'value'], required: ['type'], clause: '3.16.3.2' },
  moveValue: { properties: ['color', 'point', 'evaluation', 'problem'], required: ['color', 'point'], clause: '3.16.3.2.1' },
  point: { properties: ['x', 'y'], required: ['x', 'y'], clause: '3.6' },
  mark: { properties: ['point', 'symbol'], required: ['point', 'symbol'], clause: '3.12' },
  problem: { properties: ['color'], required: ['color'], clause: '3.15' },
} as const satisfies Record<string, ObjectShape>;

export type ObjectKind = keyof typeof SHAPES;

/** §3.2. */
export const FORMAT_VALUES = ['wei7'] as const;
export const VERSION_VALUES_30 = ['3.0'] as const;

/** §3.10.1. */
export const SCORINGS = ['area', 'territory'] as const;
export const RULES_TYPES = ['Chinese', 'Japanese', 'Korean'] as const;

/** §3.16.3.2 (with "result", spec-notes), §3.16.3.2.1.3, and the clause of each action type's value. */
export const ACTION_TYPES = ['move', 'takeback', 'result', 'mark', 'message'] as const;
export const EVALUATIONS = ['bad', 'good', 'trick', 'controversial'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const VALUE_CLAUSE: Readonly<Record<ActionType, string>> = {
  move: '3.16.3.2.1',
  takeback: '3.16.3.2.2',
  result: '3.16.3.2.3',
  mark: '3.16.3.2.4',
  message: '3.16.3.2.5',
};
