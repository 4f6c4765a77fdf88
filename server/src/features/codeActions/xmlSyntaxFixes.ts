/** Quick fixes for 2.x well-formedness findings that have one obvious repair. */
import { argOf, fix, insert, remove, replace, replaceWithArgument, type FixEdit, type FixProvider } from './types';
import { eolOf, indentOf, lineAwareRemoval, lineStartOf, removalWithSpaceBefore, startsLine } from './text';
import { elementNamed, xmlSyntaxOf } from './xmlTree';
import { nearMiss } from '../../util/nearMiss';
import { belongsIn, holdsOnlyAttributes, mayHold } from '../../validate/xml/elementRules';
import type { Analysis } from '../../analysis';
import { lineNumberAt } from '../../model/lineIndex';
import type { Finding, Span } from '../../model/types';
import type { XmlElement, XmlText } from '../../parse/xml/parseXml';
import { isBlankText } from '../../parse/xml/tags';
import { elementLeftOutAt, elementNamedAt, openElementBefore, syntaxAt, tagNamesAt, xmlElementsAt } from '../locate';

/** 2.x `xml.bareAmpersand` [the `&` and the name after it]: the `&` written as `&amp;`, the rest kept. */
export const bareAmpersandFix: FixProvider = ({ analysis, finding }) => {
  const amp = finding.span.start;
  if (analysis.text.slice(amp, amp + 1) !== '&') return [];
  return [fix('fix.escapeAmpersand', [], [replace({ start: amp, end: amp + 1 }, '&amp;')], true)];
};

/**
 * 2.x `xml.fullWidth` [the character, what XML needs]: the half-width character in its place; for
 * a quote, both quotes of its value when the other is full-width too (`x=“4”`: one fix, not a
 * half-mended value and a cascade of errors).
 */
export const fullWidthFix: FixProvider = ({ analysis, finding }) => {
  const meant = argOf(finding, 1);
  if (meant === undefined) return [];
  const partner = meant === '"' ? fullWidthQuotePartner(analysis, finding) : undefined;
  if (!partner) return [fix('fix.replace', [meant], [replace(finding.span, meant)], true)];
  const [open, close] = partner.span.start < finding.span.start ? [partner, finding] : [finding, partner];
  const value = `"${analysis.text.slice(open.span.end, close.span.start)}"`;
  return [fix('fix.replace', [value], [replace(open.span, '"'), replace(close.span, '"')], true)];
};

