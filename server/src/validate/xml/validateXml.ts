/**
 * wei7 2.2 §3 checks on the XML element tree (2.0 and 2.1 documents too, §10.1). Each finding
 * cites the most specific clause it breaks. The walk is iterative: documents may nest moves
 * as deep as they like.
 */
import type { Finding, Span } from '../../model/types';
import { finding } from '../../l10n/catalogue';
import type { XmlAttribute, XmlElement, XmlSyntax, XmlText } from '../../parse/xml/parseXml';
import { isBlank, namesWithoutValue, trimXmlSpace, xmlSpaceAround } from '../../parse/xml/tags';
import { isXsDateTime, parsePlainInteger } from '../values';
import { belongsIn, childRules, elementRules, type AttributeRule, type CheckContext, type ElementRule, type ElementRuleName } from './elementRules';
import type { SourceText } from '../../text/sourceText';
import { isFoldedPlainMove, type PlainMoveElement } from '../../parse/xml/plainMoves';
import { nearMiss } from '../../util/nearMiss';
import { codePointLabel } from '../../util/strings';

function ruleOf(name: ElementRuleName): ElementRule {
  return elementRules[name];
}

export const BOARD_SIZES_22 = [7, 9, 11, 13, 15, 17, 19] as const;


export { childRules };

export function validateXml(syntax: XmlSyntax): Finding[] {
  return validateXmlIncrementally(syntax).findings;
}

/** The findings of each element's own checks (its attributes and its content), kept for the next version. */
export interface XmlValidation {
  readonly findings: Finding[];
  /** Only elements with findings have an entry. */
  readonly byElement: Map<XmlElement, Finding[]>;
  /** The declared size the coordinates were checked against. */
  readonly size: number | undefined;
}

/**
 * validateXml, reusing `previous` for every element `changed` says is unchanged (same object,
 * same attributes and children: only its spans moved), as long as the declared size is the same.
 * The walk and the order of the findings are those of a validation from scratch.
 */
export function validateXmlIncrementally(
  syntax: XmlSyntax,
  previous?: { readonly validation: XmlValidation; readonly changed: (element: XmlElement) => boolean },
): XmlValidation {
  const root = syntax.root;
  const byElement = new Map<XmlElement, Finding[]>();
  if (!root) return { findings: [], byElement, size: undefined };
  if (root.name !== 'wei7') return { findings: [finding(root.nameSpan, '3.2', 'xml.rootName', [root.name])], byElement, size: undefined };
  const findings: Finding[] = [];
  const context: CheckContext = { size: declaredSize(root) };
  const reuse = previous && previous.validation.size === context.size ? previous : undefined;
  // Two stacks in step (element, its rule) rather than a pair per element.
  const pending: XmlElement[] = [root];
  const pendingRules: ElementRuleName[] = ['wei7'];
  while (pending.length) {
    const element = pending.pop() as XmlElement;
    const ruleName = pendingRules.pop() as ElementRuleName;
    let own: Finding[] | undefined;
    if (reuse && !reuse.changed(element)) {
      own = reuse.validation.byElement.get(element);
    } else {
      own = checkElement(element, ruleName, context, syntax.source);
    }
    if (own && own.length) {
      byElement.set(element, own);
      for (const f of own) findings.push(f);
    }
    const allowed = childRules[ruleName];
    if (allowed) pushChildrenToCheck(element, ruleName, allowed, context.size, pending, pendingRules);
  }
  return { findings, byElement, size: context.size };
}

/**
 * The children of `element` its rule names, onto the two stacks. A function of its own: a game's
 * `moves` has thousands of children, and when this loop was the walk's inner loop, V8 deoptimised
 * the walk each time it left the loop's on-stack-compiled code, once per `moves` (80 times in a
 * cold CLI run).
 */
