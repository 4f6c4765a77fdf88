/**
 * What is at a place in a wei7 document, whatever its format: the token under the cursor, its
 * name, the spec clause that governs it and what it means to the navigation features (a komi, a
 * participant index, a time…), plus the syntax-level spans the text features need (enclosing
 * spans for selection ranges, foldable regions, the named holder of a value).
 *
 * This is the one module of the features that reads the syntax tree and so knows the two
 * formats; hovers, the outline, folding and the rest read only this and the document model.
 * The name → clause tables below are data: one shape per element (2.2) or property (3.0).
 */
import type { Node } from 'jsonc-parser';
import type { Analysis } from '../analysis';
import type { Span } from '../model/types';
import type { XmlAttribute, XmlElement, XmlSyntax, XmlText } from '../parse/xml/parseXml';
import type { JsonSyntax } from '../parse/json/parseJson';
import { endTagNameSpan } from '../parse/xml/tags';
import type { SourceText } from '../text/sourceText';

/* ---------- what a place is ---------- */

export type TargetKind =
  /** An element's name, in its start or end tag (2.2). */
  | 'element'
  | 'attribute'
  | 'attributeValue'
  /** The text of a value element (2.2 size, time). */
  | 'text'
  /** A property's key (3.0). */
  | 'property'
  /** A scalar value, or the brace or bracket of an object or array (3.0). */
  | 'value';

/** What a value means beyond its clause, for the features that explain or link it. */
export type TargetRole =
  /** Komi, in 目 (2.2 §3.6, 3.0 §3.10.1). */
  | 'komi'
  /** A result's margin, in 目 (2.2 §3.9, 3.0 §3.8). */
  | 'margin'
  /** An index into info.participants (3.0 §3.7): players[].participant, steps[].actor. */
  | 'participantIndex'
  /** When the game was played (2.2 §3.7 xs:dateTime, 3.0 §3.10.2). */
  | 'gameTime'
  /** Seconds from the start of the game (3.0 §3.14, §3.16.3.1). */
  | 'stepTime';

export type PathSegment = string | number;

export interface SyntaxTarget {
  readonly kind: TargetKind;
  /** The element, attribute or property name; `[i]` for an array element. */
  readonly name: string;
  /** The token under the cursor (a key and a JSON string include their quotes; an attribute value does not). */
  readonly span: Span;
  /** Element names (2.2) or keys and indices (3.0) from the root down to the target. */
  readonly path: readonly PathSegment[];
  /** The clause of the document's spec that defines the target; undefined for names the spec does not know. */
  readonly clause: string | undefined;
  readonly role: TargetRole | undefined;
  /** The clause that says how 目 and 子 relate (komi and margin only). */
  readonly unitClause: string | undefined;
  /** The scalar value of the attribute, property or text, as written (XML values are strings). */
  readonly value: string | number | boolean | null | undefined;
  /** Inside the entry info.participants[i]: i (3.0 only; 2.2 has no participant indices). */
  readonly participantEntry: number | undefined;
}

/* ---------- the clause tables ---------- */

interface Shape {
  /** The clause that defines the element, attribute or property. */
  readonly clause: string;
  readonly role?: TargetRole;
}

interface XmlShape extends Shape {
  readonly attributes?: Readonly<Record<string, Shape>>;
  readonly children?: Readonly<Record<string, XmlShape>>;
}

interface JsonShape extends Shape {
  readonly properties?: Readonly<Record<string, JsonShape>>;
  readonly items?: JsonShape;
  /** Each item is a participants entry (its index is what participant indices point to). */
  readonly participantItems?: boolean;
  /** 3.16.3.2: the shape of an action's `value` depends on the action's `type`. */
  readonly byType?: Readonly<Record<string, JsonShape>>;
}

/** 2.2 §3.10 and 3.0 §3.10.9: komi and margin are in 目; 1 子 = 2 目. */
const UNIT_CLAUSE = { xml: '3.10', json: '3.10.9' } as const;

/* 2.2: element and attribute names → the clause that defines them (§3.2–§3.18). */

