/** Findings → LSP diagnostics: the range in LSP positions, the clause as code, a link to the clause. */
import type { Finding, Severity, SpecId } from '../model/types';
import type { PositionMapper, Position } from '../model/lineIndex';
import { localize, type Locale } from '../l10n/catalogue';
import { clauseAnchor, getClause, specPageName } from '../spec/clauses';
import type { Analysis } from '../analysis';

export interface Wei7Diagnostic {
  readonly range: { readonly start: Position; readonly end: Position };
  readonly severity: Severity;
  readonly code: string;
  readonly source: string;
  readonly message: string;
  /** A link to the clause in the bundled spec page, when the code is a clause of that spec. */
  readonly href?: string;
}

export interface DiagnosticOptions {
  readonly locale: Locale;
  /** The URL of the folder holding the bundled spec pages (dist/spec/), ending in '/'; none: no links. */
  readonly specBaseUrl?: string;
}

export function sourceOf(spec: SpecId | undefined): string {
  return spec ? `wei7 ${spec}` : 'wei7';
}

export function toDiagnostics(analysis: Analysis, lines: PositionMapper, options: DiagnosticOptions): Wei7Diagnostic[] {
  return analysis.findings.map((f) => toDiagnostic(f, analysis.spec, lines, options));
}

export function toDiagnostic(f: Finding, spec: SpecId | undefined, lines: PositionMapper, options: DiagnosticOptions): Wei7Diagnostic {
  const clause = spec && getClause(spec, f.clause);
  return {
    range: { start: lines.positionAt(f.span.start), end: lines.positionAt(f.span.end) },
    severity: f.severity,
    code: f.clause,
    source: sourceOf(spec),
    message: localize(f.message, options.locale),
    href: clause && options.specBaseUrl ? `${options.specBaseUrl}${specPageName(clause.spec)}#${clauseAnchor(clause.id)}` : undefined,
  };
}
