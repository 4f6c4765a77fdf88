/**
 * The clause checks of wei7 3.0 §3.2–§3.16 on the JSON syntax tree, in one walk. §3.17 (the game
 * must be legal Go: occupied points, pre captures, takeback counts…) is the board engine's.
 */
import type { Node } from 'jsonc-parser';
import type { Finding } from '../../model/types';
import type { JsonSyntax } from '../../parse/json/parseJson';
import { member, spanOf } from '../../parse/json/parseJson';
import { checkEnum, checkShape, describe, report, reportNonObject, type Walk } from './checks';
import { checkInfo, checkSize } from './info';
import { checkPre, checkStep, checkTree } from './tree';
import { FORMAT_VALUES, SHAPES, VERSION_VALUES_30 } from './shapes';
import type { SourceText } from '../../text/sourceText';


/** The default board of §3.9 when size is omitted. */
const DEFAULT_SIZE = 19;

/** What the checks of the game tree depend on besides the value checked (set by size and info, read by points and actors). */
export interface TreeCheckContext {
  readonly width: number | undefined;
  readonly height: number | undefined;
  readonly participantCount: number | undefined;
}

/** The clause findings in walk order, and the context the tree was checked in (for checking one element again, checkTreeElement). */
export interface JsonValidation {
  readonly findings: Finding[];
  readonly context: TreeCheckContext;
}

export function validateJson(syntax: JsonSyntax): Finding[] {
  return validateJsonInContext(syntax).findings;
}

export function validateJsonInContext(syntax: JsonSyntax): JsonValidation {
  const walk: Walk = { text: syntax.text, findings: [], width: DEFAULT_SIZE, height: DEFAULT_SIZE, participantCount: 0 };
  walkRoot(walk, syntax.root);
  // The tree walk changes no part of the context: what it holds at the end is what every step was checked with.
  return { findings: walk.findings, context: { width: walk.width, height: walk.height, participantCount: walk.participantCount } };
}

/**
 * The findings validateJson gives for one step (an element of a steps array: an object, else a
 * finding that it is none) or one pre (an object), checked in `context`: every one of them lies
 * inside the element's span.
 */
export function checkTreeElement(text: SourceText, context: TreeCheckContext, element: Node, kind: 'step' | 'pre'): Finding[] {
  const walk: Walk = { text, findings: [], ...context };
  if (kind === 'step' && element.type !== 'object') reportNonObject(walk, element, 'steps', '3.16.3');
  else if (kind === 'step') checkStep(walk, element);
  else checkPre(walk, element);
  return walk.findings;
}

/**
 * The findings validateJson gives for the info object (§3.10), and the participant count it
 * sets for the tree's checks; every finding lies inside the object's span.
 */
export function checkInfoElement(text: SourceText, context: TreeCheckContext, info: Node): { readonly findings: Finding[]; readonly participantCount: number | undefined } {
  const walk: Walk = { text, findings: [], ...context, participantCount: 0 };
  checkInfo(walk, info);
  return { findings: walk.findings, participantCount: walk.participantCount };
}

function walkRoot(walk: Walk, root: Node | undefined): void {
  if (!root) return; // nothing readable: the syntax findings say why
  if (root.type !== 'object') {
    report(walk, spanOf(root), '3.2', 'json.rootNotObject', [describe(walk, root)]);
    return;
  }
  checkShape(walk, root, SHAPES.root);
  const format = member(root, 'format');
  if (format) checkEnum(walk, format, 'format', FORMAT_VALUES, '3.2');
  const version = member(root, 'version');
  if (version) checkEnum(walk, version, 'version', VERSION_VALUES_30, '3.2');
  // Size and info first: points are checked against the size, participant indices against info.
  const size = member(root, 'size');
  if (size) checkSize(walk, size);
  const info = member(root, 'info');
  if (info) checkInfo(walk, info);
  const tree = member(root, 'tree');
  if (tree) checkTree(walk, tree);
}