const NODE_ATTRIBUTES_22: Readonly<Record<string, Shape>> = {
  eval: { clause: '3.16.1' },
  title: { clause: '3.16.2' },
  comment: { clause: '3.16.3' },
  problem: { clause: '3.16.4' },
};
const MARK_22: XmlShape = { clause: '3.18', attributes: { x: { clause: '3.18' }, y: { clause: '3.18' }, symbol: { clause: '3.18' } } };
const MOVE_22: XmlShape = {
  clause: '3.17',
  attributes: {
    ...NODE_ATTRIBUTES_22,
    type: { clause: '3.17.1.1' },
    x: { clause: '3.17.1.2' },
    y: { clause: '3.17.1.2' },
    splitter: { clause: '3.17.1.3' },
  },
};
/** A stone of a pre: §3.17.2 says what it may have; §3.17.1.2 what x and y mean. */
const PRE_STONE_22: XmlShape = { clause: '3.17.2', attributes: { x: { clause: '3.17.1.2' }, y: { clause: '3.17.1.2' } } };
const PRE_22: XmlShape = { clause: '3.14', attributes: NODE_ATTRIBUTES_22, children: { black: PRE_STONE_22, white: PRE_STONE_22, mark: MARK_22 } };
/** moves nests: its own shape is one of its children. */
const MOVES_22: { clause: string; children: Record<string, XmlShape> } = { clause: '3.11', children: {} };
Object.assign(MOVES_22.children, { moves: MOVES_22, pre: PRE_22, black: MOVE_22, white: MOVE_22, mark: MARK_22 });
const PLAYER_22: XmlShape = {
  clause: '3.8',
  attributes: { domain: { clause: '3.8' }, id: { clause: '3.8' }, name: { clause: '3.8' }, title: { clause: '3.8' }, rank: { clause: '3.8' } },
};
const WEI7_22: XmlShape = {
  clause: '3.2',
  attributes: { version: { clause: '3.2' } },
  children: {
    size: { clause: '3.4' },
    game: {
      clause: '3.5',
      attributes: { domain: { clause: '3.8' }, id: { clause: '3.8' }, name: { clause: '3.8' } },
      children: {
        rules: { clause: '3.6', attributes: { scoring: { clause: '3.6' }, komi: { clause: '3.6', role: 'komi' }, type: { clause: '3.6' } } },
        time: { clause: '3.7', role: 'gameTime' },
        black: PLAYER_22,
        white: PLAYER_22,
        result: { clause: '3.9', attributes: { winner: { clause: '3.9' }, margin: { clause: '3.9', role: 'margin' } } },
      },
    },
    moves: MOVES_22,
  },
};

/* 3.0: property paths → the clause that defines them (§3.2–§3.17). */

