/**
 * The worker threads of `wei7 check`: the messages between the main thread and a worker, and the
 * worker's side. A worker runs the same bundle as the command (dist/cli.js; main.ts branches on
 * `isMainThread`), receives batches of files and sends back one outcome a file, in the order
 * received, so that the main thread knows which file a worker was checking when it stopped.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Locale } from '../l10n/catalogue';
import { checkFile, type CheckFormat, type FileOutcome } from './checkFile';

/** `workerData` of a check worker. */
export interface CheckWorkerData {
  readonly role: 'wei7-check';
  readonly locale: Locale;
  readonly format: CheckFormat;
}

/** A file to check: its index in the report and its path. */
export interface CheckTask {
  readonly index: number;
  readonly path: string;
}

/** Main thread → worker: a batch of files. */
export type ToWorker = readonly CheckTask[];

/** Worker → main thread: ready (set up), or the outcome of a file. */
export type FromWorker = { readonly ready: true } | { readonly index: number; readonly outcome: FileOutcome };

export function isCheckWorkerData(data: unknown): data is CheckWorkerData {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === 'wei7-check';
}

/** The worker's side: check every file of every batch, in order, and say so file by file. */
export function serveChecks(port: MessagePort, data: CheckWorkerData): void {
  const send = (m: FromWorker): void => port.postMessage(m);
  port.on('message', (batch: ToWorker) => {
    for (const task of batch) send({ index: task.index, outcome: checkFile(task.path, data.locale, data.format) });
  });
  send({ ready: true });
}
