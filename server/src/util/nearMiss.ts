/** What a mistyped word most likely meant: an enum value in a quick fix, an element's name in a mistyped end tag. */

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
