/// <reference types="mocha" />
/**
 * The extension tests' entry (`extensionTestsPath`): VS Code's extension host requires this module
 * and awaits run(), on the desktop as in code-server. Mocha is bundled into this file; the suites
 * (*.test.js beside it, one bundle each) use the tdd globals that mocha sets before loading them.
 *
 * Environment: WEI7_E2E_GREP runs only the tests whose full title matches; WEI7_E2E_RESULTS names
 * a JSON file that receives every test's outcome, for the runner's summary.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export interface TestOutcome {
  readonly title: string;
  readonly state: 'passed' | 'failed' | 'skipped';
  readonly durationMs?: number;
  readonly error?: string;
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', reporter: 'spec', color: false, timeout: 60_000 });
  if (process.env.WEI7_E2E_GREP) mocha.grep(process.env.WEI7_E2E_GREP);
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort();
  if (files.length === 0) throw new Error(`no *.test.js beside ${__filename}`);
  for (const file of files) mocha.addFile(path.join(__dirname, file));

  const outcomes: TestOutcome[] = [];
  const report = () => {
    const file = process.env.WEI7_E2E_RESULTS;
    if (file) fs.writeFileSync(file, JSON.stringify(outcomes, null, 2));
  };
  await new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      if (outcomes.length === 0) outcomes.push({ title: 'extension tests', state: 'failed', error: 'no extension test ran (WEI7_E2E_GREP?)' });
      report();
      if (failures > 0) reject(new Error(`${failures} of ${outcomes.length} extension tests failed`));
      else if (outcomes.length === 0) reject(new Error('no extension test ran'));
      else resolve();
    });
    runner.on('pass', (t) => outcomes.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('fail', (t, err: Error) => outcomes.push({ title: t.fullTitle(), state: 'failed', error: err.stack ?? String(err) }));
    runner.on('pending', (t) => outcomes.push({ title: t.fullTitle(), state: 'skipped' }));
  });
}
