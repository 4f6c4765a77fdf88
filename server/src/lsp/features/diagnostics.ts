/** Publishes diagnostics on open, on every change and when the settings change; game findings' related places once idle. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { limitFindings, toDiagnostics } from '../../features/diagnostics';
import { haveGamePlaces, relatedPlaces } from '../../features/relatedPlaces';
import { toLspDiagnostic } from '../diagnostics';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileNameFinding } from '../../validate/fileName';
import type { Feature, FeatureContext } from '../feature';

/**
 * Publishes the document's diagnostics; with `gamePlaces` false, without the related places of
 * game findings (relatedPlaces: reading them costs a long game's keystroke more than the rest).
 * Returns whether some published finding has such places left out.
 */
export function publishDiagnostics(context: FeatureContext, document: TextDocument, gamePlaces = false): boolean {
  const state = context.store.get(document);
  // Not `{ ...state.analysis }`: that reads the analysis's `text`, which copies a text still in pieces whole.
  const fileName = fileNameOfUri(document.uri);
  const misnamed = fileName === undefined ? undefined : fileNameFinding(fileName);
  const findings = limitFindings(state.analysis.findings, context.settings().maxProblems);
  const analysis = { spec: state.analysis.spec, findings: misnamed ? [misnamed, ...findings] : findings };
  const related = relatedPlaces(state.analysis, gamePlaces);
  const options = { locale: context.locale(), specBaseUrl: context.specBaseUrl };
  const diagnostics = toDiagnostics(analysis, state.lines, options, related).map((d) => toLspDiagnostic(d, document.uri));
  void context.connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  return !gamePlaces && haveGamePlaces(analysis.findings);
}

/** The file name of a `file:` document; undefined for one not saved as a file (`untitled:`), or a URI Node cannot read as a path. */
function fileNameOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return basename(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/** How long a document must go unchanged before its game findings' related places are published. */
const RELATED_IDLE_MS = 100;

/** Publishes the diagnostics again with the game findings' related places once `uri` is idle (the same version). */
function publishGamePlacesWhenIdle(context: FeatureContext, timers: Map<string, NodeJS.Timeout>, uri: string, version: number): void {
  clearTimeout(timers.get(uri));
  timers.set(
    uri,
    setTimeout(() => {
      timers.delete(uri);
      const document = context.documents.get(uri);
      if (document && document.version === version) publishDiagnostics(context, document, true);
    }, RELATED_IDLE_MS),
  );
}

/**
 * The wait between a change and the analysis it triggers. The protocol library hands the server
 * one message per turn of the event loop, so without a wait every queued keystroke would be
 * analysed in turn; a timer (which runs only after the messages already read are handled) lets a
 * burst be analysed once, at its last version, and keeps a backlog from growing when the user
 * types faster than a large document is analysed. 1 ms is Node's smallest timer.
 */
const PUBLISH_DELAY_MS = 1;

/**
 * Publishes the document's diagnostics soon, once for every change received until then (never
 * postponed further), and again with its game findings' related places once it is idle.
 */
function schedulePublication(context: FeatureContext, pending: Set<string>, idle: Map<string, NodeJS.Timeout>, uri: string): void {
  clearTimeout(idle.get(uri));
  idle.delete(uri);
  if (pending.has(uri)) return;
  pending.add(uri);
  setTimeout(() => {
    pending.delete(uri);
    const document = context.documents.get(uri);
    if (document && publishDiagnostics(context, document)) publishGamePlacesWhenIdle(context, idle, uri, document.version);
  }, PUBLISH_DELAY_MS);
}

export const diagnosticsFeature: Feature = {
  capabilities: {},
  register(context) {
    const pending = new Set<string>();
    const idle = new Map<string, NodeJS.Timeout>();
    context.documents.onDidChangeContent(({ document }) => schedulePublication(context, pending, idle, document.uri));
    context.documents.onDidClose(({ document }) => {
      pending.delete(document.uri);
      clearTimeout(idle.get(document.uri));
      idle.delete(document.uri);
      context.store.forget(document.uri);
      void context.connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    });
  },
};