/** The other full-width quote of the value a full-width quote finding opens or closes: the next or previous such finding, with no quote, `<` or `>` between them. */
function fullWidthQuotePartner(analysis: Analysis, finding: Finding): Finding | undefined {
  const text = analysis.text;
  let before = finding.span.start - 1;
  while (before >= 0 && /\s/.test(text.charAt(before))) before--;
  const opens = text.charAt(before) === '=';
  const quotes = analysis.findings.filter((f) => f.message.id === 'xml.fullWidth' && argOf(f, 1) === '"' && f !== finding);
  const other = opens ? quotes.find((f) => f.span.start > finding.span.start) : quotes.filter((f) => f.span.end < finding.span.start).pop();
  if (!other) return undefined;
  const between = text.slice(Math.min(other.span.end, finding.span.end), Math.max(other.span.start, finding.span.start));
  return /["'<>]/.test(between) ? undefined : other;
}

/** 2.x `xml.slipSpace` [the character], at a full-width or no-break space in a start tag: an ordinary space. */
export const slipSpaceFix: FixProvider = ({ finding }) => [fix('fix.ordinarySpace', [], [replace(finding.span, ' ')], true)];

/** 2.x `xml.commaBetweenAttributes` [the comma]: a space in its place, or none when white space stands beside it. */
export const commaBetweenAttributesFix: FixProvider = ({ analysis, finding }) => {
  const spaced = /\s/.test(analysis.text.charAt(finding.span.start - 1)) || /\s/.test(analysis.text.charAt(finding.span.end));
  return [fix(spaced ? 'fix.removeComma' : 'fix.commaToSpace', [analysis.text.slice(finding.span.start, finding.span.end)], [replace(finding.span, spaced ? '' : ' ')], true)];
};

/** 2.x `xml.equalsLeftOut` [name], at the name: `=` for the white space between it and its value (`x "3"` → `x="3"`; most likely typed for it). */
export const equalsLeftOutFix: FixProvider = ({ analysis, finding }) => {
  const space = /^\s*/.exec(analysis.text.slice(finding.span.end, finding.span.end + 200))?.[0].length ?? 0;
  return [fix('fix.insertEquals', [argOf(finding, 0) ?? ''], [replace({ start: finding.span.end, end: finding.span.end + space }, '=')], true)];
};

/**
 * 2.x `xml.duplicateAttribute` [name], at the later name. wei7 reads the first (as 3.0 reads the
 * first property of a name: json.duplicateKey), so removing the later one keeps what the document
 * means (preferred); keeping the later one instead removes the first.
 */
export const duplicateAttributeFix: FixProvider = ({ analysis, finding }) => {
  const name = argOf(finding, 0);
  const syntax = analysis.syntax;
  if (name === undefined || syntax?.format !== 'xml') return [];
  const text = analysis.text;
  const thisOne = laterAttributeSpan(text, finding.span.start);
  if (!thisOne || text.slice(finding.span.start, finding.span.end) !== name) return [];
  const fixes = [fix('fix.removeDuplicate', [name], [remove(removalWithSpaceBefore(text, thisOne))], true)];
  const element = xmlElementsAt(syntax.xml, finding.span.start).pop();
  const first = element && element.startTag.end >= finding.span.end ? element.attributes.find((a) => a.name === name) : undefined;
  if (element && first && first.span.end < finding.span.start) {
    // Written three times or more: keeping this one removes every other copy (the later ones are findings of their own).
    const othersFound = analysis.findings.filter((f) => f !== finding && f.message.id === 'xml.duplicateAttribute' && argOf(f, 0) === name && f.span.start > first.span.end && f.span.end <= element.startTag.end);
    const others = othersFound.flatMap((f) => laterAttributeSpan(text, f.span.start) ?? []);
    if (others.length < othersFound.length) return fixes;
    const removals = [first.span, ...others].sort((a, b) => a.start - b.start).map((span) => remove(removalWithSpaceBefore(text, span)));
    fixes.push(others.length === 0
      ? fix('fix.keepDuplicate', [name, lineNumberAt(text, first.span.start) + 1], removals, false)
      : fix('fix.keepDuplicateOfMany', [name, others.length + 1], removals, false));
  }
  return fixes;
};

/** A later copy of an attribute as written from its name at `at`: its name, `=` and quoted value (not in the tree: the first is). */
function laterAttributeSpan(text: string, at: number): Span | undefined {
  const later = /^[^\s=]+\s*=\s*("[^"<]*"|'[^'<]*')/.exec(text.slice(at, at + 4096));
  return later ? { start: at, end: at + later[0].length } : undefined;
}

/** 2.x `xml.commentEndDashes` [the dashes and `>`]: `-->`. */
export const commentEndFix: FixProvider = ({ finding }) => [fix('fix.replace', ['-->'], [replace(finding.span, '-->')], true)];

/** 2.x `xml.ltInValue`, at a `<` in an attribute value: `&lt;`. */
export const ltInValueFix: FixProvider = ({ finding }) => [fix('fix.replace', ['&lt;'], [replace(finding.span, '&lt;')], true)];

/** 2.x `xml.xmlVersion` [the version written], at the XML declaration's version: 1.0. */
export const xmlDeclarationVersionFix: FixProvider = ({ finding }) => [fix('fix.replace', ['1.0'], [replace(finding.span, '1.0')], true)];

/** `xml.declarationCase` [the name as written, `xml`], over the name: `xml`. */
export const declarationCaseFix: FixProvider = replaceWithArgument(1);

/** `xml.startTagNotClosed` [name, `/>` or `>`], over the tag as written: the closer at its end. */
export const closeStartTagFix: FixProvider = ({ finding }) => {
  const closer = argOf(finding, 1);
  return closer === undefined ? [] : [fix('fix.closeStartTag', [closer], [insert(finding.span.end, closer)], true)];
};

/**
 * `xml.endTagMismatch` [name, the open element's name], at the end tag's name: the open element's
 * name in its place; preferred when the name is a misspelling of it (`</gmae>`), which the parse
 * then read as that element's end tag. When the start tag is the misspelt one (`<szie>19</size>`:
 * its parent may not hold `szie` but may hold `size`), its name is changed instead, and that is
 * the preferred fix: the end tag's would copy the typo.
 */
export const endTagNameFix: FixProvider = ({ analysis, finding }) => {
  const [written, open] = [argOf(finding, 0), argOf(finding, 1)];
  if (written === undefined || open === undefined) return [];
  const close = nearMiss(written, [open]) !== undefined;
  const startTag = close ? misspeltStartTag(analysis, finding, open, written) : undefined;
  const endTagFix = fix('fix.replace', [open], [replace(finding.span, open)], close && !startTag);
  return startTag ? [fix('fix.renameStartTag', [open, written], [replace(startTag, written)], true), endTagFix] : [endTagFix];
};

/** The name's span of the open element `open` when it is the misspelling: where it stands, `written` may stand and `open` may not. */
function misspeltStartTag(analysis: Analysis, finding: Finding, open: string, written: string): Span | undefined {
  const syntax = analysis.syntax;
  if (syntax?.format !== 'xml') return undefined;
  const found = openElementBefore(syntax.xml, finding.span.start, open);
  const parent = found?.parent?.name;
  if (!found || parent === undefined || mayHold(parent, open) || !mayHold(parent, written)) return undefined;
  const { start, end } = found.element.nameSpan;
  return analysis.text.slice(start, end) === open ? { start, end } : undefined;
}

/**
 * `xml.valueNotQuoted` [value, the value in quotes], over the value; `xml.valueNotClosed` [name, the value closed] and
 * `xml.quotesMismatched` [name, the value in double quotes], over the value as written: the value in quotes.
 */
export const quoteValueFix: FixProvider = replaceWithArgument(1);

/** `xml.attributeDidYouMean` [name, element, allowed, the name meant], at the name: the name meant. */
export const attributeNameFix: FixProvider = replaceWithArgument(3);

/**
 * `xml.elementDidYouMean` [name, parent, allowed, the name meant], at the start tag's name: the
 * name meant, in the end tag too when the element has one of the same name.
 */
export const elementNameFix: FixProvider = ({ analysis, finding }) => {
  const meant = argOf(finding, 3);
  if (meant === undefined) return [];
  const pair = tagNamesAt(analysis, finding.span.start);
  const spans = pair && pair.start.start === finding.span.start ? [pair.start, pair.end] : [finding.span];
  return [fix('fix.replace', [meant], spans.map((span) => replace(span, meant)), true)];
};

/**
 * `xml.unclosedBeforeElement` [name, the element it ends before], at the name: its end tag
 * before that element, on a line of its own when the element starts its line (indented as it is).
 */
export const endTagBeforeElementFix: FixProvider = ({ analysis, finding }) => {
  const [name, next] = [argOf(finding, 0), argOf(finding, 1)];
  const span = elementNamedAt(analysis, finding.span.start);
  if (name === undefined || next === undefined || !span) return [];
  const text = analysis.text;
  const endTag = `</${name}>`;
  const written = startsLine(text, span.end) ? `${endTag}${eolOf(text)}${indentOf(text, span.end)}` : endTag;
  // A misspelt name (`<mvoes>` holding moves): the name meant, which may hold them, is the fix; the end tag would keep the typo.
  const meant = analysis.findings.find((f) => f.message.id === 'xml.elementDidYouMean' && f.span.start === finding.span.start && f.span.end === finding.span.end);
  const rename = meant && argOf(meant, 3);
  if (rename !== undefined && mayHold(rename, next)) {
    return [fix('fix.renameStartTag', [name, rename], [replace(finding.span, rename)], true), fix('fix.insertTag', [endTag, next], [insert(span.end, written)], false)];
  }
  return [fix('fix.insertTag', [endTag, next], [insert(span.end, written)], true)];
};

/** `xml.endTagMalformed` [name], over the end tag as written (`</ moves>`, `</moves/>`, `</moves x="1">`): `</moves>`. */
export const malformedEndTagFix: FixProvider = ({ finding }) => {
  const name = argOf(finding, 0);
  return name === undefined ? [] : [fix('fix.replace', [`</${name}>`], [replace(finding.span, `</${name}>`)], true)];
};

/**
 * `xml.unclosedBeforeSibling` [name, next], at the name of an element that holds only attributes
 * and was left open (`<white x="4" y="4">`): its start tag closed with `/>`, as the parse read it.
 * Written ` />` when the document writes its empty tags so and never `"/>`.
 */
export const selfCloseFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const element = syntax && elementNamed(syntax, finding.span);
  const close = element && selfClosingEdit(analysis.text, element);
  if (!element || !close) return [];
  // Its own end tag after what it was read to hold (`<black …><white …/></black>`), now matching nothing: removed with it.
  const endTag = strayEndTagOf(analysis, element.name, close.span.start);
  return [fix('fix.closeStartTag', ['/>'], endTag ? [close, remove(lineAwareRemoval(analysis.text, endTag))] : [close], true)];
};

