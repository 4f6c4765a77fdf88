/** What a wrong value most likely meant: canonical numbers, the nearest board size (near-miss words: util/nearMiss.ts). */
import { asciiDigits } from '../../util/strings';
import { USUAL_BOARD_SIZES } from '../../validate/values';

/**
 * The values of a list as the validators write it into messages: `a, b, c` (2.2) or
 * `"a", "b", "c"` (3.0). Undefined when an element is not a plain word (nothing to offer).
 */
export function parseValueList(list: string): string[] | undefined {
  const values = list.split(', ').map((item) => (/^"[^"\\]*"$/.test(item) ? item.slice(1, -1) : item));
  return values.every((v) => /^[A-Za-z0-9.]+$/.test(v)) ? values : undefined;
}

/** A number as people write it (`07.50`, `+6.5`, `6,5`, `.5`, `７．５`), read; undefined when it is none. */
export function readLooseNumber(raw: string): number | undefined {
  const normalized = asciiDigits(raw.trim()).replace(/^(-?\d*),(\d+)$/, '$1.$2');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(normalized)) return undefined;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The canonical text of a number written in a needless form (`7.50` → `7.5`), when that text is
 * valid by `isValid` and differs from what is written.
 */
export function canonicalNumber(raw: string, isValid: (canonical: string) => boolean): string | undefined {
  const value = readLooseNumber(raw);
  if (value === undefined) return undefined;
  const canonical = String(value);
  return canonical !== raw && isValid(canonical) ? canonical : undefined;
}

/** The allowed size nearest to `value`; between two as near, the usual one, else the larger. */
export function nearestSize(value: number, allowed: readonly number[]): number {
  let best = allowed[0];
  for (const size of allowed) {
    const d = Math.abs(size - value);
    const bestD = Math.abs(best - value);
    if (d < bestD) best = size;
    else if (d === bestD && isBetterTie(size, best)) best = size;
  }
  return best;
}

function isBetterTie(candidate: number, current: number): boolean {
  const usualCandidate = USUAL_BOARD_SIZES.indexOf(candidate);
  const usualCurrent = USUAL_BOARD_SIZES.indexOf(current);
  if (usualCandidate !== usualCurrent) {
    if (usualCandidate < 0) return false;
    if (usualCurrent < 0) return true;
    return usualCandidate < usualCurrent;
  }
  return candidate > current;
}
