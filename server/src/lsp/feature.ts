/**
 * How a feature plugs into the server: the capabilities it announces and the handlers it
 * registers. server.ts lists the features; each lives in lsp/features/ and calls pure functions
 * of features/ on the cached analysis.
 */
import type { Connection, ServerCapabilities, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Locale } from '../l10n/catalogue';
import type { DocumentState, DocumentStore } from './documentStore';
import type { ServerSettings } from './settings';

export interface FeatureContext {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly store: DocumentStore;
  /** The user's display language, from the initialize request. */
  locale(): Locale;
  /** The current `wei7.*` settings. */
  settings(): ServerSettings;
  /** The URL of the folder of the bundled spec pages (dist/spec/), ending in '/'. */
  readonly specBaseUrl: string;
  /** The analysis of an open document, or undefined for an unknown or closed one. */
  stateOf(uri: string): DocumentState | undefined;
}

export interface Feature {
  readonly capabilities: ServerCapabilities;
  register(context: FeatureContext): void;
}
