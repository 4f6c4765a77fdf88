/**
 * The board preview: one webview panel that follows the active .wei7 editor and shows the
 * position at its cursor, as the language server computes it (`wei7/position`).
 *
 * - Updates come from events, never a timer: a cursor move or an edit of the followed document
 *   asks the server again; only the answer to the latest question is drawn, and an answer about
 *   an older version of the text than the editor's is dropped (and asked again).
 * - The webview names what the user did (navigate in a direction, click a point); the manager
 *   checks the message's shape and decides from its own state what it means, always for the
 *   followed document only.
 * - A click asks the server for the edit (`wei7/playMove`), which is applied as one undoable
 *   edit, the cursor moving onto the new move.
 */
import * as vscode from 'vscode';
import type { PositionParams } from '../../../server/src/features/position';
import type { PlayMoveParams, PlayMoveResult } from '../../../server/src/features/playMove';
import { previewHtml, nonceFrom } from './html';
import { parseFromWebview, savedUriOf, type FromWebview, type NavigationKey, type PreviewPosition, type PreviewStrings, type ToWebview } from './protocol';
import { randomBytes } from 'node:crypto';

export const PREVIEW_VIEW_TYPE = 'wei7.preview';

/** The two requests of the language server the preview uses. */
export interface PreviewServer {
  position(params: PositionParams): Promise<PreviewPosition | null>;
  playMove(params: PlayMoveParams): Promise<PlayMoveResult | null>;
}

/** What `wei7.preview.state` returns: for the end-to-end tests. */
export interface PreviewTestState {
  readonly open: boolean;
  readonly visible: boolean;
  readonly uri: string | undefined;
  readonly position: PreviewPosition | undefined;
  /** The last thing said to the user from the preview (an illegal click's reason…). */
  readonly lastNotice: string | undefined;
  /** Messages from the webview that failed validation and were ignored. */
  readonly rejectedMessages: number;
}

/** How many times an answer about an older version of the text is asked again before giving up until the next event. */
const STALE_RETRIES = 3;

