/**
 * Helpers the suites share (bundled into each *.test.js; not a suite itself: index.ts loads only
 * *.test.js). Everything goes through the VS Code API, as a user's VS Code would.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'wei7-tools.wei7';

/** A file of the workspace folder (a fresh copy of test/e2e/workspace/ for each run). */
export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the workspace folder test/e2e/workspace open');
  return vscode.Uri.joinPath(folder.uri, name);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls until probe() returns something other than undefined, or fails after timeoutMs, naming
 * what it waited for and the last value it saw (`describe`).
 */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000, describe?: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describe ? `; last seen: ${describe()}` : ''}`);
    await sleep(100);
  }
}

/** Opens a workspace document in an editor (focused), checking that it is a wei7 document. */
export async function open(name: string, column?: vscode.ViewColumn): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  assert.equal(document.languageId, 'wei7', `${name} opens as a wei7 document`);
  return vscode.window.showTextDocument(document, { viewColumn: column, preview: false });
}

/** Waits until the document's diagnostics satisfy the predicate, and returns them. */
export function diagnosticsWhere(uri: vscode.Uri, what: string, ok: (d: readonly vscode.Diagnostic[]) => boolean, timeoutMs = 30_000): Promise<vscode.Diagnostic[]> {
  return waitFor(
    `diagnostics of ${uri.path}: ${what}`,
    () => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      return ok(diagnostics) ? diagnostics : undefined;
    },
    timeoutMs,
    () => JSON.stringify(vscode.languages.getDiagnostics(uri).map((d) => `${rangeText(d.range)} ${d.message}`)),
  );
}

/**
 * Waits until the language server has analysed the document: its diagnostics for the document
 * arrive with its first analysis (an empty list for a clean document does not show in
 * getDiagnostics, so a clean document is probed by asking for its outline instead).
 */
export async function serverReady(document: vscode.TextDocument): Promise<void> {
  await waitFor(`the language server to answer for ${document.uri.path}`, async () => {
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', document.uri);
    return symbols && symbols.length > 0 ? true : undefined;
  });
}

/** `line:character`, 0-based, as the assertions write positions. */
export function positionText(p: vscode.Position): string {
  return `${p.line}:${p.character}`;
}

/** `line:character-line:character`, 0-based. */
export function rangeText(r: vscode.Range): string {
  return `${positionText(r.start)}-${positionText(r.end)}`;
}

/** The diagnostic's code: the server sends the clause number with a link to the spec page. */
export function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

/**
 * Leaves the workbench as the next test expects it: every edited document of the test workspace
 * reverted to what is on disk, every editor and the preview closed (closing a dirty editor would
 * ask, and block). Only the workspace's documents: VS Code itself may be writing the profile's
 * settings.json at that moment (it is then open and dirty for a while), and showing it to revert it
 * raced with that write and failed a CI run.
 */
export async function revertAndCloseAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isDirty || !vscode.workspace.getWorkspaceFolder(document.uri)) continue;
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
