/**
 * 3.0 mistakes with one clear repair: of §3.1 (RFC 8259) duplicate keys, trailing commas, unquoted
 * names, and the brackets the parser read as meant (a stray closer, a missing `{`, a full-width
 * bracket, a list in braces); of §3.6 and §3.16.3.2.1 a point or a move's value written as
 * another notation has it.
 */
import type { Node } from 'jsonc-parser';
import { jsonRootOf, objectAtAnchor, propertiesRemovalSpans, propertyRemovalSpan, propertyWithKey } from './jsonTree';
import { keyNameOf } from '../../parse/json/parseJson';
import { removalWithSpaceBefore } from './text';
import { argOf, fix, insert, remove, replace, replaceWithArgument, type Fix, type FixProvider } from './types';

/**
 * `json.duplicateKey` [name, line of the first], at the later key. wei7 reads the first
 * property and ignores the later one, so removing the later one keeps what the document means
 * (preferred); keeping the later one instead is offered too (what JSON.parse would read).
 */
export const duplicateKeyFix: FixProvider = ({ analysis, finding }) => {
  const root = jsonRootOf(analysis);
  const property = root && propertyWithKey(root, finding.span);
  const object = property?.parent;
  const properties = object?.children;
  if (!property || !object || !properties) return [];
  const name = keyNameOf(property);
  const later = properties.indexOf(property);
  const earlier = properties.findIndex((p) => keyNameOf(p) === name);
  const fixes: Fix[] = [];
  const removeLater = propertyRemovalSpan(object, later);
  if (removeLater) fixes.push(fix('fix.removeDuplicate', [name], [remove(removeLater)], true));
  if (earlier < 0 || earlier >= later) return fixes;
  // Written three times or more: keeping this one removes every other copy.
  const others = properties.flatMap((p, i) => (i !== later && keyNameOf(p) === name ? [i] : []));
  const removals = propertiesRemovalSpans(object, others).map(remove);
  if (removals.length === 0) return fixes;
  fixes.push(others.length === 1
    ? fix('fix.keepDuplicate', [name, argOf(finding, 1) ?? ''], removals, false)
    : fix('fix.keepDuplicateOfMany', [name, others.length], removals, false));
  return fixes;
};

/** What a Chinese input method or another language's habit types for `:` and `,` (the parse reads on after them as after the mark meant). */
const PUNCTUATION_SLIPS: Readonly<Record<':' | ',', readonly string[]>> = { ':': ['：', '=', '＝'], ',': ['，', ';', '；', '、'] };

/**
 * `json.colonExpected` [name, found], `json.commaExpectedObject` and `…Array` [found], over what
 * was found: a slip for the mark (`：`, `=`, `，`, `;`) becomes it; for a comma, a name or a value
 * right after a value on its line or the next (`"x": 3 "y": 4`, `{…} {…}`) gets the comma left out.
 */