const XY_30: Readonly<Record<string, JsonShape>> = { x: { clause: '3.6' }, y: { clause: '3.6' } };
const MARK_30: JsonShape = { clause: '3.12', properties: { point: { clause: '3.12', properties: XY_30 }, symbol: { clause: '3.12' } } };
const RESULT_30: Readonly<Record<string, JsonShape>> = { winner: { clause: '3.8' }, margin: { clause: '3.8', role: 'margin' } };
const PROBLEM_30: Readonly<Record<string, JsonShape>> = { color: { clause: '3.15' } };
const ACTION_VALUES_30: Readonly<Record<string, JsonShape>> = {
  move: {
    clause: '3.16.3.2.1',
    properties: {
      color: { clause: '3.16.3.2.1.1' },
      point: { clause: '3.16.3.2.1.2', properties: XY_30 },
      evaluation: { clause: '3.16.3.2.1.3' },
      problem: { clause: '3.16.3.2.1.4', properties: PROBLEM_30 },
    },
  },
  takeback: { clause: '3.16.3.2.2' },
  result: { clause: '3.16.3.2.3', properties: RESULT_30 },
  mark: { clause: '3.16.3.2.4', properties: MARK_30.properties },
  message: { clause: '3.16.3.2.5' },
};
/** tree nests through branches: its properties hold its own shape. */
const TREE_PROPERTIES_30: Record<string, JsonShape> = {};
const TREE_30: JsonShape = { clause: '3.16', properties: TREE_PROPERTIES_30 };
Object.assign(TREE_PROPERTIES_30, {
  title: { clause: '3.16.1' },
  pre: {
    clause: '3.16.2',
    properties: {
      stones: {
        clause: '3.16.2.1',
        items: { clause: '3.16.2.1', properties: { color: { clause: '3.16.2.1' }, point: { clause: '3.16.2.1', properties: XY_30 } } },
      },
      problem: { clause: '3.16.2.2', properties: PROBLEM_30 },
      marks: { clause: '3.16.2.3', items: MARK_30 },
      comment: { clause: '3.16.2.4' },
    },
  },
  steps: {
    clause: '3.16.3',
    items: {
      clause: '3.16.3',
      properties: {
        time: { clause: '3.16.3.1', role: 'stepTime' },
        action: { clause: '3.16.3.2', properties: { type: { clause: '3.16.3.2' }, value: { clause: '3.16.3.2', byType: ACTION_VALUES_30 } } },
        actor: { clause: '3.16.3.3', role: 'participantIndex' },
        marks: { clause: '3.16.3.4', items: MARK_30 },
        comment: { clause: '3.16.3.5' },
      },
    },
  },
  branches: { clause: '3.16.4', items: TREE_30 },
} satisfies Record<string, JsonShape>);
const NAMING_30: Readonly<Record<string, JsonShape>> = {
  domain: { clause: '3.10.5.1' },
  id: { clause: '3.10.5.2' },
  name: { clause: '3.10.5.3' },
};
const ROOT_30: JsonShape = {
  clause: '3.2',
  properties: {
    format: { clause: '3.2' },
    version: { clause: '3.2' },
    size: { clause: '3.9', properties: { width: { clause: '3.9' }, height: { clause: '3.9' } } },
    info: {
      clause: '3.10',
      properties: {
        ...NAMING_30,
        rules: { clause: '3.10.1', properties: { scoring: { clause: '3.10.1' }, komi: { clause: '3.10.1', role: 'komi' }, type: { clause: '3.10.1' } } },
        time: { clause: '3.10.2', role: 'gameTime' },
        place: { clause: '3.10.3' },
        participants: {
          clause: '3.10.4',
          participantItems: true,
          items: { clause: '3.10.4', properties: { ...NAMING_30, title: { clause: '3.10.4' }, rank: { clause: '3.10.4' } } },
        },
        players: {
          clause: '3.10.7',
          items: { clause: '3.10.7', properties: { participant: { clause: '3.10.7', role: 'participantIndex' }, color: { clause: '3.10.7' } } },
        },
        result: { clause: '3.10.8', properties: RESULT_30 },
      },
    },
    tree: { clause: '3.17', properties: TREE_PROPERTIES_30 },
  },
};

/* ---------- the syntax around a place ---------- */

/** The 2.x elements whose spans hold `offset` (their end included), from the root in. */
export function xmlElementsAt(xml: XmlSyntax, offset: number): XmlElement[] {
  return xmlChainAt(xml, offset, true).map((step) => step.element);
}

/**
 * The open 2.x element named `name` that an end tag at `offset` does not match (xml.endTagMismatch),
 * the innermost such, with the element it stands in; undefined when none.
 */
export function openElementBefore(xml: XmlSyntax, offset: number, name: string): { readonly element: XmlElement; readonly parent?: XmlElement } | undefined {
  const chain = xmlElementsAt(xml, offset);
  for (let i = chain.length - 1; i >= 0; i--) if (chain[i].name === name && chain[i].startTag.start < offset) return { element: chain[i], parent: chain[i - 1] };
  return undefined;
}

/**
 * The 2.x element whose start tag was left out before the `<` at `lt`, read as if it stood there
 * (parse/xml/tags.ts ImpliedElementNode: its start tag is the empty span at `lt`); undefined when none.
 */
export function elementLeftOutAt(xml: XmlSyntax, lt: number): XmlElement | undefined {
  return xmlElementsAt(xml, lt).find((element) => element.startTag.start === lt && element.startTag.end === lt);
}

/** The 3.0 nodes whose spans hold `offset`, from the root down (a key's: its property, then the key). */
export function jsonNodesAt(json: JsonSyntax, offset: number): Node[] {
  return jsonChainAt(json, offset, false).map((step) => step.node);
}

/* ---------- syntaxAt ---------- */

/** The token at `offset` (the character after the cursor) and what it is; undefined between tokens. */
export function syntaxAt(analysis: Analysis, offset: number): SyntaxTarget | undefined {
  const syntax = analysis.syntax;
  if (!syntax) return undefined;
  return syntax.format === 'xml' ? xmlTargetAt(syntax.xml, offset) : jsonTargetAt(syntax.json, offset);
}

