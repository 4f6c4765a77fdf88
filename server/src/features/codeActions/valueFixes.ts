/**
 * A wrong value replaced by the one it most likely meant: enum values in the wrong case or
 * misspelt, the format and version strings, the XML encoding, JSON words in the wrong case.
 */
import type { Finding } from '../../model/types';
import { parseValueList, readLooseNumber } from './suggest';
import { nearMiss } from '../../util/nearMiss';
import { argOf, fix, replace, type Fix, type FixProvider } from './types';

/** A 2.2 attribute value replaced: `Change to type="Chinese"`. */
function attributeValueFix(finding: Finding, name: string, value: string, preferred: boolean): Fix {
  return fix('fix.attributeValue', [name, value], [replace(finding.span, value)], preferred);
}

/** A 3.0 value replaced by a JSON string: `Change to "area"`. */
function jsonStringFix(finding: Finding, value: string, preferred: boolean): Fix {
  const json = JSON.stringify(value);
  return fix('fix.replace', [json], [replace(finding.span, json)], preferred);
}

/**
 * Every allowed value, the near miss first and preferred: a wrong value with no near miss
 * (an empty placeholder, a different word) leaves the choice to the user.
 */
function choices(typed: string, allowed: readonly string[], make: (value: string, preferred: boolean) => Fix): Fix[] {
  const near = nearMiss(typed, allowed);
  const ordered = near === undefined ? allowed : [near, ...allowed.filter((v) => v !== near)];
  return ordered.map((value) => make(value, value === near));
}

/** The text of a JSON value as typed: a string without its quotes, anything else as written. */
function typedText(text: string, finding: Finding): string {
  const raw = text.slice(finding.span.start, finding.span.end);
  return /^".*"$/.test(raw) ? raw.slice(1, -1) : raw;
}

/** 2.2 `xml.enumCase` [attribute, value, allowed, suggestion]: the value in its right case. */
export const xmlEnumCaseFix: FixProvider = ({ finding }) => {
  const name = argOf(finding, 0);
  const suggestion = argOf(finding, 3);
  return name && suggestion ? [attributeValueFix(finding, name, suggestion, true)] : [];
};

/** 2.2 `xml.enum` [attribute, value, allowed]: each allowed value, a near miss preferred. */
export const xmlEnumFix: FixProvider = ({ finding }) => {
  const name = argOf(finding, 0);
  const allowed = parseValueList(argOf(finding, 2) ?? '');
  if (!name || !allowed) return [];
  return choices(argOf(finding, 1) ?? '', allowed, (value, preferred) => attributeValueFix(finding, name, value, preferred));
};

/** 2.2 `xml.version`: a 2.x document is read by 2.2 (§10.1), so 2.2 is the version to write. */
export const xmlVersionFix: FixProvider = ({ finding }) => [attributeValueFix(finding, 'version', '2.2', true)];

/** 2.2 §3.1 `xml.encoding`: declare the encoding the text has to be in. */
export const xmlEncodingFix: FixProvider = ({ finding }) => [attributeValueFix(finding, 'encoding', 'utf-8', true)];

/** 3.0 `json.enumDidYouMean` and `json.exactDidYouMean` [name, allowed, found, suggestion]. */
export const jsonDidYouMeanFix: FixProvider = ({ finding }) => {
  const suggestion = argOf(finding, 3);
  return suggestion ? [jsonStringFix(finding, suggestion, true)] : [];
};

/** 3.0 `json.enumValue` [name, allowed, found]: each allowed value, a near miss preferred. */
export const jsonEnumFix: FixProvider = ({ analysis, finding }) => {
  const allowed = parseValueList(argOf(finding, 1) ?? '');
  if (!allowed) return [];
  return choices(typedText(analysis.text, finding), allowed, (value, preferred) => jsonStringFix(finding, value, preferred));
};

/**
 * 3.0 `json.exactValue` [name, the one value, found]: "format" has one possible value, so the fix
 * is obvious; another "version" number (3.1) may be a newer document, so only 3 or "3" is
 * obviously "3.0".
 */
export const jsonExactValueFix: FixProvider = ({ analysis, finding }) => {
  const target = parseValueList(argOf(finding, 1) ?? '')?.[0];
  if (target === undefined) return [];
  const sameNumber = readLooseNumber(typedText(analysis.text, finding)) === readLooseNumber(target);
  return [jsonStringFix(finding, target, argOf(finding, 0) !== '"version"' || sameNumber)];
};

/** Quotes an input method types that JSON does not read as quotes. */
const CURLY_QUOTES = '“”‘’「」『』';

/** Words other languages write for JSON's null (Python, Lua and Go, JavaScript). */
const NULL_WORDS: ReadonlySet<string> = new Set(['none', 'nil', 'undefined']);

/**
 * 3.0 `json.invalidLiteral` [word], over a bare word: `null` for a null of another language
 * (`None`, `nil`, `undefined`), else the word in quotes (`move` → `"move"`), a string as the
 * message says; whether a string fits there is the checks' to say after.
 */
export const jsonBareWordFix: FixProvider = ({ analysis, finding }) => {
  const text = analysis.text;
  const word = text.slice(finding.span.start, finding.span.end);
  const meant = NULL_WORDS.has(word.toLowerCase()) ? 'null' : JSON.stringify(word);
  // Quotes of another kind right around it (`「kuro」`, which the parse reads as no quotes) are the quotes meant: replaced too.
  const quoted = CURLY_QUOTES.includes(text.slice(finding.span.start - 1, finding.span.start)) && CURLY_QUOTES.includes(text.slice(finding.span.end, finding.span.end + 1));
  const span = quoted && meant !== 'null' ? { start: finding.span.start - 1, end: finding.span.end + 1 } : finding.span;
  return [fix('fix.replace', [meant], [replace(span, meant)], true)];
};

/** 3.1 `json.literalCase` [written, meant]: `True` → `true`. */
export const jsonLiteralCaseFix: FixProvider = ({ finding }) => {
  const literal = argOf(finding, 1);
  return literal ? [fix('fix.replace', [literal], [replace(finding.span, literal)], true)] : [];
};
