/** The wei7 language server: wiring only. Each feature lives in lsp/features/. */
import {
  createConnection,
  DidChangeConfigurationNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type ServerCapabilities,
} from 'vscode-languageserver/node';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { pickLocale, type Locale } from './l10n/catalogue';
import { DocumentStore } from './lsp/documentStore';
import { ChangeLog } from './lsp/changeLog';
import type { Feature, FeatureContext } from './lsp/feature';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings, type Wei7Settings } from './lsp/settings';
import { diagnosticsFeature, publishDiagnostics } from './lsp/features/diagnostics';
import { completionFeature } from './lsp/features/completion';
import { formattingFeature } from './lsp/features/formatting';
import { previewFeature } from './lsp/features/preview';
import { navigationFeatures } from './lsp/features/navigation';
import { codeActionsFeature } from './lsp/features/codeActions';
import { convertFeature } from './lsp/features/convert';
import { compactionFeature } from './lsp/features/compaction';
import { autoCloseFeature } from './lsp/features/autoClose';

/** Every feature of the server; each announces its capabilities and registers its handlers. */
const features: readonly Feature[] = [diagnosticsFeature, previewFeature, ...navigationFeatures, completionFeature, autoCloseFeature, formattingFeature, codeActionsFeature, convertFeature, compactionFeature];

const connection = createConnection(ProposedFeatures.all);
const changes = new ChangeLog();
const documents = new TextDocuments(changes.configuration);
const store = new DocumentStore(changes);
let locale: Locale = 'en';
let settings: ServerSettings = DEFAULT_SETTINGS;
let canPullSettings = false;

const context: FeatureContext = {
  connection,
  documents,
  store,
  locale: () => locale,
  settings: () => settings,
  // dist/server.js sits beside dist/spec/, the bundled spec pages the diagnostics link to.
  specBaseUrl: `${pathToFileURL(join(__dirname, 'spec')).href}/`,
  stateOf(uri) {
    const document = documents.get(uri);
    return document && store.get(document);
  },
};

connection.onInitialize((params) => {
  locale = pickLocale(params.locale);
  canPullSettings = params.capabilities.workspace?.configuration === true;
  const capabilities: ServerCapabilities = Object.assign(
    { textDocumentSync: TextDocumentSyncKind.Incremental },
    ...features.map((f) => f.capabilities),
  );
  return { capabilities, serverInfo: { name: 'wei7-language-server', version: '0.1.0' } };
});

connection.onInitialized(() => {
  if (!canPullSettings) return;
  void connection.client.register(DidChangeConfigurationNotification.type, { section: 'wei7' });
  void refreshSettings();
});

connection.onDidChangeConfiguration(() => void refreshSettings());

async function refreshSettings(): Promise<void> {
  if (!canPullSettings) return;
  settings = readSettings((await connection.workspace.getConfiguration('wei7')) as Wei7Settings | null);
  store.setOptions(settings.analysis);
  for (const document of documents.all()) publishDiagnostics(context, document, true);
  // Inlay hints depend on wei7.inlayHints: ask the client to fetch them again.
  void connection.languages.inlayHint.refresh().catch(() => undefined);
}

for (const feature of features) feature.register(context);
documents.listen(connection);
connection.listen();
