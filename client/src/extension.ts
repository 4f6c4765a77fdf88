import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { registerPreview } from './preview';
import { registerConversions } from './convert';
import { registerFormatNotices } from './formatNotices';
import { registerAutoCloseTags } from './autoCloseTags';
import { registerGoToMove } from './goToMove';

let client: LanguageClient | undefined;

/** Creates (but does not start) the client for the wei7 language server bundled at dist/server.js. */
export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'wei7' },
      { scheme: 'untitled', language: 'wei7' },
    ],
    synchronize: { configurationSection: 'wei7' },
  };
  return new LanguageClient('wei7', vscode.l10n.t('wei7 Language Server'), serverOptions, clientOptions);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  client = createLanguageClient(context);
  registerPreview(context, client);
  registerConversions(context, client);
  registerFormatNotices(context, client);
  registerAutoCloseTags(context, client);
  registerGoToMove(context, client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  // stop() throws for a client that never got running (e.g. the server failed to start).
  if (running?.isRunning()) {
    await running.stop();
  }
}