function punctuationFix(meant: ':' | ','): FixProvider {
  return ({ analysis, finding }) => {
    const text = analysis.text;
    const written = text.slice(finding.span.start, finding.span.end);
    if (PUNCTUATION_SLIPS[meant].includes(written)) return [fix('fix.replace', [meant], [replace(finding.span, meant)], true)];
    if (meant !== ',' || !/^["{[\-0-9tfn]/.test(written)) return [];
    let end = finding.span.start;
    while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
    // After a value's last character: a string's quote, a closer, a digit, or true/false/null's last letter.
    return /["}\]0-9el]/.test(text.charAt(end - 1)) ? [fix('fix.insertCloser', [','], [insert(end, ',')], true)] : [];
  };
}

/** `json.colonExpected`: see punctuationFix. */
export const colonSlipFix = punctuationFix(':');

/** `json.commaExpectedObject`, `json.commaExpectedArray`: see punctuationFix. */
export const commaSlipFix = punctuationFix(',');

/** `json.trailingCommaObject`, `json.trailingCommaArray`, at the comma. */
export const trailingCommaFix: FixProvider = ({ finding }) => [fix('fix.removeTrailingComma', [], [remove(finding.span)], true)];

/** `json.unquotedPropertyName` [name]: the name as it was meant, in double quotes. */
export const unquotedNameFix: FixProvider = ({ analysis, finding }) => {
  const quoted = JSON.stringify(analysis.text.slice(finding.span.start, finding.span.end));
  return [fix('fix.replace', [quoted], [replace(finding.span, quoted)], true)];
};

/** 3.0 `json.pointNotObjectDidYouMean` [name, found, the object meant]: the object written in its place. */
export const pointObjectFix: FixProvider = replaceWithArgument(2);

/** The keys a 3.0 move's value holds (validate/json/shapes.ts moveValue). */
const MOVE_VALUE_KEYS = ['color', 'point', 'evaluation', 'problem'];

/**
 * 3.0 `json.moveValueUnwrapped` (at the "action" key): the move's properties written in the action
 * itself put inside a "value" object, when they stand together (nothing else between them).
 */
export const wrapMoveValueFix: FixProvider = ({ analysis, finding }) => {
  const root = jsonRootOf(analysis);
  const action = root && objectAtAnchor(root, finding.span);
  const properties = action?.children ?? [];
  const inValue = properties.map((p) => MOVE_VALUE_KEYS.includes(keyNameOf(p) ?? ''));
  const first = inValue.indexOf(true);
  const last = inValue.lastIndexOf(true);
  if (first < 0 || inValue.slice(first, last + 1).includes(false)) return [];
  const end = properties[last].offset + properties[last].length;
  return [fix('fix.wrapInValue', [], [insert(properties[first].offset, '"value": {'), insert(end, '}')], true)];
};

/** `json.strayCloser` [closer, …], at a closer the parse skipped: remove it. */
export const strayCloserFix: FixProvider = ({ finding }) => [fix('fix.removeStrayCloser', [argOf(finding, 0) ?? ''], [remove(finding.span)], true)];

/** `json.fullWidthBracket` [found, meant], at the full-width bracket: the ASCII one it was read as. */
export const fullWidthBracketFix: FixProvider = ({ finding }) => {
  const meant = argOf(finding, 1);
  return meant ? [fix('fix.replace', [`"${meant}"`], [replace(finding.span, meant)], true)] : [];
};

/**
 * A fix for a finding [container's name, line, name, closers] at the name the parse read after a
 * list or an object left open before it (the previous property's value; an object's closers
 * close those inside it too, which end where it does): the closers after the container's last
 * member, and a comma after them when none stands before the name.
 */
function closeBeforeNameFix(type: 'array' | 'object', title: 'fix.closeList' | 'fix.closeObject', closer: string): FixProvider {
  return ({ analysis, finding }) => {
    const root = jsonRootOf(analysis);
    const property = root && propertyWithKey(root, finding.span);
    const siblings = property?.parent?.children ?? [];
    const container = siblings[siblings.indexOf(property as Node) - 1]?.children?.[1];
    if (container?.type !== type) return [];
    const closers = argOf(finding, 3) ?? closer;
    const end = container.offset + container.length;
    const between = analysis.text.slice(end, finding.span.start);
    return [fix(title, [argOf(finding, 0) ?? '', closers], [insert(end, between.includes(',') ? closers : `${closers},`)], true)];
  };
}

/** `json.listNotClosed` [list, line, name]: the list's `]`. */
export const closeListFix = closeBeforeNameFix('array', 'fix.closeList', ']');

/** `json.objectNotClosed` [object's name, line, name, closers]: the object's `}` (and those of the objects between). */
export const closeObjectFix = closeBeforeNameFix('object', 'fix.closeObject', '}');

/**
 * `json.closerExpected` [closer, opener, line, token], at the token before which the parse closed
 * what was left open there (the next step's `{`, or a `]` of a list around): each of those
 * containers ends at the token. Their closers, innermost first, after the innermost one's last
 * member, and a comma when the token starts the next element and none stands before it.
 */
export const closerExpectedFix: FixProvider = ({ analysis, finding }) => {
  const root = jsonRootOf(analysis);
  const closed = root ? containersEndingAt(root, finding.span.start, analysis.text) : [];
  const innermost = closed[closed.length - 1];
  if (innermost === undefined) return [];
  const members = innermost.children ?? [];
  const last = members[members.length - 1];
  const at = last ? last.offset + last.length : innermost.offset + 1;
  const closers = closed.map((node) => (node.type === 'object' ? '}' : ']')).reverse().join('');
  const needsComma = analysis.text.charCodeAt(finding.span.start) === 123 /* { */ && !analysis.text.slice(at, finding.span.start).includes(',');
  return [fix('fix.insertCloser', [closers], [insert(at, needsComma ? `${closers},` : closers)], true)];
};

/**
 * The objects and arrays that end at `offset` with no closer of their own, outermost first (the
 * parse closed them there). Not an element closed by its own `}` right before the offset
 * (`[{"x": 1}}`: the list was left open, not its element).
 */
function containersEndingAt(root: Node, offset: number, text: string): Node[] {
  const found: Node[] = [];
  let node: Node | undefined = root;
  while (node) {
    if ((node.type === 'object' || node.type === 'array') && node.offset + node.length === offset && !closedByItself(node, text)) found.push(node);
    node = node.children?.find((child) => child.offset < offset && offset <= child.offset + child.length);
  }
  return found;
}

/** Whether an object or array ends in its own `}` or `]`, after its last member. */
function closedByItself(node: Node, text: string): boolean {
  const end = node.offset + node.length;
  const members = node.children ?? [];
  const last = members[members.length - 1];
  return node.length >= 2 && text.charAt(end - 1) === (node.type === 'object' ? '}' : ']') && (!last || last.offset + last.length < end);
}

/** `json.lineBreakInName` and `json.lineBreakInWord`, over a line break in a name or a keyword and the spaces around it: deleted. */
export const removeLineBreakFix: FixProvider = ({ finding }) => [fix('fix.removeLineBreak', [], [remove(finding.span)], true)];

/** `json.openBracketMissing` [list], at the `{` of the list's first element: the `[` before it. */
export const openBracketFix: FixProvider = ({ finding }) => [fix('fix.insertOpenBracket', [argOf(finding, 0) ?? ''], [insert(finding.span.start, '[')], true)];

/** `json.openBraceMissing` [name], at the name the parse read as an object's first: its `{`. */
export const openBraceFix: FixProvider = ({ finding }) => [fix('fix.insertOpenBrace', [argOf(finding, 0) ?? ''], [insert(finding.span.start, '{')], true)];

/**
 * `json.braceForArray`, at the `{` of a list the parse read as an array: `[` for it, and `]` for
 * its last `}` when a `}` closed it.
 */
export const braceForArrayFix: FixProvider = ({ analysis, finding }) => {
  const root = jsonRootOf(analysis);
  const list = root && arrayStartingAt(root, finding.span.start);
  if (!list) return [];
  const last = list.offset + list.length - 1;
  const edits = [replace(finding.span, '[')];
  if (last > list.offset && analysis.text.charCodeAt(last) === 125 /* } */) edits.push(replace({ start: last, end: last + 1 }, ']'));
  return [fix('fix.bracketList', [], edits, true)];
};

/** The array whose first character is at `offset`, searching only the nodes that hold it (iterative: branches nest without limit). */
function arrayStartingAt(root: Node, offset: number): Node | undefined {
  let node: Node | undefined = root;
  while (node && node.offset <= offset && offset < node.offset + node.length) {
    if (node.type === 'array' && node.offset === offset) return node;
    node = node.children?.find((child) => child.offset <= offset && offset < child.offset + child.length);
  }
  return undefined;
}

/** `json.fullWidthDigits` [found, the number as JSON writes it]: that number in its place. */
export const fullWidthDigitsFix: FixProvider = replaceWithArgument(1);

/** `json.closingQuoteMissing`, `json.openingQuoteMissing`, `json.quoteInString` [the string as meant], over the string as written: the string as meant. */
export const missingQuoteFix: FixProvider = replaceWithArgument(0);

/** `json.closingQuoteCurly` [the quote found, the string as meant]: the string closed by a straight quote. */
export const curlyCloserFix: FixProvider = replaceWithArgument(1);

/**
 * `json.wrongQuotes`, over a string in single or curly quotes (`'move'`, `“好棋”`): the string in
 * straight double quotes. A double quote inside gets its backslash; `\'` (a single quote escaped
 * as in JavaScript) becomes `'`, which JSON does not escape; other escapes stay as written.
 */
export const wrongQuotesFix: FixProvider = ({ analysis, finding }) => {
  const inner = analysis.text.slice(finding.span.start + 1, finding.span.end - 1);
  // A backslash left at the end would escape the closing quote.
  if ((/\\*$/.exec(inner)?.[0].length ?? 0) % 2 === 1) return [];
  const meant = `"${inner.replace(/\\(.)|"/gs, (whole, escaped: string | undefined) => (escaped === undefined ? '\\"' : escaped === "'" ? "'" : whole))}"`;
  return [fix('fix.replace', [meant], [replace(finding.span, meant)], true)];
};

/**
 * `json.afterRoot`, over the text after the root: that text removed, with the white space before
 * it. Preferred only when it is closers and commas (a `}` typed once too often); other text may be
 * something the user wants elsewhere, and Auto Fix must not delete it.
 */
export const afterRootFix: FixProvider = ({ analysis, finding }) => {
  const written = analysis.text.slice(finding.span.start, finding.span.end);
  return [fix('fix.removeAfterRoot', [], [remove(removalWithSpaceBefore(analysis.text, finding.span))], /^[\s}\],]*$/.test(written))];
};

/** `json.decimalComma` [found, the number as JSON writes it]: that number in its place. */
export const decimalCommaFix: FixProvider = replaceWithArgument(1);

/** `json.lineBreakInString`, at the line break: the escape that writes it in a string. */
export const lineBreakEscapeFix: FixProvider = ({ finding }) => [fix('fix.replace', ['\\n'], [replace(finding.span, '\\n')], true)];

/** `json.controlCharacter` [the character, its escape], at the character: the escape. */
export const controlCharacterFix: FixProvider = replaceWithArgument(1);

/** `json.unknownPropertyDidYouMean` [name, allowed, the name meant], at the key: the name meant. */
export const propertyNameFix: FixProvider = ({ finding }) => {
  const meant = argOf(finding, 2);
  return meant === undefined ? [] : [fix('fix.replace', [JSON.stringify(meant)], [replace(finding.span, JSON.stringify(meant))], true)];
};
