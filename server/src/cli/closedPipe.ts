/**
 * The reader of the CLI's output went away (`wei7 check DIR | head`): stop quietly, with the
 * status a shell gives a program that a closed pipe stopped (128 + SIGPIPE), not a stack trace.
 * What was not written was not checked as far as the reader knows, so the status is not success.
 * Shared by the CLI (main.ts) and the resident checker's client, which must stay small.
 */

/** 128 + SIGPIPE (13). */
export const EXIT_PIPE_CLOSED = 141;

export function exitWhenReaderCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(EXIT_PIPE_CLOSED);
  });
}