function target(fields: Partial<SyntaxTarget> & Pick<SyntaxTarget, 'kind' | 'name' | 'span' | 'path'>): SyntaxTarget {
  return { clause: undefined, role: undefined, unitClause: undefined, value: undefined, participantEntry: undefined, ...fields };
}

function contains(span: Span, offset: number): boolean {
  return offset >= span.start && offset < span.end;
}

/* ----- 2.2 ----- */

interface XmlStep {
  readonly element: XmlElement;
  readonly shape: XmlShape | undefined;
}

/** The elements from the root down to the innermost one whose span holds `offset`, with their shapes. */
function xmlChainAt(xml: XmlSyntax, offset: number, includeEnd: boolean): XmlStep[] {
  const root = xml.root;
  const within = (span: Span): boolean => offset >= span.start && (offset < span.end || (includeEnd && offset === span.end));
  if (!root || !within(root.span)) return [];
  const chain: XmlStep[] = [{ element: root, shape: root.name === 'wei7' ? WEI7_22 : undefined }];
  for (;;) {
    const { element, shape } = chain[chain.length - 1];
    const child = childAt(element.children, offset, within, (c) => c.span);
    if (!child || child.kind !== 'element') return chain;
    chain.push({ element: child, shape: shape?.children?.[child.name] });
  }
}

/** The child whose span holds the offset (children are in text order: binary search, for arrays of thousands of steps). */
function childAt<T>(children: readonly T[], offset: number, within: (span: Span) => boolean, spanOfChild: (child: T) => Span): T | undefined {
  let low = 0;
  let high = children.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const span = spanOfChild(children[mid]);
    if (offset < span.start) high = mid - 1;
    else if (within(span)) return children[mid];
    else low = mid + 1;
  }
  return undefined;
}

function nodeSpan(node: Node): Span {
  return { start: node.offset, end: node.offset + node.length };
}

/** The end tag of a closed element, and its name as written there (a mistyped one ends the element too: xmlRun.ts closeElements). */
function endTagOf(element: XmlElement, source: SourceText): { span: Span; nameSpan: Span } | undefined {
  if (!element.closed || element.span.end === element.startTag.end) return undefined;
  const start = element.contentSpan.end;
  return { span: { start, end: element.span.end }, nameSpan: endTagNameSpan(source, start, element.span.end) };
}

/**
 * The name in the start tag and the name in the end tag of the 2.x element one of whose tag names
 * holds `offset` or ends at it (a cursor just after a name it typed). No end tag (`<x/>`, an
 * element left open): no pair. Undefined in 3.0, which has no tags.
 */
export function tagNamesAt(analysis: Analysis, offset: number): { readonly start: Span; readonly end: Span } | undefined {
  const syntax = analysis.syntax;
  if (syntax?.format !== 'xml') return undefined;
  const chain = xmlChainAt(syntax.xml, offset, true);
  // Innermost first: at the end of an end tag's name the cursor is also inside the enclosing element.
  const holds = (span: Span): boolean => offset >= span.start && offset <= span.end;
  for (let i = chain.length - 1; i >= 0; i--) {
    const element = chain[i].element;
    const end = endTagOf(element, syntax.xml.source)?.nameSpan;
    if (!end || !(holds(element.nameSpan) || holds(end))) continue;
    // Both spans must hold the name: renamed together, they must not reach into other text.
    const start: Span = { start: element.nameSpan.start, end: element.nameSpan.end };
    const source = syntax.xml.source;
    return source.slice(start.start, start.end) === element.name && source.slice(end.start, end.end) === element.name ? { start, end } : undefined;
  }
  return undefined;
}

/** The span of the 2.x element whose start tag's name starts at `nameStart` (the place of a finding about the element); undefined in 3.0. */
export function elementNamedAt(analysis: Analysis, nameStart: number): Span | undefined {
  const syntax = analysis.syntax;
  if (syntax?.format !== 'xml') return undefined;
  const chain = xmlChainAt(syntax.xml, nameStart, false);
  const element = chain[chain.length - 1]?.element;
  return element && element.nameSpan.start === nameStart ? element.span : undefined;
}

/**
 * The name of the 2.x element whose start tag ends at `offset` (just after its `>`), when that tag
 * opens content (not `<x/>`) whose end tag is missing: what auto-closing writes the end tag of.
 * Undefined in 3.0.
 */
