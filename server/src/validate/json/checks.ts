/**
 * The value constraints of wei7 3.0 (§3.3–§3.15) and the object-shape checks every property of
 * §3 uses. Each check reports into the walk's findings and cites the clause that defines the
 * constraint (see docs/spec-readings.md): a bad colour is 3.5 wherever it appears.
 *
 * These run on every object of a game, so they allocate nothing unless they report: no map of an
 * object's properties (they are looked up with `member`, a scan of a few keys that the parser
 * gives as shared strings), no span, message argument or slice of the text before a finding.
 */
import type { Node } from 'jsonc-parser';
import type { Finding, Span } from '../../model/types';
import { finding, type MessageId } from '../../l10n/catalogue';
import { keyNameOf, keySpanOf, member, showToken, spanOf } from '../../parse/json/parseJson';
import { checkShortString as readShortString, closestEnumValue, isMultipleOfHalf, MARK_SYMBOL } from '../../validate/values';
import { SHAPES, type ObjectShape } from './shapes';
import type { SourceText } from '../../text/sourceText';
import { readPointLabel } from '../../engine/notation';
import { nearMiss } from '../../util/nearMiss';

/** What a check needs to know about the document besides the value it checks. */
export interface Walk {
  readonly text: SourceText;
  readonly findings: Finding[];
  /** The board size for point range checks; undefined when the size is invalid (skip them). */
  width?: number;
  height?: number;
  /** Elements of info.participants; undefined when participants is not an array (skip index range checks). */
  participantCount?: number;
}

export function report(walk: Walk, span: Span, clause: string, id: MessageId, args: (string | number)[] = []): void {
  walk.findings.push(finding(span, clause, id, args));
}

/** A value as a message shows it: its text (shortened), or {…} / […] for containers. */
export function describe(walk: Walk, node: Node): string {
  if (node.type === 'object') return '{…}';
  if (node.type === 'array') return '[…]';
  return showToken(walk.text.slice(node.offset, node.offset + node.length));
}

export function quoted(name: string): string {
  return `"${name}"`;
}

function listOf(names: readonly string[]): string {
  return names.map(quoted).join(', ');
}

/** Where a finding about the object as a whole points: its property key, or its `{` when it is the root or an array element. */
export function anchorOf(object: Node): Span {
  const parent = object.parent;
  if (parent?.type === 'property') return keySpanOf(parent);
  return { start: object.offset, end: object.offset + 1 };
}

/**
 * Reports the properties of an object that its shape does not allow, then the required ones it
 * lacks, under the shape's clause. The checks then read each property with `member` (the first
 * of its name: a later duplicate is a syntax error and ignored). Returns the allowed names that
 * misspelt properties were taken for, so that a caller's own "missing" check (a property required
 * by another's value) stays silent about them too.
 */
export function checkShape(walk: Walk, object: Node, shape: ObjectShape): readonly string[] {
  const properties = object.children ?? [];
  // Required names a misspelt one stands for (`"actoin"`): its finding says so, and they are not reported missing too.
  let misspelt: string[] | undefined;
  // The allowed names not present, made at the first unknown one (an object may hold thousands of them).
  let absent: readonly string[] | undefined;
  // Bit i: shape.required[i] is present (when all are, no scan for each below).
  let requiredPresent = 0;
  for (let i = 0; i < properties.length; i++) {
    const name = keyNameOf(properties[i]);
    if (isOneOf(name, shape.properties)) {
      const required = indexIn(name, shape.required);
      if (required >= 0) requiredPresent |= 1 << required;
      continue;
    }
    absent ??= absentNames(properties, shape.properties);
    const meant = nearMiss(name, absent);
    if (meant === undefined) {
      report(walk, keySpanOf(properties[i]), shape.clause, 'json.unknownProperty', [name, listOf(shape.properties)]);
      continue;
    }
    report(walk, keySpanOf(properties[i]), shape.clause, 'json.unknownPropertyDidYouMean', [name, listOf(shape.properties), meant]);
    (misspelt ??= []).push(meant);
  }
  if (requiredPresent !== (1 << shape.required.length) - 1) {
    for (const name of shape.required) {
      if (!hasProperty(properties, name) && !misspelt?.includes(name)) report(walk, anchorOf(object), shape.clause, 'json.missingProperty', [name, listOf(shape.required)]);
    }
  }
  return misspelt ?? NO_NAMES;
}

