/**
 * Checking files in worker threads: a shared queue, handed out in small batches (two a worker at a
 * time, so that no worker waits for its next batch), the outcomes passed on as they arrive (in any
 * order: the caller puts them back in order). With `checkHere`, the main thread takes batches from
 * the same queue between the workers' messages: it starts at once, while the workers load the
 * bundle, and its JIT is the one already warm.
 *
 * A worker that stops (an uncaught exception, running out of memory, an exit) does not hang the
 * command: the file it was checking gets an internal error as its outcome, the files queued behind
 * it go back to the queue, and a new worker takes its place. A worker that stops before it is
 * ready blames no file and is not replaced; when no worker is left, the files no one checked are
 * handed back for the main thread.
 */
import type { Worker } from 'node:worker_threads';
import { describeError, type FileOutcome } from './checkFile';
import type { CheckTask, FromWorker, ToWorker } from './checkWorker';

export interface PoolOptions {
  readonly workers: number;
  /** Files a message to a worker; two batches are in flight a worker. */
  readonly batchSize: number;
  readonly createWorker: () => Worker;
  readonly onOutcome: (index: number, outcome: FileOutcome) => void;
  /** The outcome of the file a worker was checking when it stopped, `reason` saying how it stopped. */
  readonly stopped: (task: CheckTask, reason: StopReason) => FileOutcome;
  /** Checks a file in the main thread; when given, the main thread shares the queue with the workers. */
  readonly checkHere?: (task: CheckTask) => FileOutcome;
}

/** How a worker stopped: its uncaught error, or its exit code. */
export type StopReason = { readonly error: string } | { readonly exitCode: number };

interface Slot {
  readonly worker: Worker;
  /** Files sent and not answered yet, in the order sent (the worker's order). */
  readonly held: CheckTask[];
  ready: boolean;
  /** Set when we end it: its exit is no crash. */
  retiring: boolean;
  error?: string;
}

/** The batch size for `files` files on `workers` workers: about 8 batches a worker, 1 to 16 files each. */
export function batchSizeFor(files: number, workers: number): number {
  return Math.max(1, Math.min(16, Math.floor(files / (workers * 8))));
}

/** Checks `tasks` in worker threads; resolves with the tasks no worker could take (none, unless every worker failed to start). */
export function checkInWorkers(tasks: readonly CheckTask[], options: PoolOptions): Promise<CheckTask[]> {
  return new Promise((resolve) => {
    const queue = [...tasks];
    const slots = new Set<Slot>();
    let remaining = tasks.length;
    let settled = false;

    const settle = (leftover: CheckTask[]): void => {
      if (settled) return;
      settled = true;
      const ending = [...slots].map((s) => {
        s.retiring = true;
        return s.worker.terminate();
      });
      void Promise.allSettled(ending).then(() => resolve(leftover));
    };

    const refill = (slot: Slot): void => {
      while (slot.held.length <= options.batchSize && queue.length) {
        const batch: ToWorker = queue.splice(0, options.batchSize);
        slot.held.push(...batch);
        slot.worker.postMessage(batch);
      }
    };

    const deliver = (index: number, outcome: FileOutcome): void => {
      options.onOutcome(index, outcome);
      if (--remaining === 0) settle([]);
    };

    const onMessage = (slot: Slot, m: FromWorker): void => {
      if ('ready' in m) {
        slot.ready = true;
        return;
      }
      const at = slot.held.findIndex((t) => t.index === m.index);
      if (at < 0) return;
      slot.held.splice(at, 1);
      deliver(m.index, m.outcome);
      if (!settled) refill(slot);
    };

    const onExit = (slot: Slot, exitCode: number): void => {
      slots.delete(slot);
      if (slot.retiring || settled) return;
      // The worker checks its files in order: the first one not answered is the one it was on.
      const culprit = slot.ready ? slot.held.shift() : undefined;
      queue.unshift(...slot.held);
      if (culprit) {
        deliver(culprit.index, options.stopped(culprit, slot.error !== undefined ? { error: slot.error } : { exitCode }));
        if (!settled && queue.length) start();
      }
      if (settled) return;
      for (const other of slots) refill(other);
      if (!slots.size) settle(queue.splice(0).sort((a, b) => a.index - b.index));
    };

    const start = (): void => {
      let worker: Worker;
      try {
        worker = options.createWorker();
      } catch {
        return;
      }
      const slot: Slot = { worker, held: [], ready: false, retiring: false };
      slots.add(slot);
      worker.on('message', (m: FromWorker) => onMessage(slot, m));
      worker.on('error', (e: unknown) => {
        slot.error = describeError(e);
      });
      worker.on('exit', (code: number) => onExit(slot, code));
      refill(slot);
    };

    // One batch, then back to the event loop, where the workers' messages wait (refilling them).
    const checkBatchHere = (checkHere: (task: CheckTask) => FileOutcome): void => {
      if (settled || !queue.length) return;
      for (const task of queue.splice(0, options.batchSize)) deliver(task.index, checkHere(task));
      setImmediate(checkBatchHere, checkHere);
    };

    if (!tasks.length) return resolve([]);
    for (let i = 0; i < options.workers; i++) start();
    if (!slots.size) return settle(queue.splice(0));
    if (options.checkHere) checkBatchHere(options.checkHere);
  });
}
