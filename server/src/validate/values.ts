/**
 * Value checks shared by the validators and the model builders of both formats. Each returns
 * the value it read, or a reason it could not (errors as values); none of them reports anything.
 */
import { codePointLabel } from '../util/strings';
import { trimXmlSpace } from '../parse/xml/tags';

export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: ReadFailure };

/** Why a value was refused: a message id of the catalogue and its arguments. */
export interface ReadFailure {
  readonly id: 'shortString.tooLong' | 'shortString.control';
  readonly args: (string | number)[];
}

/** Unicode code points, as spec-notes reads "字符": an emoji is one character. */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first C0 control character (U+0000–U+001F) of a text, as "U+000A", or undefined. */
export function firstControlCharacter(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) return codePointLabel(c);
  }
  return undefined;
}

/** Single-line text of at most 128 code points (2.2 §3.8/§3.16.2, 3.0 §3.4). `what` names it in the message. */
export function checkShortString(text: string, what: string): ReadFailure | undefined {
  const control = firstControlCharacter(text);
  if (control) return { id: 'shortString.control', args: [what, control] };
  const length = codePointLength(text);
  if (length > 128) return { id: 'shortString.tooLong', args: [what, length] };
  return undefined;
}

/**
 * A plain decimal integer with no sign, fraction, exponent or leading zero ("19", "0"): what
 * `/^(0|[1-9][0-9]*)$/` accepts, read digit by digit (every coordinate of a game comes here).
 */
export function parsePlainInteger(raw: string): number | undefined {
  const length = raw.length;
  if (length === 0 || (length > 1 && raw.charCodeAt(0) === 0x30)) return undefined;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = raw.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  // Up to 15 digits the sum is exact; longer ones are rounded as Number() rounds them.
  return length <= 15 ? value : Number(raw);
}

/** 2.2 komi (§3.6 and spec-notes): 0.5, 1–9 and 1.5–9.5, written without needless zeros. */
export function parseKomi22(raw: string): number | undefined {
  const value = trimXmlSpace(raw);
  return /^(0\.5|[1-9](\.5)?)$/.test(value) ? Number(value) : undefined;
}

/** 2.2 margin (§3.9 and spec-notes): 0.5 up to 511.5 in steps of 0.5, without needless zeros. */
export function parseMargin22(raw: string): number | undefined {
  const written = trimXmlSpace(raw);
  if (!/^(0\.5|[1-9][0-9]{0,2}(\.5)?)$/.test(written)) return undefined;
  const value = Number(written);
  return value < 512 ? value : undefined;
}

/** Whether a number is a multiple of 0.5 (exact in binary floating point). */
export function isMultipleOfHalf(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value * 2);
}

/** The board sizes people use most, largest first: offered first by completion, preferred by the size fix between two as near. */
export const USUAL_BOARD_SIZES: readonly number[] = [19, 13, 9];

export const MARK_SYMBOL = /^[a-zA-Z0-9@#$%&*?]$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * XML Schema 1.0 xs:dateTime (2.2 §3.7): [-]YYYY-MM-DDThh:mm:ss[.s+][Z|(+|-)hh:mm], a real
 * calendar date, hours 00–23 (or 24:00:00 exactly), minutes and seconds 00–59, zone within ±14:00.
 */
export function isXsDateTime(raw: string): boolean {
  const m = /^-?(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))?$/.exec(raw);
  if (!m) return false;
  const [, yearText, month, day, hour, minute, second, fraction, zone, zoneHour, zoneMinute] = m;
  if (yearText.length > 4 && yearText.startsWith('0')) return false;
  const year = Number(yearText);
  if (year === 0) return false; // XSD 1.0 has no year 0000
  if (!isCalendarDate(year, Number(month), Number(day))) return false;
  const h = Number(hour);
  const endOfDay = h === 24 && minute === '00' && second === '00' && (!fraction || /^\.0+$/.test(fraction));
  if ((h > 23 && !endOfDay) || Number(minute) > 59 || Number(second) > 59) return false;
  if (zone && zone !== 'Z') {
    const zh = Number(zoneHour);
    const zm = Number(zoneMinute);
    if (zm > 59 || zh > 14 || (zh === 14 && zm !== 0)) return false;
  }
  return true;
}

/** 3.0 §3.10.2: exactly YYYY-MM-DDThh:mmZ, YYYY-MM-DDThh:mm:ssZ or YYYY-MM-DDThh:mm:ss.sZ (1–9 digits). */
export function isWei7Time30(raw: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?Z$/.exec(raw);
  if (!m) return false;
  const [, year, month, day, hour, minute, second] = m;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return false;
  return Number(hour) <= 23 && Number(minute) <= 59 && (second === undefined || Number(second) <= 59);
}

/** A close match for a wrongly cased or spelled enum value ("chinese" → "Chinese"), for messages and quick fixes. */
export function closestEnumValue(raw: string, allowed: readonly string[]): string | undefined {
  const lower = raw.trim().toLowerCase();
  return allowed.find((value) => value.toLowerCase() === lower);
}