function pushChildrenToCheck(
  element: XmlElement,
  ruleName: ElementRuleName,
  allowed: Readonly<Record<string, ElementRuleName>>,
  size: number | undefined,
  pending: XmlElement[],
  pendingRules: ElementRuleName[],
): void {
  const children = element.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    // A plain move (a <moves>'s black or white) has nothing to report on the board (plainMoveOnBoard): not walked to.
    if (ruleName === 'moves' && isFoldedPlainMove(child) && plainMoveOnBoard(child, size)) continue;
    const childRule = child.kind === 'element' ? ownEntry(allowed, child.name) : undefined;
    if (childRule) {
      pending.push(child as XmlElement);
      pendingRules.push(childRule);
    }
  }
}

/**
 * validateXmlIncrementally for an edit that left the tree's shape as it was (parse/xml
 * sameShapePairs: each changed element replaced by one of the same name, and so the elements in
 * it, nothing else different):
 * only the new elements, and the element around them when it must be, are checked again, and
 * the tree is not walked. Undefined when the previous checks cannot be taken over (another
 * declared size, an enclosing element the checks do not reach); nothing is changed then. The
 * previous validation is given up.
 */
export function revalidateInPlace(
  syntax: XmlSyntax,
  previous: XmlValidation,
  enclosing: readonly XmlElement[],
  pairs: readonly (readonly [XmlElement, XmlElement])[],
  run: ReadAgain,
): XmlValidation | undefined {
  const parentRule = enclosingRules(syntax, previous, enclosing)?.pop();
  if (!parentRule) return undefined;
  const parent = enclosing[enclosing.length - 1];
  // A move (a black or white in a `moves`; in `<game>` they are players, which its checks count).
  const oneMove = parentRule === 'moves' && pairs.length === 1 && (pairs[0][1].name === 'black' || pairs[0][1].name === 'white');
  // A `moves` element's findings of the order of its children hold (the same names in the same
  // order); only those of the children read again are replaced, without walking its thousands.
  const spliced = !oneMove && parentRule === 'moves' ? spliceMovesFindings(parent, previous.byElement.get(parent) ?? [], run, syntax.source) : undefined;
  const { byElement, dropped, recheck } = rechecking(syntax, previous);
  // A walk from scratch meets an element's findings before those of the elements in it; findings
  // of unrelated elements never share a span, so their relative order does not matter.
  const first: Finding[] = [];
  // Only the innermost enclosing element's children changed, and its checks read only their
  // kinds, names and texts, which are the same (or white space, which they do not report). They
  // could still point elsewhere: at a text that moved (the text between two changed elements), or
  // at a changed element itself (a mark or an element not allowed there; never a move). With one
  // move changed, the only text re-read is the one before it, which has not moved.
  if (spliced) {
    replaceOwnFindings(byElement, parent, spliced, dropped);
    for (const f of spliced.added) first.push(f);
  } else if (!oneMove) {
    for (const f of recheck(parent, parentRule, parent)) first.push(f);
  }
  const last: Finding[] = [];
  // Each element's rule is its parent's table's entry for its name (pairs come parents first).
  const ruleOfNew = new Map<XmlElement, ElementRuleName | undefined>([[parent, parentRule]]);
  for (const [before, after] of pairs) {
    const container = after.parent && ruleOfNew.get(after.parent);
    const rule = container ? ownEntry(childRules[container], after.name) : undefined;
    ruleOfNew.set(after, rule);
    for (const f of recheck(after, rule, before)) last.push(f);
  }
  const findings = first;
  for (const f of previous.findings) if (!dropped.has(f)) findings.push(f);
  for (const f of last) findings.push(f);
  return { findings, byElement, size: previous.size };
}

/**
 * validateXmlIncrementally for an edit inside a `moves` element that replaced a run of its
 * children (moves, text, elements of other names) by others, a move or setup before them
 * (model/buildXml planMovesSplice): the old elements' findings go, the new ones are checked, and
 * the `moves` element's findings for the run are replaced (spliceMovesFindings). With
 * `outerChanged` (a run that read on to the end closed the elements around the edit again,
 * perhaps as unclosed, which their checks read) the elements around the `moves` are checked
 * again too. The tree is not walked. Undefined when the previous checks cannot be taken over
 * (another declared size, an element around the edit the checks do not reach, not a `moves`);
 * nothing is changed then. The previous validation is given up.
 */