export class PreviewManager implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  /** The followed document, the editor it was last seen in, and its cursor there. */
  private document: vscode.TextDocument | undefined;
  private editor: vscode.TextEditor | undefined;
  private cursor: vscode.Position = new vscode.Position(0, 0);
  /** A node navigated to while no editor showed the document: selected when one shows it again. */
  private pendingReveal: vscode.Range | undefined;
  private latest: PreviewPosition | undefined;
  private requestCount = 0;
  private lastNotice: string | undefined;
  private rejectedMessages = 0;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly server: PreviewServer,
    private readonly strings: PreviewStrings,
  ) {
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && isWei7(editor.document)) this.follow(editor);
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document !== this.document) return;
        this.editor = event.textEditor;
        this.cursor = event.selections[0]?.active ?? this.cursor;
        void this.refresh();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) void this.refresh();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document === this.document) this.unfollow();
      }),
    );
  }

  // -------------------------------------------------------------------------------------------
  // The panel

  /** Shows the preview (creating it if needed) for the active .wei7 editor. */
  show(column: vscode.ViewColumn, preserveFocus: boolean): void {
    const editor = vscode.window.activeTextEditor;
    if (this.panel) {
      this.panel.reveal(this.panel.viewColumn ?? column, preserveFocus);
    } else {
      const panel = vscode.window.createWebviewPanel(PREVIEW_VIEW_TYPE, vscode.l10n.t('wei7 Preview'), { viewColumn: column, preserveFocus }, this.webviewOptions());
      this.attach(panel);
    }
    if (editor && isWei7(editor.document)) this.follow(editor);
  }

  /** A panel VS Code restores after a reload (WebviewPanelSerializer), with the state the webview saved. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.panel?.dispose();
    panel.webview.options = this.webviewOptions();
    this.attach(panel);
    const active = vscode.window.activeTextEditor;
    const savedUri = savedUriOf(state);
    // Only an editor already open is followed: the saved state comes from the webview.
    const saved = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === savedUri && isWei7(e.document));
    const editor = active && isWei7(active.document) ? active : saved;
    if (editor) this.follow(editor);
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      enableFindWidget: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    const webview = panel.webview;
    webview.html = previewHtml({
      cspSource: webview.cspSource,
      nonce: nonceFrom(randomBytes(16)),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'preview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'preview.css')).toString(),
      lang: vscode.env.language,
      title: panel.title,
    });
    this.panelDisposables.push(
      webview.onDidReceiveMessage((data: unknown) => void this.receive(data)),
      panel.onDidDispose(() => this.detach(panel)),
    );
  }

  private detach(panel: vscode.WebviewPanel): void {
    if (this.panel !== panel) return;
    this.panel = undefined;
    for (const d of this.panelDisposables.splice(0)) d.dispose();
  }

  private post(message: ToWebview): void {
    void this.panel?.webview.postMessage(message);
  }

  // -------------------------------------------------------------------------------------------
  // Following an editor

  private follow(editor: vscode.TextEditor): void {
    const changed = editor.document !== this.document;
    if (!changed && this.pendingReveal) {
      editor.selection = new vscode.Selection(this.pendingReveal.start, this.pendingReveal.start);
      editor.revealRange(this.pendingReveal, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    this.pendingReveal = undefined;
    this.document = editor.document;
    this.editor = editor;
    this.cursor = editor.selection.active;
    if (this.panel) this.panel.title = vscode.l10n.t('Preview {0}', baseName(editor.document.uri));
    if (changed) this.latest = undefined;
    void this.refresh();
  }

  private unfollow(): void {
    this.document = undefined;
    this.editor = undefined;
    this.latest = undefined;
    if (this.panel) this.panel.title = vscode.l10n.t('wei7 Preview');
    this.post({ type: 'noEditor' });
  }

  /** Asks the server for the position at the cursor and draws it, unless a later question or edit overtook it. */
  private async refresh(retries = STALE_RETRIES): Promise<void> {
    const document = this.document;
    if (!document || !this.panel?.visible) return;
    const request = ++this.requestCount;
    let answer: PreviewPosition | null;
    try {
      answer = await this.server.position({ uri: document.uri.toString(), position: { line: this.cursor.line, character: this.cursor.character } });
    } catch {
      return; // the server is starting or restarting: the next event asks again
    }
    if (request !== this.requestCount || document !== this.document || !answer) return;
    if (answer.version < document.version) {
      // The server had not seen the latest edit yet: its didChange is on the way.
      if (retries > 0) void this.refresh(retries - 1);
      return;
    }
    this.latest = answer;
    this.post({ type: 'position', position: answer, fileName: baseName(document.uri) });
  }

  // -------------------------------------------------------------------------------------------
  // Messages from the webview

  /** Validates a message from the webview (or a test) and acts on it; resolves when done. */
  async receive(data: unknown): Promise<boolean> {
    const message = parseFromWebview(data);
    if (!message) {
      this.rejectedMessages++;
      return false;
    }
    await this.handle(message);
    return true;
  }

  private async handle(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.post({ type: 'init', strings: this.strings });
        if (!this.document) this.post({ type: 'noEditor' });
        else if (this.latest) this.post({ type: 'position', position: this.latest, fileName: baseName(this.document.uri) });
        await this.refresh();
        return;
      case 'navigate':
        return this.navigate(message.target);
      case 'play':
        return this.play(message.x, message.y, message.asVariation);
    }
  }

  private async navigate(key: NavigationKey): Promise<void> {
    const target = this.latest?.navigation[key];
    if (!target) return;
    await this.moveCursor(new vscode.Position(target.range.start.line, target.range.start.character), target.range.end);
  }

  private async play(x: number, y: number, asVariation: boolean): Promise<void> {
    const document = this.document;
    const board = this.latest?.board;
    if (!document) return this.notify(this.strings.noEditor);
    // Only points of the board the user sees (the server checks again against the text).
    if (!board || x >= board.width || y >= board.height) return;
    const base = { uri: document.uri.toString(), position: { line: this.cursor.line, character: this.cursor.character }, point: { x, y } };
    let result = await this.server.playMove({ ...base, asVariation });
    if (result?.kind === 'needsVariation') {
      if (!(await this.confirmVariation(result.color, x, y, board.width, board.height))) return;
      result = await this.server.playMove({ ...base, asVariation: true });
    }
    if (!result) return;
    switch (result.kind) {
      case 'refused':
        return this.notify(result.reason);
      case 'existing':
        return this.moveCursor(new vscode.Position(result.target.range.start.line, result.target.range.start.character), result.target.range.end);
      case 'needsVariation':
        return;
      case 'edit': {
        if (result.version !== document.version || document !== this.document) {
          return this.notify(vscode.l10n.t('The document changed before the move could be written. Click again.'));
        }
        const edits = result.edit.documentChanges.flatMap((change) => (change.textDocument.uri === base.uri ? change.edits : []));
        if (!(await this.applyEdits(document, edits))) return;
        await this.moveCursor(new vscode.Position(result.cursor.line, result.cursor.character));
        return;
      }
    }
  }

  private async confirmVariation(color: 'black' | 'white', x: number, y: number, width: number, height: number): Promise<boolean> {
    const start = vscode.l10n.t('Start Variation');
    const colorName = color === 'black' ? this.strings.black : this.strings.white;
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t('The cursor is in the middle of a line of play. Start a variation with {0} at {1}?', colorName, pointName(x, y, width, height)),
      { modal: true },
      start,
    );
    return choice === start;
  }

  /** The server's edits as one undoable edit of the followed document. */
  private async applyEdits(document: vscode.TextDocument, edits: readonly { range: { start: LspPosition; end: LspPosition }; newText: string }[]): Promise<boolean> {
    const toRange = (r: { start: LspPosition; end: LspPosition }): vscode.Range =>
      new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
    const editor = this.visibleEditor(document);
    if (editor) {
      return editor.edit((builder) => {
        for (const edit of edits) builder.replace(toRange(edit.range), edit.newText);
      });
    }
    const workspaceEdit = new vscode.WorkspaceEdit();
    for (const edit of edits) workspaceEdit.replace(document.uri, toRange(edit.range), edit.newText);
    return vscode.workspace.applyEdit(workspaceEdit);
  }

  /**
   * Puts the followed editor's cursor at `start` and reveals the node, without taking the focus
   * from the preview. When no editor shows the document (the preview was opened in its group),
   * the preview moves on its own and the editor gets the cursor when it is shown again: bringing
   * it forward would hide the preview.
   */
  private async moveCursor(start: vscode.Position, end: LspPosition = start): Promise<void> {
    const document = this.document;
    if (!document) return;
    const reveal = new vscode.Range(start, new vscode.Position(end.line, end.character));
    const editor = this.visibleEditor(document);
    // Set now so that a click right after uses it; the selection event refreshes the preview.
    this.cursor = start;
    if (editor) {
      editor.selection = new vscode.Selection(start, start);
      editor.revealRange(reveal, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    } else {
      this.pendingReveal = reveal;
      await this.refresh();
    }
  }

  private visibleEditor(document: vscode.TextDocument): vscode.TextEditor | undefined {
    const visible = vscode.window.visibleTextEditors.filter((e) => e.document === document);
    return visible.find((e) => e === this.editor) ?? visible[0];
  }

  private notify(text: string): void {
    this.lastNotice = text;
    this.post({ type: 'notice', text });
    vscode.window.setStatusBarMessage(`$(warning) ${text}`, 5000);
  }

  // -------------------------------------------------------------------------------------------
  // For tests

  testState(): PreviewTestState {
    return {
      open: this.panel !== undefined,
      visible: this.panel?.visible ?? false,
      uri: this.document?.uri.toString(),
      position: this.latest,
      lastNotice: this.lastNotice,
      rejectedMessages: this.rejectedMessages,
    };
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

interface LspPosition {
  readonly line: number;
  readonly character: number;
}

function isWei7(document: vscode.TextDocument): boolean {
  return document.languageId === 'wei7';
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The usual name of a point (Q16; 30-1 past 25 columns), as the server and `wei7 board` write it. */
function pointName(x: number, y: number, width: number, height: number): string {
  return width <= COLUMN_LETTERS.length ? `${COLUMN_LETTERS[x]}${height - y}` : `${x + 1}-${height - y}`;
}
