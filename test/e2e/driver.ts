/**
 * The code-server side of the end-to-end tests (see test/e2e/README.md).
 *
 * - As a library (bundled into out/e2e/runTests.js, used by ui.ts): paths of the cached installs,
 *   starting and stopping one code-server in its own process group, launching Debian's Chromium
 *   through playwright-core, settings for a fresh profile.
 * - As a program (out/e2e/driver.js, started by code-server-shim.sh with `--shim` and the
 *   Electron-style arguments @vscode/test-electron's runTests gives a VS Code executable):
 *   starts code-server, opens the workbench with the extension under development and the test
 *   entry in its URL payload, patches `developmentOptions.enableSmokeTestDriver` into the page so
 *   the built workbench honours that payload, and exits with the exit code the workbench reports
 *   through `codeAutomationExit` when the extension host's tests are done.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// ---------------------------------------------------------------------------------------------
// Where things are

/** The versions setup.sh installs; the same environment variables override both. */
const NODE_VERSION = process.env.WEI7_E2E_NODE_VERSION ?? '24.21.0';
const CODE_SERVER_VERSION = process.env.WEI7_E2E_CODE_SERVER_VERSION ?? '4.139.1';

export interface E2eEnv {
  /** The repository root (the folder of the extension's package.json). */
  readonly repo: string;
  /** Installs from setup.sh: $WEI7_E2E_CACHE, default ~/.cache/wei7-e2e (outside the repo: vsce walks the whole tree when packaging). */
  readonly cacheDir: string;
  /** Node 24, which code-server needs. */
  readonly nodeBin: string;
  /** code-server's entry script, run with nodeBin. */
  readonly codeServerEntry: string;
  readonly chromium: string;
  /** node_modules of the tools setup.sh installs when the repository lacks them. */
  readonly toolsNodeModules: string;
}

