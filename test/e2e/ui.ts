/**
 * The UI check, in the real workbench a user sees: package the extension as a .vsix with
 * @vscode/vsce (offline), install it into a fresh code-server with --install-extension, open the
 * workbench in Chromium, open broken.wei7 with Ctrl+P, wait for the squiggle, hover it, and check
 * the hover's text. Screenshots go to the artifacts dir (default .e2e/artifacts/).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import {
  codeServerCli,
  fileLog,
  launchBrowser,
  makeTempDir,
  profileIn,
  startCodeServer,
  workbenchUrl,
  type Browser,
  type CodeServer,
  type E2eEnv,
} from './driver';
import type { TestOutcome } from './suite/index';

export interface UiCheckOptions {
  readonly env: E2eEnv;
  /** Logs of this run (kept on failure). */
  readonly runDir: string;
  /** Screenshots. */
  readonly artifactsDir: string;
  /** Prints progress to the terminal. */
  readonly say: (line: string) => void;
}

const FILE = 'broken.wei7';
const MESSAGE = 'Board size "20" is not allowed';
const CODE = '3.4';

/** Finds a tool in the repository's node_modules, else among the tools setup.sh installed. */
function resolveTool(env: E2eEnv, request: string): string {
  return require.resolve(request, { paths: [env.repo, env.toolsNodeModules] });
}

/** Packages the extension the way a release would, into the run dir. Returns the .vsix path. */
function packageVsix(o: UiCheckOptions): { vsix: string; notes: string[] } {
  const { repo } = o.env;
  const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string; repository?: unknown };
  const vsix = path.join(o.runDir, `${manifest.name}-${manifest.version}.vsix`);
  // Everything the extension runs is bundled in dist/: no node_modules in the package.
  const args = ['package', '--no-dependencies', '--out', vsix];
  const notes: string[] = [];
  // vsce asks on stdin about these; the answer would be no, and CI has no stdin.
  if (!['LICENSE', 'LICENSE.md', 'LICENSE.txt'].some((f) => fs.existsSync(path.join(repo, f)))) {
    args.push('--skip-license');
    notes.push('no LICENSE file: packaged with --skip-license');
  }
  if (manifest.repository === undefined) {
    // Without a repository vsce cannot make README's relative links absolute, and stops.
    args.push('--allow-missing-repository', '--no-rewrite-relative-links');
    notes.push('no "repository" in package.json: packaged with --allow-missing-repository --no-rewrite-relative-links');
  }
  // For trying another ignore file before the repository's .vscodeignore is in place.
  if (process.env.WEI7_E2E_VSCODEIGNORE) {
    args.push('--ignoreFile', path.resolve(process.env.WEI7_E2E_VSCODEIGNORE));
    notes.push(`ignore file ${process.env.WEI7_E2E_VSCODEIGNORE} (WEI7_E2E_VSCODEIGNORE)`);
  } else if (!fs.existsSync(path.join(repo, '.vscodeignore'))) {
    notes.push('no .vscodeignore: the package takes the whole repository');
  }
  const logFile = path.join(o.runDir, 'vsce.log');
  const res = spawnSync(process.execPath, [resolveTool(o.env, '@vscode/vsce/vsce'), ...args], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 180_000,
  });
  fs.writeFileSync(logFile, `$ vsce ${args.join(' ')}\n${res.stdout ?? ''}${res.stderr ?? ''}`);
  if (res.status !== 0 || !fs.existsSync(vsix)) {
    throw new Error(`vsce package failed (${res.error?.message ?? `exit ${res.status}`}; log ${logFile}):\n${(res.stderr || res.stdout || '').trim()}`);
  }
  return { vsix, notes };
}