const NO_NAMES: readonly string[] = [];

/** The names of `allowed` that no property of `properties` has. */
function absentNames(properties: readonly Node[], allowed: readonly string[]): readonly string[] {
  const present = new Set<string>();
  for (let i = 0; i < properties.length; i++) present.add(keyNameOf(properties[i]));
  return allowed.filter((name) => !present.has(name));
}

/** `names.includes(name)` as a loop: the parser gives known names as the very strings of SHAPES, so each test is a pointer comparison. */
function isOneOf(name: string, names: readonly string[]): boolean {
  return indexIn(name, names) >= 0;
}

/** The index of `name` in `names`, or -1 (a loop of pointer comparisons, as isOneOf). */
function indexIn(name: string, names: readonly string[]): number {
  for (let i = 0; i < names.length; i++) if (names[i] === name) return i;
  return -1;
}

function hasProperty(properties: readonly Node[], name: string): boolean {
  for (let i = 0; i < properties.length; i++) if (keyNameOf(properties[i]) === name) return true;
  return false;
}

/**
 * Reports the elements of an array that are not objects under `clause`, all before any object
 * is checked (findings keep that order); the caller then checks the object elements.
 */
export function reportNonObjects(walk: Walk, array: Node, name: string, clause: string): void {
  for (const element of array.children ?? []) reportNonObject(walk, element, name, clause);
}

/** An element of the array `name` that is not an object. */
export function reportNonObject(walk: Walk, element: Node, name: string, clause: string): void {
  if (element.type !== 'object') report(walk, spanOf(element), clause, 'json.elementNotObject', [quoted(name), describe(walk, element)]);
}

export function expectObject(walk: Walk, node: Node, name: string, clause: string): boolean {
  if (node.type === 'object') return true;
  report(walk, spanOf(node), clause, 'json.expectedObject', [quoted(name), describe(walk, node)]);
  return false;
}

export function expectArray(walk: Walk, node: Node, name: string, clause: string): boolean {
  if (node.type === 'array') return true;
  report(walk, spanOf(node), clause, 'json.expectedArray', [quoted(name), describe(walk, node)]);
  return false;
}

/** A string value; reported under `clause` when it is not one. */
export function expectString(walk: Walk, node: Node, name: string, clause: string): string | undefined {
  if (node.type === 'string') return String(node.value);
  report(walk, spanOf(node), clause, 'json.expectedString', [quoted(name), describe(walk, node)]);
  return undefined;
}

/**
 * An integer at least `min` written as a plain integer (spec-notes: no fraction, exponent or -0).
 * One finding at most; returns the value when it is an integer of the range, whatever its form.
 */
export function checkInteger(walk: Walk, node: Node, name: string, clause: string, min: 0 | 1): number | undefined {
  const value = node.type === 'number' ? Number(node.value) : NaN;
  if (!Number.isInteger(value) || value < min) {
    report(walk, spanOf(node), clause, min === 0 ? 'json.nonNegativeInteger' : 'json.positiveInteger', [quoted(name), describe(walk, node)]);
    return undefined;
  }
  const text = walk.text;
  const start = node.offset;
  const end = start + node.length;
  if (!isPlainInteger(text, start, end)) report(walk, spanOf(node), clause, 'json.integerForm', [quoted(name), String(value), text.slice(start, end)]);
  return value;
}

/**
 * Whether `text` from `start` to `end` is digits only, with no leading zero and no sign (a negative
 * integer fails the range check first). Full-width digits count as digits: the syntax check
 * reports them already (json.fullWidthDigits), as the number they stand for.
 */
