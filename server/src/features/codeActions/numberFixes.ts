/** Numbers in a needless or wrong form: 2.2 komi, margin and size, 3.0 integers, numbers in quotes and RFC 8259 number syntax. */
import { BOARD_SIZES_22 } from '../../validate/xml/validateXml';
import { parseKomi22, parseMargin22 } from '../../validate/values';
import { canonicalNumber, nearestSize, readLooseNumber } from './suggest';
import { argOf, fix, replace, replaceWithArgument, type FixProvider } from './types';
import { asciiDigits } from '../../util/strings';
import type { PlayNode, Point } from '../../model/types';

/** 2.2 komi or margin written with needless zeros, a sign or a decimal comma: `7.50` → `7.5`. */
function attributeNumberFix(name: string, parse: (raw: string) => number | undefined): FixProvider {
  return ({ analysis, finding }) => {
    const raw = analysis.text.slice(finding.span.start, finding.span.end);
    const canonical = canonicalNumber(raw, (text) => parse(text) !== undefined);
    return canonical === undefined ? [] : [fix('fix.attributeValue', [name, canonical], [replace(finding.span, canonical)], true)];
  };
}

/**
 * 2.2 `xml.coordinate` [name, value] over a value that is a whole number in another form: `04`,
 * `+4`, `4.0`, `４` (a full-width digit) → `4`. None for a fraction or a negative number: which
 * point was meant is a guess.
 */
export const xmlCoordinateFix: FixProvider = ({ analysis, finding }) => {
  const name = argOf(finding, 0);
  const canonical = canonicalNumber(analysis.text.slice(finding.span.start, finding.span.end), (text) => /^(0|[1-9][0-9]*)$/.test(text));
  return name === undefined || canonical === undefined ? [] : [fix('fix.attributeValue', [name, canonical], [replace(finding.span, canonical)], true)];
};

/** 2.2 `xml.komi` [value]. */
export const xmlKomiFix = attributeNumberFix('komi', parseKomi22);

/** 2.2 `xml.margin` [value]. */
export const xmlMarginFix = attributeNumberFix('margin', parseMargin22);

/**
 * 2.2 `xml.size` [value]: an allowed size in its plain form (`019`), else the nearest allowed one
 * (18 → 19) that holds every point the game uses: a board of 9 for moves up to 15 (0-based) would
 * put them off it (10 → 17, not 9; session 33's test of the fixes).
 */
export const xmlSizeFix: FixProvider = ({ analysis, finding }) => {
  const value = readLooseNumber(analysis.text.slice(finding.span.start, finding.span.end));
  if (value === undefined) return [];
  const largest = largestCoordinate(analysis.document?.nodes ?? []);
  const holding = BOARD_SIZES_22.filter((size) => size > largest);
  const size = nearestSize(value, holding.length > 0 ? holding : BOARD_SIZES_22);
  return [fix('fix.size', [size], [replace(finding.span, String(size))], true)];
};

/** The largest coordinate (0-based, as 2.2 writes them) of the moves, stones and marks of `nodes`; -1 when none. */
function largestCoordinate(nodes: readonly PlayNode[]): number {
  let largest = -1;
  const take = (point: Point | null | undefined): void => {
    if (point) largest = Math.max(largest, point.x, point.y);
  };
  for (const node of nodes) {
    if (node.kind === 'move') take(node.point);
    if (node.kind === 'pre') for (const stone of node.stones) take(stone.point);
    for (const mark of node.marks) take(mark.point);
  }
  return largest;
}

/** 3.0 `json.integerForm` [name, integer, written]: `1.0` → `1`. */
export const jsonIntegerFormFix: FixProvider = replaceWithArgument(1);

/** 3.1 `json.numberLeadingZero`, `…PlusSign`, `…LeadingDot`, `…TrailingDot` [written, number meant]. */
export const jsonNumberSyntaxFix: FixProvider = replaceWithArgument(1);

/**
 * 3.0 `json.expectedNumber`, `json.nonNegativeInteger`, `json.positiveInteger` over a string that
 * holds a number (`"7.5"`, `"3"`): the number without its quotes, when it is one JSON writes as it
 * is (an integer where one is wanted). None for any other string.
 */
export const jsonQuotedNumberFix: FixProvider = ({ analysis, finding }) => {
  const raw = analysis.text.slice(finding.span.start, finding.span.end);
  const inner = /^"(.*)"$/.exec(raw)?.[1];
  if (inner === undefined || !/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(inner)) return [];
  const wantsInteger = finding.message.id !== 'json.expectedNumber';
  const value = Number(inner);
  if (wantsInteger && !(Number.isInteger(value) && /^[0-9]+$/.test(inner) && (value > 0 || finding.message.id === 'json.nonNegativeInteger'))) return [];
  return [fix('fix.replace', [inner], [replace(finding.span, inner)], true)];
};

/** Colours as people write them: 3.0 writes black 1 and white 2 (§3.5). */
const COLOR_WORDS: Readonly<Record<string, '1' | '2'>> = { black: '1', b: '1', '黑': '1', '黑棋': '1', '黑方': '1', '1': '1', white: '2', w: '2', '白': '2', '白棋': '2', '白方': '2', '2': '2' };

/** A draw as people write it where 3.0 writes a winner: null (§3.8). */
const DRAW_WORDS: Readonly<Record<string, 'null'>> = { draw: 'null', jigo: 'null', none: 'null', '和': 'null', '和棋': 'null', '平局': 'null', '持碁': 'null' };

/** A fix that writes the 3.0 value `words` gives for the string the finding is over (`"black"` → 1); none for any other string. */
function wordValueFix(words: Readonly<Record<string, string>>): FixProvider {
  return ({ analysis, finding }) => {
    const raw = analysis.text.slice(finding.span.start, finding.span.end);
    const word = /^"(.*)"$/.exec(raw)?.[1]?.trim().toLowerCase();
    const value = word === undefined || !Object.hasOwn(words, word) ? undefined : words[word];
    return value === undefined ? [] : [fix('fix.replace', [value], [replace(finding.span, value)], true)];
  };
}

/** 3.0 `json.color` over a colour written as a word (`"black"`, `"W"`, `"黑"`) or a number in quotes: its number. */
export const jsonColorWordFix: FixProvider = wordValueFix(COLOR_WORDS);

/** 3.0 `json.winner` over a colour written as a word, or a draw (`"jigo"`, `"和棋"`): its number, or null. */
export const jsonWinnerWordFix: FixProvider = wordValueFix({ ...COLOR_WORDS, ...DRAW_WORDS });

/**
 * 3.0 `json.sizeForm` over a size in quotes: `"19"` → 19, and `"19x19"` (also `×`, `*`, `X`) → 19,
 * or `{"width": 13, "height": 9}` when the sides differ. None for anything else.
 */
export const jsonSizeFormFix: FixProvider = ({ analysis, finding }) => {
  const raw = asciiDigits(analysis.text.slice(finding.span.start, finding.span.end));
  const sides = /^"\s*([1-9][0-9]*)\s*(?:[xX×*]\s*([1-9][0-9]*)\s*)?"$/.exec(raw);
  if (!sides) return [];
  const [width, height = width] = [sides[1], sides[2]];
  const meant = width === height ? width : `{"width": ${width}, "height": ${height}}`;
  return [fix('fix.replace', [meant], [replace(finding.span, meant)], true)];
};
