/**
 * Registers the board preview: its commands, the serializer that brings a preview back after a
 * reload, and two hidden commands for the end-to-end tests (the preview's state, and a message
 * as if the webview had sent it — checked like any other).
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { PreviewPosition } from '../../../server/src/features/position';
import type { PlayMoveResult } from '../../../server/src/features/playMove';
import { PREVIEW_VIEW_TYPE, PreviewManager, type PreviewServer } from './previewManager';
import { previewStrings } from './strings';
import { PLAY_MOVE_REQUEST, POSITION_REQUEST } from './protocol';

export const PREVIEW_COMMANDS = {
  showPreviewToSide: 'wei7.showPreviewToSide',
  showPreview: 'wei7.showPreview',
  testState: 'wei7.preview.state',
  testPostMessage: 'wei7.preview.postMessage',
} as const;

function serverOf(client: LanguageClient): PreviewServer {
  return {
    position: (params) => client.sendRequest<PreviewPosition | null>(POSITION_REQUEST, params),
    playMove: (params) => client.sendRequest<PlayMoveResult | null>(PLAY_MOVE_REQUEST, params),
  };
}

export function registerPreview(context: vscode.ExtensionContext, client: LanguageClient): PreviewManager {
  const manager = new PreviewManager(context.extensionUri, serverOf(client), previewStrings((message) => vscode.l10n.t(message)));
  context.subscriptions.push(
    manager,
    vscode.commands.registerCommand(PREVIEW_COMMANDS.showPreviewToSide, () => manager.show(vscode.ViewColumn.Beside, true)),
    vscode.commands.registerCommand(PREVIEW_COMMANDS.showPreview, () => manager.show(vscode.ViewColumn.Active, false)),
    vscode.commands.registerCommand(PREVIEW_COMMANDS.testState, () => manager.testState()),
    vscode.commands.registerCommand(PREVIEW_COMMANDS.testPostMessage, (message: unknown) => manager.receive(message)),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => manager.restore(panel, state),
    }),
  );
  return manager;
}