export function revalidateMovesSplice(
  syntax: XmlSyntax,
  previous: XmlValidation,
  enclosing: readonly XmlElement[],
  run: ReadAgain,
  outerChanged: boolean,
): XmlValidation | undefined {
  const rules = enclosingRules(syntax, previous, enclosing);
  if (!rules || rules[rules.length - 1] !== 'moves') return undefined;
  const parent = enclosing[enclosing.length - 1];
  const spliced = spliceMovesFindings(parent, previous.byElement.get(parent) ?? [], run, syntax.source);
  if (!spliced) return undefined;
  const { byElement, dropped, recheck } = rechecking(syntax, previous);
  // As in revalidateInPlace: the enclosing elements' findings first, the new elements' last (the
  // order of findings of different elements does not matter: they never share a span).
  const findings: Finding[] = [];
  if (outerChanged) {
    for (let i = 0; i < enclosing.length - 1; i++) for (const f of recheck(enclosing[i], rules[i], enclosing[i])) findings.push(f);
  }
  replaceOwnFindings(byElement, parent, spliced, dropped);
  for (const item of run.replaced) {
    if (item.kind === 'text') continue;
    for (const f of byElement.get(item) ?? []) dropped.add(f);
    byElement.delete(item);
  }
  for (const f of previous.findings) if (!dropped.has(f)) findings.push(f);
  for (const f of spliced.added) findings.push(f);
  for (const item of run.made) {
    if (item.kind === 'text') continue;
    for (const f of recheck(item, ownEntry(childRules.moves, item.name), item)) findings.push(f);
  }
  return { findings, byElement, size: previous.size };
}

/** The rules of the enclosing elements, down the chain from the root (each one the checks reach); undefined when the checks cannot be taken over. */
function enclosingRules(syntax: XmlSyntax, previous: XmlValidation, enclosing: readonly XmlElement[]): ElementRuleName[] | undefined {
  const root = syntax.root;
  if (!root || root.name !== 'wei7' || enclosing[0] !== root || declaredSize(root) !== previous.size) return undefined;
  const rules: ElementRuleName[] = ['wei7'];
  for (let i = 1; i < enclosing.length; i++) {
    const rule: ElementRuleName | undefined = ownEntry(childRules[rules[i - 1]], enclosing[i].name);
    if (!rule) return undefined;
    rules.push(rule);
  }
  return rules;
}

/** Checks elements again in the previous validation's map: `recheck` drops the findings of the element `was` and records those of `element`. */
function rechecking(syntax: XmlSyntax, previous: XmlValidation) {
  const context: CheckContext = { size: previous.size };
  const byElement = previous.byElement;
  const dropped = new Set<Finding>();
  const recheck = (element: XmlElement, rule: ElementRuleName | undefined, was: XmlElement): Finding[] => {
    for (const f of byElement.get(was) ?? []) dropped.add(f);
    byElement.delete(was);
    const own = rule ? checkElement(element, rule, context, syntax.source) : NO_FINDINGS;
    if (own.length) byElement.set(element, own);
    return own;
  };
  return { byElement, dropped, recheck };
}

/**
 * The rule a table holds for a name written in the document: only the table's own entries, so
 * that `constructor` or `__proto__` is an unknown name, not an inherited property of the table.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  if (!table) return undefined;
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

/** The size the document declares, if it is one 2.2 allows (coordinates are checked against it). */
export function declaredSize(root: XmlElement): number | undefined {
  const size = root.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'size');
  if (!size) return undefined;
  const value = parsePlainInteger(trimXmlSpace(textOf(size)));
  return value !== undefined && (BOARD_SIZES_22 as readonly number[]).includes(value) ? value : undefined;
}

/** The text content of a value element (its text children, entities decoded). */
export function textOf(element: XmlElement): string {
  let text = '';
  for (const child of element.children) if (child.kind === 'text') text += child.text;
  return text;
}

