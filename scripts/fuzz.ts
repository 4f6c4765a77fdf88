/**
 * `npm run fuzz -- --count N [--seed S] [--workers W] [--only I] [--time-limit MS]`
 *
 * Mutates the corpus (examples, test fixtures, the SGF records of ../shared/data/sgf converted to
 * both wei7 formats) and runs the language server's whole pipeline on every mutant in-process,
 * checking the properties of scripts/fuzzCore.ts. Failing and slow documents are saved into
 * .e2e/fuzz-failures/ with their seed and index; `--only I` replays document I of a seed alone.
 * The work is split over worker threads (one per core by default); the result does not depend on
 * how many. Exit status 1 when any document fails a property.
 *
 * Built by `node esbuild.mjs --fuzz` into out/fuzz.js (or `npx esbuild scripts/fuzz.ts --bundle
 * --platform=node --main-fields=module,main --outfile=out/fuzz.js --external:iconv-lite --external:jschardet`).
 */
import { isMainThread } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { formatReport, isDirectory, loadCorpus, runInWorkers, workerMain } from './fuzzCore';

/** The repository root: out/fuzz.js and scripts/fuzz.ts both sit one level below it. */
const ROOT = resolve(__dirname, '..');

function usage(problem: string): never {
  process.stderr.write(`fuzz: ${problem}\nusage: npm run fuzz -- --count N [--seed S] [--workers W] [--only I] [--time-limit MS]\n`);
  process.exit(2);
}

function parse(args: readonly string[]): { count: number; seed: number; workers: number; only?: number; timeLimitMs: number } {
  const values = new Map<string, number>();
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].split('=', 2);
    if (!['--count', '--seed', '--workers', '--only', '--time-limit'].includes(name)) usage(`unknown argument ${args[i]}`);
    const raw = inline ?? args[++i];
    const value = Number(raw);
    if (raw === undefined || !Number.isInteger(value) || value < 0) usage(`${name} needs a whole number`);
    values.set(name, value);
  }
  return {
    count: values.get('--count') ?? 1000,
    seed: values.get('--seed') ?? 1,
    workers: Math.max(1, values.get('--workers') ?? Math.min(availableParallelism(), 8)),
    only: values.get('--only'),
    timeLimitMs: values.get('--time-limit') ?? 1000,
  };
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const sgf = resolve(ROOT, '../shared/data/sgf');
  const sgfDir = isDirectory(sgf) ? sgf : undefined;
  const corpus = loadCorpus(ROOT, sgfDir);
  const workers = args.only !== undefined ? 1 : Math.min(args.workers, Math.max(1, args.count));
  const what = args.only !== undefined ? `document ${args.only}` : `${args.count} documents`;
  process.stdout.write(`corpus: ${corpus.length} documents (${sgfDir ? 'with' : 'without'} ../shared/data/sgf); ${what} of seed ${args.seed} on ${workers} worker(s)\n`);
  const started = performance.now();
  let shown = 0;
  const report = await runInWorkers(
    __filename,
    { root: ROOT, sgfDir, options: { seed: args.seed, count: args.count, only: args.only, timeLimitMs: args.timeLimitMs, failuresDir: resolve(ROOT, '.e2e/fuzz-failures') } },
    workers,
    (done) => {
      if (done - shown < 10_000) return;
      shown = done;
      process.stdout.write(`  ${done} documents, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    },
  );
  process.stdout.write(formatReport(report, performance.now() - started));
  process.exitCode = report.failed.length ? 1 : 0;
}

if (isMainThread) {
  main().catch((error: unknown) => {
    process.stderr.write(`fuzz: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 2;
  });
} else {
  workerMain();
}
