/**
 * Completions for wei7 2.x (XML): the elements allowed where the cursor is (§3.3 order and
 * at-most-once, §3.5 at most once, §3.15 pre first), the attributes a start tag does not have yet,
 * enum values inside attribute values, board sizes in <size>, the end tag of the open element, and
 * snippets for a move, a pass, a pre with stones and a variation.
 *
 * The place of the cursor is read from the text, lexing forward from the last markup the element
 * tree knows ends before the cursor: while a tag is being typed the tree may not have it, or may
 * have read it wrongly, but everything before it is right.
 */
import type { Color, PlayNode, Span, Wei7Document } from '../../model/types';
import type { XmlElement, XmlSyntax } from '../../parse/xml/parseXml';
import type { Locale } from '../../l10n/catalogue';
import {
  elementRules,
  EVAL_VALUES,
  MOVE_TYPE_VALUES,
  PROBLEM_VALUES,
  RULES_TYPE_VALUES,
  SCORING_VALUES,
  SPLITTER_VALUES,
  WINNER_VALUES,
  type ElementRule,
  type ElementRuleName,
} from '../../validate/xml/elementRules';
import { BOARD_SIZES_22 } from '../../validate/xml/validateXml';
import { childRules, ownEntry } from '../../validate/xml/validateXml';
import { VERSION_VALUES } from '../../validate/xml/elementRules';
import { colorToPlayAfter, lastNodeBefore, lineStartingAt } from './nextColor';
import { choice, clauseDocumentation, say, sortKey, type CompletionRequest, type TextChange, type Wei7Completion } from './items';

/** The clause that defines each kind of element, for the items' documentation. */
const ELEMENT_CLAUSE: Readonly<Record<ElementRuleName, string>> = {
  wei7: '3.2',
  size: '3.4',
  game: '3.5',
  rules: '3.6',
  time: '3.7',
  player: '3.8',
  result: '3.9',
  moves: '3.11',
  pre: '3.14',
  move: '3.17.1',
  preStone: '3.17.2',
  mark: '3.18',
};

/** The closed sets of values of each rule's attributes (the validators' own lists). */
const ATTRIBUTE_VALUES: Partial<Record<ElementRuleName, Readonly<Record<string, readonly string[]>>>> = {
  wei7: { version: VERSION_VALUES },
  rules: { scoring: SCORING_VALUES, type: RULES_TYPE_VALUES },
  result: { winner: WINNER_VALUES },
  pre: { eval: EVAL_VALUES, problem: PROBLEM_VALUES },
  move: { eval: EVAL_VALUES, problem: PROBLEM_VALUES, type: MOVE_TYPE_VALUES, splitter: SPLITTER_VALUES },
};

/* ---------- where the cursor is ---------- */

interface LexedAttribute {
  readonly name: string;
  readonly nameStart: number;
  readonly nameEnd: number;
  /** The raw value, when it is quoted and finished. */
  value?: string;
}

/** A start tag as far as it is written (it may have no `>` yet). */
interface LexedTag {
  /** The `<`. */
  readonly start: number;
  readonly name: string;
  readonly nameEnd: number;
  readonly attributes: readonly LexedAttribute[];
  /** Nothing follows the name on its line: a new tag, which an item may complete whole. */
  readonly bare: boolean;
}

type XmlPlace =
  | { readonly kind: 'content'; readonly parent: XmlElement | undefined; readonly wordStart: number; readonly wordEnd: number }
  | { readonly kind: 'tagName'; readonly parent: XmlElement | undefined; readonly tag: LexedTag }
  | {
      readonly kind: 'attributeName';
      readonly parent: XmlElement | undefined;
      readonly tag: LexedTag;
      readonly span: Span;
      /** `name=` follows: only the name is replaced. */
      readonly hasValue: boolean;
      /** Right after a value's closing quote: the new attribute needs a space before it. */
      readonly needsSpace: boolean;
    }
  | {
      readonly kind: 'attributeValue';
      readonly parent: XmlElement | undefined;
      readonly tag: LexedTag;
      readonly attribute: string;
      readonly span: Span;
      /** False after `name=` with no quote yet: the item brings its quotes. */
      readonly quoted: boolean;
    }
  | { readonly kind: 'endTag'; readonly parent: XmlElement | undefined; readonly span: { start: number; end: number } }
  | { readonly kind: 'none' };

const isNameChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_:.\-\u00b7\u00c0-\uffff]/.test(c);
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** The innermost element whose content holds `offset`, and where lexing may safely start. */
function enclosing(syntax: XmlSyntax, offset: number): { parent: XmlElement | undefined; safe: number } {
  let parent: XmlElement | undefined;
  let safe = 0;
  let element = syntax.root;
  while (element) {
    if (offset <= element.span.start || (offset >= element.span.end && element.closed)) break;
    if (offset < element.startTag.end) return { parent, safe: element.startTag.start }; // in its start tag
    if (offset > element.contentSpan.end) return { parent: element, safe: element.contentSpan.end }; // in its end tag
    parent = element;
    safe = element.contentSpan.start;
    let inner: XmlElement | undefined;
    for (const child of element.children) {
      if (child.span.start < offset && (offset < child.span.end || (child.kind === 'element' && !child.closed && offset <= child.span.end))) {
        if (child.kind === 'element') inner = child;
        break;
      }
      if (child.span.end <= offset) safe = Math.max(safe, child.span.end);
    }
    element = inner;
  }
  if (!parent && syntax.root && offset >= syntax.root.span.end && syntax.root.closed) safe = syntax.root.span.end;
  return { parent, safe };
}

/** Reads the text from `safe` to the cursor: text, comments, CDATA, declarations, end tags and start tags. */
export function xmlPlaceAt(syntax: XmlSyntax, offset: number): XmlPlace {
  const text = syntax.text;
  const { parent, safe } = enclosing(syntax, offset);
  let i = safe;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0 || lt >= offset) {
      // The word being typed (it cannot reach back into markup: `>` is no name character).
      let wordStart = offset;
      while (wordStart > 0 && isNameChar(text[wordStart - 1])) wordStart--;
      let wordEnd = offset;
      while (isNameChar(text[wordEnd])) wordEnd++;
      return { kind: 'content', parent, wordStart, wordEnd };
    }
    const skipTo = (opener: string, closer: string): number | undefined => {
      if (!text.startsWith(opener, lt)) return undefined;
      const close = text.indexOf(closer, lt + opener.length);
      return close < 0 ? text.length : close + closer.length;
    };
    const skipped = skipTo('<!--', '-->') ?? skipTo('<![CDATA[', ']]>') ?? skipTo('<?', '?>') ?? skipTo('<!', '>');
    if (skipped !== undefined) {
      if (skipped > offset) return { kind: 'none' }; // inside a comment, CDATA section or declaration
      i = skipped;
      continue;
    }
    if (text[lt + 1] === '/') {
      let nameEnd = lt + 2;
      while (isNameChar(text[nameEnd])) nameEnd++;
      const close = text.indexOf('>', lt);
      if (close >= 0 && close < offset) {
        i = close + 1;
        continue;
      }
      if (offset > nameEnd) return { kind: 'none' };
      return { kind: 'endTag', parent, span: { start: lt, end: text[nameEnd] === '>' ? nameEnd + 1 : nameEnd } };
    }
    const lexed = lexStartTag(text, lt, offset);
    if (lexed.end <= offset && lexed.closed) {
      i = lexed.end;
      continue;
    }
    return lexed.place(parent);
  }
}