export function elementOpenedAt(analysis: Analysis, offset: number): string | undefined {
  const syntax = analysis.syntax;
  if (syntax?.format !== 'xml' || offset < 1) return undefined;
  const chain = xmlChainAt(syntax.xml, offset - 1, false);
  const element = chain[chain.length - 1]?.element;
  const source = syntax.xml.source;
  // Only a `>` in the text ends a tag here: a start tag without one was closed by the parse (markupRepairs.ts) before the next `<`.
  if (!element || element.startTag.end !== offset || source.charCodeAt(offset - 1) !== GREATER || source.charCodeAt(offset - 2) === SLASH) return undefined;
  // A tag typed new is left open, or takes the end tag of an element of its name around it, which
  // is then left open. Closed, with no such element around: its end tag is there (a `>` typed again).
  return !element.closed || openAncestorNamed(element, element.name) ? element.name : undefined;
}

function openAncestorNamed(element: XmlElement, name: string): boolean {
  for (let e = element.parent; e; e = e.parent) if (e.name === name && !e.closed) return true;
  return false;
}

const SLASH = 0x2f;
const GREATER = 0x3e;

function xmlTargetAt(xml: XmlSyntax, offset: number): SyntaxTarget | undefined {
  const chain = xmlChainAt(xml, offset, false);
  if (!chain.length) return undefined;
  const { element, shape } = chain[chain.length - 1];
  const path = chain.map((step) => step.element.name);
  const unitClause = (role: TargetRole | undefined): string | undefined => (role === 'komi' || role === 'margin' ? UNIT_CLAUSE.xml : undefined);
  // The element's name in its start tag or in its end tag.
  const nameSpan = [element.nameSpan, endTagOf(element, xml.source)?.nameSpan].find((span): span is Span => span !== undefined && contains(span, offset));
  if (nameSpan) {
    const text = valueText(element);
    return target({
      kind: 'element', name: element.name, span: nameSpan, path, clause: shape?.clause, role: shape?.role, unitClause: unitClause(shape?.role),
      value: shape?.role && text ? text.value : undefined,
    });
  }
  const attribute = element.attributes.find((a) => contains(a.span, offset));
  if (attribute && contains(element.startTag, offset)) return xmlAttributeTarget(attribute, shape, [...path, attribute.name], offset, unitClause);
  const text = element.children.find((c): c is XmlText => c.kind === 'text' && contains(c.span, offset));
  const trimmed = text && trimmedSpan(text);
  if (text && trimmed && contains(trimmed, offset)) {
    return target({
      kind: 'text', name: element.name, span: trimmed, path, clause: shape?.clause, role: shape?.role, unitClause: unitClause(shape?.role),
      value: text.text.trim(),
    });
  }
  return undefined;
}

function xmlAttributeTarget(
  attribute: XmlAttribute,
  element: XmlShape | undefined,
  path: PathSegment[],
  offset: number,
  unitClause: (role: TargetRole | undefined) => string | undefined,
): SyntaxTarget {
  const shape = element?.attributes?.[attribute.name];
  const onValue = offset >= attribute.valueSpan.start && offset < attribute.valueSpan.end;
  return target({
    kind: onValue ? 'attributeValue' : 'attribute',
    name: attribute.name,
    span: onValue ? attribute.valueSpan : contains(attribute.nameSpan, offset) ? attribute.nameSpan : attribute.span,
    path,
    clause: shape?.clause,
    role: shape?.role,
    unitClause: unitClause(shape?.role),
    value: attribute.value,
  });
}

/** The text of a value element (size, time) and where it is, without the white space around it. */
function valueText(element: XmlElement): { value: string; span: Span } | undefined {
  const text = element.children.find((c): c is XmlText => c.kind === 'text' && c.text.trim() !== '');
  const span = text && trimmedSpan(text);
  return text && span ? { value: text.text.trim(), span } : undefined;
}

/** A text run without its leading and trailing white space; undefined when it is all white space. */
function trimmedSpan(text: XmlText): Span | undefined {
  const lead = text.text.length - text.text.trimStart().length;
  const trail = text.text.length - text.text.trimEnd().length;
  // Entities make the decoded text shorter than its source: trim only when the lengths agree.
  if (text.text.length !== text.span.end - text.span.start) return text.text.trim() ? text.span : undefined;
  const span = { start: text.span.start + lead, end: text.span.end - trail };
  return span.start < span.end ? span : undefined;
}

