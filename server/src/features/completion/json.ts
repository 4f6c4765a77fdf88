/**
 * Completions for wei7 3.0 (JSON): the properties an object may still have, enum and const
 * values, action types with a value skeleton, and snippets for array items (a move step, a pass,
 * a branch, a stone, a mark, a participant, a player).
 *
 * The place of the cursor comes from the parser's tree, which keeps everything readable of a
 * half-typed document (an unterminated string is a string to the end of its line); what kind of
 * object the cursor is in comes from the path of keys from the root.
 */
import type { Node } from 'jsonc-parser';
import type { Color, Line, PlayNode, Span, Wei7Document } from '../../model/types';
import type { JsonSyntax } from '../../parse/json/parseJson';
import { keyNameOf, keyOf, member, valueOf } from '../../parse/json/parseJson';
import type { Locale } from '../../l10n/catalogue';
import {
  ACTION_TYPES,
  EVALUATIONS,
  FORMAT_VALUES,
  RULES_TYPES,
  SCORINGS,
  SHAPES,
  VALUE_CLAUSE,
  VERSION_VALUES_30,
  type ActionType,
  type ObjectKind,
} from '../../validate/json/shapes';
import { USUAL_BOARD_SIZES } from '../../validate/values';
import { colorToPlayAfter, lastNodeBefore, lineStartingAt } from './nextColor';
import { choice, clauseDocumentation, say, sortKey, type CompletionRequest, type TextChange, type Wei7Completion } from './items';

/* ---------- the shape of a document ---------- */

/** What a property holds: an object of a kind, or an array of objects of a kind. */
type Slot = { readonly object: ObjectKind } | { readonly items: ObjectKind };

/** The properties whose values are objects or arrays of objects (§3.2–§3.16); action.value depends on its type. */
const MEMBERS: Partial<Record<ObjectKind, Readonly<Record<string, Slot>>>> = {
  root: { size: { object: 'size' }, info: { object: 'info' }, tree: { object: 'tree' } },
  info: { rules: { object: 'rules' }, participants: { items: 'participant' }, players: { items: 'player' }, result: { object: 'result' } },
  tree: { pre: { object: 'pre' }, steps: { items: 'step' }, branches: { items: 'tree' } },
  pre: { stones: { items: 'stone' }, problem: { object: 'problem' }, marks: { items: 'mark' } },
  stone: { point: { object: 'point' } },
  step: { action: { object: 'action' }, marks: { items: 'mark' } },
  moveValue: { point: { object: 'point' }, problem: { object: 'problem' } },
  mark: { point: { object: 'point' } },
};

/** §3.16.3.2.1, .3, .4: the object an action's value is, by action type. */
const ACTION_VALUE_KIND: Partial<Record<ActionType, ObjectKind>> = { move: 'moveValue', result: 'result', mark: 'mark' };

/** How each kind of object is named in item details (the spec's words). */
const KIND_NAME: Readonly<Record<ObjectKind, string>> = {
  root: 'root',
  size: 'size',
  info: 'info',
  rules: 'rules',
  participant: 'participantsItem',
  player: 'players item',
  result: 'result',
  tree: 'tree',
  pre: 'pre',
  stone: 'stones item',
  step: 'steps item',
  action: 'action',
  moveValue: 'move value',
  point: 'point',
  mark: 'mark',
  problem: 'problem',
};

/** Clauses more precise than the object's own, for the items' documentation. */
const PROPERTY_CLAUSE: Readonly<Record<string, string>> = {
  'info.time': '3.10.2',
  'info.place': '3.10.3',
  'tree.title': '3.16.1',
  'pre.comment': '3.11',
  'step.time': '3.16.3.1',
  'step.actor': '3.16.3.3',
  'step.comment': '3.11',
  'moveValue.color': '3.5',
  'moveValue.point': '3.16.3.2.1.2',
  'moveValue.evaluation': '3.16.3.2.1.3',
  'stone.color': '3.5',
  'player.color': '3.5',
  'problem.color': '3.5',
  'player.participant': '3.7',
};

function propertyClause(kind: ObjectKind, name: string): string {
  const precise = PROPERTY_CLAUSE[`${kind}.${name}`];
  if (precise) return precise;
  const slot = MEMBERS[kind]?.[name];
  return slot ? SHAPES['object' in slot ? slot.object : slot.items].clause : SHAPES[kind].clause;
}

function actionTypeOf(action: Node): ActionType | undefined {
  const type = member(action, 'type');
  return type?.type === 'string' ? ACTION_TYPES.find((t) => t === type.value) : undefined;
}

