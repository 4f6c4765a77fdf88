/**
 * Auto-closing of 2.x tags: after the user types the `>` of a start tag, the end tag is put after
 * the cursor (`<moves>` → `<moves>|</moves>`), as VS Code's HTML support does. The server says
 * which end tag (wei7/autoCloseTag, server/src/lsp/features/autoClose.ts) from its parse of the
 * text. Off with the setting `wei7.autoCloseTags`.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

const AUTO_CLOSE_REQUEST = 'wei7/autoCloseTag';
/** Typing on fast: the request waits this long, and is dropped if the user typed meanwhile. */
const DELAY_MS = 100;

interface AutoCloseResult {
  readonly endTag: string;
}

export function registerAutoCloseTags(context: vscode.ExtensionContext, client: LanguageClient): void {
  let pending: NodeJS.Timeout | undefined;
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((event) => {
      const document = event.document;
      const editor = vscode.window.activeTextEditor;
      if (document.languageId !== 'wei7' || editor?.document !== document || event.contentChanges.length !== 1) return;
      // Only a `>` the user typed (not an undo, a paste of a whole text, or our own insertion).
      if (event.reason !== undefined) return;
      const change = event.contentChanges[0];
      if (change.text !== '>' || change.rangeLength !== 0) return;
      if (!vscode.workspace.getConfiguration('wei7', document).get<boolean>('autoCloseTags', true)) return;
      const position = change.range.start.translate(0, 1);
      const version = document.version;
      if (pending) clearTimeout(pending);
      pending = setTimeout(() => {
        pending = undefined;
        // A server that is restarting answers with an error: then no end tag, and nothing to say.
        insertEndTag(client, editor, position, version).catch(() => undefined);
      }, DELAY_MS);
    }),
    { dispose: () => pending && clearTimeout(pending) },
  );
}

async function insertEndTag(client: LanguageClient, editor: vscode.TextEditor, position: vscode.Position, version: number): Promise<void> {
  const document = editor.document;
  const convert = client.code2ProtocolConverter;
  const result = await client.sendRequest<AutoCloseResult | null>(AUTO_CLOSE_REQUEST, { uri: convert.asUri(document.uri), position: convert.asPosition(position) });
  // Only into the text it was asked for, with the cursor still just after the `>`.
  if (!result || document.version !== version || vscode.window.activeTextEditor !== editor) return;
  const cursor = editor.selection.active;
  if (!editor.selection.isEmpty || !cursor.isEqual(position)) return;
  // An edit, then the cursor put back before it (a snippet's `$0` left it after the tag in code-server).
  // Its own undo step: Ctrl+Z takes the end tag away and leaves the `>` typed.
  const inserted = await editor.edit((builder) => builder.insert(position, result.endTag), { undoStopBefore: true, undoStopAfter: true });
  if (inserted && editor.selection.active.isEqual(position.translate(0, result.endTag.length))) editor.selection = new vscode.Selection(position, position);
}
