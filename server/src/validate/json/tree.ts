/** The game tree (§3.16 and its sub-clauses), walked with an explicit stack: branches nest without limit. */
import type { Node } from 'jsonc-parser';
import {
  anchorOf, checkColor, checkComment, checkEnum, checkInteger, checkMark, checkMarks, checkParticipantIndex, checkPoint,
  checkProblem, checkResult, checkSeconds, expectArray, expectObject, expectString, objectElements, readObject, report,
  valueAt, type Walk,
} from './checks';

import { ACTION_TYPES, EVALUATIONS, SHAPES, VALUE_CLAUSE, type ActionType } from './shapes';

/** §3.16 for the root tree (3.17: "它的值满足 tree 约束") and every branch in it. */
export function checkTree(walk: Walk, root: Node): void {
  if (!expectObject(walk, root, 'tree', '3.16')) return;
  const pending: Node[] = [root];
  for (let tree = pending.pop(); tree; tree = pending.pop()) {
    const found = readObject(walk, tree, SHAPES.tree.properties, SHAPES.tree.required, SHAPES.tree.clause);
    const title = valueAt(found, 'title');
    if (title) expectString(walk, title, 'title', '3.16.1');
    const pre = valueAt(found, 'pre');
    if (pre) checkPre(walk, pre);
    const steps = valueAt(found, 'steps');
    if (steps && expectArray(walk, steps, 'steps', '3.16.3')) {
      for (const step of objectElements(walk, steps, 'steps', '3.16.3')) checkStep(walk, step);
    }
    const branches = valueAt(found, 'branches');
    if (branches && expectArray(walk, branches, 'branches', '3.16.4')) {
      const trees = objectElements(walk, branches, 'branches', '3.16.4');
      for (let i = trees.length - 1; i >= 0; i--) pending.push(trees[i]); // the first branch is walked first
    }
  }
}

/** §3.16.2: stones, problem, marks, comment. */
function checkPre(walk: Walk, node: Node): void {
  if (!expectObject(walk, node, 'pre', '3.16.2')) return;
  const found = readObject(walk, node, SHAPES.pre.properties, SHAPES.pre.required, SHAPES.pre.clause);
  const stones = valueAt(found, 'stones');
  if (stones && expectArray(walk, stones, 'stones', '3.16.2.1')) {
    for (const stone of objectElements(walk, stones, 'stones', '3.16.2.1')) {
      const parts = readObject(walk, stone, SHAPES.stone.properties, SHAPES.stone.required, SHAPES.stone.clause);
      const color = valueAt(parts, 'color');
      if (color) checkColor(walk, color, 'color');
      const point = valueAt(parts, 'point');
      if (point) checkPoint(walk, point, 'point');
    }
  }
  const problem = valueAt(found, 'problem');
  if (problem) checkProblem(walk, problem, 'problem');
  const marks = valueAt(found, 'marks');
  if (marks) checkMarks(walk, marks, 'marks');
  const comment = valueAt(found, 'comment');
  if (comment) checkComment(walk, comment, 'comment');
}

/** §3.16.3: one step (time, action, actor, marks, comment). */
function checkStep(walk: Walk, step: Node): void {
  const found = readObject(walk, step, SHAPES.step.properties, SHAPES.step.required, SHAPES.step.clause);
  const time = valueAt(found, 'time');
  if (time) checkSeconds(walk, time, 'time');
  const actor = valueAt(found, 'actor');
  if (actor) checkParticipantIndex(walk, actor, 'actor');
  const marks = valueAt(found, 'marks');
  if (marks) checkMarks(walk, marks, 'marks');
  const comment = valueAt(found, 'comment');
  if (comment) checkComment(walk, comment, 'comment');
  const action = valueAt(found, 'action');
  if (action) checkAction(walk, action);
}

/** §3.16.3.2: type (required) and value; the value as its type's clause says. */
function checkAction(walk: Walk, action: Node): void {
  if (!expectObject(walk, action, 'action', '3.16.3.2')) return;
  const found = readObject(walk, action, SHAPES.action.properties, SHAPES.action.required, SHAPES.action.clause);
  const typeNode = valueAt(found, 'type');
  const type = typeNode && (checkEnum(walk, typeNode, 'type', ACTION_TYPES, '3.16.3.2') as ActionType | undefined);
  if (!type) return;
  const value = valueAt(found, 'value');
  if (!found.value) {
    // "此时 value 值必须是…": an absent value cannot be one (docs/spec-readings.md).
    report(walk, anchorOf(action), VALUE_CLAUSE[type], 'json.actionValueMissing', [type]);
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

/** §3.16.3.2.1: color and point (required), evaluation and problem. */
function checkMoveValue(walk: Walk, node: Node): void {
  if (!expectObject(walk, node, 'value', '3.16.3.2.1')) return;
  const found = readObject(walk, node, SHAPES.moveValue.properties, SHAPES.moveValue.required, SHAPES.moveValue.clause);
  const color = valueAt(found, 'color');
  if (color) checkColor(walk, color, 'color');
  const point = valueAt(found, 'point');
  if (point && point.type !== 'null') checkPoint(walk, point, 'point'); // nullable(point): null is a pass
  const evaluation = valueAt(found, 'evaluation');
  if (evaluation) checkEnum(walk, evaluation, 'evaluation', EVALUATIONS, '3.16.3.2.1.3');
  const problem = valueAt(found, 'problem');
  if (problem) checkProblem(walk, problem, 'problem');
}
