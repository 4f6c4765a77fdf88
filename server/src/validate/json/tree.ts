/** The game tree (§3.16 and its sub-clauses), walked with an explicit stack: branches nest without limit. */
import type { Node } from 'jsonc-parser';
import { keyNameOf, member, propertyOf, spanOf } from '../../parse/json/parseJson';
import {
  anchorOf, checkColor, checkComment, checkEnum, checkInteger, checkMark, checkMarks, checkParticipantIndex, checkPoint,
  checkProblem, checkResult, checkSeconds, checkShape, describe, expectArray, expectObject, expectString, quoted, report, reportNonObjects,
  type Walk,
} from './checks';
import { PlainMoveStep } from '../../parse/json/plainSteps';
import { ACTION_TYPES, EVALUATIONS, SHAPES, VALUE_CLAUSE, type ActionType, type ObjectShape } from './shapes';

/** §3.16 for the root tree (3.17: "它的值满足 tree 约束") and every branch in it. */
export function checkTree(walk: Walk, root: Node): void {
  if (!expectObject(walk, root, 'tree', '3.16')) return;
  const pending: Node[] = [root];
  for (let tree = pending.pop(); tree; tree = pending.pop()) {
    checkShape(walk, tree, SHAPES.tree);
    const title = member(tree, 'title');
    if (title) expectString(walk, title, 'title', '3.16.1');
    const pre = member(tree, 'pre');
    if (pre) checkPre(walk, pre);
    const steps = member(tree, 'steps');
    if (steps && expectArray(walk, steps, 'steps', '3.16.3')) {
      reportNonObjects(walk, steps, 'steps', '3.16.3');
      for (const step of steps.children ?? []) if (step.type === 'object') checkStep(walk, step);
    }
    const branches = member(tree, 'branches');
    if (branches && expectArray(walk, branches, 'branches', '3.16.4')) {
      reportNonObjects(walk, branches, 'branches', '3.16.4');
      const trees = branches.children ?? [];
      for (let i = trees.length - 1; i >= 0; i--) if (trees[i].type === 'object') pending.push(trees[i]); // the first branch is walked first
    }
  }
}

/** §3.16.2: stones, problem, marks, comment. */
export function checkPre(walk: Walk, node: Node): void {
  if (!expectObject(walk, node, 'pre', '3.16.2')) return;
  checkShape(walk, node, SHAPES.pre);
  const stones = member(node, 'stones');
  if (stones && expectArray(walk, stones, 'stones', '3.16.2.1')) {
    reportNonObjects(walk, stones, 'stones', '3.16.2.1');
    for (const stone of stones.children ?? []) {
      if (stone.type !== 'object') continue;
      checkShape(walk, stone, SHAPES.stone);
      const color = member(stone, 'color');
      if (color) checkColor(walk, color, 'color');
      const point = member(stone, 'point');
      if (point) checkPoint(walk, point, 'point');
    }
  }
  const problem = member(node, 'problem');
  if (problem) checkProblem(walk, problem, 'problem');
  const marks = member(node, 'marks');
  if (marks) checkMarks(walk, marks, 'marks');
  const comment = member(node, 'comment');
  if (comment) checkComment(walk, comment, 'comment');
}

/** §3.16.3: one step (time, action, actor, marks, comment). */
export function checkStep(walk: Walk, step: Node): void {
  if (step instanceof PlainMoveStep && step.isFolded() && isPlainMoveOnBoard(walk, step)) return;
  checkShape(walk, step, SHAPES.step);
  const time = member(step, 'time');
  if (time) checkSeconds(walk, time, 'time');
  const actor = member(step, 'actor');
  if (actor) checkParticipantIndex(walk, actor, 'actor');
  const marks = member(step, 'marks');
  if (marks) checkMarks(walk, marks, 'marks');
  const comment = member(step, 'comment');
  if (comment) checkComment(walk, comment, 'comment');
  const action = member(step, 'action');
  if (action) checkAction(walk, action);
}

/**
 * Whether a plain move step (parse/json/plainSteps.ts: a move of colour 1 or 2 at whole-number
 * coordinates, in exactly the properties a move needs, with perhaps a comment) meets every clause
 * checkStep checks: then only its point's range is left to check (checkCoordinate's test).
 */