/** The kind of an object node, from the keys that lead to it from the root; undefined off the spec's shapes. */
function kindOf(object: Node): ObjectKind | undefined {
  // The hops from the root down to `object`: the owning object, the key, and whether it is an array item.
  const hops: { owner: Node; key: string; item: boolean }[] = [];
  let node = object;
  for (let parent = node.parent; parent; parent = node.parent) {
    const item = parent.type === 'array';
    const property = item ? parent.parent : parent;
    if (property?.type !== 'property' || !property.parent) return undefined;
    hops.push({ owner: property.parent, key: keyNameOf(property), item });
    node = property.parent;
  }
  if (node.type !== 'object') return undefined;
  let kind: ObjectKind | undefined = 'root';
  for (let i = hops.length - 1; i >= 0 && kind; i--) {
    const { owner, key, item } = hops[i];
    if (kind === 'action' && key === 'value' && !item) {
      const type = actionTypeOf(owner);
      kind = type && ACTION_VALUE_KIND[type];
      continue;
    }
    const slot: Slot | undefined = MEMBERS[kind]?.[key];
    kind = slot && (item ? ('items' in slot ? slot.items : undefined) : 'object' in slot ? slot.object : undefined);
  }
  return kind;
}

/* ---------- where the cursor is ---------- */

type JsonPlace =
  | { readonly kind: 'key'; readonly object: Node; readonly property: Node | undefined; readonly span: Span; readonly hasColon: boolean }
  | { readonly kind: 'value'; readonly object: Node; readonly property: Node; readonly span: Span; readonly inString: boolean }
  | { readonly kind: 'item'; readonly array: Node; readonly span: Span }
  | { readonly kind: 'none' };

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_$.+-]/.test(c);

function endOf(node: Node): number {
  return node.offset + node.length;
}

/** A string token with its closing quote (the parser ends an unterminated one at the end of its line). */
function isClosedString(text: string, node: Node): boolean {
  const raw = text.slice(node.offset, endOf(node));
  return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') && !/(^|[^\\])(\\\\)*\\"$/.test(raw);
}

/** The container ends with its own closing bracket (not one of its last member's, nor none at the end of the text). */
function isClosed(text: string, container: Node): boolean {
  const end = endOf(container);
  const last = container.children?.at(-1);
  return text[end - 1] === (container.type === 'object' ? '}' : ']') && end - container.offset >= 2 && (!last || endOf(last) < end);
}

/** The cursor is between the container's brackets (an unclosed container runs to the end of the text). */
function isInside(text: string, container: Node, offset: number): boolean {
  const end = endOf(container);
  return offset > container.offset && (offset < end || (offset === end && !isClosed(text, container)));
}

/** The bare word (an unquoted key, a partial literal) around the cursor. */
function wordAt(text: string, offset: number): Span {
  let start = offset;
  while (isWordChar(text[start - 1])) start--;
  let end = offset;
  while (isWordChar(text[end])) end++;
  return { start, end };
}

/** The last character before `offset` that is not white space, and its index. */
function previousSignificant(text: string, offset: number): { char: string | undefined; index: number; lineBreak: boolean } {
  let i = offset - 1;
  let lineBreak = false;
  while (i >= 0 && /\s/.test(text[i])) {
    if (text[i] === '\n' || text[i] === '\r') lineBreak = true;
    i--;
  }
  return { char: text[i], index: i, lineBreak };
}

function nextSignificant(text: string, offset: number): string | undefined {
  let i = offset;
  while (i < text.length && /\s/.test(text[i])) i++;
  return text[i];
}

/** A new member may start at `span`: right after an opening bracket or a comma, or on a new line after a member. */
function startsMember(text: string, span: Span, opener: '{' | '['): boolean {
  const before = previousSignificant(text, span.start);
  return before.char === opener || before.char === ',' || before.lineBreak;
}