/**
 * The span of a value element's value without the white space around it: from its first text to
 * its last (not a `<` typed twice before its end tag, which is no text: xmlRun.ts feed; fuzz seed
 * 24848 #8728), or its content when it holds none (its start tag when it is `<x/>`).
 */
export function valueSpan(element: XmlElement, source: SourceText): Span {
  const texts = element.children.filter((child) => child.kind === 'text');
  // `<size/>` has no place between tags for a value: its tag is what is wrong, not the point after `/>`.
  // A copy: the model keeps this span and shifts it after an edit, as the tree shifts the tag's own (fuzz seed 3502 #2080: shifted twice).
  if (!texts.length && element.startTag.end === element.span.end) return { start: element.startTag.start, end: element.startTag.end };
  const start = texts.length ? texts[0].span.start : element.contentSpan.start;
  const end = texts.length ? texts[texts.length - 1].span.end : element.contentSpan.end;
  const { lead, trail } = xmlSpaceAround(source.slice(start, end));
  return lead === end - start ? { start, end: start } : { start: start + lead, end: end - trail };
}

/** A rule's attribute names in the rule's order, and those of them that are required. */
interface AttributeNames {
  readonly all: readonly string[];
  readonly required: readonly string[];
}

/** Worked out once per rule, not once per element. */
const attributeNames = new Map<ElementRuleName, AttributeNames>();

function attributeNamesOf(ruleName: ElementRuleName): AttributeNames {
  let names = attributeNames.get(ruleName);
  if (!names) {
    const allowed: Readonly<Record<string, AttributeRule>> = ruleOf(ruleName).attributes;
    const all = Object.keys(allowed);
    names = { all, required: all.filter((name) => allowed[name].required) };
    attributeNames.set(ruleName, names);
  }
  return names;
}

/** What an element with nothing to report is found to break (never added to). */
const NO_FINDINGS: Finding[] = Object.freeze([]) as unknown as Finding[];

/**
 * Whether a plain move (parse/xml/plainMoves.ts) has nothing to report: its point is in plain
 * integers and it holds no other value to check, so only the point's range against the board is left.
 */
function plainMoveOnBoard(element: PlainMoveElement, size: number | undefined): boolean {
  return size === undefined || (element.x < size && element.y < size);
}

/** An element's own findings: its attributes', then its content's (as `ruleName` reads them). */
function checkElement(element: XmlElement, ruleName: ElementRuleName, context: CheckContext, source: SourceText): Finding[] {
  const own: Finding[] = [];
  checkAttributes(element, ruleName, context, source, own);
  checkContent(element, ruleName, source, own);
  return own;
}

function checkAttributes(element: XmlElement, ruleName: ElementRuleName, context: CheckContext, source: SourceText, findings: Finding[]): void {
  const allowed: Readonly<Record<string, AttributeRule>> = ruleOf(ruleName).attributes;
  const names = attributeNamesOf(ruleName);
  // Names a misspelt attribute stands for (`X`, `comemnt`): its finding says so, and they are not reported missing too.
  let misspelt: string[] | undefined;
  // The allowed names not present, made at the first unknown one (a tag may hold thousands of them).
  let absent: readonly string[] | undefined;
  for (const attribute of element.attributes) {
    const attributeRule = ownEntry(allowed, attribute.name);
    if (!attributeRule) {
      absent ??= absentAttributes(element, names.all);
      const unknown = unknownAttribute(element, ruleName, attribute.name, attribute.nameSpan, names.all, absent);
      findings.push(unknown);
      if (unknown.message.id === 'xml.attributeDidYouMean') (misspelt ??= []).push(String(unknown.message.args?.[3]));
      continue;
    }
    const problem = attributeRule.check?.(attribute, context);
    if (problem) findings.push(problem);
  }
  // Names written without a value (`symbol />`): their finding says so. The tag is read again only for a missing one: rare.
  let valueless: readonly string[] | undefined;
  for (const name of names.required) {
    if (attributeNamed(element, name) || misspelt?.includes(name)) continue;
    valueless ??= namesWithoutValue(source, element.nameSpan.end, element.startTag.end);
    if (!valueless.includes(name)) findings.push(finding(element.startTag, allowed[name].clause, 'xml.attributeMissing', [element.name, name]));
  }
  if (ruleName === 'move') checkMovePoint(element, source, findings, misspelt);
}

