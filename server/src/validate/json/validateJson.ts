/**
 * The clause checks of wei7 3.0 §3.2–§3.16 on the JSON syntax tree, in one walk. §3.17 (the game
 * must be legal Go: occupied points, pre captures, takeback counts…) is the board engine's.
 */
import type { Finding } from '../../model/types';
import type { JsonSyntax } from '../../parse/json/parseJson';
import { member, spanOf } from '../../parse/json/parseJson';
import { checkEnum, checkShape, describe, report, type Walk } from './checks';
import { checkInfo, checkSize } from './info';
import { checkTree } from './tree';
import { FORMAT_VALUES, SHAPES, VERSION_VALUES_30 } from './shapes';


/** The default board of §3.9 when size is omitted. */
const DEFAULT_SIZE = 19;

export function validateJson(syntax: JsonSyntax): Finding[] {
  const walk: Walk = { text: syntax.text, findings: [], width: DEFAULT_SIZE, height: DEFAULT_SIZE, participantCount: 0 };
  const root = syntax.root;
  if (!root) return walk.findings; // nothing readable: the syntax findings say why
  if (root.type !== 'object') {
    report(walk, spanOf(root), '3.2', 'json.rootNotObject', [describe(walk, root)]);
    return walk.findings;
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
  return walk.findings;
}