export function jsonPlaceAt(syntax: JsonSyntax, offset: number): JsonPlace {
  const text = syntax.text;
  let node = syntax.root;
  if (!node || (node.type !== 'object' && node.type !== 'array') || !isInside(text, node, offset)) return { kind: 'none' };
  descend: for (;;) {
    if (node.type === 'array') {
      for (const element of node.children ?? []) {
        if ((element.type === 'object' || element.type === 'array') && isInside(text, element, offset)) {
          node = element;
          continue descend;
        }
        if (offset > element.offset && offset < endOf(element)) return { kind: 'none' };
      }
      const span = wordAt(text, offset);
      return startsMember(text, span, '[') ? { kind: 'item', array: node, span } : { kind: 'none' };
    }
    for (const property of node.children ?? []) {
      const key = keyOf(property);
      const keyEnd = endOf(key);
      const quoted = text[key.offset] === '"';
      const keyClosed = quoted && isClosedString(text, key);
      if (offset > key.offset - (quoted ? 0 : 1) && (offset < keyEnd || (offset === keyEnd && !keyClosed))) {
        const span = keyClosed || !quoted ? { start: key.offset, end: keyEnd } : { start: key.offset, end: offset };
        return { kind: 'key', object: node, property, span, hasColon: property.colonOffset !== undefined };
      }
      const value = valueOf(property);
      if (value && (value.type === 'object' || value.type === 'array')) {
        if (isInside(text, value, offset)) {
          node = value;
          continue descend;
        }
      } else if (value && offset > value.offset && offset <= endOf(value)) {
        if (value.type !== 'string') return { kind: 'value', object: node, property, span: { start: value.offset, end: endOf(value) }, inString: false };
        const closed = isClosedString(text, value);
        if (closed && offset === endOf(value)) return { kind: 'none' };
        return { kind: 'value', object: node, property, span: { start: value.offset, end: closed ? endOf(value) : offset }, inString: true };
      }
      const colon = property.colonOffset;
      if (colon !== undefined && offset > colon && (!value || offset <= value.offset)) {
        const span = wordAt(text, offset);
        if (text.slice(colon + 1, span.start).trim() === '') return { kind: 'value', object: node, property, span, inString: false };
      }
    }
    const span = wordAt(text, offset);
    return startsMember(text, span, '{') ? { kind: 'key', object: node, property: undefined, span, hasColon: false } : { kind: 'none' };
  }
}

/* ---------- the colour to play ---------- */

/** A line's nodes in the order of play: its pre first (move 0, wherever it is written), then its steps. */
function pathOrder(line: Line): PlayNode[] {
  return [...line.nodes.filter((n) => n.kind === 'pre'), ...line.nodes.filter((n) => n.kind !== 'pre')];
}

/** The node a line's play starts after: its parent line's last node (§3.16.4: branches follow the steps). */
function branchPoint(line: Line): PlayNode | undefined {
  for (let current: Line | undefined = line; current; current = current.parentLine) {
    const first = pathOrder(current)[0];
    if (first) return first.parent;
    const parent = current.parentLine;
    const last = parent && pathOrder(parent).at(-1);
    if (last) return last;
  }
  return undefined;
}

/** The node a new step in `steps` (of the tree object `tree`) at `offset` follows. */
function previousForStep(doc: Wei7Document, tree: Node, offset: number): PlayNode | undefined {
  const line = lineStartingAt(doc.rootLine, tree.offset);
  if (!line) return undefined;
  const steps = line.nodes.filter((n) => n.kind !== 'pre');
  return lastNodeBefore(steps, offset) ?? line.nodes.find((n) => n.kind === 'pre') ?? branchPoint(line);
}

/** The node a new branch of the tree object `tree` starts after: the tree's last node. */
function previousForBranch(doc: Wei7Document, tree: Node): PlayNode | undefined {
  const line = lineStartingAt(doc.rootLine, tree.offset);
  return line && (pathOrder(line).at(-1) ?? branchPoint(line));
}

/** The step object that holds `node` (an action or a move value), if any. */
function stepOf(node: Node): Node | undefined {
  for (let current: Node | undefined = node; current; current = current.parent) {
    if (current.type === 'object' && kindOf(current) === 'step') return current;
  }
  return undefined;
}

/** Who plays at the step that holds `node`: after the node before that step. */
function colorAtStep(doc: Wei7Document, node: Node): Color {
  const step = stepOf(node);
  const own = step && doc.nodes.find((n) => n.span.start === step.offset);
  if (own) return colorToPlayAfter(own.parent);
  const steps = step?.parent;
  const tree = steps?.parent?.parent;
  return colorToPlayAfter(step && tree ? previousForStep(doc, tree, step.offset) : undefined);
}

/** §3.5: 1 black, 2 white. */
function colorNumber(color: Color): 1 | 2 {
  return color === 'black' ? 1 : 2;
}

/* ---------- items ---------- */

interface ItemContext {
  readonly text: string;
  readonly doc: Wei7Document;
  readonly locale: Locale;
}

