/// <reference types="mocha" />
/**
 * The language server's editor features through the VS Code API (the `vscode.execute…Provider`
 * commands, which ask every provider VS Code has for the document, exactly as the editor does),
 * on real documents of both formats from test/e2e/workspace/:
 *   game-2.2.wei7 / game-3.0.wei7   the same short 9×9 game (two moves; 2.2 has two variations)
 *   rules-type-2.2.wei7 / -3.0      type "chinese": an error with a quick fix
 *   messy-2.2.wei7 / messy-3.0.wei7 valid documents, badly laid out, for the formatter
 * Every expected value is written out in full: a change of what the server answers shows here.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, diagnosticsWhere, EXTENSION_ID, open, positionText, rangeText, revertAndCloseAll, serverReady, sleep, waitFor } from './util';

/** The hover texts (markdown) of the providers for a place, and the ranges they cover. */
async function hoverAt(document: vscode.TextDocument, line: number, character: number): Promise<{ markdown: string; range: string }> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(line, character));
  assert.equal(hovers.length, 1, `one hover at ${line}:${character}, got ${hovers.length}`);
  const [hover] = hovers;
  const markdown = hover!.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
  assert.ok(hover!.range, 'the hover says which token it is about');
  return { markdown, range: rangeText(hover!.range) };
}

/** The URL of a clause in the spec pages bundled with the extension (dist/spec/). */
function specLink(spec: '2.2' | '3.0', clause: string): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is loaded`);
  const page = vscode.Uri.joinPath(extension.extensionUri, 'dist', 'spec', `wei7-${spec}.html`);
  return `Spec: [wei7 ${spec} §${clause}](file://${page.path}#c${clause})`;
}

/** The board a move hover draws for the game's first two moves (9×9: the whole board). */
const BOARD_AFTER_MOVE_2 = [
  '```text',
  '  A B C D E F G H J',
  '9 . . . . . . . . .',
  '8 . . . . . . . . .',
  '7 . . X . . . . . .',
  '6 . . . . . . . . .',
  '5 . . . . . . . . .',
  '4 . . . . . . . . .',
  '3 . . . . . .(O). .',
  '2 . . . . . . . . .',
  '1 . . . . . . . . .',
  '```',
].join('\n');

/** Writes `    <moves` as a new line `line` and types its ">" with the cursor after it, as a user does (VS Code's type command). */
async function typeMovesStartTag(editor: vscode.TextEditor, line: number): Promise<void> {
  await editor.edit((b) => b.insert(new vscode.Position(line, 0), '    <moves\n'));
  editor.selection = new vscode.Selection(line, 10, line, 10);
  await vscode.commands.executeCommand('type', { text: '>' });
}

/** The labels a completion list offers, in its order. */
function labels(list: vscode.CompletionList): string[] {
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

function insertText(item: vscode.CompletionItem | undefined): string | undefined {
  const text = item?.insertText;
  return typeof text === 'string' || text === undefined ? text : text.value;
}

function replaceRange(item: vscode.CompletionItem | undefined): string | undefined {
  const range = item?.range;
  if (!range) return undefined;
  return range instanceof vscode.Range ? rangeText(range) : rangeText(range.replacing);
}

/** The outline as lines: `name (detail) Kind range selectionRange`, children indented. */
function outline(symbols: readonly vscode.DocumentSymbol[], indent = ''): string[] {
  return symbols.flatMap((s) => [
    `${indent}${s.name}${s.detail ? ` (${s.detail})` : ''} ${vscode.SymbolKind[s.kind]} ${rangeText(s.range)} ${rangeText(s.selectionRange)}`,
    ...outline(s.children, `${indent}  `),
  ]);
}

/** The whole document's inlay hints as `line:character label`. */
async function inlayHints(document: vscode.TextDocument): Promise<string[]> {
  const whole = new vscode.Range(0, 0, document.lineCount, 0);
  const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, whole);
  return hints.map((h) => `${positionText(h.position)} ${typeof h.label === 'string' ? h.label : h.label.map((part) => part.value).join('')}`);
}

async function foldingRanges(document: vscode.TextDocument): Promise<string[]> {
  const ranges = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', document.uri);
  return ranges.map((r) => `${r.start}-${r.end}${r.kind === undefined ? '' : ` ${vscode.FoldingRangeKind[r.kind]}`}`);
}