/** One start tag from its `<`: where it ends, and what the cursor is on if it is inside. */
function lexStartTag(
  text: string,
  start: number,
  offset: number,
): { end: number; closed: boolean; place: (parent: XmlElement | undefined) => XmlPlace } {
  let i = start + 1;
  while (isNameChar(text[i])) i++;
  const nameEnd = i;
  let rest = nameEnd;
  while (text[rest] === ' ' || text[rest] === '\t') rest++;
  const bare = rest >= text.length || text[rest] === '\n' || text[rest] === '\r' || text[rest] === '<';
  const attributes: LexedAttribute[] = [];
  let found: ((tag: LexedTag, parent: XmlElement | undefined) => XmlPlace) | undefined;
  if (offset > start && offset <= nameEnd) found = (tag, parent) => ({ kind: 'tagName', parent, tag });
  let closed = false;
  while (i < text.length) {
    const c = text[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === '>' || text.startsWith('/>', i)) {
      closed = true;
      i += c === '>' ? 1 : 2;
      break;
    }
    if (c === '<') break; // the next tag: this one was never finished
    if (!isNameChar(c)) {
      i++;
      continue;
    }
    const nameStart = i;
    while (isNameChar(text[i])) i++;
    const attribute: LexedAttribute = { name: text.slice(nameStart, i), nameStart, nameEnd: i };
    attributes.push(attribute);
    let j = i;
    while (isSpace(text[j])) j++;
    const hasValue = text[j] === '=';
    if (!found && offset >= nameStart && offset <= attribute.nameEnd) {
      found = (tag, parent) => ({ kind: 'attributeName', parent, tag, span: { start: nameStart, end: attribute.nameEnd }, hasValue, needsSpace: false });
    }
    if (!hasValue) continue;
    j++;
    while (isSpace(text[j])) j++;
    const quote = text[j];
    if (quote !== '"' && quote !== "'") {
      if (!found && offset > i && offset <= j) {
        found = (tag, parent) => ({ kind: 'attributeValue', parent, tag, attribute: attribute.name, span: { start: offset, end: offset }, quoted: false });
      }
      i = j;
      continue;
    }
    const valueStart = j + 1;
    const closeQuote = text.indexOf(quote, valueStart);
    const nextTag = text.indexOf('<', valueStart);
    const valueEnd = closeQuote < 0 || (nextTag >= 0 && nextTag < closeQuote) ? (nextTag >= 0 ? nextTag : text.length) : closeQuote;
    if (!found && offset >= valueStart && offset <= valueEnd) {
      // An unterminated value ends at the cursor: what follows is not part of it.
      const end = valueEnd === closeQuote ? valueEnd : offset;
      found = (tag, parent) => ({ kind: 'attributeValue', parent, tag, attribute: attribute.name, span: { start: valueStart, end }, quoted: true });
    }
    if (valueEnd === closeQuote) attribute.value = text.slice(valueStart, valueEnd);
    i = valueEnd === closeQuote ? closeQuote + 1 : valueEnd;
  }
  const end = i;
  return {
    end,
    closed,
    place(parent) {
      const tag: LexedTag = { start, name: text.slice(start + 1, nameEnd), nameEnd, attributes, bare };
      if (found) return found(tag, parent);
      // In white space between the name and `>`: a new attribute goes here.
      if (offset > nameEnd && (!closed || offset < end)) {
        return { kind: 'attributeName', parent, tag, span: { start: offset, end: offset }, hasValue: false, needsSpace: !isSpace(text[offset - 1]) };
      }
      return { kind: 'none' };
    },
  };
}

/* ---------- rules of the place ---------- */

/** The rule of a kind of element, as the general shape every rule has. */
function elementRule(rule: ElementRuleName): ElementRule {
  return elementRules[rule];
}

/** The rule of an element of the tree, from its ancestors (undefined for elements 2.2 does not know there). */
function ruleOf(element: XmlElement): ElementRuleName | undefined {
  const path: string[] = [];
  for (let e: XmlElement | undefined = element; e; e = e.parent) path.push(e.name);
  if (path.pop() !== 'wei7') return undefined;
  let rule: ElementRuleName | undefined = 'wei7';
  while (rule && path.length) rule = ownEntry(childRules[rule], path.pop() as string);
  return rule;
}

