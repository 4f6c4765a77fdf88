/**
 * The `wei7` command line: the same checks as the editor, for batch use and CI. The same bundle
 * (dist/cli.js) is the script of `wei7 check`'s worker threads: in a worker, it serves checks.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { exitWhenReaderCloses } from './closedPipe';
import { runCli } from './run';
import { isCheckWorkerData, serveChecks } from './checkWorker';

if (!isMainThread && parentPort && isCheckWorkerData(workerData)) {
  serveChecks(parentPort, workerData);
} else {
  exitWhenReaderCloses();
  runCli(process.argv.slice(2), process.env, { write: (chunk) => process.stdout.write(chunk), workerScript: __filename }).then(
    (result) => {
      if (result.stdout) process.stdout.write(result.stdout);
      if (result.stderr) process.stderr.write(result.stderr);
      process.exitCode = result.exitCode;
    },
    (error: unknown) => {
      process.stderr.write(`wei7: internal error: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
