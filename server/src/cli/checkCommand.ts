/**
 * `wei7 check [--format text|json] [--locale en|zh-cn] [--jobs N] FILE|DIR...`: every file named
 * or found under a directory, checked in the main thread or, when there are many, in worker
 * threads; the output is the same either way (the order of the files, every byte, the exit status).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { localize, message, type Locale, type MessageId } from '../l10n/catalogue';
import { checkFile, notChecked, type CheckFormat } from './checkFile';
import { checkInWorkers, batchSizeFor, type StopReason } from './checkPool';
import { CheckReport, exitStatus, InOrder, type ReportEntry } from './checkReport';
import type { CheckTask, CheckWorkerData } from './checkWorker';
import { EXIT_USAGE, parseArguments, type CliResult } from './options';
import { wei7FilesUnder } from './readDocument';

/** Where the command runs: main.ts gives the real ones; without them, output is returned and no worker is started. */
export interface CheckHost {
  /** Writes standard output as it grows; without it, standard output is returned in the result. */
  readonly write?: (chunk: string) => void;
  /** The script a worker thread runs (the CLI's bundle, which branches on isMainThread); without it, no workers. */
  readonly workerScript?: string;
  /** The cores to use by default; os.availableParallelism() unless given. */
  readonly cores?: number;
}

/**
 * By default, below this many files the main thread checks them all. Each worker thread is a new
 * V8 isolate: it loads the bundle (about 0.1 s) and warms up its own JIT, and V8's background
 * threads compile and collect garbage for every isolate, so on 2 cores two workers add about
 * 0.7–0.9 s of CPU time to a run, which checking half the files each has to win back.
 *
 * Measured on this repository's 2-core machine (Node 20, generated records of 100–300 moves,
 * half XML, half JSON; the CPU time of each thread read from /proc during the run): with
 * --jobs 1 the main thread needs 0.77 s for 256 files, 1.26 s for 512, 2.2 s for 1,024, and V8's
 * background threads 0.45–0.65 s more; with two workers all threads together need 1.9 s, 2.4 s
 * and 3.6–3.9 s. On an idle 2-core machine (wall time ≈ the larger of the main thread's time and
 * half the CPU time of all threads) that is 0.8× at 256 files, 1.0× at 512, 1.2× at 1,024, and
 * 1.6× on the 2,632 files of bench/batch.ts (CPU time 7.2 s against 8.0 s). Wall times measured
 * while other jobs loaded the machine (load average 5–8, interleaved runs, medians) agree or are
 * worse: 0.6–0.8× from 16 to 512 files, 0.7–0.95× at 1,024, 1.1× from 2,048 on.
 * So: 500, where two workers break even. (Measured before session 31, when the main thread only
 * waited for the workers; it now checks files too, one isolate fewer for as many threads.)
 * `--jobs N` asks for N threads whatever the number of files.
 */
export const WORKER_THRESHOLD = 500;
/** A thread needs at least this many files to pay for a worker's start (half the threshold: two threads at the threshold). */
export const MIN_FILES_PER_THREAD = WORKER_THRESHOLD / 2;
/** Threads by default: one a core, at most this many (each worker costs its start and its own JIT warm-up). */
export const MAX_THREADS = 8;
/**
 * Threads `--jobs N` gets at most. Each worker is an isolate of its own (some 30 MB with the bundle
 * loaded and a few records checked): `--jobs 100000` on many files would otherwise start them all
 * and run the machine out of memory.
 */
export const MAX_REQUESTED_THREADS = 64;

/** `--jobs N`: a whole number, 1 or more; undefined when it is not one. */
export function parseJobs(value: string): number | undefined {
  return /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : undefined;
}

/**
 * How many worker threads check `files` files beside the main thread, which checks files too; 0:
 * the main thread alone. With `--jobs N`, N threads in all (at most one a file, and at most
 * MAX_REQUESTED_THREADS). By default, from WORKER_THRESHOLD files on, one thread a core but one (at
 * most MAX_THREADS), and no more than the files give work for (MIN_FILES_PER_THREAD each).
 *
 * One core is left to V8's own threads: the main thread alone kept 1.46 cores busy on this
 * repository's 2-core machine (concurrent collection and compiling), and there every split was
 * slower than the main thread alone (session 31, Node 24, interleaved runs, medians): 2,632 files
 * 821 ms alone, 986 ms with the main thread and a worker, 1,028 ms with two workers while the
 * main thread waited; 1,000 files 406, 490 and 538 ms.
 */
