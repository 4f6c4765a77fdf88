/**
 * A missing required attribute (2.2) or property (3.0), inserted with a placeholder value.
 *
 * The placeholder is what each format's peer language server inserts: for XML an empty value
 * (`winner=""`), which the validator then flags until the user fills it in; for JSON a value of
 * the right type (0, "", {}). Where the spec fixes the value (format, version) or an empty
 * one is valid (tree), the fix is complete and preferred. Small closed sets (colour, winner,
 * action type) are offered one action per value: no placeholder could stand for them.
 */
import type { Node } from 'jsonc-parser';
import { member } from '../../parse/json/parseJson';
import { addPropertyEdit, jsonRootOf, objectAtAnchor } from './jsonTree';
import { elementWithStartTag, xmlSyntaxOf } from './xmlTree';
import type { XmlElement } from '../../parse/xml/parseXml';
import { argOf, fix, insert, type Fix, type FixProvider } from './types';

/** The value a missing 2.2 attribute gets; all but the version are for the user to fill in. */
const ATTRIBUTE_PLACEHOLDERS: Readonly<Record<string, string>> = { version: '2.2' };

/** 2.2 `xml.attributeMissing` [element, attribute]: ` name=""` after the last attribute. */
export const xmlMissingAttributeFix: FixProvider = ({ analysis, finding }) => {
  const name = argOf(finding, 1);
  const syntax = xmlSyntaxOf(analysis);
  const element = syntax && elementWithStartTag(syntax, finding.span);
  if (!name || !element) return [];
  return [addAttributeFix(element, name)];
};

/**
 * 2.2 `xml.moveNeedsPoint`, over a normal move's start tag: the coordinate left out added empty,
 * to fill in, as a stone's is (xml.attributeMissing). None when both were: whether it was a pass
 * (type="pass") is the user's to say.
 */
export const xmlMovePointFix: FixProvider = ({ analysis, finding }) => {
  const syntax = xmlSyntaxOf(analysis);
  const element = syntax && elementWithStartTag(syntax, finding.span);
  if (!element) return [];
  const missing = ['x', 'y'].filter((name) => !element.attributes.some((a) => a.name === name));
  return missing.length === 1 ? [addAttributeFix(element, missing[0])] : [];
};

/** ` name="…"` after the element's last attribute (its placeholder value: ATTRIBUTE_PLACEHOLDERS). */
function addAttributeFix(element: XmlElement, name: string): Fix {
  const last = element.attributes[element.attributes.length - 1];
  const at = last ? last.span.end : element.nameSpan.end;
  const value = ATTRIBUTE_PLACEHOLDERS[name] ?? '';
  return fix('fix.addAttribute', [name, value], [insert(at, ` ${name}="${value}"`)], true);
}

/** The JSON text of a missing property's value, or the values to choose from. */
type Placeholder = { readonly value: string } | { readonly choices: readonly string[] };

const PROPERTY_PLACEHOLDERS: Readonly<Record<string, Placeholder>> = {
  format: { value: '"wei7"' },
  version: { value: '"3.0"' },
  tree: { value: '{}' },
  x: { value: '0' },
  y: { value: '0' },
  point: { value: '{"x": 0, "y": 0}' },
  symbol: { value: '""' },
  participant: { value: '0' },
  action: { value: '{}' },
  color: { choices: ['1', '2'] },
  winner: { choices: ['1', '2', 'null'] },
  type: { choices: ['"move"', '"takeback"', '"result"', '"mark"', '"message"'] },
};

/** A square board is the usual one: a missing width or height repeats the other, else 19 (§3.9's default). */
function sizePlaceholder(object: Node, name: string): Placeholder {
  const other = member(object, name === 'width' ? 'height' : 'width');
  const value = other?.type === 'number' && Number.isInteger(other.value) && Number(other.value) >= 1 ? String(other.value) : '19';
  return { value };
}

function placeholderFor(object: Node, name: string): Placeholder | undefined {
  return name === 'width' || name === 'height' ? sizePlaceholder(object, name) : PROPERTY_PLACEHOLDERS[name];
}

/** 3.0 `json.missingProperty` [name, required]: the property added where the spec order puts it. */
export const jsonMissingPropertyFix: FixProvider = ({ analysis, finding }) => {
  const name = argOf(finding, 0);
  const root = jsonRootOf(analysis);
  const object = root && objectAtAnchor(root, finding.span);
  if (!name || !object) return [];
  const placeholder = placeholderFor(object, name);
  if (!placeholder) return [];
  const add = (value: string, preferred: boolean): Fix =>
    fix('fix.addProperty', [name, value], [addPropertyEdit(analysis.text, object, name, value)], preferred);
  return 'value' in placeholder ? [add(placeholder.value, true)] : placeholder.choices.map((value) => add(value, false));
};
