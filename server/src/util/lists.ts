/** Array helpers shared by the layers (parse, model). */

/** `list.splice(at, removed, ...added)`, in place for a few items; thousands (a paste) would overflow the stack as arguments. */
export function replaceRun<T>(list: T[], at: number, removed: number, added: readonly T[]): void {
  if (added.length <= 1000) {
    list.splice(at, removed, ...added);
    return;
  }
  const tail = list.splice(at + removed);
  list.length = at;
  for (const item of added) list.push(item);
  for (const item of tail) list.push(item);
}

/**
 * `list` in an array of its own length, for a list kept as long as the document is open: an array
 * grown by push keeps at least 17 slots (136 bytes) however few items it holds.
 */
export function keptList<T>(list: T[]): T[] {
  return list.length ? list.slice() : list;
}

/** The first index in [0, length) for which `before` is false (it is true for a prefix of them), or `length`. */
export function firstIndexNotBefore(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the last value at or before `value` in ascending `sorted` (0 when none is: its first entry is the least). */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (sorted[middle] <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}