export function workerCount(files: number, jobs: number | undefined, cores: number): number {
  const threads =
    jobs !== undefined
      ? Math.min(jobs, files, MAX_REQUESTED_THREADS)
      : files < WORKER_THRESHOLD
        ? 1
        : Math.min(cores - 1, MAX_THREADS, Math.floor(files / MIN_FILES_PER_THREAD));
  return Math.max(0, threads - 1);
}

/** A file to check, or the line saying that a directory holds no documents, in the order of the report. */
export type PlannedEntry = { readonly path: string } | { readonly note: string };

/** The files named and found under the directories named (sorted in each), in the order given. */
export function planEntries(given: readonly string[], noDocuments: (dir: string) => string): PlannedEntry[] {
  const entries: PlannedEntry[] = [];
  for (const path of given) {
    const files = wei7FilesUnder(path);
    if (files && !files.length) entries.push({ note: `${noDocuments(path)}\n` });
    for (const file of files ?? [path]) entries.push({ path: file });
  }
  return entries;
}

/** `args`: the arguments after `check`. */
export async function checkCommand(args: readonly string[], locale: Locale, host: CheckHost = {}): Promise<CliResult> {
  const say = (id: MessageId, ...a: (string | number)[]): string => localize(message(id, ...a), locale);
  const usage = (text: string): CliResult => ({ exitCode: EXIT_USAGE, stdout: '', stderr: `${text}\n` });
  const parsed = parseArguments(args, ['--format', '--locale', '--jobs']);
  if ('error' in parsed) return usage(say('cli.unknownOption', parsed.error));
  const format = parsed.options.get('--format') ?? 'text';
  if (format !== 'text' && format !== 'json') return usage(say('cli.optionValue', '--format', 'text, json'));
  const jobsText = parsed.options.get('--jobs');
  const jobs = jobsText === undefined ? undefined : parseJobs(jobsText);
  if (jobsText !== undefined && jobs === undefined) return usage(say('cli.jobsValue', jobsText));
  if (!parsed.positional.length) return usage(`${say('cli.noFiles')}\n${say('cli.usage')}`);

  const entries = planEntries(parsed.positional, (dir) => say('cli.noWei7Files', dir));
  let stdout = '';
  const report = new CheckReport(format, host.write ?? ((chunk) => (stdout += chunk)));
  const files = entries.filter((e) => 'path' in e).length;
  const script = host.workerScript;
  const workers = script === undefined ? 0 : workerCount(files, jobs, host.cores ?? availableParallelism());
  const workerData: CheckWorkerData = { role: 'wei7-check', locale, format };
  const createWorker = workers && script !== undefined ? () => new Worker(script, { workerData }) : undefined;
  await checkEntries(entries, { format, locale, workers, createWorker }, report);
  const { counts, stderr } = report.finish();
  const summary = format === 'text' ? `${say('cli.summary', counts.checked, counts.errors, counts.warnings)}\n` : '';
  return { exitCode: exitStatus(counts), stdout, stderr: stderr + summary };
}

interface CheckRun {
  readonly format: CheckFormat;
  readonly locale: Locale;
  /** 0 (or no createWorker): every file in the main thread. */
  readonly workers: number;
  readonly createWorker?: () => Worker;
}

/** Checks the entries and adds them to the report in order, each as soon as the ones before it are in. */
async function checkEntries(entries: readonly PlannedEntry[], run: CheckRun, report: CheckReport): Promise<void> {
  const inOrder = new InOrder<ReportEntry>((entry) => report.add(entry));
  const tasks: CheckTask[] = [];
  entries.forEach((entry, index) => ('note' in entry ? inOrder.put(index, entry) : tasks.push({ index, path: entry.path })));
  const here = (task: CheckTask): void => inOrder.put(task.index, { outcome: checkFile(task.path, run.locale, run.format) });
  if (!run.workers || !run.createWorker) return tasks.forEach(here);
  const leftover = await checkInWorkers(tasks, {
    workers: run.workers,
    batchSize: batchSizeFor(tasks.length, run.workers + 1),
    createWorker: run.createWorker,
    onOutcome: (index, outcome) => inOrder.put(index, { outcome }),
    stopped: (task, reason) => notChecked(stopMessage(task, reason, run.locale)),
    checkHere: (task) => checkFile(task.path, run.locale, run.format),
  });
  // Only when no worker could start: the main thread checks what is left.
  leftover.forEach(here);
}

function stopMessage(task: CheckTask, reason: StopReason, locale: Locale): string {
  const how = 'error' in reason ? reason.error : localize(message('cli.workerExitCode', reason.exitCode), locale);
  return localize(message('cli.workerStopped', task.path, how), locale);
}
