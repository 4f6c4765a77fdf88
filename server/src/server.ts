/** The wei7 language server: wiring only. The work is done in analysis, features and lsp/. */
import { createConnection, DidChangeConfigurationNotification, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { pickLocale, type Locale } from './l10n/catalogue';
import { toDiagnostics } from './features/diagnostics';
import { DocumentStore } from './lsp/documentStore';
import { toLspDiagnostic } from './lsp/diagnostics';
import { optionsFromSettings, type Wei7Settings } from './lsp/settings';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const store = new DocumentStore();
/** dist/server.js sits beside dist/spec/, the bundled spec pages the diagnostics link to. */
const specBaseUrl = `${pathToFileURL(join(__dirname, 'spec')).href}/`;
let locale: Locale = 'en';
let canPullSettings = false;

connection.onInitialize((params) => {
  locale = pickLocale(params.locale);
  canPullSettings = params.capabilities.workspace?.configuration === true;
  return {
    capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental },
    serverInfo: { name: 'wei7-language-server', version: '0.1.0' },
  };
});

connection.onInitialized(() => {
  if (!canPullSettings) return;
  void connection.client.register(DidChangeConfigurationNotification.type, { section: 'wei7' });
  void refreshSettings();
});

connection.onDidChangeConfiguration(() => void refreshSettings());

async function refreshSettings(): Promise<void> {
  if (!canPullSettings) return;
  const settings = (await connection.workspace.getConfiguration('wei7')) as Wei7Settings | null;
  store.setOptions(optionsFromSettings(settings));
  for (const document of documents.all()) publishDiagnostics(document);
}

function publishDiagnostics(document: TextDocument): void {
  const state = store.get(document);
  const diagnostics = toDiagnostics(state.analysis, state.lines, { locale, specBaseUrl }).map(toLspDiagnostic);
  void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
}

documents.onDidChangeContent(({ document }) => publishDiagnostics(document));

documents.onDidClose(({ document }) => {
  store.forget(document.uri);
  void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
});

documents.listen(connection);
connection.listen();