/**
 * `xml.unclosed` [name, the end tag it ends before], at the name of an element its parent's end
 * tag ended (`<white x="4" y="4">` just before `</moves>`): one that holds only attributes and
 * holds nothing is closed with `/>`; any other gets its end tag where the parse ended it, on a line
 * of its own indented as its start tag when the parent's end tag starts its line.
 */
export const unclosedFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const element = syntax && elementNamed(syntax, finding.span);
  const before = argOf(finding, 1);
  if (!element || before === undefined) return [];
  // A start tag with a slip of its own (a value's quote left out, read on to `</moves>`): that slip's fix first; this one follows from it.
  if (analysis.findings.some((f) => f !== finding && f.clause === '3.1' && f.span.start >= element.startTag.start && f.span.end <= element.startTag.end)) return [];
  const text = analysis.text;
  const empty = element.children.every((child) => child.kind === 'text' && isBlankText(child.text));
  const close = empty && element.parent && holdsOnlyAttributes(element.parent.name, element.name) ? selfClosingEdit(text, element) : undefined;
  if (close) return [fix('fix.closeStartTag', ['/>'], [close], true)];
  const endTag = `</${element.name}>`;
  const at = element.span.end;
  const edit = startsLine(text, at) ? insert(lineStartOf(text, at), `${indentOf(text, element.startTag.start)}${endTag}${eolOf(text)}`) : insert(at, endTag);
  return [fix('fix.insertTag', [endTag, `/${before}`], [edit], true)];
};

