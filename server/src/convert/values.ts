/**
 * Values that several converters read or write: times, komi and margins, results, short strings,
 * and the SGF markup ⇄ wei7 mark symbol table. Pure functions; the ones that may lose something
 * take a `warn` and say so.
 */
import { codePointLength, isMultipleOfHalf, MARK_SYMBOL } from '../validate/values';
import type { RecordResult, RecordTime, SourcePosition } from './record';
import type { Warn } from './warnings';

/* ---------- times ---------- */

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as people write it: 2014-11-05, 2003/7/21, 2012.9.29, 2018年7月30日, and in English
 * "29th September 2012" or "September 29, 2012". Undefined when it is not one.
 */
export function parseWrittenDate(raw: string): RecordTime | undefined {
  const numeric = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*$/.exec(raw);
  const dayFirst = /^\s*(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,})\.?,?\s+(\d{4})\s*$/i.exec(raw);
  const monthFirst = /^\s*([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\s*$/i.exec(raw);
  const monthOf = (name: string): number => {
    const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
    return index >= 0 && 'january february march april may june july august september october november december'.includes(name.toLowerCase()) ? index + 1 : 0;
  };
  const [year, month, day] = numeric
    ? [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])]
    : dayFirst
      ? [Number(dayFirst[3]), monthOf(dayFirst[2]), Number(dayFirst[1])]
      : monthFirst
        ? [Number(monthFirst[3]), monthOf(monthFirst[1]), Number(monthFirst[2])]
        : [0, 0, 0];
  return isCalendarDate(year, month, day) ? { year, month, day } : undefined;
}

/**
 * SGF DT (FF4: "YYYY-MM-DD", possibly a list like "2014-11-05,06" for a game over several days).
 * The first date is taken; `more` says that further dates were written.
 */
export function parseSgfDate(raw: string): { time: RecordTime; more: boolean } | undefined {
  const [first, ...rest] = raw.split(',');
  const time = parseWrittenDate(first);
  return time && { time, more: rest.some((part) => part.trim() !== '') };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?(Z|[+-]\d{2}:\d{2})?$/;

/** xs:dateTime (2.2 §3.7) or the 3.0 §3.10.2 forms; undefined when it is neither. */
export function parseDateTime(raw: string): RecordTime | undefined {
  const m = DATE_TIME.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, second, zone] = m;
  const [year, month, day, hour, minute] = [y, mo, d, h, mi].map(Number);
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59) return undefined;
  const zoneMinutes = zone === undefined ? undefined : zone === 'Z' ? 0 : zoneOffset(zone);
  return { year, month, day, clock: { hour, minute, second }, zoneMinutes };
}

function zoneOffset(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
}

/** The same instant in UTC (zones are whole minutes, so the seconds stay as written). */
function toUtc(time: RecordTime): RecordTime {
  if (!time.clock || !time.zoneMinutes) return time;
  const shifted = new Date(Date.UTC(time.year, time.month - 1, time.day, time.clock.hour, time.clock.minute) - time.zoneMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    clock: { hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes(), second: time.clock.second },
    zoneMinutes: 0,
  };
}

function datePart(time: RecordTime): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/**
 * 3.0 §3.10.2: YYYY-MM-DDThh:mmZ, …:ssZ or …:ss.sZ (1–9 fraction digits), in UTC.
 * A date without a time of day is written as midnight UTC, and a time without a zone as UTC;
 * both with a warning, since the file then says more than the source did.
 */
export function formatTime30(time: RecordTime, at: SourcePosition | undefined, warn: Warn): string {
  if (!time.clock) {
    warn(at, 'convert.time.midnight', datePart(time), `${datePart(time)}T00:00Z`);
    return `${datePart(time)}T00:00Z`;
  }
  if (time.zoneMinutes === undefined) warn(at, 'convert.time.assumedUtc', formatXsDateTime(time));
  const utc = toUtc(time);
  const clock = utc.clock ?? { hour: 0, minute: 0 };
  return `${datePart(utc)}T${pad(clock.hour)}:${pad(clock.minute)}${secondsPart(clock.second, at, warn)}Z`;
}

function secondsPart(second: string | undefined, at: SourcePosition | undefined, warn: Warn): string {
  if (second === undefined) return '';
  const [whole, fraction] = second.split('.');
  if (fraction === undefined) return `:${whole}`;
  if (fraction.length > 9) warn(at, 'convert.time.fractionCut', second);
  return `:${whole}.${fraction.slice(0, 9)}`;
}

/** xs:dateTime for 2.2 §3.7, keeping the zone as written (none, Z or ±hh:mm). */
export function formatXsDateTime(time: RecordTime): string {
  const clock = time.clock ?? { hour: 0, minute: 0 };
  const zone =
    time.zoneMinutes === undefined
      ? ''
      : time.zoneMinutes === 0
        ? 'Z'
        : `${time.zoneMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(time.zoneMinutes) / 60))}:${pad(Math.abs(time.zoneMinutes) % 60)}`;
  return `${datePart(time)}T${pad(clock.hour)}:${pad(clock.minute)}:${clock.second ?? '00'}${zone}`;
}

