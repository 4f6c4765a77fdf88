/**
 * The `wei7` command line: the same checks as the editor, for batch use and CI. The same bundle
 * (dist/cli.js) is the script of `wei7 check`'s worker threads: in a worker, it serves checks.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runCli } from './run';
import { isCheckWorkerData, serveChecks } from './checkWorker';

if (!isMainThread && parentPort && isCheckWorkerData(workerData)) {
  serveChecks(parentPort, workerData);
} else {
  // The reader went away (`wei7 check DIR | head`): stop quietly, with the status a shell gives a
  // program that a closed pipe stopped (128 + SIGPIPE), not a stack trace. What was not written
  // was not checked as far as the reader knows, so the status is not success.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(EXIT_PIPE_CLOSED);
  });
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

/** 128 + SIGPIPE (13). */
const EXIT_PIPE_CLOSED = 141;