function attributeNamed(element: XmlElement, name: string): XmlAttribute | undefined {
  for (const attribute of element.attributes) if (attribute.name === name) return attribute;
  return undefined;
}

/** The names of `allowed` that no attribute of `element` has. */
function absentAttributes(element: XmlElement, allowed: readonly string[]): readonly string[] {
  const present = new Set(element.attributes.map((a) => a.name));
  return allowed.filter((name) => !present.has(name));
}

/** An attribute `allowed` does not list; `absent`: the allowed ones the element lacks, which a misspelling may stand for. */
function unknownAttribute(element: XmlElement, ruleName: ElementRuleName, name: string, span: Span, allowed: readonly string[], absent: readonly string[]): Finding {
  const rule = ruleOf(ruleName);
  if (ruleName === 'preStone' && name in elementRules.move.attributes) {
    return finding(span, '3.17.2', 'xml.preStoneAttribute', [name]);
  }
  if (!allowed.length) return finding(span, rule.attributesClause, 'xml.attributeNoneAllowed', [name, element.name]);
  const meant = nearMiss(name, absent);
  return meant === undefined
    ? finding(span, rule.attributesClause, 'xml.attributeNotAllowed', [name, element.name, allowed.join(', ')])
    : finding(span, rule.attributesClause, 'xml.attributeDidYouMean', [name, element.name, allowed.join(', '), meant]);
}

/**
 * §3.17.1.2: a normal move has both x and y, a pass neither. An x or y misspelt, or written
 * without a value (`y/>`), was reported as such where it is written: not again as missing.
 */
function checkMovePoint(element: XmlElement, source: SourceText, findings: Finding[], misspelt: readonly string[] | undefined): void {
  const type = attributeNamed(element, 'type')?.value ?? 'normal';
  if (type === 'pass') {
    for (const a of element.attributes) {
      if (a.name === 'x' || a.name === 'y') findings.push(finding(a.span, '3.17.1.2', 'xml.passWithPoint', [a.name]));
    }
  } else if (type === 'normal') {
    const written = countCoordinates(element) + countCoordinateNames(misspelt);
    // The tag is read again only for a move without both: rare.
    if (written < 2 && written + countCoordinateNames(namesWithoutValue(source, element.nameSpan.end, element.startTag.end)) < 2) {
      findings.push(finding(element.startTag, '3.17.1.2', 'xml.moveNeedsPoint'));
    }
  }
}

function countCoordinateNames(names: readonly string[] | undefined): number {
  return names?.filter((name) => name === 'x' || name === 'y').length ?? 0;
}

function countCoordinates(element: XmlElement): number {
  let count = 0;
  for (const a of element.attributes) if (a.name === 'x' || a.name === 'y') count++;
  return count;
}


/** The children of an element without child rules (one object for every move, not one each). */
const NO_CHILD_RULES: Readonly<Record<string, ElementRuleName>> = {};

function checkContent(element: XmlElement, ruleName: ElementRuleName, source: SourceText, findings: Finding[]): void {
  checkChildren(element, ruleName, element.children, source, findings);
  if (ruleName === 'size') checkSizeValue(element, source, findings);
  else if (ruleName === 'time') checkTimeValue(element, source, findings);
  else if (ruleName === 'wei7') checkRootChildren(element, findings);
  else if (ruleName === 'game') checkAtMostOnce(element, '3.5', findings);
  else if (ruleName === 'moves') checkMovesChildren(element, findings);
}

