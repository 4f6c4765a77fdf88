/**
 * Fixtures with their expected findings written inline: `⟦3.4|20⟧` says that the text `20`
 * carries a finding of clause 3.4 (an error). `⟦warning:3.15|…⟧` gives another severity;
 * `⟦3.20|⟧` is an empty range. Markers nest. A failing test prints the actual findings in the
 * same notation, so the difference is easy to read.
 */
import type { Finding, Severity } from '../../server/src/model/types';

export interface ExpectedFinding {
  readonly clause: string;
  readonly severity: Severity;
  readonly start: number;
  readonly end: number;
}

const OPEN = '⟦';
const CLOSE = '⟧';

export function parseMarked(marked: string): { text: string; expected: ExpectedFinding[] } {
  let text = '';
  const stack: { clause: string; severity: Severity; start: number }[] = [];
  const expected: ExpectedFinding[] = [];
  for (let i = 0; i < marked.length; i++) {
    const c = marked[i];
    if (c === OPEN) {
      const bar = marked.indexOf('|', i);
      if (bar < 0) throw new Error(`marker without "|" at ${i}`);
      const head = marked.slice(i + 1, bar);
      const [severity, clause] = head.includes(':') ? (head.split(':') as [Severity, string]) : (['error', head] as const);
      stack.push({ clause, severity, start: text.length });
      i = bar;
    } else if (c === CLOSE) {
      const open = stack.pop();
      if (!open) throw new Error(`unbalanced ${CLOSE} at ${i}`);
      expected.push({ clause: open.clause, severity: open.severity, start: open.start, end: text.length });
    } else {
      text += c;
    }
  }
  if (stack.length) throw new Error('unclosed marker');
  return { text, expected: sortFindings(expected) };
}

function sortFindings<T extends { start: number; end: number; clause: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.start - b.start || a.end - b.end || a.clause.localeCompare(b.clause));
}

export function toExpected(findings: readonly Finding[]): ExpectedFinding[] {
  return sortFindings(
    findings.map((f) => ({ clause: f.clause, severity: f.severity, start: f.span.start, end: f.span.end })),
  );
}

/** Writes findings back into the text as markers (the inverse of parseMarked). */
export function renderMarked(text: string, findings: readonly ExpectedFinding[]): string {
  const events: { at: number; order: number; s: string }[] = [];
  for (const f of findings) {
    const head = f.severity === 'error' ? f.clause : `${f.severity}:${f.clause}`;
    events.push({ at: f.start, order: -f.end, s: `${OPEN}${head}|` });
    events.push({ at: f.end, order: 1e12 - f.start, s: CLOSE });
  }
  events.sort((a, b) => a.at - b.at || (a.s === CLOSE ? -1 : 1) - (b.s === CLOSE ? -1 : 1) || a.order - b.order);
  let out = '';
  let last = 0;
  for (const e of events) {
    out += text.slice(last, e.at) + e.s;
    last = e.at;
  }
  return out + text.slice(last);
}