function isPlainInteger(text: SourceText, start: number, end: number): boolean {
  const digit = (c: number): number => (c >= 0xff10 && c <= 0xff19 ? c - 0xff10 + 48 : c);
  if (end === start || (digit(text.charCodeAt(start)) === 48 /* 0 */ && end - start > 1)) return false;
  for (let i = start; i < end; i++) {
    const c = digit(text.charCodeAt(i));
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A number, with a finding under `clause` when it is not one. */
export function expectNumber(walk: Walk, node: Node, name: string, clause: string): number | undefined {
  if (node.type === 'number') return Number(node.value);
  report(walk, spanOf(node), clause, 'json.expectedNumber', [quoted(name), describe(walk, node)]);
  return undefined;
}

/** A string of a closed set, with "did you mean" for a wrong case (a quick fix reads the suggestion). */
export function checkEnum(walk: Walk, node: Node, name: string, allowed: readonly string[], clause: string): string | undefined {
  if (node.type === 'string' && allowed.includes(String(node.value))) return String(node.value);
  const suggestion = node.type === 'string' ? closestEnumValue(String(node.value), allowed) : undefined;
  const single = allowed.length === 1;
  const expected = single ? quoted(allowed[0]) : listOf(allowed);
  const args = [quoted(name), expected, describe(walk, node)];
  if (suggestion !== undefined) report(walk, spanOf(node), clause, single ? 'json.exactDidYouMean' : 'json.enumDidYouMean', [...args, suggestion]);
  else report(walk, spanOf(node), clause, single ? 'json.exactValue' : 'json.enumValue', args);
  return undefined;
}

/* ---------- the value constraints ---------- */

/** §3.4 shortString: a single-line string of at most 128 code points. */
export function checkShortString(walk: Walk, node: Node, name: string): void {
  const value = expectString(walk, node, name, '3.4');
  if (value === undefined) return;
  const failure = readShortString(value, quoted(name));
  if (failure) report(walk, spanOf(node), '3.4', failure.id, failure.args);
}

/** §3.5 color: the number 1 or 2, written as an integer. */
export function checkColor(walk: Walk, node: Node, name: string): void {
  const value = node.type === 'number' ? Number(node.value) : NaN;
  if (value !== 1 && value !== 2) {
    report(walk, spanOf(node), '3.5', 'json.color', [quoted(name), describe(walk, node)]);
    return;
  }
  checkInteger(walk, node, name, '3.5', 1);
}

/** §3.8 winner: nullable(color); a value that is neither null nor a colour fails the colour constraint (3.5). */
function checkWinner(walk: Walk, node: Node): void {
  if (node.type === 'null') return;
  const value = node.type === 'number' ? Number(node.value) : NaN;
  if (value === 1 || value === 2) checkInteger(walk, node, 'winner', '3.5', 1);
  else report(walk, spanOf(node), '3.5', 'json.winner', [quoted('winner'), describe(walk, node)]);
}

/** §3.6 point: exactly x and y, non-negative integers on the board. */
export function checkPoint(walk: Walk, node: Node, name: string): void {
  if (node.type !== 'object') {
    // Written as another notation has it ([3, 15], "D4", "dp"): the object it means, when it can be told.
    const meant = pointMeant(walk, node);
    if (meant) report(walk, spanOf(node), '3.6', 'json.pointNotObjectDidYouMean', [quoted(name), describe(walk, node), `{"x": ${meant.x}, "y": ${meant.y}}`]);
    else report(walk, spanOf(node), '3.6', 'json.pointNotObject', [quoted(name), describe(walk, node)]);
    return;
  }
  checkShape(walk, node, SHAPES.point);
  checkCoordinate(walk, member(node, 'x'), 'x', walk.width);
  checkCoordinate(walk, member(node, 'y'), 'y', walk.height);
}

/** The point a non-object means: an array of two whole numbers [x, y], or a label (Q16, or SGF's pd) on a board of known size. */
function pointMeant(walk: Walk, node: Node): { x: number; y: number } | undefined {
  if (node.type === 'array') {
    const [x, y, ...rest] = (node.children ?? []).map((c) => (c.type === 'number' && Number.isSafeInteger(c.value) && (c.value as number) >= 0 ? (c.value as number) : -1));
    return rest.length === 0 && x !== undefined && y !== undefined && x >= 0 && y >= 0 ? { x, y } : undefined;
  }
  if (node.type !== 'string' || typeof node.value !== 'string' || walk.width === undefined || walk.height === undefined) return undefined;
  return readPointLabel(node.value.trim(), walk.width, walk.height);
}

function checkCoordinate(walk: Walk, node: Node | undefined, name: 'x' | 'y', limit: number | undefined): void {
  if (!node) return;
  const value = checkInteger(walk, node, name, '3.6', 0);
  if (value !== undefined && limit !== undefined && value >= limit) {
    report(walk, spanOf(node), '3.6', 'coordinate.range', [name, value, limit]);
  }
}

/** §3.7 participantIndex: a non-negative integer less than the number of participants. */
export function checkParticipantIndex(walk: Walk, node: Node, name: string): void {
  const value = checkInteger(walk, node, name, '3.7', 0);
  if (value === undefined || walk.participantCount === undefined) return;
  if (walk.participantCount === 0) report(walk, spanOf(node), '3.7', 'json.participantIndexNoList', [quoted(name)]);
  else if (value >= walk.participantCount) {
    report(walk, spanOf(node), '3.7', 'json.participantIndexRange', [quoted(name), value, walk.participantCount]);
  }
}

/** §3.8 result: winner (required, nullable(color)) and margin (0 < margin < 512, a multiple of 0.5). */
export function checkResult(walk: Walk, node: Node, name: string): void {
  if (!expectObject(walk, node, name, '3.8')) return;
  checkShape(walk, node, SHAPES.result);
  const winner = member(node, 'winner');
  if (winner) checkWinner(walk, winner);
  const margin = member(node, 'margin');
  if (!margin) return;
  const value = expectNumber(walk, margin, 'margin', '3.8');
  if (value === undefined) return;
  if (!(value > 0 && value < 512)) report(walk, spanOf(margin), '3.8', 'json.marginRange', [describe(walk, margin)]);
  else if (!isMultipleOfHalf(value)) report(walk, spanOf(margin), '3.8', 'json.multipleOfHalf', [quoted('margin'), describe(walk, margin)]);
}

/** §3.11 comment: a string of any length. */
export function checkComment(walk: Walk, node: Node, name: string): void {
  expectString(walk, node, name, '3.11');
}

/** §3.12 mark: exactly point and symbol (one character of the set). */
export function checkMark(walk: Walk, node: Node, name: string): void {
  if (!expectObject(walk, node, name, '3.12')) return;
  checkShape(walk, node, SHAPES.mark);
  const point = member(node, 'point');
  if (point) checkPoint(walk, point, 'point');
  const symbol = member(node, 'symbol');
  if (!symbol) return;
  const value = expectString(walk, symbol, 'symbol', '3.12');
  if (value !== undefined && !MARK_SYMBOL.test(value)) report(walk, spanOf(symbol), '3.12', 'mark.symbol', [showToken(value)]);
}

/** §3.13 marks: an array whose every element is a mark (3.12). */
export function checkMarks(walk: Walk, node: Node, name: string): void {
  if (!expectArray(walk, node, name, '3.13')) return;
  // An element that is no object fails the mark constraint, so it cites 3.12 like any bad mark.
  reportNonObjects(walk, node, name, '3.12');
  for (const element of node.children ?? []) if (element.type === 'object') checkMark(walk, element, name);
}

/** §3.14 time: a number of seconds, 0 ≤ time < 86400. */
export function checkSeconds(walk: Walk, node: Node, name: string): void {
  const value = expectNumber(walk, node, name, '3.14');
  if (value !== undefined && !(value >= 0 && writtenBelow(walk.text.slice(node.offset, node.offset + node.length), value, 86400))) {
    report(walk, spanOf(node), '3.14', 'json.secondsRange', [quoted(name), describe(walk, node)]);
  }
}

/**
 * Whether the number written `written` (read as `value`) is below `bound`, as written: a double
 * rounds 86399.99999999999999 up to 86400, which the number as written is not. A plain decimal
 * whose value rounds to the bound is below it when its integer part is; any other form is judged
 * by its value.
 */
function writtenBelow(written: string, value: number, bound: number): boolean {
  if (value !== bound) return value < bound;
  const plain = /^(\d+)(?:\.\d*)?$/.exec(written);
  return plain !== null && Number(plain[1]) < bound;
}

/** §3.15 problem: an object with exactly the one required property color. */
export function checkProblem(walk: Walk, node: Node, name: string): void {
  if (!expectObject(walk, node, name, '3.15')) return;
  checkShape(walk, node, SHAPES.problem);
  const color = member(node, 'color');
  if (color) checkColor(walk, color, 'color');
}