/** The `/` that closes `element`'s start tag as an empty tag (` /` when the document writes its empty tags so and never `"/>`); undefined when it already ends so. */
function selfClosingEdit(text: string, element: XmlElement): FixEdit | undefined {
  const gt = element.startTag.end - 1;
  if (text.slice(gt, gt + 1) !== '>' || text.slice(gt - 1, gt) === '/') return undefined;
  const spaced = !/\s/.test(text.slice(gt - 1, gt)) && text.includes('" />') && !text.includes('"/>');
  return insert(gt, spaced ? ' /' : '/');
}

/** The first end tag `</name>` after `from` reported as matching no open element, with no start tag of that name between. */
function strayEndTagOf(analysis: Analysis, name: string, from: number): Span | undefined {
  const stray = analysis.findings.find((f) => f.message.id === 'xml.endTagMismatch' && f.message.args?.[0] === name && f.span.start > from);
  if (!stray) return undefined;
  const text = analysis.text;
  const lt = text.lastIndexOf('</', stray.span.start);
  const gt = text.indexOf('>', stray.span.end);
  if (lt < from || gt < 0 || startTagBetween(text, name, from, lt)) return undefined;
  return { start: lt, end: gt + 1 };
}

/** Whether a start tag `<name` (followed by white space, `/` or `>`) begins in [from, to). */
function startTagBetween(text: string, name: string, from: number, to: number): boolean {
  const open = `<${name}`;
  for (let at = text.indexOf(open, from); at >= 0 && at < to; at = text.indexOf(open, at + 1)) {
    if (/[\s/>]/.test(text.charAt(at + open.length))) return true;
  }
  return false;
}

