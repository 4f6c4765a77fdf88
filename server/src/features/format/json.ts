/**
 * Formatting of wei7 3.0 (JSON), in the layout of the spec's own examples:
 *
 * - `"key": value` and `, ` between the members of a one-line object; a space between two
 *   closing braces (`{"x": 4, "y": 4} } }`), as the spec writes them; tokens kept as written
 *   (strings, numbers and escapes byte for byte), key order kept, nothing added or removed.
 * - One member a line, indented one level ("expanded"):
 *   - the root object and every tree object (the root `tree` and each branch): the game's outline;
 *   - every non-empty array: one step, stone, mark, participant, player or branch a line;
 *   - an object written with a line break after its `{` (the author's choice, as `rules` or the
 *     participants in the spec's example 5);
 *   - an object holding a member that becomes expanded although it was written on one line
 *     (a step written `{"action": …, "marks": [{…}]}` becomes one member a line).
 *   Every other object stays on one line however long (a step with a long comment, as in the
 *   spec's examples), and `{}` / `[]` are written so.
 * - An object on one line may hold a member written expanded: the member's lines are indented
 *   from that line, and the object goes on after its closing bracket (`{"action": …, "marks": [`
 *   … `], "comment": "…"}`, the spec's example 8).
 * - One blank line between members is kept where there was at least one.
 *
 * Range formatting formats the smallest object or array that holds the range, widened to its
 * container while the container's own layout would change (so that a range is formatted as the
 * whole document would format it).
 */
import type { Node } from 'jsonc-parser';
import type { JsonSyntax } from '../../parse/json/parseJson';
import { keyOf, member, valueOf } from '../../parse/json/parseJson';
import type { Finding, Span } from '../../model/types';
import { firstInText, formatEdits, indentationAt, indentationLimit, indentUnit, lineBreakOf, refused, TOO_DEEP, whiteSpaceEdits, type FormatOptions, type FormatResult } from './layout';

function endOf(node: Node): number {
  return node.offset + node.length;
}

function isContainer(node: Node): boolean {
  return node.type === 'object' || node.type === 'array';
}

/** The members of a container: properties of an object, elements of an array. */
function membersOf(node: Node): readonly Node[] {
  return node.children ?? [];
}

/** The value a member stands for (a property's value, or the array element itself). */
function memberValue(memberNode: Node): Node | undefined {
  return memberNode.type === 'property' ? valueOf(memberNode) : memberNode;
}

function hasLineBreak(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text[i] === '\n' || text[i] === '\r') return true;
  return false;
}

/** Written with a line break between the opening bracket and the first member. */
function writtenExpanded(text: string, node: Node): boolean {
  const first = membersOf(node)[0];
  return first !== undefined && hasLineBreak(text, node.offset + 1, first.offset);
}

/** The root tree and every branch (§3.16, §3.16.4). */
function treeObjects(root: Node): Set<Node> {
  const trees = new Set<Node>();
  const pending: Node[] = [];
  const tree = member(root, 'tree');
  if (tree?.type === 'object') pending.push(tree);
  for (let next = pending.pop(); next; next = pending.pop()) {
    trees.add(next);
    const branches = member(next, 'branches');
    if (branches?.type === 'array') for (const branch of membersOf(branches)) if (branch.type === 'object') pending.push(branch);
  }
  return trees;
}

/** Which containers are written one member a line (see the file comment), decided once, children first. */
function expandedContainers(text: string, root: Node): Set<Node> {
  const trees = treeObjects(root);
  const containers: Node[] = [];
  const pending = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!isContainer(node)) continue;
    containers.push(node);
    for (const m of membersOf(node)) {
      const value = memberValue(m);
      if (value) pending.push(value);
    }
  }
  const expanded = new Set<Node>();
  for (let i = containers.length - 1; i >= 0; i--) {
    const node = containers[i];
    const members = membersOf(node);
    if (!members.length) continue;
    const holdsNewlyExpanded = members.some((m) => {
      const value = memberValue(m);
      return value !== undefined && expanded.has(value) && !writtenExpanded(text, value);
    });
    if (node.type === 'array' || node === root || trees.has(node) || holdsNewlyExpanded || writtenExpanded(text, node)) expanded.add(node);
  }
  return expanded;
}

interface Frame {
  readonly node: Node;
  readonly indent: string;
  readonly expanded: boolean;
  next: number;
}