/* ----- 3.0 ----- */

interface JsonStep {
  readonly node: Node;
  /** The shape of the value this node is (or, for a property and its key, of the property's value). */
  readonly shape: JsonShape | undefined;
  readonly segment: PathSegment | undefined;
  readonly participantEntry: number | undefined;
}

/** The nodes from the root value down to the innermost one holding `offset`, with their shapes. */
function jsonChainAt(json: JsonSyntax, offset: number, includeEnd: boolean): JsonStep[] {
  const root = json.root;
  const within = (span: Span): boolean => offset >= span.start && (offset < span.end || (includeEnd && offset === span.end));
  if (!root || !within(nodeSpan(root))) return [];
  const chain: JsonStep[] = [{ node: root, shape: ROOT_30, segment: undefined, participantEntry: undefined }];
  for (;;) {
    const step = chain[chain.length - 1];
    const node = step.node;
    const children = node.children ?? [];
    const child = childAt(children, offset, within, nodeSpan);
    if (!child) return chain;
    chain.push(jsonChild(step, child));
  }
}

/** One step down the tree: a property of an object, the key or value of a property, an element of an array. */
function jsonChild(parent: JsonStep, child: Node): JsonStep {
  const { node, shape } = parent;
  if (node.type === 'object') {
    const key = String(child.children?.[0]?.value ?? '');
    let childShape = shape?.properties?.[key];
    if (childShape?.byType) childShape = childShape.byType[actionType(node)] ?? childShape;
    return { node: child, shape: childShape, segment: key, participantEntry: parent.participantEntry };
  }
  if (node.type === 'array') {
    const index = node.children?.indexOf(child) ?? -1;
    const entry = shape?.participantItems ? index : parent.participantEntry;
    return { node: child, shape: shape?.items, segment: index, participantEntry: entry };
  }
  // A property's key or value: the property's shape applies to both.
  return { node: child, shape, segment: undefined, participantEntry: parent.participantEntry };
}

/** The `type` of the action object whose `value` is being read. */
function actionType(action: Node): string {
  const type = action.children?.find((p) => p.children?.[0]?.value === 'type')?.children?.[1];
  return type?.type === 'string' ? String(type.value) : '';
}

function jsonTargetAt(json: JsonSyntax, offset: number): SyntaxTarget | undefined {
  const chain = jsonChainAt(json, offset, false);
  const last = chain[chain.length - 1];
  if (!last) return undefined;
  const node = last.node;
  const isContainer = node.type === 'object' || node.type === 'array';
  // Inside an object or array but not on a token (white space, a comma, a colon): nothing.
  if (node.type === 'property' || (isContainer && offset !== node.offset && offset !== node.offset + node.length - 1)) return undefined;
  const path = chain.map((s) => s.segment).filter((s): s is PathSegment => s !== undefined);
  const parent = node.parent;
  const isKey = parent?.type === 'property' && parent.children?.[0] === node;
  const valueNode = parent?.type === 'property' ? parent.children?.[1] : node;
  const name = path.length ? labelOf(path[path.length - 1]) : '';
  const role = last.shape?.role;
  return target({
    kind: isKey ? 'property' : 'value',
    name,
    span: { start: node.offset, end: node.offset + node.length },
    path,
    clause: last.shape?.clause,
    role,
    unitClause: role === 'komi' || role === 'margin' ? UNIT_CLAUSE.json : undefined,
    value: scalarOf(valueNode),
    participantEntry: last.participantEntry,
  });
}

function labelOf(segment: PathSegment): string {
  return typeof segment === 'number' ? `[${segment}]` : segment;
}

