/// <reference types="mocha" />
/**
 * Diagnostics through the VS Code API, from the language server the extension starts, for both
 * formats; and the language server coming back after its process is killed.
 * Fixtures: test/e2e/workspace/ (the runner opens a fresh copy of it as the workspace folder).
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';

const EXTENSION_ID = 'wei7-tools.wei7';

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the workspace folder test/e2e/workspace open');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Polls until probe() returns something other than undefined, or fails after timeoutMs. */
async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the document's diagnostics satisfy the predicate, and returns them. */
function diagnosticsWhere(uri: vscode.Uri, what: string, ok: (d: readonly vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> {
  return waitFor(`diagnostics of ${uri.path}: ${what}`, () => {
    const diagnostics = vscode.languages.getDiagnostics(uri);
    return ok(diagnostics) ? diagnostics : undefined;
  });
}

async function open(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  assert.equal(document.languageId, 'wei7', `${name} opens as a wei7 document`);
  return vscode.window.showTextDocument(document);
}

/** The diagnostic's code: the server sends the clause number with a link to the spec page. */
function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

function rangeOf(d: { readonly range: vscode.Range }): string {
  const { start, end } = d.range;
  return `${start.line}:${start.character}-${end.line}:${end.character}`;
}

/** The pids of this extension host's language servers: node processes running dist/server.js
 *  with --clientProcessId=<this pid> (so a colleague's server on the same machine is never hit). */
function languageServerPids(): number[] {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is loaded`);
  const script = vscode.Uri.joinPath(extension.extensionUri, 'dist', 'server.js').fsPath;
  const marker = `--clientProcessId=${process.pid}`;
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2]!.includes(script) && m[2]!.includes(marker))
    .map((m) => Number(m[1]));
}

suite('diagnostics', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('wei7 2.2 (XML): a board size of 20 is an error of clause 3.4 on its value', async () => {
    const editor = await open('broken.wei7');
    const [d, ...rest] = await diagnosticsWhere(editor.document.uri, 'one', (ds) => ds.length > 0);
    assert.equal(rest.length, 0, `one diagnostic, got also: ${rest.map((x) => x.message).join(' | ')}`);
    assert.equal(codeOf(d!), '3.4');
    assert.equal(d!.source, 'wei7 2.2');
    assert.equal(d!.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(rangeOf(d!), '1:8-1:10');
    assert.ok(d!.message.startsWith('Board size "20" is not allowed'), d!.message);
  });

  test('wei7 3.0 (JSON): version "3.1" is an error of clause 3.2 on its value', async () => {
    const editor = await open('version-3.1.wei7');
    const [d, ...rest] = await diagnosticsWhere(editor.document.uri, 'one', (ds) => ds.length > 0);
    assert.equal(rest.length, 0, `one diagnostic, got also: ${rest.map((x) => x.message).join(' | ')}`);
    assert.equal(codeOf(d!), '3.2');
    assert.equal(d!.source, 'wei7 3.0');
    assert.equal(d!.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(rangeOf(d!), '0:30-0:35');
  });

  test('a move onto an occupied point: its related information is the move that put the stone there', async () => {
    const editor = await open('occupied-3.0.wei7');
    // Published first without it, then with it once the document is idle (lsp/features/diagnostics.ts).
    const [d, ...rest] = await diagnosticsWhere(editor.document.uri, 'one, with related information', (ds) => (ds[0]?.relatedInformation?.length ?? 0) > 0);
    assert.equal(rest.length, 0, `one diagnostic, got also: ${rest.map((x) => x.message).join(' | ')}`);
    assert.deepEqual([codeOf(d!), rangeOf(d!)], ['3.17', '2:61-2:77']);
    const related = (d!.relatedInformation ?? []).map((place) => [place.location.uri.toString(), rangeOf(place.location), place.message]);
    assert.deepEqual(related, [[editor.document.uri.toString(), '1:61-1:77', "The stone on (2, 3) is Black's, from move 1."]]);
  });

  test('a task running wei7 check with the $wei7 problem matcher puts its problems on the files', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded`);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    // The CLI shipped in the extension (dist/cli.js), run by the extension host's own node.
    const cli = vscode.Uri.joinPath(extension.extensionUri, 'dist', 'cli.js').fsPath;
    const execution = new vscode.ProcessExecution(process.execPath, [cli, 'check', 'broken.wei7', 'version-3.1.wei7'], { cwd: folder.uri.fsPath });
    const task = new vscode.Task({ type: 'wei7-e2e' }, folder, 'wei7 check', 'wei7', execution, ['$wei7']);
    await vscode.tasks.executeTask(task);
    // Not open in an editor: these are the task's problems (source "wei7"), not the server's ("wei7 2.2").
    for (const [name, code, range, message] of [
      ['broken.wei7', '3.4', '1:8-1:8', /^Board size "20" is not allowed/],
      ['version-3.1.wei7', '3.2', '0:30-0:30', /3\.1/],
    ] as const) {
      // The language server's own (source "wei7 2.2") may still be listed from an earlier test that opened the file.
      const fromTask = (ds: readonly vscode.Diagnostic[]): vscode.Diagnostic[] => ds.filter((x) => x.source === 'wei7');
      const [d, ...rest] = fromTask(await diagnosticsWhere(workspaceFile(name), `the task's problem on ${name}`, (ds) => fromTask(ds).length > 0));
      assert.equal(rest.length, 0, rest.map((x) => x.message).join(' | '));
      assert.deepEqual([codeOf(d!), d!.source, d!.severity, rangeOf(d!)], [code, 'wei7', vscode.DiagnosticSeverity.Error, range]);
      assert.match(d!.message, message);
    }
  });

  test('the language server is restarted after it is killed, and diagnoses edits again', async () => {
    const editor = await open('broken.wei7');
    const uri = editor.document.uri;
    await diagnosticsWhere(uri, 'the size error', (ds) => ds.some((d) => d.message.includes('"20"')));
    const [pid, ...others] = languageServerPids();
    assert.ok(pid !== undefined && others.length === 0, `one language server process of this extension host, found ${[pid, ...others].join(', ')}`);

    process.kill(pid, 'SIGKILL');
    const restarted = await waitFor('a new language server process', () => {
      const now = languageServerPids();
      return now.length === 1 && now[0] !== pid ? now[0] : undefined;
    });
    assert.notEqual(restarted, pid);

    // An edit the old server never saw: only a live server can diagnose it.
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(1, 8, 1, 10), '21')), 'the edit applies');
    const after = await diagnosticsWhere(uri, 'the size error for "21"', (ds) => ds.some((d) => d.message.includes('"21"')));
    assert.equal(after.length, 1, after.map((d) => d.message).join(' | '));
    assert.equal(codeOf(after[0]!), '3.4');
    assert.equal(rangeOf(after[0]!), '1:8-1:10');
  });
});
