/** Findings → LSP diagnostics: the range in LSP positions, the clause as code, a link to the clause. */
import type { Finding, Severity, SpecId } from '../model/types';
import type { PositionMapper, Position } from '../model/lineIndex';
import { finding, localize, type Locale } from '../l10n/catalogue';
import { clauseAnchor, getClause, specPageName } from '../spec/clauses';
import type { Analysis } from '../analysis';
import type { RelatedPlace, RelatedPlaces } from './relatedPlaces';

export interface Wei7Diagnostic {
  readonly range: { readonly start: Position; readonly end: Position };
  readonly severity: Severity;
  readonly code: string;
  readonly source: string;
  readonly message: string;
  /** A link to the clause in the bundled spec page, when the code is a clause of that spec. */
  readonly href?: string;
  /** Other places of the same document the problem comes from (LSP relatedInformation). */
  readonly related?: readonly RelatedDiagnosticPlace[];
}

export interface RelatedDiagnosticPlace {
  readonly range: { readonly start: Position; readonly end: Position };
  readonly message: string;
}

export interface DiagnosticOptions {
  readonly locale: Locale;
  /** The URL of the folder holding the bundled spec pages (dist/spec/), ending in '/'; none: no links. */
  readonly specBaseUrl?: string;
}

export function sourceOf(spec: SpecId | undefined): string {
  return spec ? `wei7 ${spec}` : 'wei7';
}

/** Only the findings and the spec are read: a caller with other findings passes `{ findings, spec }` (spreading an analysis would read its `text`, made one string on demand). */
export function toDiagnostics(analysis: Pick<Analysis, 'findings' | 'spec'>, lines: PositionMapper, options: DiagnosticOptions, related?: RelatedPlaces): Wei7Diagnostic[] {
  return analysis.findings.map((f) => toDiagnostic(f, analysis.spec, lines, options, related?.(f)));
}

export function toDiagnostic(f: Finding, spec: SpecId | undefined, lines: PositionMapper, options: DiagnosticOptions, related?: readonly RelatedPlace[]): Wei7Diagnostic {
  const clause = spec && getClause(spec, f.clause);
  const diagnostic: Wei7Diagnostic = {
    range: { start: lines.positionAt(f.span.start), end: lines.positionAt(f.span.end) },
    severity: f.severity,
    code: f.clause,
    source: sourceOf(spec),
    message: localize(f.message, options.locale),
    href: clause && options.specBaseUrl ? `${options.specBaseUrl}${specPageName(clause.spec)}#${clauseAnchor(clause.id)}` : undefined,
  };
  if (!related) return diagnostic;
  const places = related.map((place) => ({
    range: { start: lines.positionAt(place.span.start), end: lines.positionAt(place.span.end) },
    message: localize(place.message, options.locale),
  }));
  return { ...diagnostic, related: places };
}

/**
 * How many problems the editor is sent for one document by default (`wei7.maxNumberOfProblems`):
 * beyond this the list helps no one and costs every edit (publishing 1,000 costs ~8–10 ms an edit
 * through the protocol at 10k moves; docs/performance-limits.md).
 */
export const PUBLISHED_PROBLEM_LIMIT = 1000;

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, information: 2, hint: 3 };

/**
 * At most `limit` findings, the most severe ones (of the least severe kept, the first in text
 * order), in text order as the analysis has them, and one notice at the start of the document
 * saying how many were left out. The CLI reports everything; the editor gets this. A count per
 * severity and one pass, not a sort: an edit that breaks a game can bring thousands.
 */
export function limitFindings(findings: readonly Finding[], limit = PUBLISHED_PROBLEM_LIMIT): readonly Finding[] {
  if (findings.length <= limit) return findings;
  const counts = [0, 0, 0, 0];
  for (const f of findings) counts[SEVERITY_RANK[f.severity]]++;
  // The least severe rank kept, and how many of that rank fit after all the more severe ones.
  let lastRank = 0;
  let room = limit;
  while (counts[lastRank] < room) room -= counts[lastRank++];
  const notice = finding({ start: 0, end: 0 }, 'wei7.limit', 'diagnostics.limited', [findings.length - limit, limit], 'information');
  const kept: Finding[] = [notice];
  for (const f of findings) {
    const rank = SEVERITY_RANK[f.severity];
    if (rank < lastRank) kept.push(f);
    else if (rank === lastRank && room > 0) {
      kept.push(f);
      room--;
    }
  }
  return kept;
}
