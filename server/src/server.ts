/** The wei7 language server: wiring only. The work is done in analysis, features and lsp/. */
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { pickLocale, type Locale } from './l10n/catalogue';
import { toDiagnostics } from './features/diagnostics';
import { DocumentStore } from './lsp/documentStore';
import { toLspDiagnostic } from './lsp/diagnostics';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const store = new DocumentStore();
/** dist/server.js sits beside dist/spec/, the bundled spec pages the diagnostics link to. */
const specBaseUrl = `${pathToFileURL(join(__dirname, 'spec')).href}/`;
let locale: Locale = 'en';

connection.onInitialize((params) => {
  locale = pickLocale(params.locale);
  return {
    capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental },
    serverInfo: { name: 'wei7-language-server', version: '0.1.0' },
  };
});

documents.onDidChangeContent(({ document }) => {
  const state = store.get(document);
  const diagnostics = toDiagnostics(state.analysis, state.lines, { locale, specBaseUrl }).map(toLspDiagnostic);
  void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
});

documents.onDidClose(({ document }) => {
  store.forget(document.uri);
  void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
});

documents.listen(connection);
connection.listen();
