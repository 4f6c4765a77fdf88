/** Findings in the order every consumer shows them. */
import type { Finding } from './types';

/**
 * One list of the findings of each stage (parse, clause checks, game checks), sorted by position.
 * Pushed one by one: a spread of some 100,000 findings overflows the stack.
 */
export function mergeFindings(...stages: readonly (readonly Finding[])[]): Finding[] {
  const findings: Finding[] = [];
  for (const stage of stages) for (const f of stage) findings.push(f);
  return sortByPosition(findings);
}

/** By position (start, then end); findings at the same span keep their order (the sort is stable). */
export function sortByPosition(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