/** `xml.quoteInValue` [name, the quote's entity], at the first quote inside a free-text value: every such quote written as the entity. */
export const quoteEntityFix: FixProvider = ({ analysis, finding }) => {
  const entity = argOf(finding, 1);
  const edits = entity === undefined ? undefined : quotesInValue(analysis, finding.span.start, entity);
  return entity !== undefined && edits ? [fix('fix.replace', [entity], edits, true)] : [];
};

/** `xml.strayQuote` [name, the attribute as meant], at the first stray quote: every such quote deleted. */
export const strayQuoteFix: FixProvider = ({ analysis, finding }) => {
  const meant = argOf(finding, 1);
  const edits = quotesInValue(analysis, finding.span.start, '');
  return meant !== undefined && edits ? [fix('fix.replace', [meant], edits, true)] : [];
};

/** Each quote of the kind at `at` inside the attribute value holding `at` (the parse read it to its real closing quote), written as `replacement`. */
function quotesInValue(analysis: Analysis, at: number, replacement: string): FixEdit[] | undefined {
  const target = syntaxAt(analysis, at);
  if (target?.kind !== 'attributeValue') return undefined;
  const text = analysis.text;
  const quote = text.slice(at, at + 1);
  const edits: FixEdit[] = [];
  for (let i = text.indexOf(quote, target.span.start); i >= 0 && i < target.span.end; i = text.indexOf(quote, i + 1)) edits.push(replace({ start: i, end: i + 1 }, replacement));
  return edits;
}

/** `xml.outsideMoves` [name], at the name of the first move outside a <moves>: the `<moves>` start tag before it (on a line of its own when it starts its line). */
export const movesStartTagFix: FixProvider = ({ analysis, finding }) => {
  const name = argOf(finding, 0);
  const lt = finding.span.start - 1;
  const text = analysis.text;
  if (name === undefined || text.charCodeAt(lt) !== 0x3c /* < */) return [];
  const eol = eolOf(text);
  // Its end tag too, after the last of the run, unless one follows it (only the start tag was left out).
  const end = movesOutsideEnd(analysis, finding.span.start);
  const endTag = end !== undefined && !/^\s*<\/moves\s*>/.test(text.slice(end, end + 64)) ? [insert(end, startsLine(text, lt) ? `${eol}${indentOf(text, lt)}</moves>` : '</moves>')] : [];
  const insertStartTag = [insert(lt, startsLine(text, lt) ? `<moves>${eol}${indentOf(text, lt)}` : '<moves>'), ...endTag];
  // Right after a `<moves/>` (closed by a `/` typed by mistake): that tag opened, not a second <moves>.
  const selfClosed = selfClosedMovesBefore(analysis, finding.span.start);
  if (!selfClosed) return [fix('fix.insertTag', ['<moves>', name], insertStartTag, true)];
  const opened = fix('fix.replace', ['<moves>'], [replace(selfClosed, '<moves>'), ...endTag], true);
  return [opened, fix('fix.insertTag', ['<moves>', name], insertStartTag, false)];
};