/** The content check of some of an element's children: a finding for each child it reports (childReported), in their order. */
function checkChildren(element: XmlElement, ruleName: ElementRuleName, children: readonly (XmlElement | XmlText)[], source: SourceText, findings: Finding[]): void {
  const rule = ruleOf(ruleName);
  const allowed = childRules[ruleName] ?? NO_CHILD_RULES;
  const clause = rule.contentClause;
  // In <wei7>, a run of moves outside any <moves> (its start tag left out) is one finding, at its first.
  let outsideMoves = false;
  // Indexed: a <moves> has thousands of children, and a for-of made an iterator for each element's.
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    // A plain move is a black or white in a moves: allowed there (and cheaper to tell than looking its name up).
    if (ruleName === 'moves' && isFoldedPlainMove(child)) continue;
    if (child.kind === 'element' && outsideMoves && !isMoveOutsideMoves(ruleName, child)) outsideMoves = false;
    if (!childReported(rule, allowed, child)) continue;
    if (child.kind === 'element' && isMoveOutsideMoves(ruleName, child)) {
      if (!outsideMoves) findings.push(finding(child.nameSpan, clause, 'xml.outsideMoves', [child.name]));
      outsideMoves = true;
      continue;
    }
    if (child.kind === 'text') {
      const invisible = invisibleCharacterOf(child.text);
      if (invisible) findings.push(finding(trimmed(child, source), clause, 'xml.invisibleText', [element.name, invisible]));
      else findings.push(finding(trimmed(child, source), clause, rule.content === 'attributesOnly' ? 'xml.textNotAllowedAttributesOnly' : 'xml.textNotAllowed', [element.name]));
    } else if (rule.content === 'attributesOnly') {
      findings.push(finding(child.nameSpan, clause, 'xml.noChildren', [child.name, element.name]));
    } else if (rule.content === 'value') {
      findings.push(finding(child.nameSpan, clause, 'xml.valueNoChildren', [child.name, element.name]));
    } else {
      const names = Object.keys(allowed);
      const list = names.map((n) => `<${n}>`).join(', ');
      const meant = nearMiss(child.name, names);
      findings.push(
        meant === undefined
          ? finding(child.nameSpan, clause, 'xml.elementNotAllowed', [child.name, element.name, list])
          : finding(child.nameSpan, clause, 'xml.elementDidYouMean', [child.name, element.name, list, meant]),
      );
    }
  }
}

/** A child of <wei7> that only a <moves> may hold (a move, a pre, a mark). */
function isMoveOutsideMoves(ruleName: ElementRuleName, child: XmlElement): boolean {
  return ruleName === 'wei7' && belongsIn(child.name, 'wei7', 'moves');
}

/** Whether an element's content check reports this child (text where only elements or nothing may be, an element not allowed there). */
function childReported(rule: ElementRule, allowed: Readonly<Record<string, ElementRuleName>>, child: XmlElement | XmlText): boolean {
  if (child.kind === 'text') return rule.content !== 'value' && !isBlank(child);
  return rule.content === 'attributesOnly' || rule.content === 'value' || !ownEntry(allowed, child.name);
}

/** A run of an element's children read again (`replaced` became `made`), starting at `start`. */
export interface ReadAgain {
  readonly replaced: readonly (XmlElement | XmlText)[];
  readonly made: readonly (XmlElement | XmlText)[];
  readonly start: number;
}

/** A `moves` element's own findings after spliceMovesFindings: all of them, those that went, those that came. */
interface SplicedFindings {
  readonly findings: Finding[];
  readonly dropped: readonly Finding[];
  readonly added: readonly Finding[];
}

function replaceOwnFindings(byElement: Map<XmlElement, Finding[]>, element: XmlElement, spliced: SplicedFindings, dropped: Set<Finding>): void {
  for (const f of spliced.dropped) dropped.add(f);
  if (spliced.findings.length) byElement.set(element, spliced.findings);
  else byElement.delete(element);
}

/** The ids of the findings checkChildren makes for a `moves` element's children. */
const MOVES_CHILD_FINDINGS: ReadonlySet<string> = new Set(['xml.textNotAllowed', 'xml.invisibleText', 'xml.elementNotAllowed', 'xml.elementDidYouMean']);