/** The rule a tag named `name` has inside `parent` (the root when there is no parent). */
function ruleOfTag(parent: XmlElement | undefined, name: string): ElementRuleName | undefined {
  if (!parent) return name === 'wei7' ? 'wei7' : undefined;
  const parentRule = ruleOf(parent);
  return parentRule && ownEntry(childRules[parentRule], name);
}

function elementChildren(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}

/**
 * The element names allowed at `at` in `parent` (rule `rule`), given the other children:
 * §3.3 size, game, moves in this order (childRules lists them so) and each once; §3.5 each child
 * of game once; §3.15 pre only as the first child of moves.
 */
function allowedNames(rule: ElementRuleName, siblings: readonly XmlElement[], at: number): string[] {
  const names = Object.keys(childRules[rule] ?? {});
  const present = (name: string): boolean => siblings.some((s) => s.name === name);
  const before = siblings.filter((s) => s.span.end <= at);
  const after = siblings.filter((s) => s.span.start >= at);
  switch (rule) {
    case 'wei7':
      return names.filter((name, rank) => {
        if (present(name)) return false;
        const fitsBefore = before.every((s) => names.indexOf(s.name) < rank);
        const fitsAfter = after.every((s) => names.indexOf(s.name) < 0 || names.indexOf(s.name) > rank);
        return fitsBefore && fitsAfter;
      });
    case 'game':
      return names.filter((name) => !present(name));
    case 'moves':
      return names.filter((name) => name !== 'pre' || (before.length === 0 && !present('pre')));
    default:
      return names;
  }
}

/* ---------- items ---------- */

interface ItemContext {
  readonly spec: '2.2';
  readonly locale: Locale;
}

/** `<name …` as an item inserts it: attributes a valid element needs, content as the rule says. */
function elementSkeleton(name: string, rule: ElementRuleName): string {
  const required = Object.entries(elementRule(rule).attributes).filter(([, r]) => r.required);
  let stop = 0;
  const attributes = required.map(([attribute]) => {
    const values = ATTRIBUTE_VALUES[rule]?.[attribute];
    stop++;
    return ` ${attribute}="${values ? choice(stop, values) : `$${stop}`}"`;
  });
  if (rule === 'move') attributes.push(` x="$${++stop}"`, ` y="$${++stop}"`); // a normal move has x and y (§3.17.1.2)
  const open = `<${name}${attributes.join('')}`;
  switch (elementRule(rule).content) {
    case 'attributesOnly':
      return attributes.length ? `${open} />` : `${open} $${stop + 1}/>`;
    case 'value':
      return rule === 'size' ? `${open}>${choice(stop + 1, [...BOARD_SIZES_22].reverse())}</${name}>` : `${open}>$${stop + 1}</${name}>`;
    case 'elements':
      return `${open}>\n\t$0\n</${name}>`;
  }
}

function colorWord(locale: Locale, color: Color): string {
  return say(locale, color === 'black' ? 'edit.color.black' : 'edit.color.white');
}

/** The node a move written at `offset` inside `moves` would follow (§3.12, spec-notes: Variations). */
function previousNodeAt(doc: Wei7Document, moves: XmlElement, offset: number): PlayNode | undefined {
  let line = lineStartingAt(doc.rootLine, moves.span.start);
  let at = offset;
  while (line) {
    const before = lastNodeBefore(line.nodes, at);
    if (before) return before;
    // Before the first node of a line: where the line branches from.
    if (line.nodes.length) return line.nodes[0].parent;
    // An empty nested moves branches from the node before it in its parent line.
    at = line.span.start;
    line = line.parentLine;
  }
  return undefined;
}

