/**
 * The output of `wei7 check`, assembled from the files' outcomes in the order the files were
 * named: standard output is written as it grows (the text lines, or the JSON array element by
 * element), standard error is kept for the end (today's order: all of standard output first),
 * and the summary and the exit status come from the counts.
 */
import type { CheckFormat, FileOutcome } from './checkFile';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from './options';

export interface ReportCounts {
  /** Files read and checked. */
  readonly checked: number;
  readonly errors: number;
  readonly warnings: number;
  /** Something could not be read or checked, or a directory held no documents: exit status 2. */
  readonly failed: boolean;
}

/** An entry of the report, in order: a file's outcome, or a line about a directory without documents. */
export type ReportEntry = { readonly outcome: FileOutcome } | { readonly note: string };

export const NO_COUNTS: ReportCounts = { checked: 0, errors: 0, warnings: 0, failed: false };

export function addCounts(counts: ReportCounts, entry: ReportEntry): ReportCounts {
  if ('note' in entry) return { ...counts, failed: true };
  const o = entry.outcome;
  return {
    checked: counts.checked + (o.checked ? 1 : 0),
    errors: counts.errors + o.errors,
    warnings: counts.warnings + o.warnings,
    failed: counts.failed || !o.checked,
  };
}

/** What an entry adds to standard output, given how many files were checked before it. */
export function stdoutPart(format: CheckFormat, entry: ReportEntry, checkedBefore: number): string {
  if ('note' in entry) return '';
  const o = entry.outcome;
  if (format === 'text' || !o.checked) return o.stdout;
  return `${checkedBefore ? ',\n' : '[\n'}${o.stdout}`;
}

/** The end of standard output: the JSON array's close (`[]` when no file was checked). */
export function stdoutEnd(format: CheckFormat, checked: number): string {
  if (format === 'text') return '';
  return checked ? '\n]\n' : '[]\n';
}

export function stderrPart(entry: ReportEntry): string {
  return 'note' in entry ? entry.note : entry.outcome.stderr;
}

export function exitStatus(counts: ReportCounts): number {
  if (counts.failed) return EXIT_USAGE;
  return counts.errors ? EXIT_FINDINGS : EXIT_OK;
}

/** Takes the entries in order, writes standard output as it goes, and keeps standard error. */
export class CheckReport {
  private counts: ReportCounts = NO_COUNTS;
  private stderr = '';

  constructor(
    private readonly format: CheckFormat,
    private readonly write: (chunk: string) => void,
  ) {}

  add(entry: ReportEntry): void {
    const part = stdoutPart(this.format, entry, this.counts.checked);
    if (part) this.write(part);
    this.stderr += stderrPart(entry);
    this.counts = addCounts(this.counts, entry);
  }

  /** Writes the end of standard output; returns the counts and standard error (the summary line is the caller's). */
  finish(): { readonly counts: ReportCounts; readonly stderr: string } {
    this.write(stdoutEnd(this.format, this.counts.checked));
    return { counts: this.counts, stderr: this.stderr };
  }
}

/** Hands values put in any order on to `emit` in the order of their indexes, as soon as each is next. */
export class InOrder<T> {
  private next = 0;
  private readonly waiting = new Map<number, T>();

  constructor(private readonly emit: (value: T) => void) {}

  put(index: number, value: T): void {
    this.waiting.set(index, value);
    for (let v = this.waiting.get(this.next); v !== undefined; v = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++);
      this.emit(v);
    }
  }

  /** How many values were handed on. */
  get emitted(): number {
    return this.next;
  }
}