function findRepo(): string {
  if (process.env.WEI7_E2E_REPO) return path.resolve(process.env.WEI7_E2E_REPO);
  // The bundles live in out/e2e/; walk up to the extension's package.json.
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'wei7') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no wei7 package.json above ${__dirname}; set WEI7_E2E_REPO`);
  }
}

export function e2eEnv(): E2eEnv {
  const repo = findRepo();
  const cacheDir = path.resolve(repo, process.env.WEI7_E2E_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'wei7-e2e'));
  return {
    repo,
    cacheDir,
    nodeBin: path.join(cacheDir, `node-${NODE_VERSION}`, 'bin', 'node'),
    codeServerEntry: path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: process.env.WEI7_E2E_CHROMIUM ?? '/usr/bin/chromium',
    toolsNodeModules: path.join(cacheDir, 'tools', 'node_modules'),
  };
}

/** Throws, naming the setup script, when an install it makes is missing. */
export function checkInstalled(env: E2eEnv): void {
  for (const [what, file] of [['Node 24', env.nodeBin], ['code-server', env.codeServerEntry], ['chromium', env.chromium]] as const) {
    if (!fs.existsSync(file)) throw new Error(`${what} is missing (${file}): run bash test/e2e/setup.sh`);
  }
}

const tempDirs = new Set<string>();

/** A new directory under the system temp dir: code-server puts a Unix socket in its user-data dir,
 *  and socket paths are limited to 107 bytes, so profiles stay short and out of the repository. */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wei7-e2e-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/** Removes what makeTempDir made in this process (also when a watchdog cuts a run short). */
export function removeTempDirs(): void {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

// ---------------------------------------------------------------------------------------------
// Logging into a run directory

export type Log = (line: string) => void;

/** Appends time-stamped lines to a file (synchronously, so nothing is lost when a process dies). */
export function fileLog(file: string): Log {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return (line) => fs.appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
}

// ---------------------------------------------------------------------------------------------
// Process groups

/** Each code-server group is recorded in <runDir>/pgids, so that the runner can kill leftovers
 *  even when the process that started them was killed itself. */
export function recordGroup(runDir: string, pgid: number): void {
  fs.mkdirSync(runDir, { recursive: true });
  fs.appendFileSync(path.join(runDir, 'pgids'), `${pgid}\n`);
}

export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the whole group, then SIGKILL to what is left after the grace period. */
export async function stopGroup(pgid: number, graceMs = 5000): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
}

/** Kills every group recorded in <runDir>/pgids that is still alive; returns how many it found. */
export function killRecordedGroups(runDir: string): number {
  const file = path.join(runDir, 'pgids');
  if (!fs.existsSync(file)) return 0;
  let found = 0;
  for (const pgid of fs.readFileSync(file, 'utf8').split('\n').map(Number).filter((n) => n > 1)) {
    if (groupAlive(pgid)) {
      found++;
      signalGroup(pgid, 'SIGKILL');
    }
  }
  return found;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// code-server

/** User settings of a fresh profile: nothing that phones out, asks, or opens by itself. */
export const PROFILE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  // The secondary side bar (chat) would stand empty beside the editor in the screenshots.
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.enableExperiments': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  // Without it an AI agent process starts.
  'chat.disableAIFeatures': true,
  // The test workspace is a folder inside this repository: keep git out of it.
  'git.enabled': false,
  'files.autoSave': 'off',
};

export function writeProfileSettings(userDataDir: string): void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(PROFILE_SETTINGS, null, 2));
}

export interface Profile {
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** XDG_CONFIG_HOME and XDG_DATA_HOME, so that nothing lands in ~/.config. */
  readonly xdgDir: string;
}

export function profileIn(dir: string): Profile {
  return { userDataDir: path.join(dir, 'udd'), extensionsDir: path.join(dir, 'exts'), xdgDir: path.join(dir, 'xdg') };
}

function codeServerEnv(env: E2eEnv, profile: Profile): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // A VS Code terminal's variables would make code-server talk to that VS Code.
    if (!k.startsWith('VSCODE_') && k !== 'ELECTRON_RUN_AS_NODE') out[k] = v;
  }
  // No extension gallery (code-server's default is open-vsx.org): this machine reaches no gallery,
  // and the tests install only the .vsix they build.
  out.EXTENSIONS_GALLERY ??= '{}';
  out.XDG_CONFIG_HOME = profile.xdgDir;
  out.XDG_DATA_HOME = profile.xdgDir;
  out.PATH = `${path.dirname(env.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`;
  return out;
}

/** Runs code-server's CLI once (e.g. --install-extension) and waits for it, with a time limit. */
export async function codeServerCli(env: E2eEnv, profile: Profile, args: string[], logFile: string, timeoutMs = 120_000): Promise<void> {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  try {
    const child = spawn(env.nodeBin, [env.codeServerEntry, '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir, ...args], {
      env: codeServerEnv(env, profile),
      stdio: ['ignore', out, out],
      detached: true,
    });
    const pgid = child.pid;
    if (pgid === undefined) throw new Error('code-server did not start');
    const timer = setTimeout(() => void stopGroup(pgid, 1000), timeoutMs);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (c) => resolve(c));
    }).finally(() => clearTimeout(timer));
    if (groupAlive(pgid)) await stopGroup(pgid, 1000);
    if (code !== 0) throw new Error(`code-server ${args.join(' ')} exited with ${code} (log: ${logFile})\n${tail(logFile, 15)}`);
  } finally {
    fs.closeSync(out);
  }
}

export interface CodeServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly pgid: number;
  readonly logFile: string;
  /** Resolves with the exit code when code-server's main process exits. */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts code-server on 127.0.0.1 with a port the kernel picks (port 0: no race with other runs),
 * in its own process group (setsid), and waits until it answers /healthz.
 */
export async function startCodeServer(env: E2eEnv, profile: Profile, o: { runDir: string; logFile: string; timeoutMs?: number }): Promise<CodeServer> {
  writeProfileSettings(profile.userDataDir);
  fs.mkdirSync(profile.extensionsDir, { recursive: true });
  fs.mkdirSync(path.dirname(o.logFile), { recursive: true });
  const out = fs.openSync(o.logFile, 'a');
  const args = [
    env.codeServerEntry,
    '--bind-addr', '127.0.0.1:0',
    '--auth', 'none',
    '--user-data-dir', profile.userDataDir,
    '--extensions-dir', profile.extensionsDir,
    '--locale', 'en',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  // detached: the child calls setsid(), so it leads a new process group holding the extension
  // host and the language servers too; killing -pgid ends them all.
  const child = spawn(env.nodeBin, args, { env: codeServerEnv(env, profile), stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  const pgid = child.pid;
  if (pgid === undefined) throw new Error(`could not start ${env.nodeBin}`);
  recordGroup(o.runDir, pgid);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? 128 : null);
      resolve(exitCode);
    });
    child.on('error', () => resolve((exitCode = -1)));
  });
  child.unref();
  const stop = () => stopGroup(pgid);

  const deadline = Date.now() + (o.timeoutMs ?? 60_000);
  let url: string | undefined;
  while (Date.now() < deadline && exitCode === undefined) {
    if (url === undefined) {
      const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(fs.readFileSync(o.logFile, 'utf8'));
      if (m) url = m[1];
    }
    if (url !== undefined && (await healthy(url))) return { url, pgid, logFile: o.logFile, exited, stop };
    await sleep(100);
  }
  await stop();
  const why = exitCode === undefined ? 'did not answer in time' : `exited with ${exitCode}`;
  throw new Error(`code-server ${why} (log: ${o.logFile})\n${tail(o.logFile, 20)}`);
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Chromium

/** Headless Debian Chromium: no sandbox (root, containers), no GPU, nothing that phones out. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--lang=en-US',
];

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

export async function launchBrowser(env: E2eEnv, log: Log): Promise<Browser> {
  const profileDir = makeTempDir('chromium');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: env.chromium,
    headless: true,
    viewport: { width: 1400, height: 900 },
    locale: 'en-US',
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => log(`[page ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => log(`[page error] ${e.stack ?? e.message}`));
  page.on('crash', () => log('[page crashed]'));
  let closed = false;
  return {
    context,
    page,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.race([context.close().catch(() => undefined), sleep(10_000)]);
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Opens the workbench at a folder. */
export function workbenchUrl(server: CodeServer, folder: string, payload?: [string, string][]): string {
  let url = `${server.url}/?folder=${encodeURIComponent(path.resolve(folder))}`;
  if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return url;
}

/**
 * A built workbench honours the payload's extensionDevelopmentPath/extensionTestsPath only with
 * developmentOptions.enableSmokeTestDriver, and code-server has no flag for it: patch the embedded
 * configuration when the workbench reads it. (page.route() to rewrite the HTML instead breaks the
 * WebSocket, close code 1006.)
 */
async function enableSmokeTestDriver(page: Page): Promise<void> {
  // Page code, as text: this project's TypeScript has no DOM types.
  await page.addInitScript({
    content: `(() => {
      const original = Document.prototype.getElementById;
      Document.prototype.getElementById = function (id) {
        const el = original.call(this, id);
        if (id === 'vscode-workbench-web-configuration' && el && !el.dataset.wei7Patched) {
          const config = JSON.parse(el.getAttribute('data-settings') || '{}');
          config.developmentOptions = Object.assign({}, config.developmentOptions, { enableSmokeTestDriver: true });
          el.setAttribute('data-settings', JSON.stringify(config));
          el.dataset.wei7Patched = '1';
        }
        return el;
      };
    })();`,
  });
}

// ---------------------------------------------------------------------------------------------
// The shim's program

/** Why the shim failed, in the run dir, for the runner's summary. */
export const SHIM_ERROR_FILE = 'shim-error.txt';

interface ShimArgs {
  folder?: string;
  extensionDevelopmentPaths: string[];
  extensionTestsPath?: string;
  userDataDir?: string;
  extensionsDir?: string;
  ignored: string[];
}

/** Maps the Electron-style arguments runTests gives VS Code (both `--k=v` and `--k v`). */
export function parseShimArgs(argv: string[]): ShimArgs {
  const out: ShimArgs = { extensionDevelopmentPaths: [], ignored: [] };
  const withValue = new Set(['extensionDevelopmentPath', 'extensionTestsPath', 'user-data-dir', 'extensions-dir']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!m) {
      out.folder ??= arg;
      continue;
    }
    const key = m[1]!;
    if (!withValue.has(key)) {
      out.ignored.push(arg); // --no-sandbox, --disable-gpu-sandbox, --skip-welcome …: Electron only
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    if (key === 'extensionDevelopmentPath') out.extensionDevelopmentPaths.push(value);
    else if (key === 'extensionTestsPath') out.extensionTestsPath = value;
    else if (key === 'user-data-dir') out.userDataDir = value;
    else out.extensionsDir = value;
  }
  return out;
}

/** Which of the log lines the workbench sends while tests run go to the terminal: the extension
 *  host's console (mocha's report) and errors; not the workbench's own tagged info lines nor the
 *  known noise of an offline code-server. Everything goes to workbench.log. */
const NOISE = /open-vsx\.org|ENOTFOUND|vsda|authentication provider|Creating a socket|connection token|additional builtin extensions|grace time|Creation of workbench contribution/i;
function terminalLine(level: string, text: string): string | undefined {
  if (NOISE.test(text)) return undefined;
  if (level === 'error' || level === 'warn') return `[${level}] ${text.split('\n')[0]}`;
  if (level === 'info' && !/^\[[^\]]+\]/.test(text)) return text;
  return undefined;
}

async function shimMain(argv: string[]): Promise<number> {
  const env = e2eEnv();
  checkInstalled(env);
  const args = parseShimArgs(argv);
  if (!args.extensionTestsPath || args.extensionDevelopmentPaths.length === 0) {
    throw new Error('the shim runs extension tests: --extensionTestsPath and --extensionDevelopmentPath are required');
  }
  const runDir = path.resolve(process.env.WEI7_E2E_RUN_DIR ?? fs.mkdtempSync(path.join(env.repo, '.e2e', 'runs', 'shim-')));
  fs.mkdirSync(runDir, { recursive: true });
  const log = fileLog(path.join(runDir, 'workbench.log'));
  const timeoutMs = Number(process.env.WEI7_E2E_SUITE_TIMEOUT_MS ?? 300_000);

  const temp = makeTempDir('shim');
  const profile: Profile = {
    userDataDir: args.userDataDir ?? path.join(temp, 'udd'),
    extensionsDir: args.extensionsDir ?? path.join(temp, 'exts'),
    xdgDir: path.join(temp, 'xdg'),
  };
  const folder = args.folder ?? path.join(temp, 'workspace');
  fs.mkdirSync(folder, { recursive: true });
  if (args.ignored.length) log(`shim: ignoring Electron-only arguments ${args.ignored.join(' ')}`);

  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const fail = (error: unknown): number => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`shim: ${message}`);
    fs.writeFileSync(path.join(runDir, SHIM_ERROR_FILE), message);
    return 1;
  };
  const killNow = () => {
    if (server && groupAlive(server.pgid)) signalGroup(server.pgid, 'SIGKILL');
  };
  process.on('exit', killNow);
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`shim: ${signal}, stopping code-server`);
    killNow();
    fs.rmSync(temp, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    server = await startCodeServer(env, profile, { runDir, logFile: path.join(runDir, 'code-server.log') });
    log(`shim: code-server at ${server.url}, group ${server.pgid}`);
    browser = await launchBrowser(env, log);
    const { page } = browser;

    let finish!: (code: number | string) => void;
    const finished = new Promise<number | string>((resolve) => (finish = resolve));
    await page.exposeFunction('codeAutomationLog', (level: string, logArgs: unknown[]) => {
      const text = format(...(Array.isArray(logArgs) ? logArgs : [logArgs]));
      log(`[${level}] ${text}`);
      const line = terminalLine(level, text);
      if (line !== undefined) console.log(line);
    });
    await page.exposeFunction('codeAutomationExit', (code: number, logs?: { relativePath: string; contents: string }[]) => {
      // The workbench hands over every log it wrote (window, extension host, …): keep them.
      for (const entry of logs ?? []) {
        const file = path.join(runDir, 'vscode-logs', entry.relativePath);
        if (!file.startsWith(path.join(runDir, 'vscode-logs'))) continue;
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, entry.contents);
      }
      finish(code);
    });
    await enableSmokeTestDriver(page);
    page.on('close', () => finish('the workbench page closed'));
    void server.exited.then((code) => finish(`code-server exited with ${code}`));
    const timer = setTimeout(() => finish(`timed out after ${timeoutMs / 1000}s (WEI7_E2E_SUITE_TIMEOUT_MS)`), timeoutMs);

    const remote = (p: string) => `vscode-remote://${new URL(server!.url).host}${path.resolve(p)}`;
    const payload: [string, string][] = [
      ...args.extensionDevelopmentPaths.map((p): [string, string] => ['extensionDevelopmentPath', remote(p)]),
      ['extensionTestsPath', remote(args.extensionTestsPath)],
      ['skipWelcome', 'true'],
    ];
    await page.goto(workbenchUrl(server, folder, payload), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const result = await finished;
    clearTimeout(timer);
    if (typeof result === 'string') {
      console.error(`shim: ${result}`);
      fs.writeFileSync(path.join(runDir, SHIM_ERROR_FILE), result);
      await page.screenshot({ path: path.join(runDir, 'workbench-at-failure.png') }).catch(() => undefined);
      return 1;
    }
    log(`shim: the extension host exited with ${result}`);
    return result;
  } catch (error) {
    return fail(error);
  } finally {
    await browser?.close();
    await server?.stop();
    process.removeListener('exit', killNow);
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--shim') {
  shimMain(process.argv.slice(3)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`shim: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
