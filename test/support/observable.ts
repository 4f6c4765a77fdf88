/**
 * Everything a user can see of an analysis, as lines to compare: findings in order (with the
 * places their diagnostics point to), the document (header, lines, nodes with their links), what
 * the replay says at each node, and for 3.0 the syntax tree. An analysis after an edit (reanalyze) must give exactly the lines of a new
 * analysis of the new text: the incremental tests and the fuzz (`npm run fuzz`) compare them.
 */
import type { Node } from 'jsonc-parser';
import type { Analysis } from '../../server/src/analysis';
import type { XmlElement, XmlText } from '../../server/src/parse/xml/parseXml';
import type { Span } from '../../server/src/model/types';
import { relatedPlaces } from '../../server/src/features/relatedPlaces';

const span = (s: Span | undefined): string => (s ? `${s.start}-${s.end}` : '-');

/** The 3.0 syntax tree as lines (offsets, values, and whether each node's parent link is right). */
function syntaxLines(root: Node | undefined): string[] {
  const lines: string[] = [];
  const pending: [Node, Node | undefined, number][] = root ? [[root, undefined, 0]] : [];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [node, parent, depth] = item;
    const linked = node.parent === parent ? '' : ' BAD PARENT';
    lines.push(`syntax ${depth} ${node.type} ${node.offset}+${node.length} colon ${node.colonOffset} ${JSON.stringify(node.value)}${linked}`);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) pending.push([children[i], node, depth + 1]);
  }
  return lines;
}

/** Every value a node of the model has, besides its links (model/types.ts: NodeBase and each kind's own). */
const NODE_VALUES = ['index', 'kind', 'span', 'keySpan', 'comment', 'title', 'marks', 'problem', 'evaluation', 'time', 'actor', 'stones', 'color', 'point', 'splitter', 'count', 'result', 'mark', 'text'] as const;

/** The 2.x element tree as lines (every element's spans, attributes and texts, and whether each parent link is right). */
function xmlSyntaxLines(root: XmlElement | undefined): string[] {
  const lines: string[] = [];
  const pending: [XmlElement | XmlText, XmlElement | undefined, number][] = root ? [[root, undefined, 0]] : [];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [node, parent, depth] = item;
    if (node.kind === 'text') {
      lines.push(`xml ${depth} text ${span(node.span)} ${JSON.stringify(node.text)}`);
      continue;
    }
    const linked = node.parent === parent ? '' : ' BAD PARENT';
    const attributes = node.attributes.map((at) => `${at.name}=${JSON.stringify(at.value)} name ${span(at.nameSpan)} value ${span(at.valueSpan)} whole ${span(at.span)}`);
    lines.push(`xml ${depth} <${node.name}> name ${span(node.nameSpan)} tag ${span(node.startTag)} ${span(node.span)} content ${span(node.contentSpan)} closed ${node.closed} ${attributes.join('; ')}${linked}`);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) pending.push([children[i], node, depth + 1]);
  }
  return lines;
}

/**
 * `withXmlSyntax`: the 2.x element tree too (the readings of plain moves are compared so; an
 * edit's tree may differ from a new parse's where nothing reads it: not compared then).
 */
export function observable(a: Analysis, withXmlSyntax = false): string[] {
  const related = relatedPlaces(a);
  const lines = a.findings.map((f) => {
    const places = related(f)?.map((place) => ` related ${span(place.span)} ${place.message.id} ${JSON.stringify(place.message.args ?? [])}`) ?? [];
    return `finding ${span(f.span)} ${f.severity} ${f.clause} ${f.message.id} ${JSON.stringify(f.message.args ?? [])}${places.join('')}`;
  });
  if (a.syntax?.format === 'json') {
    lines.push(`syntax findings ${a.syntax.json.findings.length} text ${a.syntax.json.text === a.text}`);
    for (const line of syntaxLines(a.syntax.json.root)) lines.push(line);
  }
  if (withXmlSyntax && a.syntax?.format === 'xml') {
    lines.push(`syntax findings ${a.syntax.xml.findings.length}`);
    for (const line of xmlSyntaxLines(a.syntax.xml.root)) lines.push(line);
  }
  const doc = a.document;
  if (!doc) return lines;
  lines.push(`document ${doc.spec} size ${JSON.stringify(doc.size)} version ${JSON.stringify(doc.version)} roots ${doc.roots.map((n) => n.index).join(',')}`);
  lines.push(`info ${JSON.stringify(doc.info)}`);
  const lineList = doc.rootLine ? [doc.rootLine] : [];
  for (let i = 0; i < lineList.length; i++) {
    const line = lineList[i];
    lineList.push(...line.lines);
    lines.push(`line ${span(line.span)} key ${span(line.keySpan)} title ${JSON.stringify(line.title)} in ${span(line.parentLine?.span)} nodes ${line.nodes.map((n) => n.index).join(',')} lines ${line.lines.map((l) => span(l.span)).join(',')}`);
  }
  for (const node of doc.nodes) {
    const { parent, children, line } = node;
    // By name, not by own properties: a node's values may be getters (a 2.x move reads its element's).
    const own = Object.fromEntries(NODE_VALUES.map((key) => [key, (node as unknown as Record<string, unknown>)[key]]));
    const linked = children.every((c) => c.parent === node) && doc.nodes[node.index] === node ? '' : ' BAD LINKS';
    lines.push(`node ${node.index} parent ${parent?.index} children ${children.map((c) => c.index).join(',')} line ${span(line.span)} ${JSON.stringify(own)}${linked}`);
    const info = a.replay?.infoAt(node);
    const position = a.replay?.positionAfter(node);
    lines.push(`  info ${JSON.stringify(info && { ...info, node: undefined })} position ${position ? Buffer.from(position.cells).toString('hex') : ''}`);
  }
  return lines;
}