function scalarOf(node: Node | undefined): string | number | boolean | null | undefined {
  if (!node) return undefined;
  // jsonc-parser types `value` as any; a scalar node holds one of these.
  const value: unknown = node.value;
  if (node.type === 'null') return null;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/* ---------- spans for the text features ---------- */

/**
 * The spans around `offset`, innermost first, for selection ranges: the token (and its inside,
 * without quotes), the attribute or property, the start tag, the element or object (and its
 * content, when the offset is in it), and so on to the root. The whole document is not included.
 */
export function enclosingSpans(analysis: Analysis, offset: number): Span[] {
  const syntax = analysis.syntax;
  if (!syntax) return [];
  const spans = syntax.format === 'xml' ? xmlEnclosingSpans(syntax.xml, offset) : jsonEnclosingSpans(syntax.json, offset);
  return spans.filter((span, i) => i === 0 || span.start !== spans[i - 1].start || span.end !== spans[i - 1].end);
}

function xmlEnclosingSpans(xml: XmlSyntax, offset: number): Span[] {
  const chain = xmlChainAt(xml, offset, true);
  const spans: Span[] = [];
  const inside = (span: Span): boolean => offset >= span.start && offset <= span.end;
  for (let i = chain.length - 1; i >= 0; i--) {
    const element = chain[i].element;
    if (i === chain.length - 1) spans.push(...xmlTokenSpans(element, offset, xml.source));
    if (element.contentSpan.end > element.contentSpan.start && inside(element.contentSpan)) spans.push(element.contentSpan);
    spans.push(element.span);
  }
  return spans;
}

/** Within the innermost element: the attribute value, attribute and start tag; the end tag; or the text. */
function xmlTokenSpans(element: XmlElement, offset: number, source: SourceText): Span[] {
  const inside = (span: Span): boolean => offset >= span.start && offset <= span.end;
  if (inside(element.startTag) && offset < element.startTag.end) {
    const attribute = element.attributes.find((a) => inside(a.span));
    if (attribute) {
      const inValue = attribute.valueSpan.end > attribute.valueSpan.start && inside(attribute.valueSpan);
      return [...(inValue ? [attribute.valueSpan] : inside(attribute.nameSpan) ? [attribute.nameSpan] : []), attribute.span, element.startTag];
    }
    return [...(inside(element.nameSpan) ? [element.nameSpan] : []), element.startTag];
  }
  const endTag = endTagOf(element, source);
  if (endTag && inside(endTag.span) && offset > endTag.span.start) {
    return [...(inside(endTag.nameSpan) ? [endTag.nameSpan] : []), endTag.span];
  }
  const text = element.children.find((c): c is XmlText => c.kind === 'text' && inside(c.span));
  const trimmed = text && trimmedSpan(text);
  return trimmed && inside(trimmed) ? [trimmed] : [];
}

function jsonEnclosingSpans(json: JsonSyntax, offset: number): Span[] {
  const chain = jsonChainAt(json, offset, true);
  const spans: Span[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i].node;
    const start = node.offset;
    const end = node.offset + node.length;
    // Strings, objects and arrays: first their inside (without quotes, braces or brackets), as VS Code's JSON service does.
    // Not for one left open at the end of the text: its last character is no bracket, and may end the span before;
    // nor for an object whose `{` is missing (the parser reads it from its first name): its first character is the name's.
    const previous = spans[spans.length - 1];
    const holdsPrevious = !previous || (previous.start >= start + 1 && previous.end <= end - 1);
    if ((node.type === 'string' || node.type === 'object' || node.type === 'array') && start + 1 < end - 1 && offset >= start + 1 && offset <= end - 1 && holdsPrevious) {
      spans.push({ start: start + 1, end: end - 1 });
    }
    spans.push({ start, end });
  }
  return spans;
}

/** A region the editor may fold: an element, object or array, or a long comment. */
export interface FoldableRegion {
  readonly start: number;
  /** Where the region ends: the start of its closing token when `keepsClosingLine`, else its last character. */
  readonly end: number;
  /** The line of `end` stays visible (an end tag, `}` or `]`); else the fold runs through it. */
  readonly keepsClosingLine: boolean;
  readonly kind: 'block' | 'comment';
}

/**
 * Every element, object and array, XML comment and attribute value that spans more than one
 * line (`spansLines` says), in text order, outer before inner. A region on one line holds only
 * regions on that line, so its subtree is skipped: a long game of one-line moves costs one test a move.
 */
export function foldableRegions(analysis: Analysis, spansLines: (start: number, end: number) => boolean): FoldableRegion[] {
  const syntax = analysis.syntax;
  if (!syntax) return [];
  const regions = syntax.format === 'xml' ? xmlRegions(syntax.xml, spansLines) : jsonRegions(syntax.json, spansLines);
  return regions.sort((a, b) => a.start - b.start || b.end - a.end);
}

