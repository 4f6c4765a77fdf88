/**
 * The editor's conversion commands (Import SGF…, Convert to wei7 3.0, Export as SGF) ask the
 * server: one converter, and warnings in the user's language.
 */
import { convertBytes, type TargetFormat, TARGET_FORMATS } from '../convert/convert';
import type { ConversionWarning } from '../convert/record';
import { localize, type Locale } from '../l10n/catalogue';

export const CONVERT_REQUEST = 'wei7/convert';

export interface ConvertParams {
  /** The input's content, base64 (an SGF or 石葉 file may be in any encoding). */
  readonly contentBase64: string;
  /** The input's file name, which helps tell SGF from wei7 from 石葉 XML. */
  readonly fileName: string;
  readonly to: TargetFormat;
}

export type ConvertResult =
  | { readonly ok: true; readonly text: string; readonly warnings: string[] }
  | { readonly ok: false; readonly error: string; readonly warnings: string[] };

function isConvertParams(value: unknown): value is ConvertParams {
  const v = value as Partial<ConvertParams> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.contentBase64 === 'string' && typeof v.fileName === 'string' &&
    (TARGET_FORMATS as readonly unknown[]).includes(v.to)
  );
}

function warningText(warning: ConversionWarning, locale: Locale): string {
  const where = warning.at ? `${warning.at.line}:${warning.at.column}: ` : '';
  const times = warning.count > 1 ? ` (×${warning.count})` : '';
  return `${where}${localize(warning.message, locale)}${times}`;
}

/** Converts; undefined for malformed parameters. */
export function convertDocument(params: unknown, locale: Locale): ConvertResult | undefined {
  if (!isConvertParams(params)) return undefined;
  const converted = convertBytes(Buffer.from(params.contentBase64, 'base64'), params.fileName, params.to);
  const warnings = converted.warnings.map((w) => warningText(w, locale));
  if (converted.ok) return { ok: true, text: converted.value, warnings };
  const at = converted.error.at ? `${converted.error.at.line}:${converted.error.at.column}: ` : '';
  return { ok: false, error: `${at}${localize(converted.error.message, locale)}`, warnings };
}
