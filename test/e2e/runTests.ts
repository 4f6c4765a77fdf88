/**
 * The end-to-end tests' entry point (see test/e2e/README.md):
 *   1. the mocha suites of test/e2e/suite/ in VS Code's extension host, through
 *      @vscode/test-electron's runTests: in code-server through code-server-shim.sh by default, in
 *      a downloaded desktop VS Code when WEI7_E2E_DESKTOP is set (1, or a version such as 1.91.0);
 *   2. the UI check (ui.ts) in code-server's workbench, from the packaged .vsix.
 * Prints every outcome and closes with "N passed, N failed". Logs go to .e2e/runs/<time>/ and
 * are deleted when everything passed (WEI7_E2E_KEEP_LOGS=1 keeps them); screenshots go to
 * .e2e/artifacts/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { checkInstalled, e2eEnv, killRecordedGroups, makeTempDir, removeTempDirs, SHIM_ERROR_FILE, type E2eEnv } from './driver';
import type { TestOutcome } from './suite/index';
import { runUiCheck } from './ui';

const say = (line: string) => console.log(line);

async function runSuites(env: E2eEnv, runDir: string): Promise<TestOutcome[]> {
  const desktop = process.env.WEI7_E2E_DESKTOP;
  const workspace = path.join(runDir, 'workspace');
  fs.cpSync(path.join(env.repo, 'test', 'e2e', 'workspace'), workspace, { recursive: true });
  const results = path.join(runDir, 'suite-results.json');
  // Short, outside the repository: VS Code puts Unix sockets in the user-data dir.
  const profile = makeTempDir('suite');
  const extensionTestsPath = path.join(env.repo, 'out', 'e2e', 'suite', 'index.js');
  if (!fs.existsSync(extensionTestsPath)) throw new Error(`${extensionTestsPath} is missing: run node esbuild.mjs --e2e`);

  let failure: string | undefined;
  try {
    await runTests({
      extensionDevelopmentPath: env.repo,
      extensionTestsPath,
      launchArgs: [
        workspace,
        `--user-data-dir=${path.join(profile, 'udd')}`,
        `--extensions-dir=${path.join(profile, 'exts')}`,
        '--disable-extensions',
        '--locale=en',
      ],
      extensionTestsEnv: {
        WEI7_E2E_RESULTS: results,
        WEI7_E2E_RUN_DIR: runDir,
        WEI7_E2E_REPO: env.repo,
        WEI7_E2E_NODE: process.execPath,
      },
      ...(desktop
        ? { version: desktop === '1' ? undefined : desktop }
        : { vscodeExecutablePath: path.join(env.repo, 'test', 'e2e', 'code-server-shim.sh') }),
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    const logs = path.join(profile, 'udd', 'logs');
    if (fs.existsSync(logs)) fs.cpSync(logs, path.join(runDir, 'suite-profile-logs'), { recursive: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }

  const outcomes: TestOutcome[] = fs.existsSync(results) ? (JSON.parse(fs.readFileSync(results, 'utf8')) as TestOutcome[]) : [];
  if (failure !== undefined && !outcomes.some((t) => t.state === 'failed')) {
    // The extension host crashed, timed out, or never ran the suites.
    const shimError = path.join(runDir, SHIM_ERROR_FILE);
    const why = fs.existsSync(shimError) ? `${fs.readFileSync(shimError, 'utf8')} (${failure})` : failure;
    outcomes.push({ title: 'extension tests: the run itself', state: 'failed', error: why });
  }
  return outcomes;
}

async function main(): Promise<number> {
  const t0 = Date.now();
  const env = e2eEnv();
  const runsDir = path.join(env.repo, '.e2e', 'runs');
  // Failed runs keep their logs; keep the ten newest.
  if (fs.existsSync(runsDir)) {
    for (const old of fs.readdirSync(runsDir).sort().reverse().slice(10)) fs.rmSync(path.join(runsDir, old), { recursive: true, force: true });
  }
  const runDir = path.join(runsDir, new Date().toISOString().replace(/[:.]/g, '-'));
  const artifactsDir = path.resolve(env.repo, process.env.WEI7_E2E_ARTIFACTS ?? '.e2e/artifacts');
  fs.mkdirSync(runDir, { recursive: true });
  const outcomes: TestOutcome[] = [];

  const summary = (extra?: string): number => {
    const leftover = killRecordedGroups(runDir);
    removeTempDirs();
    if (leftover) outcomes.push({ title: 'no code-server left running', state: 'failed', error: `${leftover} process group(s) killed` });
    if (extra) outcomes.push({ title: 'end-to-end run', state: 'failed', error: extra });
    const passed = outcomes.filter((t) => t.state === 'passed').length;
    const failed = outcomes.filter((t) => t.state === 'failed').length;
    const skipped = outcomes.filter((t) => t.state === 'skipped').length;
    say('\n== end-to-end summary');
    for (const t of outcomes) say(`  ${t.state === 'passed' ? '✔' : t.state === 'failed' ? '✘' : '-'} ${t.title}`);
    for (const t of outcomes.filter((x) => x.state === 'failed')) say(`\n✘ ${t.title}\n${t.error ?? ''}`);
    const keep = failed > 0 || outcomes.length === 0 || process.env.WEI7_E2E_KEEP_LOGS === '1';
    if (keep) say(`\nlogs: ${runDir}`);
    else fs.rmSync(runDir, { recursive: true, force: true });
    say(`screenshots: ${artifactsDir}`);
    say(`time: ${Math.round((Date.now() - t0) / 1000)}s${skipped ? `; ${skipped} skipped` : ''}`);
    say(`${passed} passed, ${failed} failed`);
    return failed > 0 || passed === 0 ? 1 : 0;
  };

  // The whole run has a time limit: a hang anywhere still ends with a summary and no processes.
  const limitMs = Number(process.env.WEI7_E2E_TIMEOUT_MS ?? 900_000);
  const watchdog = setTimeout(() => process.exit(summary(`timed out after ${limitMs / 1000}s (WEI7_E2E_TIMEOUT_MS)`)), limitMs);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(summary(`interrupted (${signal})`)));

  try {
    for (const f of ['dist/client.js', 'dist/server.js']) {
      if (!fs.existsSync(path.join(env.repo, f))) throw new Error(`${f} is missing: run npm run build`);
    }
    if (!process.env.WEI7_E2E_DESKTOP || process.env.WEI7_E2E_SKIP_UI !== '1') checkInstalled(env);
    say(`== extension tests (${process.env.WEI7_E2E_DESKTOP ? 'desktop VS Code' : 'code-server'})`);
    outcomes.push(...(await runSuites(env, runDir)));
    if (process.env.WEI7_E2E_SKIP_UI === '1') say('== UI check skipped (WEI7_E2E_SKIP_UI=1)');
    else {
      say('== UI check (code-server, the packaged .vsix)');
      outcomes.push(...(await runUiCheck({ env, runDir, artifactsDir, say })));
    }
  } catch (error) {
    return summary(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(watchdog);
  }
  return summary();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
