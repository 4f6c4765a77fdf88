/**
 * Data that the validators hold privately today and completions must read: which elements each
 * 2.2 container may hold, the 2.x version values, and the properties of each 3.0 object.
 *
 * NOT a second source of truth to keep: each constant below is proposed as an export of the
 * validator that owns it (see the notes on each), after which this file is deleted and the imports
 * in completion/xml.ts and completion/json.ts point at the validators. Until then,
 * test/unit/completion.test.ts ("completion data matches the validators") checks every list here
 * against what the validators accept, so the two cannot drift apart silently.
 */

/** The properties an object may have (in the spec's order), those it must have, and the clause saying so. */
export interface ObjectShape {
  readonly properties: readonly string[];
  readonly required: readonly string[];
  readonly clause: string;
}

/**
 * Every object of wei7 3.0 §3, as the validators' `readObject(walk, node, allowed, required, clause)`
 * calls spell them today (in validateJson.ts, info.ts, tree.ts and checks.ts, partly as inline arrays).
 * PROPOSED: this table as validate/json/shapes.ts, each readObject call reading its entry
 * (e.g. `readObject(walk, node, SHAPES.point.properties, SHAPES.point.required, SHAPES.point.clause)`).
 */
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

/** §3.2. PROPOSED: exported from validate/json/validateJson.ts (today inline in its checkEnum calls). */
export const FORMAT_VALUES = ['wei7'] as const;
export const VERSION_VALUES_30 = ['3.0'] as const;

/** §3.10.1. PROPOSED: `export` SCORINGS and RULES_TYPES of validate/json/info.ts. */
export const SCORINGS = ['area', 'territory'] as const;
export const RULES_TYPES = ['Chinese', 'Japanese', 'Korean'] as const;

/**
 * §3.16.3.2 (with "result", spec-notes) and §3.16.3.2.1.3.
 * PROPOSED: `export` ACTION_TYPES, EVALUATIONS and VALUE_CLAUSE of validate/json/tree.ts.
 */
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