/** The package's entries, through Python's zipfile (setup.sh installs python3). */
function vsixEntries(vsix: string): string[] {
  const out = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', vsix], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

/** What a user's package must hold, and what it must not. */
function checkVsixContents(entries: string[]): string[] {
  const problems: string[] = [];
  for (const needed of ['extension/package.json', 'extension/dist/client.js', 'extension/dist/server.js']) {
    if (!entries.includes(needed)) problems.push(`missing ${needed}`);
  }
  const forbidden = entries.filter(
    (e) => /^extension\/(node_modules|client|server|test|out|scripts|\.e2e|\.ci|\.git|bench)\//.test(e) || (/\.ts$/.test(e) && !e.endsWith('.d.ts')),
  );
  if (forbidden.length) problems.push(`${forbidden.length} files that a user does not need, e.g. ${forbidden.slice(0, 5).join(', ')}`);
  return problems;
}

async function quickOpen(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input', { timeout: 30_000 });
  await page.keyboard.type(name);
  await page.waitForSelector(`.quick-input-list .monaco-list-row:has-text("${name}")`, { timeout: 30_000 });
  await page.keyboard.press('Enter');
}

export async function runUiCheck(o: UiCheckOptions): Promise<TestOutcome[]> {
  const outcomes: TestOutcome[] = [];
  const steps = ['package the .vsix', 'install the .vsix into code-server', `a squiggle under the error in ${FILE}`, `the hover shows the message and clause ${CODE}`];
  let current = 0;
  let started = Date.now();
  const pass = (note = '') => {
    outcomes.push({ title: `ui: ${steps[current]}${note}`, state: 'passed', durationMs: Date.now() - started });
    o.say(`  ✔ ui: ${steps[current]}${note} (${Date.now() - started} ms)`);
    current++;
    started = Date.now();
  };

  fs.mkdirSync(o.artifactsDir, { recursive: true });
  for (const f of fs.readdirSync(o.artifactsDir)) if (/^ui-.*\.png$/.test(f)) fs.rmSync(path.join(o.artifactsDir, f));
  const log = fileLog(path.join(o.runDir, 'ui.log'));
  const temp = makeTempDir('ui');
  const profile = profileIn(temp);
  const workspace = path.join(o.runDir, 'ui-workspace');
  fs.cpSync(path.join(o.env.repo, 'test', 'e2e', 'workspace'), workspace, { recursive: true });
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  try {
    const { vsix, notes } = packageVsix(o);
    for (const note of notes) o.say(`  ! ui: ${note}`);
    const entries = vsixEntries(vsix);
    const problems = checkVsixContents(entries);
    if (problems.length) throw new Error(`the .vsix is not right: ${problems.join('; ')}`);
    pass(` (${entries.length} files, ${Math.round(fs.statSync(vsix).size / 1024)} KiB)`);

    await codeServerCli(o.env, profile, ['--install-extension', vsix], path.join(o.runDir, 'ui-install.log'));
    const installed = fs.readdirSync(profile.extensionsDir).filter((d) => d.startsWith('wei7-tools.wei7-'));
    if (installed.length !== 1) throw new Error(`--install-extension left ${JSON.stringify(fs.readdirSync(profile.extensionsDir))} in the extensions dir`);
    pass(` (${installed[0]})`);

    server = await startCodeServer(o.env, profile, { runDir: o.runDir, logFile: path.join(o.runDir, 'ui-code-server.log') });
    browser = await launchBrowser(o.env, log);
    const { page } = browser;
    await page.goto(workbenchUrl(server, workspace), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 90_000 });
    // Focus the workbench (not the browser's own shortcuts) before using its keybindings.
    await page.locator('.monaco-workbench').click({ position: { x: 700, y: 450 } });
    await quickOpen(page, FILE);
    const squiggle = page.locator('.monaco-editor .squiggly-error').first();
    await squiggle.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(500); // let the editor finish painting before the screenshot
    await page.screenshot({ path: path.join(o.artifactsDir, 'ui-squiggle.png') });
    pass();

    // locator.hover() is refused (the editor's overlay is on top): move the mouse there instead.
    const box = await squiggle.boundingBox();
    if (!box) throw new Error('the squiggle has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 6);
    const hover = page.locator('.monaco-hover:visible', { hasText: MESSAGE }).first();
    await hover.waitFor({ state: 'visible', timeout: 30_000 });
    // The hover's status line says "Checking for quick fixes..." for a moment: let it settle.
    for (let i = 0; i < 50 && /Checking for quick fixes/.test(await hover.innerText()); i++) await page.waitForTimeout(100);
    const text = (await hover.innerText()).replace(/\s+/g, ' ');
    log(`hover text: ${text}`);
    await page.screenshot({ path: path.join(o.artifactsDir, 'ui-hover.png') });
    if (!text.includes(MESSAGE) || !text.includes(CODE)) throw new Error(`the hover reads "${text}"`);
    pass();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    outcomes.push({ title: `ui: ${steps[current]}`, state: 'failed', error: message });
    o.say(`  ✘ ui: ${steps[current]}: ${message.split('\n')[0]}`);
    const shot = path.join(o.artifactsDir, 'ui-failure.png');
    if (await browser?.page.screenshot({ path: shot }).then(() => true, () => false)) o.say(`    screenshot: ${shot}`);
    for (const step of steps.slice(current + 1)) outcomes.push({ title: `ui: ${step}`, state: 'skipped' });
  } finally {
    await browser?.close();
    await server?.stop();
    // The server-side logs (extension host, language server output) stay with the run's logs.
    const logs = path.join(profile.userDataDir, 'logs');
    if (fs.existsSync(logs)) fs.cpSync(logs, path.join(o.runDir, 'ui-vscode-logs'), { recursive: true });
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return outcomes;
}
