/** Our diagnostics in the protocol's shape. */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { Severity } from '../model/types';
import type { Wei7Diagnostic } from '../features/diagnostics';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(d: Wei7Diagnostic): Diagnostic {
  return {
    range: d.range,
    severity: severities[d.severity],
    code: d.code,
    codeDescription: d.href ? { href: d.href } : undefined,
    source: d.source,
    message: d.message,
  };
}
