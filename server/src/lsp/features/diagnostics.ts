/** Publishes diagnostics on open, on every change and when the settings change. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { limitFindings, toDiagnostics } from '../../features/diagnostics';
import { toLspDiagnostic } from '../diagnostics';
import type { Feature, FeatureContext } from '../feature';

export function publishDiagnostics(context: FeatureContext, document: TextDocument): void {
  const state = context.store.get(document);
  const analysis = { ...state.analysis, findings: limitFindings(state.analysis.findings) };
  const diagnostics = toDiagnostics(analysis, state.lines, { locale: context.locale(), specBaseUrl: context.specBaseUrl }).map(toLspDiagnostic);
  void context.connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
}

export const diagnosticsFeature: Feature = {
  capabilities: {},
  register(context) {
    context.documents.onDidChangeContent(({ document }) => publishDiagnostics(context, document));
    context.documents.onDidClose(({ document }) => {
      context.store.forget(document.uri);
      void context.connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    });
  },
};
