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

/** `uri`: the document's, where the diagnostic's related places are. */
export function toLspDiagnostic(d: Wei7Diagnostic, uri: string): Diagnostic {
  return {
    range: d.range,
    severity: severities[d.severity],
    code: d.code,
    codeDescription: d.href ? { href: d.href } : undefined,
    source: d.source,
    message: d.message,
    relatedInformation: d.related?.map((place) => ({ location: { uri, range: place.range }, message: place.message })),
  };
}