function xmlRegions(xml: XmlSyntax, spansLines: (start: number, end: number) => boolean): FoldableRegion[] {
  const regions: FoldableRegion[] = [];
  const pending: XmlElement[] = xml.root ? [xml.root] : [];
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (!spansLines(element.span.start, element.span.end)) continue;
    const endTag = endTagOf(element, xml.source);
    regions.push(
      endTag
        ? { start: element.span.start, end: endTag.span.start, keepsClosingLine: true, kind: 'block' }
        : { start: element.span.start, end: Math.max(element.span.start, element.span.end - 1), keepsClosingLine: false, kind: 'block' },
    );
    // Long attribute values: wei7 comments written over several lines.
    for (const attribute of element.attributes) {
      if (spansLines(attribute.span.start, attribute.span.end)) {
        regions.push({ start: attribute.span.start, end: attribute.span.end - 1, keepsClosingLine: false, kind: 'comment' });
      }
    }
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i];
      if (child.kind === 'element') pending.push(child);
    }
  }
  for (const comment of xmlComments(xml.text)) {
    if (spansLines(comment.start, comment.end)) regions.push({ start: comment.start, end: comment.end - 1, keepsClosingLine: false, kind: 'comment' });
  }
  return regions;
}

/** XML comments (`<!-- … -->`) outside CDATA sections; `<` cannot occur unescaped anywhere else. */
function xmlComments(text: string): Span[] {
  const comments: Span[] = [];
  const markup = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g;
  for (let m = markup.exec(text); m; m = markup.exec(text)) {
    if (m[0].startsWith('<!--')) comments.push({ start: m.index, end: m.index + m[0].length });
    if (m[0].length === 0) markup.lastIndex++;
  }
  return comments;
}

function jsonRegions(json: JsonSyntax, spansLines: (start: number, end: number) => boolean): FoldableRegion[] {
  const regions: FoldableRegion[] = [];
  const pending: Node[] = json.root ? [json.root] : [];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!spansLines(node.offset, node.offset + node.length)) continue;
    if (node.type === 'object' || node.type === 'array') {
      const last = node.offset + node.length - 1;
      const closed = node.length > 1 && json.text[last] === (node.type === 'object' ? '}' : ']');
      regions.push({ start: node.offset, end: closed ? last : last + 1, keepsClosingLine: closed, kind: 'block' });
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
  return regions;
}

/** The named thing a span of the model belongs to: an attribute, element or property, with its name. */
export interface Holder {
  readonly span: Span;
  /** The attribute or element name, or the property key; the opening brace of an unnamed object. */
  readonly nameSpan: Span;
}

/**
 * The attribute, element or property whose value (or whole self) is `span`: the outline shows a
 * model value (a name, the rules, a player) over the whole `komi="7.5"` or `"komi": 7.5` and selects its name.
 */
export function holderOf(analysis: Analysis, span: Span): Holder | undefined {
  const syntax = analysis.syntax;
  if (!syntax) return undefined;
  return syntax.format === 'xml' ? xmlHolderOf(syntax.xml, span) : jsonHolderOf(syntax.json, span);
}

function sameSpan(a: Span, b: Span): boolean {
  return a.start === b.start && a.end === b.end;
}

function xmlHolderOf(xml: XmlSyntax, span: Span): Holder | undefined {
  const chain = xmlChainAt(xml, span.start, false);
  for (let i = chain.length - 1; i >= 0; i--) {
    const element = chain[i].element;
    const attribute = element.attributes.find((a) => sameSpan(a.valueSpan, span) || sameSpan(a.span, span));
    if (attribute) return { span: attribute.span, nameSpan: attribute.nameSpan };
    const text = valueText(element);
    if (sameSpan(element.span, span) || (text && sameSpan(text.span, span))) return { span: element.span, nameSpan: element.nameSpan };
  }
  return undefined;
}

function jsonHolderOf(json: JsonSyntax, span: Span): Holder | undefined {
  const chain = jsonChainAt(json, span.start, false);
  const node = chain.map((s) => s.node).find((n) => n.offset === span.start && n.length === span.end - span.start && n.type !== 'property');
  if (!node) return undefined;
  const parent = node.parent;
  if (parent?.type === 'property' && parent.children?.[1] === node) {
    const key = parent.children[0];
    return { span: { start: parent.offset, end: parent.offset + parent.length }, nameSpan: { start: key.offset, end: key.offset + key.length } };
  }
  return { span, nameSpan: { start: span.start, end: Math.min(span.end, span.start + 1) } };
}
