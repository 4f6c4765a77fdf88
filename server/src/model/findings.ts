/** Findings in the order every consumer shows them. */
import type { Finding } from './types';

/** By position (start, then end); findings at the same span keep their order (the sort is stable). */
export function sortByPosition(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