function elementItems(
  place: Extract<XmlPlace, { kind: 'content' | 'tagName' }>,
  syntax: XmlSyntax,
  doc: Wei7Document,
  context: ItemContext,
): Wei7Completion[] {
  const { locale, spec } = context;
  const parent = place.parent;
  const at = place.kind === 'tagName' ? place.tag.start : place.wordStart;
  const edit = place.kind === 'tagName' ? { start: place.tag.start, end: place.tag.nameEnd } : { start: place.wordStart, end: place.wordEnd };
  /** Renaming a tag that has more on its line: only the name changes. */
  const nameOnly = place.kind === 'tagName' && !place.tag.bare;
  const filterPrefix = place.kind === 'tagName' ? '<' : '';
  const change = (newText: string): TextChange => ({ span: edit, newText });
  if (!parent) {
    // Outside any element: only the root, and only when the document has none besides this tag.
    const root = syntax.root;
    if (root && !(place.kind === 'tagName' && root.span.start === place.tag.start)) return [];
    const skeleton = `<wei7 version="${choice(1, [...VERSION_VALUES].reverse())}">\n\t<size>${choice(2, [...BOARD_SIZES_22].reverse())}</size>\n\t<moves>\n\t\t$0\n\t</moves>\n</wei7>`;
    return [
      {
        label: 'wei7',
        kind: 'element',
        detail: say(locale, 'edit.detail.element', ELEMENT_CLAUSE.wei7),
        documentation: clauseDocumentation(spec, '3.3', locale),
        edit: change(nameOnly ? '<wei7' : skeleton),
        snippet: !nameOnly,
        filterText: `${filterPrefix}wei7`,
        sortText: sortKey(0, 0),
      },
    ];
  }
  const rule = ruleOf(parent);
  if (!rule) return [];
  if (elementRule(rule).content === 'value') return place.kind === 'content' && rule === 'size' ? sizeItems(place, context) : [];
  const beingEdited = (e: XmlElement): boolean => place.kind === 'tagName' && e.span.start === place.tag.start;
  const siblings = elementChildren(parent).filter((e) => !beingEdited(e));
  const names = allowedNames(rule, siblings, at);
  const items: Wei7Completion[] = names.map((name, index) => {
    const childRule = childRules[rule]?.[name] as ElementRuleName;
    return {
      label: name,
      kind: 'element',
      detail: say(locale, 'edit.detail.element', ELEMENT_CLAUSE[childRule]),
      documentation: clauseDocumentation(spec, ELEMENT_CLAUSE[childRule], locale),
      edit: change(nameOnly ? `<${name}` : elementSkeleton(name, childRule)),
      snippet: !nameOnly,
      filterText: `${filterPrefix}${name}`,
      sortText: sortKey(0, index),
    };
  });
  if (rule !== 'moves' || nameOnly) return items;
  const color = colorToPlayAfter(previousNodeAt(doc, parent, at));
  const who = colorWord(locale, color);
  const snippet = (label: string, newText: string, detail: string, clause: string, index: number): Wei7Completion => ({
    label,
    kind: 'snippet',
    detail,
    documentation: clauseDocumentation(spec, clause, locale),
    edit: change(newText),
    snippet: true,
    filterText: `${filterPrefix}${label}`,
    sortText: sortKey(1, index),
  });
  items.push(
    snippet('move', `<${color} x="$1" y="$2" />`, say(locale, 'edit.snippet.move', who), '3.17.1', 0),
    snippet('pass', `<${color} type="pass" />`, say(locale, 'edit.snippet.pass', who), '3.17.1.2', 1),
  );
  if (names.includes('pre')) {
    items.push(
      snippet('pre with stones', '<pre>\n\t<black x="$1" y="$2" />\n\t<white x="$3" y="$4" />$0\n</pre>', say(locale, 'edit.snippet.preStones'), '3.14', 2),
    );
  }
  items.push(snippet('variation', `<moves>\n\t<${color} x="$1" y="$2" />$0\n</moves>`, say(locale, 'edit.snippet.variation', who), '3.12', 3));
  return items;
}

/** Board sizes in <size> (§3.4), largest first. */
function sizeItems(place: Extract<XmlPlace, { kind: 'content' }>, context: ItemContext): Wei7Completion[] {
  return [...BOARD_SIZES_22].reverse().map((size, index) => ({
    label: String(size),
    kind: 'value',
    detail: say(context.locale, 'edit.detail.boardSize', size),
    documentation: clauseDocumentation(context.spec, '3.4', context.locale),
    edit: { span: { start: place.wordStart, end: place.wordEnd }, newText: String(size) },
    snippet: false,
    sortText: sortKey(0, index),
  }));
}

