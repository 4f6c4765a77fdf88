/**
 * Why Format Document changed nothing (a syntax problem, nesting too deep): the server says so in
 * a notification, shown in the status bar for a while. A dialog would be in the way with
 * format-on-save, which asks on every save of a document being repaired.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

/** The server's notification (server/src/lsp/features/formatting.ts). */
const FORMAT_REFUSED_NOTIFICATION = 'wei7/formatRefused';
const SHOWN_MS = 8000;

interface FormatRefusedParams {
  readonly uri: string;
  /** Already in the user's language. */
  readonly message: string;
}

export function registerFormatNotices(context: vscode.ExtensionContext, client: LanguageClient): void {
  let shown: vscode.Disposable | undefined;
  context.subscriptions.push(
    client.onNotification(FORMAT_REFUSED_NOTIFICATION, (params: FormatRefusedParams) => {
      shown?.dispose();
      shown = vscode.window.setStatusBarMessage(`$(info) ${params.message}`, SHOWN_MS);
    }),
    { dispose: () => shown?.dispose() },
  );
}