/** The text of `node` laid out at `indent` (iterative: branches nest without limit); undefined past indentationLimit. */
function layout(text: string, node: Node, indent: string, expanded: Set<Node>, unit: string, eol: string): string | undefined {
  const out: string[] = [];
  const limit = indentationLimit(text.length);
  let indentation = 0;
  const stack: Frame[] = [];
  const open = (value: Node, at: string): void => {
    if (!isContainer(value)) {
      out.push(text.slice(value.offset, endOf(value)));
      return;
    }
    if (!membersOf(value).length) {
      out.push(value.type === 'object' ? '{}' : '[]');
      return;
    }
    out.push(value.type === 'object' ? '{' : '[');
    stack.push({ node: value, indent: at, expanded: expanded.has(value), next: 0 });
  };
  open(node, indent);
  while (stack.length) {
    const frame = stack[stack.length - 1];
    const members = membersOf(frame.node);
    if (frame.next === members.length) {
      stack.pop();
      if (frame.expanded) out.push(eol, frame.indent);
      else if (frame.node.type === 'object' && out[out.length - 1].endsWith('}')) out.push(' ');
      out.push(frame.node.type === 'object' ? '}' : ']');
      continue;
    }
    const index = frame.next++;
    const current = members[index];
    const inner = frame.indent + unit;
    if (index > 0) out.push(',');
    if (frame.expanded) {
      indentation += inner.length;
      if (indentation > limit) return undefined;
      const blankLineBefore = index > 0 && countLineBreaks(text, endOf(members[index - 1]), current.offset) >= 2;
      out.push(blankLineBefore ? eol + eol : eol, inner);
    } else if (index > 0) {
      out.push(' ');
    }
    if (current.type === 'property') {
      const key = keyOf(current);
      out.push(text.slice(key.offset, endOf(key)), ': ');
    }
    // Every member has a value: a property without one is a syntax error, and such documents are not formatted.
    // Members of a one-line object are indented from that object's line.
    open(memberValue(current) as Node, frame.expanded ? inner : frame.indent);
  }
  return out.join('');
}

function countLineBreaks(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) count++;
  }
  return count;
}

/** The first syntax finding that keeps the document from being formatted (a duplicate key does not: it is a reading, not a break). */
function blockingFinding(syntax: JsonSyntax): Finding | undefined {
  return firstInText(syntax.findings.filter((f) => f.message.id !== 'json.duplicateKey'));
}

export function formatJsonDocument(syntax: JsonSyntax, contentStart: number, options: FormatOptions): FormatResult {
  const root = syntax.root;
  const blocking = blockingFinding(syntax);
  if (blocking) return refused({ reason: 'syntax', finding: blocking });
  if (!root) return formatEdits([]);
  const text = syntax.text;
  const eol = lineBreakOf(text);
  const trailing = text.slice(endOf(root));
  const finalLineBreak = hasLineBreak(trailing, 0, trailing.length) || options.insertFinalNewline === true;
  const body = layout(text, root, '', expandedContainers(text, root), indentUnit(options), eol);
  if (body === undefined) return TOO_DEEP;
  const formatted = body + (finalLineBreak ? eol : '');
  return formatEdits(whiteSpaceEdits(text.slice(contentStart), formatted, contentStart) ?? []);
}

/** The smallest object or array holding the whole of `range`. */
function smallestContainer(root: Node, range: Span): Node {
  let node = root;
  for (;;) {
    const inner = membersOf(node)
      .map(memberValue)
      .find((v): v is Node => v !== undefined && isContainer(v) && v.offset <= range.start && range.end <= endOf(v));
    if (!inner) return node;
    node = inner;
  }
}

/** The container that holds `node` (past the property, if any). */
function containerOf(node: Node): Node | undefined {
  const parent = node.parent;
  return parent?.type === 'property' ? parent.parent : parent;
}

export function formatJsonRange(syntax: JsonSyntax, range: Span, options: FormatOptions): FormatResult {
  const root = syntax.root;
  const blocking = blockingFinding(syntax);
  if (blocking) return refused({ reason: 'syntax', finding: blocking });
  if (!root || !isContainer(root)) return formatEdits([]);
  const text = syntax.text;
  const expanded = expandedContainers(text, root);
  let node = smallestContainer(root, range);
  // Where the container's layout changes too (it becomes multi-line, or one line), format the container.
  for (let outer = containerOf(node); outer && expanded.has(outer) !== writtenExpanded(text, outer); outer = containerOf(node)) node = outer;
  const formatted = layout(text, node, indentationAt(text, node.offset), expanded, indentUnit(options), lineBreakOf(text));
  if (formatted === undefined) return TOO_DEEP;
  return formatEdits(whiteSpaceEdits(text.slice(node.offset, endOf(node)), formatted, node.offset) ?? []);
}