function isPlainMoveOnBoard(walk: Walk, step: PlainMoveStep): boolean {
  return (walk.width === undefined || step.x < walk.width) && (walk.height === undefined || step.y < walk.height);
}

/** §3.16.3.2: type (required) and value; the value as its type's clause says. */
function checkAction(walk: Walk, action: Node): void {
  if (!expectObject(walk, action, 'action', '3.16.3.2')) return;
  const typeNode = member(action, 'type');
  const unwrapped = typeNode?.type === 'string' && typeNode.value === 'move' && !propertyOf(action, 'value') ? unwrappedMoveValue(action) : [];
  if (unwrapped.length) {
    // A move's colour and point written in the action itself: one finding says where they go
    // (not one "unknown property" each, and "value" missing).
    checkShapeExcept(walk, action, SHAPES.action, unwrapped);
    report(walk, anchorOf(action), '3.16.3.2.1', 'json.moveValueUnwrapped', [unwrapped.map(quoted).join(', ')]);
    return;
  }
  const misspelt = checkShape(walk, action, SHAPES.action);
  if (typeNode?.type === 'string' && typeNode.value === 'pass') {
    report(walk, spanOf(typeNode), '3.16.3.2', 'json.passIsMove', [describe(walk, typeNode)]);
    return;
  }
  const type = typeNode && (checkEnum(walk, typeNode, 'type', ACTION_TYPES, '3.16.3.2') as ActionType | undefined);
  if (!type) return;
  const value = member(action, 'value');
  if (!propertyOf(action, 'value')) {
    // "此时 value 值必须是…": an absent value cannot be one (docs/spec-readings.md). A misspelt
    // one (`"vaule"`) is already reported as such, and not missing as well.
    if (!misspelt.includes('value')) report(walk, anchorOf(action), VALUE_CLAUSE[type], 'json.actionValueMissing', [type]);
    return;
  }
  if (!value) return; // written but unreadable: a syntax error already says so
  switch (type) {
    case 'move':
      checkMoveValue(walk, value);
      return;
    case 'takeback':
      checkInteger(walk, value, 'value', '3.16.3.2.2', 1);
      return;
    case 'result':
      checkResult(walk, value, 'value');
      return;
    case 'mark':
      checkMark(walk, value, 'value');
      return;
    case 'message':
      checkComment(walk, value, 'value');
      return;
  }
}

/** The properties of an action that belong in a move's value (color, point, evaluation, problem), as written. */
function unwrappedMoveValue(action: Node): string[] {
  const names: string[] = [];
  for (const property of action.children ?? []) {
    const name = keyNameOf(property);
    if (name !== undefined && (SHAPES.moveValue.properties as readonly string[]).includes(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** checkShape, without the "unknown property" findings of `known` (reported otherwise by the caller). */
function checkShapeExcept(walk: Walk, object: Node, shape: ObjectShape, known: readonly string[]): void {
  const before = walk.findings.length;
  checkShape(walk, object, shape);
  const made = walk.findings.splice(before);
  for (const f of made) if (!((f.message.id === 'json.unknownProperty' || f.message.id === 'json.unknownPropertyDidYouMean') && known.includes(String(f.message.args?.[0])))) walk.findings.push(f);
}

/** §3.16.3.2.1: color and point (required), evaluation and problem. */
function checkMoveValue(walk: Walk, node: Node): void {
  if (!expectObject(walk, node, 'value', '3.16.3.2.1')) return;
  checkShape(walk, node, SHAPES.moveValue);
  const color = member(node, 'color');
  if (color) checkColor(walk, color, 'color');
  const point = member(node, 'point');
  if (point && point.type !== 'null') checkPoint(walk, point, 'point'); // nullable(point): null is a pass
  const evaluation = member(node, 'evaluation');
  if (evaluation) checkEnum(walk, evaluation, 'evaluation', EVALUATIONS, '3.16.3.2.1.3');
  const problem = member(node, 'problem');
  if (problem) checkProblem(walk, problem, 'problem');
}
