/** The root's size (§3.9) and info (§3.10 and its sub-clauses). */
import type { Node } from 'jsonc-parser';
import { member, spanOf } from '../../parse/json/parseJson';
import { isWei7Time30, isMultipleOfHalf } from '../../validate/values';
import {
  checkColor, checkEnum, checkInteger, checkParticipantIndex, checkResult, checkShape, checkShortString, describe, expectArray,
  expectNumber, expectObject, expectString, quoted, report, reportNonObjects, type Walk,
} from './checks';
import { RULES_TYPES, SCORINGS, SHAPES } from './shapes';

/** The three forms of §3.10.2, calendar validity aside (isWei7Time30 checks both). */
const GAME_TIME_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z$/;

/** §3.9: a positive integer, or exactly width and height. Sets the board size the point checks use. */
export function checkSize(walk: Walk, node: Node): void {
  walk.width = walk.height = undefined;
  if (node.type === 'number') {
    walk.width = walk.height = checkInteger(walk, node, 'size', '3.9', 1);
  } else if (node.type === 'object') {
    checkShape(walk, node, SHAPES.size);
    const width = member(node, 'width');
    const height = member(node, 'height');
    walk.width = width && checkInteger(walk, width, 'width', '3.9', 1);
    walk.height = height && checkInteger(walk, height, 'height', '3.9', 1);
  } else {
    report(walk, spanOf(node), '3.9', 'json.sizeForm', [describe(walk, node)]);
  }
}

/** §3.10: info. Sets the participant count that participant indices (§3.7) are checked against. */
export function checkInfo(walk: Walk, node: Node): void {
  if (!expectObject(walk, node, 'info', '3.10')) {
    walk.participantCount = undefined;
    return;
  }
  checkShape(walk, node, SHAPES.info);
  for (const name of ['domain', 'id', 'name', 'place'] as const) {
    const value = member(node, name);
    if (value) checkShortString(walk, value, name);
  }
  const rules = member(node, 'rules');
  if (rules) checkRules(walk, rules);
  const time = member(node, 'time');
  if (time) checkGameTime(walk, time);
  const participants = member(node, 'participants');
  if (participants) checkParticipants(walk, participants);
  const players = member(node, 'players');
  if (players) checkPlayers(walk, players);
  const result = member(node, 'result');
  if (result) checkResult(walk, result, 'result');
}

/** §3.10.1: scoring, komi and type, all optional. */
function checkRules(walk: Walk, node: Node): void {
  if (!expectObject(walk, node, 'rules', '3.10.1')) return;
  checkShape(walk, node, SHAPES.rules);
  const scoring = member(node, 'scoring');
  if (scoring) checkEnum(walk, scoring, 'scoring', SCORINGS, '3.10.1');
  const type = member(node, 'type');
  if (type) checkEnum(walk, type, 'type', RULES_TYPES, '3.10.1');
  const komi = member(node, 'komi');
  if (!komi) return;
  const value = expectNumber(walk, komi, 'komi', '3.10.1');
  if (value === undefined) return;
  if (!(value >= 0 && value < 10)) report(walk, spanOf(komi), '3.10.1', 'json.komiRange', [describe(walk, komi)]);
  else if (!isMultipleOfHalf(value)) report(walk, spanOf(komi), '3.10.1', 'json.multipleOfHalf', [quoted('komi'), describe(walk, komi)]);
}

/** §3.10.2: one of the three fixed forms, and a real UTC date and time. */
function checkGameTime(walk: Walk, node: Node): void {
  const value = expectString(walk, node, 'time', '3.10.2');
  if (value === undefined || isWei7Time30(value)) return;
  const form = GAME_TIME_FORM.test(value) ? 'json.gameTimeCalendar' : 'json.gameTimeForm';
  report(walk, spanOf(node), '3.10.2', form, [describe(walk, node)]);
}

/** §3.10.4 (shape) and §3.10.6 (each value a shortString, cited as 3.4). */
function checkParticipants(walk: Walk, node: Node): void {
  if (!expectArray(walk, node, 'participants', '3.10.4')) {
    walk.participantCount = undefined;
    return;
  }
  walk.participantCount = node.children?.length ?? 0;
  reportNonObjects(walk, node, 'participants', '3.10.4');
  for (const participant of node.children ?? []) {
    if (participant.type !== 'object') continue;
    checkShape(walk, participant, SHAPES.participant);
    for (const name of SHAPES.participant.properties) {
      const value = member(participant, name);
      if (value) checkShortString(walk, value, name);
    }
  }
}

/** §3.10.7: participant (required, a participantIndex) and color. */
function checkPlayers(walk: Walk, node: Node): void {
  if (!expectArray(walk, node, 'players', '3.10.7')) return;
  reportNonObjects(walk, node, 'players', '3.10.7');
  for (const player of node.children ?? []) {
    if (player.type !== 'object') continue;
    checkShape(walk, player, SHAPES.player);
    const participant = member(player, 'participant');
    if (participant) checkParticipantIndex(walk, participant, 'participant');
    const color = member(player, 'color');
    if (color) checkColor(walk, color, 'color');
  }
}