/**
 * A `moves` element's own findings after the children `replaced` (a run of them, starting at
 * `start`) became `made`, the other children the same objects, with an element of play before
 * the run (planMovesSplice): the children's findings for the run are replaced, those of the order
 * of its children (§3.15, 3.19, 3.20) stay (a `pre` or `mark` is no part of the run, and a move
 * comes before it). The previous findings were moved by the edit, so those of children before
 * the run start before `start` and the others at or after it; checkChildren makes them in the
 * children's order, before those of the order. Undefined when the previous findings do not hold
 * as many for the run as its children had (cannot be: a safeguard).
 */
function spliceMovesFindings(element: XmlElement, own: readonly Finding[], run: ReadAgain, source: SourceText): SplicedFindings | undefined {
  const rule = ruleOf('moves');
  const allowed = childRules.moves ?? NO_CHILD_RULES;
  let toDrop = 0;
  for (const child of run.replaced) if (childReported(rule, allowed, child)) toDrop++;
  const fresh: Finding[] = [];
  checkChildren(element, 'moves', run.made, source, fresh);
  const findings: Finding[] = [];
  const dropped: Finding[] = [];
  let inserted = false;
  for (const f of own) {
    const ofChild = MOVES_CHILD_FINDINGS.has(f.message.id);
    if (!inserted && (!ofChild || f.span.start >= run.start)) {
      for (const g of fresh) findings.push(g);
      inserted = true;
    }
    if (ofChild && f.span.start >= run.start && toDrop > 0) {
      toDrop--;
      dropped.push(f);
      continue;
    }
    findings.push(f);
  }
  if (!inserted) for (const g of fresh) findings.push(g);
  return toDrop === 0 ? { findings, dropped, added: fresh } : undefined;
}

function trimmed(child: XmlText, source: SourceText): Span {
  const { lead, trail } = xmlSpaceAround(source.slice(child.span.start, child.span.end));
  return { start: child.span.start + lead, end: Math.max(child.span.start + lead, child.span.end - trail) };
}

/**
 * Text that looks blank but is not (U+3000 as indentation, a no-break space): the first such
 * character, named by its code point, for a message that says why; undefined for visible text.
 */
function invisibleCharacterOf(text: string): string | undefined {
  const content = trimXmlSpace(text);
  if (!/^[\s\u200b\u2060\ufeff]+$/u.test(content)) return undefined;
  return codePointLabel(content.codePointAt(0) ?? 0);
}

function elementChildren(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}

function checkSizeValue(element: XmlElement, source: SourceText, findings: Finding[]): void {
  if (elementChildren(element).length) return;
  const value = trimXmlSpace(textOf(element));
  const size = parsePlainInteger(value);
  if (size === undefined || !(BOARD_SIZES_22 as readonly number[]).includes(size)) {
    findings.push(finding(valueSpan(element, source), '3.4', 'xml.size', [value]));
  }
}

function checkTimeValue(element: XmlElement, source: SourceText, findings: Finding[]): void {
  if (elementChildren(element).length) return;
  const value = trimXmlSpace(textOf(element));
  if (!isXsDateTime(value)) findings.push(finding(valueSpan(element, source), '3.7', 'xml.dateTime', [value]));
}

/** §3.3: size, game, moves in this order, each at most once; size and moves required. */
function checkRootChildren(root: XmlElement, findings: Finding[]): void {
  const order = ['size', 'game', 'moves'];
  let highest = -1;
  let highestName = '';
  const seen = new Set<string>();
  for (const child of elementChildren(root)) {
    const rank = order.indexOf(child.name);
    if (rank < 0) continue;
    if (seen.has(child.name)) {
      findings.push(finding(child.nameSpan, '3.3', 'xml.elementDuplicate', [child.name, 'wei7']));
      continue;
    }
    seen.add(child.name);
    if (rank < highest) findings.push(finding(child.nameSpan, '3.3', 'xml.elementOrder', [child.name, highestName]));
    else {
      highest = rank;
      highestName = child.name;
    }
  }
  if (!root.closed) return;
  const missing = ['size', 'moves'].filter((required) => !seen.has(required));
  if (!missing.length) return;
  // A misspelt one (`<mvoes>`) was reported as such, with the name meant, and moves outside a
  // <moves> as that: not again as missing.
  const meant = misspeltChildren(root, 'wei7');
  if (root.children.some((child) => child.kind === 'element' && isMoveOutsideMoves('wei7', child))) meant.push('moves');
  for (const required of missing) if (!meant.includes(required)) findings.push(finding(root.startTag, '3.3', 'xml.elementMissing', ['wei7', required]));
}

