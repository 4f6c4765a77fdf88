/**
 * wei7: Go to Move…: puts the cursor on move N of the line of play through the cursor (the moves
 * played to reach it, then the main continuation), so the preview shows that position. The
 * server finds the move (wei7/moveOnPath, server/src/features/goToMove.ts). The command takes
 * the number as an argument too (a keybinding's `args`, or a test), without asking.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { MoveOnPathResult } from '../../server/src/features/goToMove';
import { MOVE_ON_PATH_REQUEST } from './preview/protocol';
import { typedMoveNumber } from './moveNumber';

export const GO_TO_MOVE_COMMAND = 'wei7.goToMove';

export function registerGoToMove(context: vscode.ExtensionContext, client: LanguageClient): void {
  context.subscriptions.push(vscode.commands.registerCommand(GO_TO_MOVE_COMMAND, (number?: unknown) => goToMove(client, number)));
}

async function goToMove(client: LanguageClient, given: unknown): Promise<void> {
  const found = wei7Editor();
  if (!found) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a .wei7 document first.'));
    return;
  }
  // Run from the preview (it has the focus), the editor beside it takes the focus first: its
  // cursor is what moves, and the input box then opens over the editor. Opened over the focused
  // webview, the input box once lost the focus back to it, and the number typed went to the board.
  const editor = found === vscode.window.activeTextEditor ? found : await vscode.window.showTextDocument(found.document, { viewColumn: found.viewColumn, preserveFocus: false });
  const convert = client.code2ProtocolConverter;
  const params = { uri: convert.asUri(editor.document.uri), position: convert.asPosition(editor.selection.active) };
  const numbers = await client.sendRequest<MoveOnPathResult | null>(MOVE_ON_PATH_REQUEST, params);
  if (!numbers || numbers.last === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There are no moves to go to on this line of play.'));
    return;
  }
  const number = typeof given === 'number' ? given : await askMoveNumber(numbers);
  if (number === undefined) return;
  const answer = await client.sendRequest<MoveOnPathResult | null>(MOVE_ON_PATH_REQUEST, { ...params, number });
  // The text may have changed while the user typed the number: the server answered for the current one.
  if (!answer?.range || wei7Editor() !== editor) {
    if (!answer?.range) void vscode.window.showInformationMessage(vscode.l10n.t('This line of play has no move {0} (it has moves 1 to {1}).', number, answer?.last ?? numbers.last));
    return;
  }
  const range = client.protocol2CodeConverter.asRange(answer.range);
  editor.selection = new vscode.Selection(range.start, range.start);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/**
 * The wei7 editor the command is for: the active one, else (the preview has the focus: no text
 * editor is active) the one shown beside it.
 */
function wei7Editor(): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active) return active.document.languageId === 'wei7' ? active : undefined;
  return vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'wei7');
}

function askMoveNumber(numbers: MoveOnPathResult): Thenable<number | undefined> {
  const valid = (text: string): number | undefined => typedMoveNumber(text, numbers.last);
  return vscode.window
    .showInputBox({
      title: vscode.l10n.t('Go to Move'),
      prompt: vscode.l10n.t('A move number from 1 to {0}, on the line of play through the cursor (now at move {1}).', numbers.last, numbers.current),
      value: numbers.current > 0 ? String(numbers.current) : '',
      validateInput: (text) => (valid(text) === undefined ? vscode.l10n.t('A whole number from 1 to {0}.', numbers.last) : undefined),
    })
    .then((text) => (text === undefined ? undefined : valid(text)));
}
