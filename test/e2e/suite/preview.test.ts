/// <reference types="mocha" />
/**
 * The board preview through the VS Code API: `wei7.showPreviewToSide` opens it beside the editor;
 * the hidden test commands `wei7.preview.state` (what the preview was last told to draw: the
 * language server's `wei7/position` answer for the cursor) and `wei7.preview.postMessage` (a
 * message as if the webview had sent it, checked like any other) drive it. The documents are
 * test/e2e/workspace/game-2.2.wei7 and game-3.0.wei7, the same short 9×9 game (see
 * features.test.ts).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { open, positionText, revertAndCloseAll, serverReady, waitFor } from './util';

/** What `wei7.preview.state` returns (client/src/preview/previewManager.ts, PreviewTestState), as far as these tests read it. */
interface LspRange {
  readonly start: { readonly line: number; readonly character: number };
  readonly end: { readonly line: number; readonly character: number };
}
interface PreviewState {
  readonly open: boolean;
  readonly visible: boolean;
  readonly uri: string | undefined;
  readonly position:
    | {
        readonly uri: string;
        readonly version: number;
        readonly hasErrors: boolean;
        readonly status: string;
        readonly board?: { readonly width: number; readonly height: number; readonly rows: readonly string[]; readonly moveNumbers: readonly number[] };
        readonly node?: { readonly kind: string; readonly range: LspRange };
        readonly moveNumber: number;
        readonly color?: string;
        readonly point?: { readonly x: number; readonly y: number } | null;
        readonly toPlay: string;
        readonly path: { readonly mainLine: boolean; readonly forks: readonly { moveNumber: number; index: number; count: number }[] };
        readonly navigation: Readonly<Record<string, { readonly range: LspRange } | undefined>>;
      }
    | undefined;
  readonly lastNotice: string | undefined;
  readonly rejectedMessages: number;
}

function state(): Thenable<PreviewState> {
  return vscode.commands.executeCommand<PreviewState>('wei7.preview.state');
}