/** Applies the whole-document formatting the providers answer, and returns the new text. */
async function format(document: vscode.TextDocument): Promise<{ edits: number; text: string }> {
  const options: vscode.FormattingOptions = { tabSize: 2, insertSpaces: true };
  const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', document.uri, options);
  assert.ok(edits && edits.length > 0, 'the formatter has edits for a messy document');
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.set(document.uri, edits);
  assert.ok(await vscode.workspace.applyEdit(workspaceEdit), 'the formatting edits apply');
  return { edits: edits.length, text: document.getText() };
}

/** Applies the only quick fix for the document's only diagnostic; returns the action's title. */
async function applyOnlyQuickFix(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Promise<vscode.CodeAction> {
  const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
  assert.equal(actions.length, 1, `one quick fix, got ${actions.map((a) => a.title).join(' | ')}`);
  const action = actions[0] as vscode.CodeAction;
  assert.ok(action.edit, 'the quick fix is an edit');
  assert.equal(action.kind?.value, 'quickfix');
  assert.equal(action.isPreferred, true);
  assert.ok(await vscode.workspace.applyEdit(action.edit), 'the quick fix applies');
  return action;
}

suite('features', () => {
  teardown(revertAndCloseAll);

  test('hover, wei7 2.2: a move (number, colour, coordinates, Q16-style point, SGF, the board after it) and a clause', async () => {
    const { document } = await open('game-2.2.wei7');
    await serverReady(document);

    // <white x="6" y="6" /> on line 10: the element name is the token.
    const move = await hoverAt(document, 10, 6);
    assert.equal(move.range, '10:5-10:10');
    const [moveSection, clauseSection] = move.markdown.split('\n\n---\n\n');
    assert.equal(moveSection, ['**Move 2** · White · (6, 6) · G3 · SGF `gg`', 'Captures: none', 'Position after the move:', BOARD_AFTER_MOVE_2].join('\n\n'));
    assert.ok(clauseSection?.startsWith('**§3.17** · `<white>`\n\n> 对于 black, white 元素而言'), clauseSection);
    assert.ok(clauseSection.endsWith(specLink('2.2', '3.17')), clauseSection);

    // scoring="area" in <rules>: the attribute's clause, in Chinese, its English summary, the link.
    const clause = await hoverAt(document, 4, 20);
    assert.equal(clause.range, '4:20-4:24');
    const parts = clause.markdown.split('\n\n');
    assert.equal(parts.length, 4, clause.markdown);
    assert.equal(parts[0], '**§3.6** · `scoring`');
    assert.ok(parts[1]!.startsWith('> rules 元素表示规则，仅含有属性，共可含 3 个属性 scoring, komi, type。'), parts[1]);
    assert.equal(parts[2], 'rules has only the attributes scoring (area \\| territory), komi (0 \\< komi \\< 10, a multiple of 0.5, no needless zeros, in points/目) and type (Chinese \\| Japanese \\| Korean).');
    assert.equal(parts[3], specLink('2.2', '3.6'));
  });

  test('hover, wei7 3.0: a move and a clause; komi in 目 and 子', async () => {
    const { document } = await open('game-3.0.wei7');
    await serverReady(document);

    // "point" of the second step.
    const move = await hoverAt(document, 19, 57);
    assert.equal(move.range, '19:56-19:63');
    const [moveSection, clauseSection] = move.markdown.split('\n\n---\n\n');
    assert.equal(moveSection, ['**Move 2** · White · (6, 6) · G3 · SGF `gg`', 'Captures: none', 'Position after the move:', BOARD_AFTER_MOVE_2].join('\n\n'));
    assert.equal(clauseSection, ['**§3.16.3.2.1.2** · `point`', '> point 值满足 nullable(point)约束。如为 null 则表示 pass。', 'point: nullable(point); null is a pass.', specLink('3.0', '3.16.3.2.1.2')].join('\n\n'));

    const size = await hoverAt(document, 3, 3);
    assert.equal(size.range, '3:2-3:8');
    assert.ok(size.markdown.startsWith('**§3.9** · `size`\n\n> 根对象的 size 属性表示棋盘的路数'), size.markdown);
    assert.ok(size.markdown.endsWith(`size: a positive integer (a square board) or an object with exactly width and height, positive integers; default 19.\n\n${specLink('3.0', '3.9')}`), size.markdown);

    const komi = await hoverAt(document, 6, 34);
    assert.equal(komi.range, '6:33-6:39');
    assert.ok(komi.markdown.startsWith('Komi **7 目**: under area scoring (数子), 7 目 = 3.5 子, as 1 子 = 2 目 (§3.10.9).\n\n---\n\n**§3.10.1** · `komi`'), komi.markdown);
  });

  test('completion, wei7 2.2: after "<" in <moves>, the elements allowed there and snippets for the next move (Black after White)', async () => {
    const editor = await open('game-2.2.wei7');
    await serverReady(editor.document);
    // A new line after <white x="6" y="6" />, before the variations: "    <".
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(10, 25), '\n    <')), 'the edit applies');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(11, 5), '<');
    assert.deepEqual(labels(list), ['moves', 'black', 'white', 'mark', 'move', 'pass', 'variation']);
    const byLabel = (label: string) => list.items.find((i) => i.label === label);
    assert.equal(insertText(byLabel('move')), '<black x="$1" y="$2" />');
    assert.equal(insertText(byLabel('pass')), '<black type="pass" />');
    assert.equal(insertText(byLabel('variation')), '<moves>\n\t<black x="$1" y="$2" />$0\n</moves>');
    assert.equal(byLabel('move')?.kind, vscode.CompletionItemKind.Snippet);
    assert.equal(byLabel('black')?.kind, vscode.CompletionItemKind.Class);
    // Each replaces the "<" typed.
    assert.deepEqual([...new Set(list.items.map(replaceRange))], ['11:4-11:5']);
  });

  test('completion, wei7 3.0: at a key position in "info", the properties not yet written', async () => {
    const editor = await open('game-3.0.wei7');
    await serverReady(editor.document);
    // An empty, indented line after "name": still valid JSON.
    assert.equal(editor.document.lineAt(5).text, '    "name": "e2e: a short 9×9 game",');
    assert.ok(await editor.edit((b) => b.insert(editor.document.lineAt(5).range.end, '\n    ')), 'the edit applies');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(6, 4));
    assert.deepEqual(labels(list), ['domain', 'id', 'time', 'place', 'result']);
    assert.deepEqual(list.items.map(insertText), ['"domain": "$1",', '"id": "$1",', '"time": "$1",', '"place": "$1",', '"result": {$1},']);
    assert.ok(list.items.every((i) => i.kind === vscode.CompletionItemKind.Property));
  });

  test('document symbols: the outline of both formats (names, details, kinds, ranges)', async () => {
    const xml = (await open('game-2.2.wei7')).document;
    await serverReady(xml);
    const xmlSymbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', xml.uri);
    assert.deepEqual(outline(xmlSymbols), [
      'Game information Object 3:2-7:9 3:3-3:7',
      '  Name (e2e: a short 9×9 game) Property 3:8-3:36 3:8-3:12',
      '  Rules (Chinese, area, komi 7) Property 4:4-4:52 4:5-4:10',
      '  Black (Kuro) Property 5:4-5:25 5:5-5:10',
      '  White (Shiro) Property 6:4-6:26 6:5-6:10',
      'Game record (move 1: Black C7) Namespace 8:2-17:10 8:3-8:8',
      '  Variation 1 (move 3: Black G7) Namespace 11:4-13:12 11:5-11:10',
      '  Variation 2 (move 3: Black C3) Namespace 14:4-16:12 14:5-14:10',
    ]);

    const json = (await open('game-3.0.wei7')).document;
    await serverReady(json);
    const jsonSymbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', json.uri);
    assert.deepEqual(outline(jsonSymbols), [
      'Game information Object 4:2-15:3 4:2-4:8',
      '  Name (e2e: a short 9×9 game) Property 5:4-5:35 5:4-5:10',
      '  Rules (Chinese, area, komi 7) Property 6:4-6:62 6:4-6:11',
      '  Black (Kuro) Property 12:6-12:36 12:22-12:23',
      '  White (Shiro) Property 13:6-13:36 13:22-13:23',
      'Game record (move 1: Black C7) Namespace 16:2-21:3 16:2-16:8',
    ]);
  });

  test('folding: elements (through the line before the end tag) and objects and arrays over several lines', async () => {
    const xml = (await open('game-2.2.wei7')).document;
    await serverReady(xml);
    assert.deepEqual(await foldingRanges(xml), ['1-17', '3-6', '8-16', '11-12', '14-15']);
    const json = (await open('game-3.0.wei7')).document;
    await serverReady(json);
    assert.deepEqual(await foldingRanges(json), ['0-21', '4-14', '7-9', '11-13', '16-20', '17-19']);
  });

  test('inlay hints: the move number after each move, numbered along its own line of play', async () => {
    const xml = (await open('game-2.2.wei7')).document;
    await serverReady(xml);
    // Both variations' first move is move 3.
    assert.deepEqual(await inlayHints(xml), ['9:25 1', '10:25 2', '12:27 3', '15:27 3']);
    const json = (await open('game-3.0.wei7')).document;
    await serverReady(json);
    assert.deepEqual(await inlayHints(json), ['18:84 1', '19:84 2']);
  });

  test('definition, wei7 3.0: from players[1].participant to the participants entry it indexes', async () => {
    const { document } = await open('game-3.0.wei7');
    await serverReady(document);
    // {"participant": 1, ...} on line 13; the index is at character 22.
    const found = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', document.uri, new vscode.Position(13, 22));
    const targets = found.map((l) => ('targetUri' in l ? `${l.targetUri.toString()} ${rangeText(l.targetRange)}` : `${l.uri.toString()} ${rangeText(l.range)}`));
    assert.deepEqual(targets, [`${document.uri.toString()} 9:6-9:23`]);
    assert.equal(document.getText(new vscode.Range(9, 6, 9, 23)), '{"name": "Shiro"}');
    // The colour next to it is no index: nothing to go to.
    const none = await vscode.commands.executeCommand<unknown[]>('vscode.executeDefinitionProvider', document.uri, new vscode.Position(13, 33));
    assert.deepEqual(none, []);
  });

  test('highlights, wei7 2.2: a variation\'s <moves> and its own </moves>', async () => {
    const { document } = await open('game-2.2.wei7');
    await serverReady(document);
    // The second variation: <moves> on line 14 (name at 5-10), </moves> on line 16 (name at 6-11).
    const highlights = await vscode.commands.executeCommand<vscode.DocumentHighlight[]>('vscode.executeDocumentHighlights', document.uri, new vscode.Position(14, 7));
    assert.deepEqual(highlights.map((h) => rangeText(h.range)), ['14:5-14:10', '16:6-16:11']);
  });

  test('linked editing, wei7 2.2: with editor.linkedEditing on, a letter typed into <moves> is typed into its </moves>', async () => {
    const editorSettings = vscode.workspace.getConfiguration('editor');
    await editorSettings.update('linkedEditing', true, vscode.ConfigurationTarget.Global);
    try {
      const editor = await open('game-2.2.wei7');
      const { document } = editor;
      await serverReady(document);
      // The cursor at the end of the second variation's start tag name (line 14, "moves" at 5-10);
      // VS Code asks for the linked ranges after the cursor rests (it has no command to ask them).
      editor.selection = new vscode.Selection(14, 10, 14, 10);
      await sleep(1_000);
      await vscode.commands.executeCommand('type', { text: 'x' });
      const state = (): string => `${document.lineAt(14).text.trim()} ${document.lineAt(16).text.trim()}`;
      await waitFor('the end tag renamed with the start tag', () => (state() === '<movesx> </movesx>' ? true : undefined), 10_000, state);
    } finally {
      await editorSettings.update('linkedEditing', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('auto-closing, wei7 2.2: typing the ">" of a new <moves> writes </moves> after the cursor', async () => {
    const editor = await open('game-2.2.wei7');
    const { document } = editor;
    await serverReady(document);
    // A new variation after the second one (line 16 is its </moves>).
    await typeMovesStartTag(editor, 17);
    // The snippet's text comes before its cursor: wait for both.
    const state = (): string => `${document.lineAt(17).text} ${positionText(editor.selection.active)}`;
    await waitFor('the end tag written after the cursor', () => (state() === '    <moves></moves> 17:11' ? true : undefined), 10_000, state);
    // Undo takes the end tag away and leaves the ">" typed.
    await vscode.commands.executeCommand('undo');
    assert.equal(document.lineAt(17).text, '    <moves>');
  });

  test('Go to Move, wei7 2.2: the cursor goes to move N of the line of play through it', async () => {
    const editor = await open('game-2.2.wei7');
    await serverReady(editor.document);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('wei7.goToMove', 2);
    assert.equal(positionText(editor.selection.active), '10:4');
    // Move 3 has two alternatives: the first variation's on the main line, the second's from inside it.
    await vscode.commands.executeCommand('wei7.goToMove', 3);
    assert.equal(positionText(editor.selection.active), '12:6');
    editor.selection = new vscode.Selection(16, 4, 16, 4);
    await vscode.commands.executeCommand('wei7.goToMove', 3);
    assert.equal(positionText(editor.selection.active), '15:6');
    await vscode.commands.executeCommand('wei7.goToMove', 1);
    assert.equal(positionText(editor.selection.active), '9:4');
  });

  test('auto-closing gives up when the user typed on, moved the cursor, or turned it off', async () => {
    const editor = await open('game-2.2.wei7');
    const { document } = editor;
    await serverReady(document);
    // A letter typed right after the ">" (within the client's 100 ms wait): the text changed.
    await typeMovesStartTag(editor, 17);
    await vscode.commands.executeCommand('type', { text: 'x' });
    // The cursor moved away right after the ">".
    await typeMovesStartTag(editor, 18);
    editor.selection = new vscode.Selection(10, 0, 10, 0);
    // Turned off.
    const settings = vscode.workspace.getConfiguration('wei7');
    await settings.update('autoCloseTags', false, vscode.ConfigurationTarget.Global);
    try {
      await typeMovesStartTag(editor, 19);
      // Ten times the client's wait: an end tag would have come by now (it did within it above).
      await sleep(1_000);
      assert.deepEqual([17, 18, 19].map((line) => document.lineAt(line).text), ['    <moves>x', '    <moves>', '    <moves>']);
    } finally {
      await settings.update('autoCloseTags', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('quick fix, wei7 2.2: type="chinese" becomes "Chinese", and the error goes away', async () => {
    const { document } = await open('rules-type-2.2.wei7');
    const [d, ...rest] = await diagnosticsWhere(document.uri, 'the rules type error', (ds) => ds.length > 0);
    assert.equal(rest.length, 0, rest.map((x) => x.message).join(' | '));
    assert.equal(codeOf(d!), '3.6');
    assert.equal(rangeText(d!.range), '4:41-4:48');
    assert.equal(d!.message, 'type="chinese" is not allowed; type must be one of: Chinese, Japanese, Korean. Did you mean "Chinese"?');

    const action = await applyOnlyQuickFix(document, d!);
    assert.equal(action.title, 'Change to type="Chinese"');
    assert.equal(document.lineAt(4).text, '    <rules scoring="area" komi="7" type="Chinese" />');
    await diagnosticsWhere(document.uri, 'none after the fix', (ds) => ds.length === 0);
  });

  test('quick fix, wei7 3.0: "type": "chinese" becomes "Chinese", and the error goes away', async () => {
    const { document } = await open('rules-type-3.0.wei7');
    const [d, ...rest] = await diagnosticsWhere(document.uri, 'the rules type error', (ds) => ds.length > 0);
    assert.equal(rest.length, 0, rest.map((x) => x.message).join(' | '));
    assert.equal(codeOf(d!), '3.10.1');
    assert.equal(rangeText(d!.range), '6:52-6:61');
    assert.equal(d!.message, '"type" must be one of "Chinese", "Japanese", "Korean"; found "chinese". Did you mean "Chinese"?');

    const action = await applyOnlyQuickFix(document, d!);
    assert.equal(action.title, 'Change to "Chinese"');
    assert.equal(document.lineAt(6).text, '    "rules": {"scoring": "area", "komi": 7, "type": "Chinese"},');
    await diagnosticsWhere(document.uri, 'none after the fix', (ds) => ds.length === 0);
  });

  test('formatting, wei7 2.2: a messy document comes out one element a line, indented by two', async () => {
    const { document } = await open('messy-2.2.wei7');
    await serverReady(document);
    const { text } = await format(document);
    assert.equal(
      text,
      [
        '<wei7 version="2.2">',
        '  <size>9</size>',
        '  <game name="e2e: messy">',
        '    <rules komi="7" type="Chinese" />',
        '    <black name="Kuro" />',
        '    <white name="Shiro" />',
        '  </game>',
        '  <moves>',
        '    <black x="2" y="2" />',
        '    <white x="6" y="6" />',
        '  </moves>',
        '</wei7>',
        '',
      ].join('\n'),
    );
    // Formatting again changes nothing.
    const again = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', document.uri, { tabSize: 2, insertSpaces: true });
    assert.deepEqual(again ?? [], []);
  });

  test('formatting, wei7 3.0: a messy document comes out one property a line, short objects kept on one line', async () => {
    const { document } = await open('messy-3.0.wei7');
    await serverReady(document);
    const { text } = await format(document);
    assert.equal(
      text,
      [
        '{',
        '  "format": "wei7",',
        '  "version": "3.0",',
        '  "size": 9,',
        '  "info": {',
        '    "name": "e2e: messy",',
        '    "participants": [',
        '      {"name": "Kuro"},',
        '      {"name": "Shiro"}',
        '    ],',
        '    "players": [',
        '      {"participant": 0, "color": 1},',
        '      {"participant": 1, "color": 2}',
        '    ]',
        '  },',
        '  "tree": {',
        '    "steps": [',
        '      {"action": {"type": "move", "value": {"color": 1, "point": {"x": 2, "y": 2} } } },',
        '      {"action": {"type": "move", "value": {"color": 2, "point": null} } }',
        '    ]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const again = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', document.uri, { tabSize: 2, insertSpaces: true });
    assert.deepEqual(again ?? [], []);
  });
});