/** 2.2 time: a date only is written as the start of that day with no zone, with a warning. */
export function formatTime22(time: RecordTime, at: SourcePosition | undefined, warn: Warn): string {
  const text = formatXsDateTime(time);
  if (!time.clock) warn(at, 'convert.time.midnight', datePart(time), text);
  return text;
}

/** SGF DT holds a date only: the date as the source wrote it (in its own zone); a time of day is dropped with a warning. */
export function formatSgfDate(time: RecordTime, at: SourcePosition | undefined, warn: Warn): string {
  const clock = time.clock;
  const midnight = !clock || (clock.hour === 0 && clock.minute === 0 && (clock.second === undefined || Number(clock.second) === 0));
  if (!midnight) warn(at, 'convert.time.clockDropped', formatXsDateTime(time), datePart(time));
  return datePart(time);
}

/* ---------- komi, margin, result ---------- */

/** 3.0 §3.10.1: komi ≥ 0 and < 10, a multiple of 0.5. */
export function isKomi30(komi: number): boolean {
  return komi >= 0 && komi < 10 && isMultipleOfHalf(komi);
}

/** 2.2 §3.6: komi > 0 and < 10, a multiple of 0.5 (no komi attribute means no komi). */
export function isKomi22(komi: number): boolean {
  return komi > 0 && komi < 10 && isMultipleOfHalf(komi);
}

/** Both specs (2.2 §3.9, 3.0 §3.8): > 0 and < 512, a multiple of 0.5. */
export function isMargin(margin: number): boolean {
  return margin > 0 && margin < 512 && isMultipleOfHalf(margin);
}

/** A number as the wei7 specs want it written: no needless zeros ("7.5", "7", "0.5"). */
export function formatNumber(value: number): string {
  return String(value);
}

/** SGF KM is a real number; "6.500000" and "7.0" are common. */
export function parseSgfReal(raw: string): number | undefined {
  const trimmed = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

export type ParsedResult =
  | { readonly kind: 'result'; readonly result: RecordResult; readonly how?: 'time' | 'forfeit' }
  | { readonly kind: 'none' }
  | { readonly kind: 'unreadable' };

/** SGF RE: "B+R", "W+2.5", "B+T", "B+F", "B+", "0"/"Draw", "Void", "?". */
export function parseSgfResult(raw: string): ParsedResult {
  const text = raw.trim();
  if (/^(0|draw|d|jigo)$/i.test(text)) return { kind: 'result', result: { winner: null } };
  if (/^(void|\?|)$/i.test(text)) return { kind: 'none' };
  const m = /^([BW])\s*\+\s*(.*)$/i.exec(text);
  if (!m) return { kind: 'unreadable' };
  const winner = m[1].toUpperCase() === 'B' ? 'black' : 'white';
  const how = m[2].trim();
  if (how === '' || /^r(esign)?$/i.test(how)) return { kind: 'result', result: { winner } };
  if (/^t(ime)?$/i.test(how)) return { kind: 'result', result: { winner }, how: 'time' };
  if (/^f(orfeit)?$/i.test(how)) return { kind: 'result', result: { winner }, how: 'forfeit' };
  const margin = parseSgfReal(how);
  return margin === undefined ? { kind: 'unreadable' } : { kind: 'result', result: { winner, margin } };
}

export function formatSgfResult(result: RecordResult): string {
  if (result.winner === null) return '0';
  const side = result.winner === 'black' ? 'B' : 'W';
  return result.margin === undefined ? `${side}+R` : `${side}+${formatNumber(result.margin)}`;
}

/* ---------- text ---------- */

/**
 * A single-line text of at most 128 characters (2.2 §3.8, 3.0 §3.4): line breaks, tabs and other
 * control characters become spaces, and a longer text is cut, each with a warning. `what` names
 * the field in the warning ("PB", "name").
 */
export function toShortString(raw: string, what: string, at: SourcePosition | undefined, warn: Warn): string {
  let text = raw;
  if (/[\u0000-\u001f]/.test(text)) {
    text = text.replace(/[\u0000-\u001f]+/g, ' ').trim();
    warn(at, 'convert.text.madeSingleLine', what);
  }
  if (codePointLength(text) > 128) {
    warn(at, 'convert.text.cut', what, codePointLength(text));
    text = [...text].slice(0, 128).join('');
  }
  return text;
}

/* ---------- marks ---------- */

export type SgfShape = 'CR' | 'SQ' | 'TR' | 'MA';

/**
 * SGF draws shapes, wei7 draws one character. Each shape gets a symbol that looks a little like
 * it, and the table is used both ways so that marks survive SGF → wei7 → SGF.
 */
export const SHAPE_SYMBOLS: Readonly<Record<SgfShape, string>> = { CR: '@', SQ: '#', TR: '%', MA: '*' };

export function shapeOfSymbol(symbol: string): SgfShape | undefined {
  return (Object.keys(SHAPE_SYMBOLS) as SgfShape[]).find((shape) => SHAPE_SYMBOLS[shape] === symbol);
}

export function isMarkSymbol(symbol: string): boolean {
  return MARK_SYMBOL.test(symbol);
}
