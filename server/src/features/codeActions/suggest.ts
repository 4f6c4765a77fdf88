/** What a wrong value most likely meant: near-miss enum values, canonical numbers, the nearest board size. */

/** Edit distance with transpositions (optimal string alignment): `bda` is one step from `bad`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The allowed value a typo most likely meant: the one closest to it, ignoring case, when it is
 * close (a third of its length, at least one edit) and no other value is as close.
 */
export function nearMiss(raw: string, allowed: readonly string[]): string | undefined {
  const typed = raw.trim().toLowerCase();
  if (typed === '') return undefined;
  // Close means at most a third of the value's length (at least 1) away, so no value longer than
  // half the text (less one) can be meant: and a long text (a whole object where a word belongs)
  // would make the distance table as long as it.
  const longest = allowed.reduce((max, value) => Math.max(max, value.length), 0);
  if (typed.length > 2 * longest + 1) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const value of allowed) {
    const distance = editDistance(typed, value.toLowerCase());
    if (distance < bestDistance) {
      best = value;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) {
      tie = true;
    }
  }
  if (best === undefined || tie) return undefined;
  return bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/**
 * The values of a list as the validators write it into messages: `a, b, c` (2.2) or
 * `"a", "b", "c"` (3.0). Undefined when an element is not a plain word (nothing to offer).
 */
export function parseValueList(list: string): string[] | undefined {
  const values = list.split(', ').map((item) => (/^"[^"\\]*"$/.test(item) ? item.slice(1, -1) : item));
  return values.every((v) => /^[A-Za-z0-9.]+$/.test(v)) ? values : undefined;
}

/** A number as people write it (`07.50`, `+6.5`, `6,5`, `.5`), read; undefined when it is none. */
export function readLooseNumber(raw: string): number | undefined {
  const normalized = raw.trim().replace(/^(-?\d*),(\d+)$/, '$1.$2');
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

/** Board sizes people use most, preferred when a wrong size is as near to two allowed ones. */
const USUAL_SIZES = [19, 13, 9];

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
  const usualCandidate = USUAL_SIZES.indexOf(candidate);
  const usualCurrent = USUAL_SIZES.indexOf(current);
  if (usualCandidate !== usualCurrent) {
    if (usualCandidate < 0) return false;
    if (usualCurrent < 0) return true;
    return usualCandidate < usualCurrent;
  }
  return candidate > current;
}