function lspRangeText(r: LspRange | undefined): string | undefined {
  return r && `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

/**
 * Waits for the preview to show the move whose text is `node` (`line:character-line:character`)
 * in the document's current version, checks its move number, and returns what it shows.
 */
async function previewShows(document: vscode.TextDocument, node: string, moveNumber: number): Promise<NonNullable<PreviewState['position']>> {
  let last: PreviewState | undefined;
  const version = document.version;
  const s = await waitFor(
    `the preview to show the move at ${node} of ${document.uri.path} (version ${version})`,
    async () => {
      last = await state();
      const p = last.position;
      return last.visible && last.uri === document.uri.toString() && p?.uri === last.uri && p.version === version && lspRangeText(p.node?.range) === node ? last : undefined;
    },
    30_000,
    () => JSON.stringify({ ...last, position: last?.position && { ...last.position, board: undefined, navigation: undefined } }),
  );
  assert.equal(s.position!.node!.kind, 'move');
  assert.equal(s.position!.moveNumber, moveNumber);
  return s.position!;
}

/** The editor's cursor, as `line:character`. */
function cursorOf(editor: vscode.TextEditor): string {
  return positionText(editor.selection.active);
}

function place(editor: vscode.TextEditor, line: number, character: number): void {
  editor.selection = new vscode.Selection(line, character, line, character);
}

function post(message: unknown): Thenable<boolean> {
  return vscode.commands.executeCommand<boolean>('wei7.preview.postMessage', message);
}

/** Inserts `inserted` after line `after` (0-based) of `text`. */
function withLineAfter(text: string, after: number, inserted: string): string {
  const lines = text.split('\n');
  lines.splice(after + 1, 0, inserted);
  return lines.join('\n');
}

const EMPTY = '.........';

suite('preview', () => {
  suiteSetup(revertAndCloseAll);
  teardown(revertAndCloseAll);

  test('wei7 2.2: opened beside the editor, it shows the position at the cursor, follows the cursor, and navigates it', async () => {
    const editor = await open('game-2.2.wei7');
    await serverReady(editor.document);
    // On <white x="6" y="6" />, move 2.
    place(editor, 10, 6);
    await vscode.commands.executeCommand('wei7.showPreviewToSide');

    const p2 = await previewShows(editor.document, '10:4-10:25', 2);
    const opened = await state();
    assert.equal(opened.open, true);
    // Beside the editor, which keeps the focus.
    assert.equal(vscode.window.activeTextEditor, editor);
    assert.equal(editor.viewColumn, vscode.ViewColumn.One);
    // The tab model reaches the extension host by its own events: wait for the preview's tab.
    const tab = await waitFor(
      'the preview\'s tab',
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview),
      10_000,
      () => JSON.stringify(vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => `${t.group.viewColumn} ${t.label}`)),
    );
    assert.equal((tab.input as vscode.TabInputWebview).viewType.endsWith('wei7.preview'), true, (tab.input as vscode.TabInputWebview).viewType);
    assert.equal(tab.group.viewColumn, vscode.ViewColumn.Two);
    assert.equal(tab.label, 'Preview game-2.2.wei7');

    assert.equal(p2.hasErrors, false);
    assert.equal(p2.status, 'simulated');
    assert.equal(p2.board?.width, 9);
    assert.equal(p2.board.height, 9);
    assert.deepEqual(p2.board.rows, [EMPTY, EMPTY, '..X......', EMPTY, EMPTY, EMPTY, '......O..', EMPTY, EMPTY]);
    // Move numbers by point (y × 9 + x): 1 at C7, 2 at G3.
    assert.deepEqual(p2.board.moveNumbers.flatMap((n, i) => (n > 0 ? [[i, n]] : [])), [[20, 1], [60, 2]]);
    assert.equal(p2.color, 'white');
    assert.deepEqual(p2.point, { x: 6, y: 6 });
    assert.equal(p2.toPlay, 'black');
    assert.deepEqual(p2.path, { mainLine: true, forks: [] });
    assert.deepEqual(
      Object.fromEntries(Object.entries(p2.navigation).map(([k, v]) => [k, lspRangeText(v?.range)])),
      { first: '9:4-9:25', previous: '9:4-9:25', next: '12:6-12:27', last: '12:6-12:27' },
    );

    // The cursor moves into the first variation: move 3, Black at G7.
    place(editor, 12, 8);
    const p3 = await previewShows(editor.document, '12:6-12:27', 3);
    assert.deepEqual(p3.board?.rows, [EMPTY, EMPTY, '..X...X..', EMPTY, EMPTY, EMPTY, '......O..', EMPTY, EMPTY]);
    assert.equal(p3.color, 'black');
    assert.deepEqual(p3.point, { x: 6, y: 2 });
    assert.equal(p3.toPlay, 'white');
    assert.deepEqual(p3.path, { mainLine: true, forks: [{ moveNumber: 3, index: 0, count: 2 }] });
    assert.equal(lspRangeText(p3.navigation.nextVariation?.range), '15:6-15:27');

    // The cursor moves into the second variation: move 3 again, Black at C3.
    place(editor, 15, 8);
    const v2 = await previewShows(editor.document, '15:6-15:27', 3);
    assert.deepEqual(v2.board?.rows, [EMPTY, EMPTY, '..X......', EMPTY, EMPTY, EMPTY, '..X...O..', EMPTY, EMPTY]);
    assert.deepEqual(v2.path, { mainLine: false, forks: [{ moveNumber: 3, index: 1, count: 2 }] });

    // The preview's "previous variation" button (a message from the webview) moves the editor's cursor.
    assert.equal(await post({ type: 'navigate', target: 'previousVariation' }), true);
    await waitFor('the cursor on the first variation', () => (cursorOf(editor) === '12:6' ? true : undefined), 10_000, () => cursorOf(editor));
    assert.deepEqual((await previewShows(editor.document, '12:6-12:27', 3)).point, { x: 6, y: 2 });

    // A message of no known shape is refused and counted (the count is the extension's, since it
    // started), and changes nothing.
    const rejected = (await state()).rejectedMessages;
    assert.equal(await post({ type: 'play', x: 4, y: 4 }), false);
    assert.equal(await post({ type: 'navigate', target: 'somewhere' }), false);
    assert.equal(await post({ type: 'play', x: 4, y: 4, asVariation: false, extra: 1 }), false);
    assert.equal((await state()).rejectedMessages, rejected + 3);
    assert.equal(editor.document.isDirty, false);
  });

  test('wei7 2.2: a click played by the message path writes the move after the cursor\'s move, and one undo takes it back', async () => {
    const editor = await open('game-2.2.wei7');
    await serverReady(editor.document);
    place(editor, 12, 8);
    await vscode.commands.executeCommand('wei7.showPreviewToSide');
    await previewShows(editor.document, '12:6-12:27', 3);
    const before = editor.document.getText();
    const version = editor.document.version;

    // White (to play after move 3) at E5: x 4, y 4.
    assert.equal(await post({ type: 'play', x: 4, y: 4, asVariation: false }), true);
    assert.equal(editor.document.getText(), withLineAfter(before, 12, '      <white x="4" y="4" />'));
    assert.equal(editor.document.version, version + 1, 'one edit');
    assert.equal(cursorOf(editor), '13:6', 'the cursor is on the new move');
    const p4 = await previewShows(editor.document, '13:6-13:27', 4);
    assert.equal(p4.color, 'white');
    assert.deepEqual(p4.point, { x: 4, y: 4 });
    assert.equal(p4.board?.rows[4], '....O....');

    // One undo (the editor has the focus: the preview opened beside without taking it).
    await vscode.commands.executeCommand('undo');
    await waitFor('the undo', () => (editor.document.getText() === before ? true : undefined), 10_000, () => JSON.stringify(editor.document.lineAt(13).text));
    assert.equal(editor.document.isDirty, false);
    await previewShows(editor.document, '12:6-12:27', 3);
  });

  test('wei7 3.0: the preview follows the cursor, a play adds a step, an occupied point is refused, and one undo takes the step back', async () => {
    const editor = await open('game-3.0.wei7');
    await serverReady(editor.document);
    place(editor, 19, 10);
    await vscode.commands.executeCommand('wei7.showPreviewToSide');
    const p2 = await previewShows(editor.document, '19:6-19:84', 2);
    assert.deepEqual(p2.board?.rows, [EMPTY, EMPTY, '..X......', EMPTY, EMPTY, EMPTY, '......O..', EMPTY, EMPTY]);
    assert.equal((await state()).uri, editor.document.uri.toString());

    place(editor, 18, 10);
    const p1 = await previewShows(editor.document, '18:6-18:84', 1);
    assert.deepEqual(p1.board?.rows, [EMPTY, EMPTY, '..X......', EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
    assert.equal(p1.toPlay, 'white');
    assert.equal(lspRangeText(p1.navigation.next?.range), '19:6-19:84');

    place(editor, 19, 10);
    await previewShows(editor.document, '19:6-19:84', 2);
    const before = editor.document.getText();

    // An occupied point: refused with a reason, the text untouched.
    assert.equal(await post({ type: 'play', x: 2, y: 2, asVariation: false }), true);
    assert.equal((await state()).lastNotice, 'There is already a stone at C7: a move must go on an empty point.');
    assert.equal(editor.document.getText(), before);

    // Black (to play after move 2) at E5.
    assert.equal(await post({ type: 'play', x: 4, y: 4, asVariation: false }), true);
    const expected = before.replace(
      '{"x": 6, "y": 6}}}}\n',
      '{"x": 6, "y": 6}}}},\n      {"action": {"type": "move", "value": {"color": 1, "point": {"x": 4, "y": 4}}}}\n',
    );
    assert.notEqual(expected, before);
    assert.equal(editor.document.getText(), expected);
    assert.equal(editor.document.lineAt(20).text, '      {"action": {"type": "move", "value": {"color": 1, "point": {"x": 4, "y": 4}}}}');
    assert.equal(cursorOf(editor), '20:6');
    const p3 = await previewShows(editor.document, '20:6-20:84', 3);
    assert.equal(p3.color, 'black');
    assert.equal(p3.board?.rows[4], '....X....');

    await vscode.commands.executeCommand('undo');
    await waitFor('the undo', () => (editor.document.getText() === before ? true : undefined), 10_000, () => editor.document.getText().slice(-200));
    assert.equal(editor.document.isDirty, false);
  });
  test('wei7 2.2: Go to Move run while the preview has the focus brings the editor beside it to the front, its cursor on the move', async () => {
    const editor = await open('game-2.2.wei7');
    const { document } = editor;
    await serverReady(document);
    place(editor, 10, 6);
    await vscode.commands.executeCommand('wei7.showPreviewToSide');
    await previewShows(document, '10:4-10:25', 2);
    // As after a click on the board: the preview's group has the focus, and no text editor is active.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    await waitFor('the preview to have the focus', () => (vscode.window.activeTextEditor === undefined ? true : undefined), 10_000, () => `${vscode.window.activeTextEditor?.document.uri.path} is active`);
    await vscode.commands.executeCommand('wei7.goToMove', 1);
    assert.equal(vscode.window.activeTextEditor?.document, document);
    assert.equal(vscode.window.activeTextEditor.viewColumn, vscode.ViewColumn.One);
    assert.equal(cursorOf(vscode.window.activeTextEditor), '9:4');
    await previewShows(document, '9:4-9:25', 1);
  });
});
