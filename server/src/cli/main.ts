/** The `wei7` command line: the same checks as the editor, for batch use and CI. */
import { runCli } from './run';

runCli(process.argv.slice(2), process.env).then(
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
