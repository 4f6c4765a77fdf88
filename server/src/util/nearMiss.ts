/** What a mistyped word most likely meant: an enum value in a quick fix, an element's name in a mistyped end tag. */

/** Edit distance with transpositions (optimal string alignment): `bda` is one step from `bad`. */
export function editDistance(a: string, b: string): number {
  // Three rows of one flat array (this row, the one before, the one before that): a name checked
  // against a shape's names is done thousands of times in a document full of unknown ones.
  const cols = b.length + 1;
  const rows = new Int32Array(3 * cols);
  for (let j = 0; j < cols; j++) rows[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = (i % 3) * cols;
    const up = ((i - 1) % 3) * cols;
    const upUp = ((i - 2 + 3) % 3) * cols;
    rows[row] = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[up + j] + 1, rows[row + j - 1] + 1, rows[up + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[upUp + j - 2] + 1);
      rows[row + j] = d;
    }
  }
  return rows[(a.length % 3) * cols + b.length];
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
    // The distance is at least the difference of the lengths: no table for a value that far.
    if (Math.abs(typed.length - value.length) > Math.max(1, Math.floor(value.length / 3))) continue;
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