function attributeItems(place: Extract<XmlPlace, { kind: 'attributeName' }>, context: ItemContext): Wei7Completion[] {
  const rule = ruleOfTag(place.parent, place.tag.name);
  if (!rule) return [];
  const others = place.tag.attributes.filter((a) => a.nameStart !== place.span.start);
  const present = new Set(others.map((a) => a.name));
  // §3.17.1.2: a pass has neither x nor y.
  const isPass = rule === 'move' && others.some((a) => a.name === 'type' && a.value === 'pass');
  const attributes = Object.entries(elementRule(rule).attributes);
  const items: Wei7Completion[] = [];
  attributes.forEach(([name, attributeRule], index) => {
    if (present.has(name) || (isPass && (name === 'x' || name === 'y'))) return;
    const values = ATTRIBUTE_VALUES[rule]?.[name];
    const newText = place.hasValue ? name : `${place.needsSpace ? ' ' : ''}${name}="${values ? choice(1, values) : '$1'}"`;
    items.push({
      label: name,
      kind: 'attribute',
      detail: say(context.locale, attributeRule.required ? 'edit.detail.attributeRequired' : 'edit.detail.attribute', place.tag.name, attributeRule.clause),
      documentation: clauseDocumentation(context.spec, attributeRule.clause, context.locale),
      edit: { span: place.span, newText },
      snippet: !place.hasValue,
      sortText: sortKey(attributeRule.required ? 0 : 1, index),
    });
  });
  return items;
}

function valueItems(place: Extract<XmlPlace, { kind: 'attributeValue' }>, context: ItemContext): Wei7Completion[] {
  const rule = ruleOfTag(place.parent, place.tag.name);
  const values = rule && ATTRIBUTE_VALUES[rule]?.[place.attribute];
  if (!rule || !values) return [];
  const clause = elementRule(rule).attributes[place.attribute]?.clause;
  return values.map((value, index) => ({
    label: value,
    kind: 'value',
    detail: say(context.locale, 'edit.detail.value', place.attribute, clause ?? ''),
    documentation: clause ? clauseDocumentation(context.spec, clause, context.locale) : undefined,
    edit: { span: place.span, newText: place.quoted ? value : `"${value}"` },
    snippet: false,
    sortText: sortKey(0, index),
  }));
}

function endTagItems(place: Extract<XmlPlace, { kind: 'endTag' }>, context: ItemContext): Wei7Completion[] {
  const open = place.parent;
  if (!open) return [];
  return [
    {
      label: `</${open.name}>`,
      kind: 'endTag',
      detail: say(context.locale, 'edit.detail.endTag', open.name),
      edit: { span: place.span, newText: `</${open.name}>` },
      snippet: false,
      filterText: `</${open.name}`,
      sortText: sortKey(0, 0),
    },
  ];
}

/** The characters that may trigger each kind of place; other triggers give nothing there. */
const TRIGGERS: Readonly<Record<Exclude<XmlPlace['kind'], 'none'>, string>> = {
  content: '',
  tagName: '<',
  attributeName: ' ',
  attributeValue: '"\'=',
  endTag: '/',
};

export function completeXml(syntax: XmlSyntax, doc: Wei7Document, request: CompletionRequest): Wei7Completion[] {
  const place = xmlPlaceAt(syntax, request.offset);
  if (place.kind === 'none') return [];
  if (request.triggerCharacter && !TRIGGERS[place.kind].includes(request.triggerCharacter)) return [];
  const context: ItemContext = { spec: '2.2', locale: request.locale };
  switch (place.kind) {
    case 'content':
    case 'tagName':
      return elementItems(place, syntax, doc, context);
    case 'attributeName':
      return attributeItems(place, context);
    case 'attributeValue':
      return valueItems(place, context);
    case 'endTag':
      return endTagItems(place, context);
  }
}
