/** Numbers in a needless or wrong form: 2.2 komi, margin and size, 3.0 integers and RFC 8259 number syntax. */
import { BOARD_SIZES_22 } from '../../validate/xml/validateXml';
import { parseKomi22, parseMargin22 } from '../../validate/values';
import { canonicalNumber, nearestSize, readLooseNumber } from './suggest';
import { fix, replace, replaceWithArgument, type FixProvider } from './types';

/** 2.2 komi or margin written with needless zeros, a sign or a decimal comma: `7.50` → `7.5`. */
function attributeNumberFix(name: string, parse: (raw: string) => number | undefined): FixProvider {
  return ({ analysis, finding }) => {
    const raw = analysis.text.slice(finding.span.start, finding.span.end);
    const canonical = canonicalNumber(raw, (text) => parse(text) !== undefined);
    return canonical === undefined ? [] : [fix('fix.attributeValue', [name, canonical], [replace(finding.span, canonical)], true)];
  };
}

/** 2.2 `xml.komi` [value]. */
export const xmlKomiFix = attributeNumberFix('komi', parseKomi22);

/** 2.2 `xml.margin` [value]. */
export const xmlMarginFix = attributeNumberFix('margin', parseMargin22);

/** 2.2 `xml.size` [value]: an allowed size in its plain form (`019`), else the nearest allowed one (18 → 19). */
export const xmlSizeFix: FixProvider = ({ analysis, finding }) => {
  const value = readLooseNumber(analysis.text.slice(finding.span.start, finding.span.end));
  if (value === undefined) return [];
  const size = nearestSize(value, BOARD_SIZES_22);
  return [fix('fix.size', [size], [replace(finding.span, String(size))], true)];
};

/** 3.0 `json.integerForm` [name, integer, written]: `1.0` → `1`. */
export const jsonIntegerFormFix: FixProvider = replaceWithArgument(1);

/** 3.1 `json.numberLeadingZero`, `…PlusSign`, `…LeadingDot`, `…TrailingDot` [written, number meant]. */
export const jsonNumberSyntaxFix: FixProvider = replaceWithArgument(1);