/** The names meant by the children of `element` that misspell one `rule` allows (`<blakc>`: black), as the did-you-mean findings name them. */
function misspeltChildren(element: XmlElement, rule: ElementRuleName): string[] {
  const allowed = childRules[rule] ?? NO_CHILD_RULES;
  const names = Object.keys(allowed);
  const meant: string[] = [];
  for (const child of elementChildren(element)) {
    const name = ownEntry(allowed, child.name) ? undefined : nearMiss(child.name, names);
    if (name !== undefined) meant.push(name);
  }
  return meant;
}

function checkAtMostOnce(element: XmlElement, clause: string, findings: Finding[]): void {
  const seen = new Set<string>();
  for (const child of elementChildren(element)) {
    if (seen.has(child.name)) findings.push(finding(child.nameSpan, clause, 'xml.elementDuplicate', [child.name, element.name]));
    seen.add(child.name);
  }
}

/**
 * §3.15 (pre first), §3.19 (no trailing mark), §3.20 (at least one move), and §3.18's marks that
 * belong to no move: marks followed by variations and no move of their own `<moves>` (a warning:
 * the schema allows it, but a mark belongs to the next black or white of its `<moves>`, so it is
 * shown nowhere; docs/spec-readings.md).
 */
function checkMovesChildren(moves: XmlElement, findings: Finding[]): void {
  // One pass over the children, text skipped in place: a game's moves has thousands.
  // What the code after the loop reads is read before it: V8 compiles the loop on the stack (OSR),
  // and with a property after the loop not yet read there, it deoptimised at that read at every
  // call (210 times in a cold CLI run on a 73,611-move game).
  const closed = moves.closed;
  let last: XmlElement | undefined;
  let lastIsMark = false;
  let hasMove = false;
  // The first of the marks after the last move, when one is; its index in the children.
  let waitingMark = -1;
  const children = moves.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.kind !== 'element') continue;
    const name = child.name;
    if (name === 'pre' && last) findings.push(finding(child.nameSpan, '3.15', 'xml.preNotFirst'));
    if (name === 'pre' || name === 'black' || name === 'white') {
      hasMove = true;
      waitingMark = -1;
    } else if (name === 'mark' && waitingMark < 0) waitingMark = i;
    last = child;
    lastIsMark = name === 'mark';
  }
  if (!closed) return;
  if (last && lastIsMark) findings.push(finding(last.nameSpan, '3.19', 'xml.lastChildMark'));
  else if (waitingMark >= 0) reportMarksWithoutMove(children, waitingMark, findings);
  // A misspelt move (`<blakc>`) was reported as such: the moves it stands for are not reported empty as well.
  if (!hasMove && !misspeltChildren(moves, 'moves').some((name) => name === 'pre' || name === 'black' || name === 'white')) {
    findings.push(finding(moves.startTag, '3.20', 'xml.movesWithoutMove'));
  }
}

/** Each mark from `from` on that a variation follows and no move (the children after the last move of a `<moves>` that ends in variations). */
function reportMarksWithoutMove(children: readonly (XmlElement | XmlText)[], from: number, findings: Finding[]): void {
  for (let i = from; i < children.length; i++) {
    const child = children[i];
    if (child.kind === 'element' && child.name === 'mark') findings.push(finding(child.nameSpan, '3.18', 'xml.markWithoutMove', [], 'warning'));
  }
}