/** A step, a stone, a mark… on one line, as the formatter writes them (a space between closing braces). */
function moveValueText(color: Color, point: string): string {
  return `{"color": ${colorNumber(color)}, "point": ${point}}`.replace(/\}\}$/, '} }');
}

/** The value an action of `type` must have, as a snippet (§3.16.3.2.1–§3.16.3.2.5). */
function actionValueSkeleton(type: ActionType, color: Color): string {
  switch (type) {
    case 'move':
      return moveValueText(color, '{"x": $1, "y": $2}');
    case 'takeback':
      return '${1:1}';
    case 'result':
      return `{"winner": ${choice(1, [1, 2, 'null'])}}`;
    case 'mark':
      return '{"point": {"x": $1, "y": $2}, "symbol": "${3:a}"}';
    case 'message':
      return '"$1"';
  }
}

/** The value a new property gets, as a snippet; `retrigger` when the value is chosen from a list next. */
function valueSkeleton(kind: ObjectKind, name: string, object: Node, context: ItemContext): { text: string; retrigger?: boolean } {
  if (kind === 'root' && name === 'size') return { text: '${1:19}' };
  if (kind === 'action' && name === 'type') return { text: '"$1"', retrigger: true };
  if (kind === 'action' && name === 'value') {
    const type = actionTypeOf(object);
    return type ? { text: actionValueSkeleton(type, colorAtStep(context.doc, object)) } : { text: '$1' };
  }
  const slot = MEMBERS[kind]?.[name];
  if (slot && 'items' in slot) return { text: '[$1]' };
  if (slot?.object === 'point') return { text: '{"x": $1, "y": $2}' };
  if (slot?.object === 'problem') return { text: `{"color": ${choice(1, [1, 2])}}` };
  if (slot) return { text: '{$1}' };
  switch (name) {
    case 'format':
      return { text: `"${FORMAT_VALUES[0]}"` };
    case 'version':
      return { text: `"${VERSION_VALUES_30[0]}"` };
    case 'color':
      return kind === 'moveValue' ? { text: String(colorNumber(colorAtStep(context.doc, object))) } : { text: choice(1, [1, 2]) };
    case 'winner':
      return { text: choice(1, [1, 2, 'null']) };
    case 'scoring':
      return { text: `"${choice(1, SCORINGS)}"` };
    case 'type':
      return { text: `"${choice(1, RULES_TYPES)}"` };
    case 'evaluation':
      return { text: `"${choice(1, EVALUATIONS)}"` };
    case 'komi':
      return { text: '${1:7.5}' };
    case 'symbol':
      return { text: '"${1:a}"' };
    case 'time':
      return kind === 'info' ? { text: '"$1"' } : { text: '$1' };
    case 'domain':
    case 'id':
    case 'name':
    case 'place':
    case 'title':
    case 'rank':
    case 'comment':
      return { text: '"$1"' };
    default:
      return { text: '$1' };
  }
}

/** The comma a new member needs before it (after the member it follows), if it has none. */
function commaBefore(text: string, start: number, opener: '{' | '['): TextChange[] {
  const before = previousSignificant(text, start);
  if (before.char === undefined || before.char === opener || before.char === ',') return [];
  return [{ span: { start: before.index + 1, end: before.index + 1 }, newText: ',' }];
}

