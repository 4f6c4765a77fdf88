/** Finding the JSON syntax a finding points at, and edits that add or remove a property cleanly. */
import type { Node } from 'jsonc-parser';
import type { Analysis } from '../../analysis';
import type { Span } from '../../model/types';
import { keyNameOf, spanOf } from '../../parse/json/parseJson';
import type { FixEdit } from './types';
import { eolOf, hasLineBreak, indentOf } from './text';

export function jsonRootOf(analysis: Analysis): Node | undefined {
  return analysis.syntax?.format === 'json' ? analysis.syntax.json.root : undefined;
}

function contains(node: Node, span: Span): boolean {
  return node.offset <= span.start && span.end <= node.offset + node.length;
}

/**
 * The innermost node whose span is exactly `span`, searching only the nodes that contain it
 * (iterative: branches nest without limit).
 */
export function nodeWithSpan(root: Node, span: Span): Node | undefined {
  let found: Node | undefined;
  let node: Node | undefined = root;
  while (node && contains(node, span)) {
    if (node.offset === span.start && node.offset + node.length === span.end) found = node;
    node = node.children?.find((child) => contains(child, span));
  }
  return found;
}

/** The property whose key token is exactly `span`. */
export function propertyWithKey(root: Node, span: Span): Node | undefined {
  const key = nodeWithSpan(root, span);
  const property = key?.parent;
  return property?.type === 'property' && property.children?.[0] === key ? property : undefined;
}

/**
 * The object a finding about an object as a whole points at (validate/json/checks.ts anchorOf):
 * the key of the property that holds it, or its own `{`.
 */
export function objectAtAnchor(root: Node, anchor: Span): Node | undefined {
  const property = propertyWithKey(root, anchor);
  if (property) {
    const value = property.children?.[1];
    return value?.type === 'object' ? value : undefined;
  }
  let node: Node | undefined = root;
  while (node && contains(node, anchor)) {
    if (node.type === 'object' && node.offset === anchor.start) return node;
    node = node.children?.find((child) => contains(child, anchor));
  }
  return undefined;
}

function endOf(node: Node): number {
  return node.offset + node.length;
}

/**
 * The order properties are written in, across every object of 3.0 (§3.2–§3.16): within each
 * object its properties keep the order of the spec, so an added property goes where the spec
 * lists it.
 */
const PROPERTY_ORDER = [
  'format', 'version', 'size', 'info', 'tree',
  'title', 'pre', 'steps', 'branches',
  'time', 'action', 'actor', 'type', 'value', 'participant', 'color', 'point', 'symbol', 'evaluation', 'problem',
  'marks', 'comment', 'x', 'y', 'width', 'height', 'winner', 'margin',
];

function rank(name: string): number {
  const i = PROPERTY_ORDER.indexOf(name);
  return i < 0 ? PROPERTY_ORDER.length : i;
}

/**
 * Adds `"name": valueText` to an object where the spec order puts it: after the last property
 * that comes before it, else before the first one; on its own line when the object's properties
 * are, with their indentation.
 */
export function addPropertyEdit(text: string, object: Node, name: string, valueText: string): FixEdit {
  const member = `${JSON.stringify(name)}: ${valueText}`;
  const properties = object.children ?? [];
  if (properties.length === 0) return { span: { start: object.offset + 1, end: object.offset + 1 }, newText: member };
  const first = properties[0];
  const multiline = hasLineBreak(text, object.offset, first.offset);
  let before: Node | undefined;
  for (const property of properties) if (rank(keyNameOf(property)) <= rank(name)) before = property;
  if (before) {
    const separator = multiline ? eolOf(text) + indentOf(text, before.offset) : ' ';
    return { span: { start: endOf(before), end: endOf(before) }, newText: `,${separator}${member}` };
  }
  const separator = multiline ? eolOf(text) + indentOf(text, first.offset) : ' ';
  return { span: { start: first.offset, end: first.offset }, newText: `${member},${separator}` };
}

/**
 * What to delete to remove the property at `index` with its comma: from the end of the one
 * before it, or, for the first, up to the start of the next (so the layout of the rest stays).
 */
export function propertyRemovalSpan(object: Node, index: number): Span | undefined {
  return propertiesRemovalSpans(object, [index])[0];
}

/**
 * What to delete to remove the properties at `indices` (ascending) with their commas: one span for
 * each run of neighbours, as propertyRemovalSpan for one (a run from the first reaches the start of
 * the first property kept). Empty when an index has no property.
 */
export function propertiesRemovalSpans(object: Node, indices: readonly number[]): Span[] {
  const properties = object.children ?? [];
  if (indices.some((i) => !properties[i])) return [];
  const spans: Span[] = [];
  for (let k = 0; k < indices.length; ) {
    const first = indices[k];
    let last = first;
    while (indices[k + 1] === last + 1) last = indices[++k];
    k++;
    const next = properties[last + 1];
    if (first > 0) spans.push({ start: endOf(properties[first - 1]), end: endOf(properties[last]) });
    else spans.push(next ? { start: properties[first].offset, end: next.offset } : { start: properties[first].offset, end: endOf(properties[last]) });
  }
  return spans;
}