/** The span of a `<moves/>` (empty, self-closed) just before the element of `wei7` whose name starts at `nameStart`; undefined when none. */
function selfClosedMovesBefore(analysis: Analysis, nameStart: number): Span | undefined {
  const { children, at: index } = rootChildNamedAt(analysis, nameStart);
  let at = index - 1;
  while (at >= 0 && children[at].kind !== 'element') at--;
  const before = at >= 0 ? children[at] : undefined;
  if (before?.kind !== 'element' || before.name !== 'moves' || before.children.length > 0) return undefined;
  const { start, end } = before.startTag;
  return /^<moves\s*\/>$/.test(analysis.text.slice(start, end)) ? { start, end } : undefined;
}

/**
 * `xml.startTagLeftOut` [name, the element it was left out before], at that element's name: the
 * start tag written before it; on a line of its own indented as its end tag, when both start
 * their lines (the parse read it so: xmlRun.ts startTagLeftOut).
 */
export const leftOutStartTagFix: FixProvider = ({ analysis, finding }) => {
  const [name, before] = [argOf(finding, 0), argOf(finding, 1)];
  const syntax = xmlSyntaxOf(analysis);
  const lt = finding.span.start - 1;
  const implied = syntax && elementLeftOutAt(syntax, lt);
  if (name === undefined || before === undefined || implied?.name !== name || !implied.closed) return [];
  const text = analysis.text;
  const endTag = implied.contentSpan.end;
  const edit = startsLine(text, lt) && startsLine(text, endTag) ? insert(lineStartOf(text, lt), `${indentOf(text, endTag)}<${name}>${eolOf(text)}`) : insert(lt, `<${name}>`);
  return [fix('fix.insertTag', [`<${name}>`, before], [edit], true)];
};

/** The children of the 2.x root, and the index of the element among them whose name starts at `nameStart` (-1: none). */
function rootChildNamedAt(analysis: Analysis, nameStart: number): { readonly children: readonly (XmlElement | XmlText)[]; readonly at: number } {
  const children = analysis.syntax?.format === 'xml' ? analysis.syntax.xml.root?.children ?? [] : [];
  return { children, at: children.findIndex((child) => child.kind === 'element' && child.nameSpan.start === nameStart) };
}

/** Where the run of moves outside any <moves> whose first element's name starts at `nameStart` ends (its last element's end). */
function movesOutsideEnd(analysis: Analysis, nameStart: number): number | undefined {
  const { children, at: index } = rootChildNamedAt(analysis, nameStart);
  let at = index;
  if (at < 0) return undefined;
  let end = children[at].span.end;
  for (at++; at < children.length; at++) {
    const child = children[at];
    if (child.kind !== 'element') continue;
    if (!belongsIn(child.name, 'wei7', 'moves')) break;
    end = child.span.end;
  }
  return end;
}

/**
 * `xml.endTagEarly` [name, the element after it] and `xml.endTagInside` [name, the element it is
 * in], at the end tag's name: the end tag deleted (its line, when alone on it; only the tag when
 * an element follows it on its line, whose indentation it then keeps).
 */
export const earlyEndTagFix: FixProvider = ({ analysis, finding }) => {
  const text = analysis.text;
  const start = finding.span.start - 2;
  const gt = text.indexOf('>', finding.span.end);
  if (text.slice(start, start + 2) !== '</' || gt < 0) return [];
  const tag = { start, end: gt + 1 };
  const markupFollows = text.charCodeAt(tag.end) === 0x3c; /* < */
  return [fix('fix.removeEndTag', [text.slice(tag.start, tag.end)], [remove(markupFollows ? tag : lineAwareRemoval(text, tag))], true)];
};