/** A member follows: the new one needs a comma after it. */
function commaAfter(text: string, end: number): string {
  const next = nextSignificant(text, end);
  return next !== undefined && /["{[\-0-9tfn]/.test(next) ? ',' : '';
}

function keyItems(place: Extract<JsonPlace, { kind: 'key' }>, kind: ObjectKind, context: ItemContext): Wei7Completion[] {
  const shape = SHAPES[kind];
  const present = new Set(
    (place.object.children ?? []).filter((p) => p !== place.property).map((p) => keyNameOf(p)),
  );
  const additionalEdits = place.property ? [] : commaBefore(context.text, place.span.start, '{');
  const comma = place.hasColon ? '' : commaAfter(context.text, place.span.end);
  const items: Wei7Completion[] = [];
  shape.properties.forEach((name, index) => {
    if (present.has(name)) return;
    const required = (shape.required as readonly string[]).includes(name);
    const value = place.hasColon ? undefined : valueSkeleton(kind, name, place.object, context);
    const clause = propertyClause(kind, name);
    items.push({
      label: name,
      kind: 'property',
      detail: say(context.locale, required ? 'edit.detail.propertyRequired' : 'edit.detail.property', KIND_NAME[kind], clause),
      documentation: clauseDocumentation('3.0', clause, context.locale),
      edit: { span: place.span, newText: value ? `"${name}": ${value.text}${comma}` : `"${name}"` },
      snippet: value !== undefined,
      additionalEdits: additionalEdits.length ? additionalEdits : undefined,
      filterText: context.text[place.span.start] === '"' ? `"${name}"` : name,
      sortText: sortKey(required ? 0 : 1, index),
      retrigger: value?.retrigger,
    });
  });
  return items;
}

interface Choice {
  readonly label: string;
  /** The JSON text (a snippet). */
  readonly text: string;
  readonly isString: boolean;
  readonly detail?: string;
}

function stringChoices(values: readonly string[]): Choice[] {
  return values.map((value) => ({ label: JSON.stringify(value), text: JSON.stringify(value), isString: true }));
}

function colorChoices(locale: Locale): Choice[] {
  return (['black', 'white'] as const).map((color) => ({
    label: String(colorNumber(color)),
    text: String(colorNumber(color)),
    isString: false,
    detail: say(locale, color === 'black' ? 'edit.color.black' : 'edit.color.white'),
  }));
}

/** The values a property may take, when the spec gives a closed set or a fixed form. */
function valueChoices(kind: ObjectKind, name: string, object: Node, context: ItemContext): Choice[] {
  const { locale } = context;
  if (kind === 'root' && name === 'format') return stringChoices(FORMAT_VALUES);
  if (kind === 'root' && name === 'version') return stringChoices(VERSION_VALUES_30);
  if (kind === 'rules' && name === 'scoring') return stringChoices(SCORINGS);
  if (kind === 'rules' && name === 'type') return stringChoices(RULES_TYPES);
  if (kind === 'moveValue' && name === 'evaluation') return stringChoices(EVALUATIONS);
  if (kind === 'action' && name === 'type') {
    // With the value its type needs, when the action has none yet.
    const needsValue = !(object.children ?? []).some((p) => keyNameOf(p) === 'value');
    const color = needsValue ? colorAtStep(context.doc, object) : 'black';
    return ACTION_TYPES.map((type) => ({
      label: JSON.stringify(type),
      text: needsValue ? `"${type}", "value": ${actionValueSkeleton(type, color)}` : JSON.stringify(type),
      isString: true,
      detail: say(locale, 'edit.detail.actionType', type, VALUE_CLAUSE[type]),
    }));
  }
  if (name === 'color') return colorChoices(locale);
  if (kind === 'result' && name === 'winner') {
    return [...colorChoices(locale), { label: 'null', text: 'null', isString: false, detail: say(locale, 'edit.value.draw') }];
  }
  if (kind === 'moveValue' && name === 'point') {
    return [
      { label: '{"x", "y"}', text: '{"x": $1, "y": $2}', isString: false },
      { label: 'null', text: 'null', isString: false, detail: say(locale, 'edit.value.pass') },
    ];
  }
  if (kind === 'action' && name === 'value') {
    const type = actionTypeOf(object);
    return type ? [{ label: type === 'message' ? '""' : type === 'takeback' ? '1' : '{…}', text: actionValueSkeleton(type, colorAtStep(context.doc, object)), isString: false }] : [];
  }
  if (kind === 'root' && name === 'size') return sizeChoices(locale);
  const slot = MEMBERS[kind]?.[name];
  if (!slot) return [];
  return [{ label: 'items' in slot ? '[…]' : '{…}', text: valueSkeleton(kind, name, object, context).text, isString: false }];
}

/** §3.9: the usual square boards (3.0 allows any size), then a rectangular one. */
function sizeChoices(locale: Locale): Choice[] {
  const squares = USUAL_BOARD_SIZES.map((size) => ({ label: String(size), text: String(size), isString: false, detail: say(locale, 'edit.detail.boardSize', size) }));
  return [...squares, { label: '{"width", "height"}', text: '{"width": $1, "height": $2}', isString: false, detail: say(locale, 'edit.value.rectangularBoard') }];
}

function valueItems(place: Extract<JsonPlace, { kind: 'value' }>, kind: ObjectKind, context: ItemContext): Wei7Completion[] {
  const name = keyNameOf(place.property);
  const clause = propertyClause(kind, name);
  const choices = valueChoices(kind, name, place.object, context).filter((c) => !place.inString || c.isString);
  return choices.map((c, index) => ({
    label: c.label,
    kind: 'value',
    detail: c.detail ?? say(context.locale, 'edit.detail.value', name, clause),
    documentation: clauseDocumentation('3.0', clause, context.locale),
    edit: { span: place.span, newText: c.text },
    snippet: c.text.includes('$'),
    filterText: place.inString ? c.label : undefined,
    sortText: sortKey(0, index),
  }));
}

/** The snippets for a new element of the array `name` of an object of `kind`. */
function itemSnippets(kind: ObjectKind, name: string, array: Node, offset: number, context: ItemContext): Choice[] {
  const slot = MEMBERS[kind]?.[name];
  const itemKind = slot && 'items' in slot ? slot.items : undefined;
  const { locale, doc } = context;
  const tree = array.parent?.parent;
  switch (itemKind) {
    case 'step': {
      const color = colorToPlayAfter(tree && previousForStep(doc, tree, offset));
      const who = say(locale, color === 'black' ? 'edit.color.black' : 'edit.color.white');
      const step = (value: string): string => `{"action": {"type": "move", "value": ${value} } }`;
      return [
        { label: 'move', text: step(moveValueText(color, '{"x": $1, "y": $2}')), isString: false, detail: say(locale, 'edit.snippet.moveStep', who) },
        { label: 'pass', text: step(moveValueText(color, 'null')), isString: false, detail: say(locale, 'edit.snippet.passStep', who) },
      ];
    }
    case 'tree': {
      const color = colorToPlayAfter(tree && previousForBranch(doc, tree));
      const who = say(locale, color === 'black' ? 'edit.color.black' : 'edit.color.white');
      const step = `{"action": {"type": "move", "value": ${moveValueText(color, '{"x": $1, "y": $2}')} } }`;
      return [{ label: 'branch', text: `{\n\t"steps": [\n\t\t${step}$0\n\t]\n}`, isString: false, detail: say(locale, 'edit.snippet.branch', who) }];
    }
    case 'stone':
      return [{ label: 'stone', text: `{"color": ${choice(1, [1, 2])}, "point": {"x": $2, "y": $3} }`, isString: false }];
    case 'mark':
      return [{ label: 'mark', text: '{"point": {"x": $1, "y": $2}, "symbol": "${3:a}"}', isString: false }];
    case 'participant':
      return [{ label: 'participant', text: '{"name": "$1"}', isString: false }];
    case 'player':
      return [{ label: 'player', text: `{"participant": $1, "color": ${choice(2, [1, 2])}}`, isString: false }];
    default:
      return [];
  }
}

function itemItems(place: Extract<JsonPlace, { kind: 'item' }>, context: ItemContext): Wei7Completion[] {
  const property = place.array.parent;
  const owner = property?.parent;
  const kind = owner && kindOf(owner);
  if (!property || property.type !== 'property' || !owner || !kind) return [];
  const name = keyNameOf(property);
  const slot = MEMBERS[kind]?.[name];
  const clause = slot && 'items' in slot ? SHAPES[slot.items].clause : SHAPES[kind].clause;
  const additionalEdits = commaBefore(context.text, place.span.start, '[');
  const comma = commaAfter(context.text, place.span.end);
  return itemSnippets(kind, name, place.array, place.span.start, context).map((c, index) => ({
    label: c.label,
    kind: 'snippet',
    detail: c.detail ?? say(context.locale, 'edit.detail.item', name, clause),
    documentation: clauseDocumentation('3.0', clause, context.locale),
    edit: { span: place.span, newText: `${c.text}${comma}` },
    snippet: true,
    additionalEdits: additionalEdits.length ? additionalEdits : undefined,
    sortText: sortKey(1, index),
  }));
}

/** The characters that may trigger each kind of place; other triggers give nothing there. */
const TRIGGERS: Readonly<Record<Exclude<JsonPlace['kind'], 'none'>, string>> = {
  key: '"',
  value: '": ',
  item: '',
};

export function completeJson(syntax: JsonSyntax, doc: Wei7Document, request: CompletionRequest): Wei7Completion[] {
  const place = jsonPlaceAt(syntax, request.offset);
  if (place.kind === 'none') return [];
  if (request.triggerCharacter && !TRIGGERS[place.kind].includes(request.triggerCharacter)) return [];
  const context: ItemContext = { text: syntax.text, doc, locale: request.locale };
  if (place.kind === 'item') return itemItems(place, context);
  const kind = kindOf(place.object);
  if (!kind) return [];
  return place.kind === 'key' ? keyItems(place, kind, context) : valueItems(place, kind, context);
}
