/** Publishes diagnostics on open, on every change and when the settings change. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { limitFindings, toDiagnostics } from '../../features/diagnostics';
import { relatedPlaces } from '../../features/relatedPlaces';
import { toLspDiagnostic } from '../diagnostics';
import type { Feature, FeatureContext } from '../feature';

export function publishDiagnostics(context: FeatureContext, document: TextDocument): void {
  const state = context.store.get(document);
  // Not `{ ...state.analysis }`: that reads the analysis's `text`, which copies a text still in pieces whole.
  const analysis = { spec: state.analysis.spec, findings: limitFindings(state.analysis.findings, context.settings().maxProblems) };
  const related = relatedPlaces(state.analysis);
  const options = { locale: context.locale(), specBaseUrl: context.specBaseUrl };
  const diagnostics = toDiagnostics(analysis, state.lines, options, related).map((d) => toLspDiagnostic(d, document.uri));
  void context.connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
}

/**
 * The wait between a change and the analysis it triggers. The protocol library hands the server
 * one message per turn of the event loop, so without a wait every queued keystroke would be
 * analysed in turn; a timer (which runs only after the messages already read are handled) lets a
 * burst be analysed once, at its last version, and keeps a backlog from growing when the user
 * types faster than a large document is analysed. 1 ms is Node's smallest timer.
 */
const PUBLISH_DELAY_MS = 1;

/** Publishes the document's diagnostics soon, once for every change received until then (never postponed further). */
function schedulePublication(context: FeatureContext, pending: Set<string>, uri: string): void {
  if (pending.has(uri)) return;
  pending.add(uri);
  setTimeout(() => {
    pending.delete(uri);
    const document = context.documents.get(uri);
    if (document) publishDiagnostics(context, document);
  }, PUBLISH_DELAY_MS);
}

export const diagnosticsFeature: Feature = {
  capabilities: {},
  register(context) {
    const pending = new Set<string>();
    context.documents.onDidChangeContent(({ document }) => schedulePublication(context, pending, document.uri));
    context.documents.onDidClose(({ document }) => {
      pending.delete(document.uri);
      context.store.forget(document.uri);
      void context.connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    });
  },
};
