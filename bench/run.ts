/**
 * `npm run bench` (issue 8): the whole benchmark in one run, and its report in docs/performance.md.
 *
 *   1. the full check in process: raw saxes / jsonc-parser `visit` (the floor), our `analyze`, and
 *      vscode-json-languageservice with our JSON Schema (the peer), on generated documents of 1k,
 *      10k and 50k moves and on the real SGF records converted to both formats;
 *   2. whole processes: `node bin/wei7.js check` (text and --format json) and
 *      `xmllint --noout --schema schemas/wei7-2.2.xsd` on the same files, and on a 2.7 MB XML document;
 *   3. where analyze's time goes: a CPU profile of analyze on the 10k-move documents, by function and stage;
 *   4. editing latency through the protocol (bench/latency.ts);
 *   5. `wei7 check DIR` on a few thousand records (bench/batch.ts).
 *
 * Measurements of one input are interleaved (round r runs every subject once, in a rotating
 * order) so that a change in the machine's load affects the floor and the subject alike, and the
 * ratios are taken from medians of the same rounds (one subject's garbage may be collected on another's
 * clock; interleaving spreads that evenly).
 *
 * Options: --quick (few repeats, for trying the harness), --only=inprocess,process,profile,latency,batch,
 * --write / --no-write (docs/performance.md; a full run writes it, a partial or quick one does not),
 * --keep (keep the temporary directory), --max-problems=N (the latency servers run with
 * wei7.maxNumberOfProblems = N; such a run writes docs/performance.md only with --write).
 *
 * Build: `node esbuild.mjs --bench` bundles this file into out/bench/run.js; it runs dist/server.js and
 * dist/cli.js (bin/wei7.js), so `npm run build` comes first.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { getLanguageService, type LanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../server/src/analysis';
import { convertBytes } from '../server/src/convert/convert';
import { generateGame, type GeneratedGame } from '../server/src/sample/generateGame';
import { rawSaxes, rawVisit } from './floors';
import {
  atLeast,
  atMost,
  bytes,
  collectGarbage,
  describeMachine,
  ms,
  printTargets,
  publishReport,
  ratio,
  summarize,
  summaryCells,
  type Section,
  type Summary,
  type Table,
  type TargetCheck,
} from './report';
import { runLatency } from './latency';
import { runBatch } from './batch';

export const ROOT = resolve(__dirname, '../..');
const XSD = join(ROOT, 'schemas/wei7-2.2.xsd');
const JSON_SCHEMA = join(ROOT, 'schemas/wei7-3.0.schema.json');
const CLI = join(ROOT, 'bin/wei7.js');
const REAL_SGF_DIR = resolve(ROOT, '../shared/data/sgf');
/** The generator's seed for every generated document of the run (bench/latency.ts replays it). */
export const SEED = 7;
/** The size issue 8 names for the CLI vs xmllint comparison. */
const TARGET_XML_BYTES = 2.7e6;

/* ---------- options ---------- */

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const SECTIONS = ['inprocess', 'process', 'profile', 'latency', 'batch'] as const;
type SectionName = (typeof SECTIONS)[number];
const wanted = (name: SectionName): boolean => !only || only.includes(name);
const maxProblemsArg = argv.find((a) => a.startsWith('--max-problems='))?.slice('--max-problems='.length);
const maxProblems = maxProblemsArg === undefined ? undefined : Number(maxProblemsArg);
if (maxProblems !== undefined && !(Number.isInteger(maxProblems) && maxProblems >= 1)) {
  process.stderr.write(`--max-problems needs a whole number ≥ 1, not "${maxProblemsArg}"\n`);
  process.exit(2);
}
// A run with a setting changed is not the committed baseline: it writes docs/performance.md only when asked.
const write = argv.includes('--write') || (!argv.includes('--no-write') && !quick && !only && maxProblems === undefined);
const keep = argv.includes('--keep');

/* ---------- repeated measurements ---------- */

export interface Subject {
  readonly label: string;
  /** One run; a returned promise is awaited inside the timing. */
  readonly run: () => unknown;
}

export interface RoundOptions {
  /** Untimed runs of each subject first (JIT, caches, the schema's compilation). */
  readonly warmup: number;
  readonly min: number;
  readonly max: number;
  /** Stop after this much measuring once `min` rounds are done. */
  readonly budgetMs: number;
  /**
   * A full GC before the warm-up of these subjects (in-process subjects). Not before each run: a forced
   * GC shrinks the heap, and allocation-heavy code then pays to grow it again, which a server that
   * keeps running does not; interleaving spreads the GC debt one subject leaves over all of them.
   */
  readonly gc: boolean;
}

/** --quick: a tenth of the time, at least 3 rounds. */
function scaled(o: RoundOptions): RoundOptions {
  return quick ? { ...o, warmup: Math.min(o.warmup, 1), min: Math.min(o.min, 3), max: Math.min(o.max, 5), budgetMs: o.budgetMs / 10 } : o;
}

/** Interleaved rounds: each round runs every subject once, the order rotating from round to round. */
export async function measureRounds(subjects: readonly Subject[], options: RoundOptions): Promise<Summary[]> {
  const o = scaled(options);
  if (o.gc) collectGarbage();
  for (let w = 0; w < o.warmup; w++) for (const s of subjects) await s.run();
  const samples: number[][] = subjects.map(() => []);
  const started = performance.now();
  for (let round = 0; round < o.max; round++) {
    if (round >= o.min && performance.now() - started >= o.budgetMs) break;
    for (let k = 0; k < subjects.length; k++) {
      const i = (k + round) % subjects.length;
      const t0 = performance.now();
      const result = subjects[i].run();
      if (result instanceof Promise) await result;
      samples[i].push(performance.now() - t0);
    }
  }
  return samples.map(summarize);
}

/* ---------- inputs ---------- */

interface Input {
  readonly name: string;
  /** Moves of the main line (generated documents). */
  readonly moves: number | undefined;
  readonly texts: { readonly xml: readonly string[]; readonly json: readonly string[] };
  readonly files: { readonly xml: readonly string[]; readonly json: readonly string[] };
}

const utf8Length = (texts: readonly string[]): number => texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);

function writeInput(dir: string, name: string, moves: number | undefined, xml: string[], json: string[], names: string[]): Input {
  const files = { xml: [] as string[], json: [] as string[] };
  for (const format of ['xml', 'json'] as const) {
    const sub = join(dir, format, name);
    mkdirSync(sub, { recursive: true });
    (format === 'xml' ? xml : json).forEach((text, i) => {
      const file = join(sub, `${names[i]}.wei7`);
      writeFileSync(file, text);
      files[format].push(file);
    });
  }
  return { name, moves, texts: { xml, json }, files };
}

/** The real records (../shared/data/sgf) converted to both formats with the project's converter. */
function realRecords(): { xml: string[]; json: string[]; names: string[]; problems: string[] } {
  const out = { xml: [] as string[], json: [] as string[], names: [] as string[], problems: [] as string[] };
  let files: string[] = [];
  try {
    files = readdirSync(REAL_SGF_DIR).filter((f) => /\.sgf$/i.test(f)).sort();
  } catch (e) {
    out.problems.push(`cannot read ${REAL_SGF_DIR}: ${String(e)}`);
  }
  for (const f of files) {
    const data = readFileSync(join(REAL_SGF_DIR, f));
    const xml = convertBytes(data, f, 'xml');
    const json = convertBytes(data, f, 'json');
    if (!xml.ok || !json.ok) {
      out.problems.push(`${f} could not be converted`);
      continue;
    }
    out.xml.push(xml.value);
    out.json.push(json.value);
    out.names.push(basename(f).replace(/\.sgf$/i, ''));
  }
  return out;
}

/** A generated XML document of about `target` bytes: the move count from the sizes of two known documents. */
function gameOfSize(target: number, a: GeneratedGame, b: GeneratedGame): GeneratedGame {
  const perMove = (Buffer.byteLength(b.xml) - Buffer.byteLength(a.xml)) / (b.moves - a.moves);
  const fixed = Buffer.byteLength(a.xml) - perMove * a.moves;
  let moves = Math.round((target - fixed) / perMove);
  let game = generateGame(moves, SEED);
  const size = Buffer.byteLength(game.xml);
  if (Math.abs(size - target) / target > 0.005) {
    moves = Math.round(moves * (target / size));
    game = generateGame(moves, SEED);
  }
  return game;
}

const kilo = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

/* ---------- 1. the full check in process ---------- */


function fullCheck(texts: readonly string[]): void {
  for (const text of texts) analyze(text);
}

let jsonService: LanguageService | undefined;
/** vscode-json-languageservice as a VS Code user of our schema has it: the schema associated with *.wei7. */
function languageService(): LanguageService {
  if (!jsonService) {
    jsonService = getLanguageService({});
    jsonService.configure({ validate: true, schemas: [{ uri: 'wei7:/schemas/wei7-3.0.schema.json', fileMatch: ['*.wei7'], schema: JSON.parse(readFileSync(JSON_SCHEMA, 'utf8')) }] });
  }
  return jsonService;
}
const VALIDATION_SETTINGS = { comments: 'error', trailingCommas: 'error', schemaValidation: 'error', schemaRequest: 'error' } as const;
async function peerJsonValidation(texts: readonly string[]): Promise<number> {
  const service = languageService();
  let problems = 0;
  for (const text of texts) {
    const document = TextDocument.create('file:///bench/document.wei7', 'json', 1, text);
    problems += (await service.doValidation(document, service.parseJSONDocument(document), VALIDATION_SETTINGS)).length;
  }
  return problems;
}

function findingCounts(texts: readonly string[]): string {
  let errors = 0;
  let others = 0;
  for (const t of texts) for (const f of analyze(t).findings) f.severity === 'error' ? errors++ : others++;
  return `${errors} / ${others}`;
}

/**
 * Repeat settings by the size of the texts measured: small inputs get many rounds, the 50k
 * documents at least 3. By each format's own size: the 10k XML (366 kB) once took the rounds of
 * the 10k JSON (936 kB), 40, and its median moved by ±15% from run to run, more than its margin.
 */
function inProcessRounds(texts: readonly string[]): RoundOptions {
  const size = utf8Length(texts);
  if (size > 2e6) return { warmup: 1, min: 3, max: 10, budgetMs: 12_000, gc: true };
  if (size > 4e5) return { warmup: 2, min: 7, max: 40, budgetMs: 10_000, gc: true };
  return { warmup: 5, min: 10, max: 200, budgetMs: 3_000, gc: true };
}

interface InProcessResult {
  readonly section: Section;
  readonly medians: Map<string, number>;
}

async function inProcessSection(inputs: readonly Input[]): Promise<InProcessResult> {
  const rows: string[][] = [];
  const ratioRows: string[][] = [];
  const medians = new Map<string, number>();
  const notes: string[] = [];
  for (const input of inputs) {
    for (const format of ['xml', 'json'] as const) {
      const texts = input.texts[format];
      if (!texts.length) continue;
      const floorLabel = format === 'xml' ? 'raw saxes (positions on, empty handlers)' : 'raw jsonc-parser visit (empty handlers)';
      const subjects: Subject[] = [
        { label: floorLabel, run: () => (format === 'xml' ? rawSaxes(texts) : rawVisit(texts)) },
        { label: 'our full check: analyze(text)', run: () => fullCheck(texts) },
      ];
      if (format === 'json') subjects.push({ label: 'vscode-json-languageservice: parseJSONDocument + doValidation', run: () => peerJsonValidation(texts) });
      process.stdout.write(`  in process: ${input.name} ${format}…`);
      const summaries = await measureRounds(subjects, inProcessRounds(texts));
      const [floor, ours, peer] = summaries;
      process.stdout.write(` floor ${ms(floor.median)}, analyze ${ms(ours.median)}${peer ? `, peer ${ms(peer.median)}` : ''}\n`);
      const size = bytes(utf8Length(texts));
      const what = `${input.name}${texts.length > 1 ? ` (${texts.length} files)` : ''}`;
      const findings = findingCounts(texts);
      summaries.forEach((s, i) => rows.push([what, format.toUpperCase(), size, subjects[i].label, ...summaryCells(s), ratio(s.median / floor.median), i === 1 ? findings : '']));
      medians.set(`${input.name}/${format}/floor`, floor.median);
      medians.set(`${input.name}/${format}/ours`, ours.median);
      if (peer) medians.set(`${input.name}/${format}/peer`, peer.median);
      ratioRows.push([what, format.toUpperCase(), ratio(ours.median / floor.median), peer ? ratio(peer.median / ours.median) : '—']);
      if (peer) {
        const problems = await peerJsonValidation(texts);
        if (problems) notes.push(`vscode-json-languageservice reported ${problems} problem(s) on ${what}: the peer did not see a valid document.`);
      }
    }
  }
  const targets: TargetCheck[] = [];
  for (const format of ['xml', 'json'] as const) {
    const floor = medians.get(`10k/${format}/floor`) ?? Number.NaN;
    const ours = medians.get(`10k/${format}/ours`) ?? Number.NaN;
    const floorName = format === 'xml' ? 'saxes' : 'jsonc-parser visit';
    targets.push(
      atMost(`full check vs raw parser, 10k ${format.toUpperCase()}`, `≤ 1.5× ${floorName}`, ours / floor, 1.5, `${ratio(ours / floor)} (${ms(ours)} vs ${ms(floor)})`),
    );
  }
  const peer = medians.get('10k/json/peer') ?? Number.NaN;
  const ours = medians.get('10k/json/ours') ?? Number.NaN;
  targets.push(atLeast('faster than vscode-json-languageservice, 10k JSON', '≥ 8× faster', peer / ours, 8, `${ratio(peer / ours)} faster (${ms(ours)} vs ${ms(peer)})`));
  const tables: Table[] = [
    {
      title: 'Medians of interleaved rounds',
      headers: ['input', 'format', 'size (UTF-8)', 'measurement', 'n', 'min', 'median', 'p95', '× raw parser', 'findings (errors / others)'],
      rows,
    },
    { title: 'Ratios of medians', headers: ['input', 'format', 'full check ÷ raw parser', 'vscode-json-languageservice ÷ full check'], rows: ratioRows },
  ];
  return {
    medians,
    section: {
      title: 'Full check in process',
      intro: [
        'Each input is measured in interleaved rounds: every round times the raw parser, our `analyze(text)` (detect, parse, every clause, the model, replay and game checks) and, for JSON, vscode-json-languageservice (`parseJSONDocument` + `doValidation` with schemas/wei7-3.0.schema.json associated with `*.wei7` via `configure`, the schema compiled in the warm-up). ' +
          'Warm-up runs first (after one full GC); no forced GC between runs, so each subject pays for its garbage as a running server would, spread over the interleaved rounds. n is the number of timed rounds; p95 is interpolated between ranks, so with few rounds it is close to the maximum. ' +
          'Real records: every record of ../shared/data/sgf converted with server/src/convert (convertBytes), one run = all of them.',
      ],
      tables,
      notes,
      targets,
    },
  };
}

/* ---------- 2. whole processes ---------- */

interface ProcessRun {
  readonly status: number | null;
  readonly stderr: string;
}

function runProcess(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): ProcessRun {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, env: env ?? process.env });
  if (result.error) throw result.error;
  return { status: result.status, stderr: result.stderr };
}

interface Command {
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Exit statuses that mean "ran and answered" (a validator's "invalid" included for the CLI). */
  readonly ok: readonly number[];
  /** The environment, when not the benchmark's own. */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * The CLI checks by itself (WEI7_RESIDENT=0: a resident checker the developer runs is not used),
 * or hands its files to the resident checker the benchmark starts under a TMPDIR of its own.
 */
const COLD: NodeJS.ProcessEnv = { ...process.env, WEI7_RESIDENT: '0' };
let residentEnv: NodeJS.ProcessEnv | undefined;

const xmllintSchema = (files: readonly string[]): Command => ({ label: 'xmllint --noout --schema wei7-2.2.xsd', command: 'xmllint', args: ['--noout', '--schema', XSD, ...files], ok: [0] });
const xmllintParse = (files: readonly string[]): Command => ({ label: 'xmllint --noout (well-formedness only)', command: 'xmllint', args: ['--noout', ...files], ok: [0] });
const cliText = (files: readonly string[]): Command => ({ label: 'node bin/wei7.js check', command: process.execPath, args: [CLI, 'check', ...files], ok: [0, 1], env: COLD });
const cliJson = (files: readonly string[]): Command => ({ label: 'node bin/wei7.js check --format json', command: process.execPath, args: [CLI, 'check', '--format', 'json', ...files], ok: [0, 1], env: COLD });
const cliResident = (files: readonly string[]): Command => ({ label: 'node bin/wei7.js check, a resident checker running', command: process.execPath, args: [CLI, 'check', ...files], ok: [0, 1], env: residentEnv });

/** `wei7 resident …` under the benchmark's own TMPDIR. */
function resident(action: 'start' | 'status' | 'stop'): ProcessRun & { stdout: string; ms: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, 'resident', action], { cwd: ROOT, encoding: 'utf8', env: residentEnv });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

/** The checks the resident checker says it made (its status line); undefined when it does not answer. */
function residentChecks(): number | undefined {
  const status = resident('status');
  const count = /(\d+) check\(s\)/.exec(status.stdout)?.[1];
  return status.status === 0 && count !== undefined ? Number(count) : undefined;
}

function processRounds(totalBytes: number): RoundOptions {
  if (totalBytes > 4e6) return { warmup: 1, min: 3, max: 10, budgetMs: 10_000, gc: false };
  if (totalBytes > 2.5e6) return { warmup: 1, min: 7, max: 20, budgetMs: 20_000, gc: false };
  if (totalBytes > 1.5e6) return { warmup: 1, min: 3, max: 10, budgetMs: 10_000, gc: false };
  if (totalBytes > 4e5) return { warmup: 1, min: 5, max: 20, budgetMs: 10_000, gc: false };
  return { warmup: 1, min: 7, max: 40, budgetMs: 4_000, gc: false };
}

async function processSection(inputs: readonly Input[], big: Input): Promise<Section> {
  const rows: string[][] = [];
  const notes: string[] = [];
  let bigResult: { cli: number; resident: number; xmllint: number; size: number } | undefined;
  /** The checks handed to the resident checker (warm-up runs included), to compare with its own count. */
  let residentRuns = 0;
  /** Measures, and notes every command that ended with an unexpected exit status (in any of its runs). */
  const measure = async (commands: readonly Command[], rounds: RoundOptions): Promise<Summary[]> => {
    const failed = new Map<Command, ProcessRun>();
    const subjects = commands.map((c) => ({
      label: c.label,
      run: () => {
        if (c.env !== undefined && c.env === residentEnv) residentRuns++;
        const r = runProcess(c.command, c.args, c.env);
        if (r.status === null || !c.ok.includes(r.status)) failed.set(c, r);
      },
    }));
    const summaries = await measureRounds(subjects, rounds);
    for (const [c, r] of failed) notes.push(`\`${c.label}\` on ${basename(c.args[c.args.length - 1])} exited with ${r.status}: ${r.stderr.split('\n').slice(-3).join(' ').slice(0, 300)}`);
    return summaries;
  };

  // The floor of every process below, and the CLI's own start (loading the bundle, no file read), interleaved.
  const starts: Command[] = [
    { label: 'node -e 0 (a Node process that does nothing)', command: process.execPath, args: ['-e', '0'], ok: [0] },
    { label: 'node bin/wei7.js --help (the CLI started, no file read)', command: process.execPath, args: [CLI, '--help'], ok: [0] },
  ];
  const startRuns = await measure(starts, { warmup: 2, min: 10, max: 30, budgetMs: 6_000, gc: false });
  startRuns.forEach((run, i) => rows.push(['—', '—', '—', starts[i].label, ...summaryCells(run), '']));

  // The resident checker: started once (its start includes its warm-up), its first check timed
  // alone, then measured in the rounds beside the CLI by itself.
  residentEnv = { ...process.env, TMPDIR: mkdtempSync(join(tmpdir(), 'wei7-bench-resident-')), WEI7_RESIDENT: '' };
  const start = resident('start');
  if (start.status !== 0) notes.push(`\`wei7 resident start\` failed (${start.status}): ${start.stderr.trim().slice(0, 300)}; the rows "a resident checker running" measure the CLI by itself.`);
  const bigXml = big.files.xml;
  const firstStarted = performance.now();
  const first = runProcess(process.execPath, [CLI, 'check', ...bigXml], residentEnv);
  const firstMs = performance.now() - firstStarted;
  if (start.status === 0) {
    rows.push(['—', '—', '—', '`wei7 resident start` (its warm-up included: it returns once the checker listens)', '1', ms(start.ms), ms(start.ms), ms(start.ms), '']);
    rows.push([big.name, 'XML', bytes(utf8Length(big.texts.xml)), `node bin/wei7.js check, the resident checker's first check (exit ${first.status})`, '1', ms(firstMs), ms(firstMs), ms(firstMs), '']);
  }
  residentRuns = 1;

  for (const input of [...inputs, big]) {
    for (const format of ['xml', 'json'] as const) {
      const files = input.files[format];
      if (!files.length) continue;
      const isBig = input === big;
      const commands =
        format === 'xml'
          ? isBig
            ? [xmllintSchema(files), cliText(files), cliResident(files), xmllintParse(files)]
            : [xmllintSchema(files), cliText(files), cliJson(files), cliResident(files)]
          : [cliText(files), cliJson(files), cliResident(files)];
      const size = utf8Length(input.texts[format]);
      process.stdout.write(`  processes: ${input.name} ${format}…`);
      const summaries = await measure(commands, processRounds(size));
      process.stdout.write(` ${summaries.map((s, i) => `${commands[i].label.split(' ').slice(0, 3).join(' ')} ${ms(s.median)}`).join(', ')}\n`);
      const xmllint = format === 'xml' ? summaries[0].median : Number.NaN;
      const what = `${input.name}${files.length > 1 ? ` (${files.length} files)` : ''}`;
      summaries.forEach((s, i) => rows.push([what, format.toUpperCase(), bytes(size), commands[i].label, ...summaryCells(s), format === 'xml' ? ratio(s.median / xmllint) : '—']));
      if (isBig) bigResult = { cli: summaries[1].median, resident: summaries[2].median, xmllint, size };
    }
  }
  // The rows "a resident checker running" count only if the checker made every one of those checks.
  const served = residentChecks();
  resident('stop');
  const residentServed = start.status === 0 && served === residentRuns;
  if (start.status === 0 && !residentServed) notes.push(`The resident checker made ${served ?? 'no'} checks of the ${residentRuns} handed to it: the rows "a resident checker running" are not its.`);
  const targets: TargetCheck[] = [];
  if (bigResult) {
    const r = bigResult;
    targets.push(
      atMost(`CLI vs xmllint --schema, whole process, ${bytes(r.size)} XML`, '≤ 1× xmllint', r.cli / r.xmllint, 1, `${ratio(r.cli / r.xmllint)} (${ms(r.cli)} vs ${ms(r.xmllint)})`),
    );
    if (residentServed) {
      targets.push(
        atMost(
          `CLI with a resident checker (\`wei7 resident start\`) vs xmllint --schema, whole process, ${bytes(r.size)} XML`,
          '≤ 1× xmllint',
          r.resident / r.xmllint,
          1,
          `${ratio(r.resident / r.xmllint)} (${ms(r.resident)} vs ${ms(r.xmllint)}); its first check after start: ${ms(firstMs)}`,
        ),
      );
    }
  }
  return {
    title: 'Whole processes: the CLI and xmllint',
    intro: [
      'Wall time of whole processes started with `spawnSync` from the benchmark (start-up, reading, checking, output), interleaved rounds after a warm-up run (the file system cache is warm). ' +
        '`node bin/wei7.js check` runs dist/cli.js (the bundle `npm run build` makes); xmllint is Debian libxml2-utils with schemas/wei7-2.2.xsd. ' +
        'The first two rows are the floor of every Node process and the start of the CLI alone (loading its bundle, printing its help). ' +
        'The CLI runs by itself (`WEI7_RESIDENT=0`), and, in the rows "a resident checker running", hands its files to a resident checker that `wei7 resident start` started before the rounds (under a TMPDIR of the benchmark\'s; the status it gives at the end must count every check handed to it, or those rows are left out of the targets): ' +
        'the client process is the whole process the user waits for, and the checker\'s code is already optimised. The start and the first check after it are timed once. ' +
        'JSON files have no whole-process peer here (vscode-json-languageservice is a library: see the section above). ' +
        `The ${big.name} document (${big.moves} moves) is the size issue 8 names for the CLI vs xmllint target; on it the CLI runs with text output only.`,
    ],
    tables: [{ headers: ['input', 'format', 'size (UTF-8)', 'command', 'n', 'min', 'median', 'p95', '× xmllint --schema'], rows }],
    notes,
    targets,
  };
}

/* ---------- 3. where analyze's time goes ---------- */

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function post(session: Session, method: string, params: object = {}): Promise<unknown> {
  return new Promise((resolvePost, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolvePost(result))));
}

/** This bundle's module markers: esbuild writes `// server/src/…/file.ts` before each module's code. */
function moduleMarkers(): { line: number; file: string }[] {
  const markers: { line: number; file: string }[] = [];
  readFileSync(__filename, 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const m = /^\/\/ ((?:server|bench|node_modules|client|test)\/\S+\.[cm]?[jt]sx?)$/.exec(text);
      if (m) markers.push({ line, file: m[1] });
    });
  return markers;
}

function fileOf(markers: readonly { line: number; file: string }[], url: string, line: number): string {
  if (!url) return '(native)';
  if (!url.endsWith(basename(__filename))) return url.replace(/^node:/, 'node:');
  let low = 0;
  let high = markers.length - 1;
  let found = '(bundle)';
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (markers[mid].line <= line) {
      found = markers[mid].file;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

function stageOf(file: string, functionName: string): string {
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)' || functionName === '(idle)') return 'V8 / runtime (program)';
  const stages: [RegExp, string][] = [
    [/node_modules\/saxes\//, 'saxes (inside our XML parse)'],
    [/node_modules\/xmlchars\//, 'saxes (inside our XML parse)'],
    [/node_modules\/jsonc-parser\//, 'jsonc-parser scanner (inside our JSON parse)'],
    [/server\/src\/parse\//, 'parse: our parser code'],
    [/server\/src\/model\//, 'model build'],
    [/server\/src\/validate\//, 'clause checks'],
    [/server\/src\/engine\//, 'replay and game checks'],
    [/server\/src\/l10n\//, 'messages'],
    [/server\/src\/analysis\.ts/, 'analyze (pipeline)'],
  ];
  return stages.find(([re]) => re.test(file))?.[1] ?? (file === '(native)' ? 'native (built-ins)' : `other (${file})`);
}

async function profileSection(inputs: readonly Input[]): Promise<Section> {
  const ten = inputs.find((i) => i.name === '10k');
  if (!ten) throw new Error('no 10k input');
  const markers = moduleMarkers();
  const tables: Table[] = [];
  const session = new Session();
  session.connect();
  try {
    for (const format of ['xml', 'json'] as const) {
      const text = ten.texts[format][0];
      analyze(text);
      analyze(text);
      collectGarbage();
      await post(session, 'Profiler.enable');
      await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
      await post(session, 'Profiler.start');
      const runs = quick ? 2 : 5;
      for (let i = 0; i < runs; i++) analyze(text);
      const { profile } = (await post(session, 'Profiler.stop')) as { profile: CpuProfile };
      await post(session, 'Profiler.disable');
      const selfMicros = new Map<number, number>();
      for (let i = 0; i < profile.samples.length; i++) selfMicros.set(profile.samples[i], (selfMicros.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
      const byFunction = new Map<string, { file: string; name: string; micros: number; stage: string }>();
      const byStage = new Map<string, number>();
      let total = 0;
      for (const node of profile.nodes) {
        const micros = selfMicros.get(node.id) ?? 0;
        if (!micros || node.callFrame.functionName === '(idle)') continue;
        const file = fileOf(markers, node.callFrame.url, node.callFrame.lineNumber);
        const name = node.callFrame.functionName || '(anonymous)';
        const stage = stageOf(file, name);
        const key = `${name} ${file}`;
        const entry = byFunction.get(key) ?? { file, name, micros: 0, stage };
        entry.micros += micros;
        byFunction.set(key, entry);
        byStage.set(stage, (byStage.get(stage) ?? 0) + micros);
        total += micros;
      }
      const perRun = (micros: number): string => ms(micros / 1000 / runs);
      const share = (micros: number): string => `${((100 * micros) / total).toFixed(1)} %`;
      tables.push({
        title: `analyze, 10k ${format.toUpperCase()} (${bytes(Buffer.byteLength(text))}): self time by stage, per run`,
        headers: ['stage (source folder)', 'self time per run', 'share'],
        rows: [...byStage.entries()].sort((a, b) => b[1] - a[1]).map(([stage, micros]) => [stage, perRun(micros), share(micros)]),
      });
      tables.push({
        title: `analyze, 10k ${format.toUpperCase()}: top functions by self time`,
        headers: ['function', 'source', 'self time per run', 'share'],
        rows: [...byFunction.values()]
          .sort((a, b) => b.micros - a.micros)
          .slice(0, 15)
          .map((f) => [f.name, f.file, perRun(f.micros), share(f.micros)]),
      });
    }
  } finally {
    session.disconnect();
  }
  return {
    title: "Where analyze's time goes (CPU profile)",
    intro: [
      'V8 CPU profile (the profiler `node --cpu-prof` uses, here started through node:inspector in the benchmark process, sampling every 100 µs) of `analyze` on the 10k-move documents, after two warm-up runs. ' +
        'Self time is attributed to source files through the module comments esbuild writes into the bundle; stages are source folders (parse, model, validate, engine), so this breakdown needs nothing exposed by analysis.ts. ' +
        'Garbage collection shows as its own row: allocation-heavy code pays there.',
    ],
    tables,
    notes: [],
    targets: [],
  };
}

/* ---------- the run ---------- */

async function main(): Promise<void> {
  const started = performance.now();
  const machine = describeMachine();
  process.stdout.write(`wei7 benchmark: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAtStart.map((l) => l.toFixed(2)).join(' ')}${quick ? ' (quick)' : ''}\n`);
  const tmp = mkdtempSync(join(tmpdir(), 'wei7-bench-'));
  const sections: Section[] = [];
  const skipped: string[] = [];
  try {
    const t0 = performance.now();
    const games = new Map<number, GeneratedGame>([1000, 10000, 50000].map((n) => [n, generateGame(n, SEED)]));
    const inputs: Input[] = [...games.values()].map((g) => writeInput(tmp, kilo(g.moves), g.moves, [g.xml], [g.json], [`game-${kilo(g.moves)}`]));
    const real = realRecords();
    if (real.names.length) inputs.push(writeInput(tmp, 'real records', undefined, real.xml, real.json, real.names));
    const bigGame = gameOfSize(TARGET_XML_BYTES, games.get(10000) as GeneratedGame, games.get(50000) as GeneratedGame);
    const big = writeInput(tmp, bytes(Buffer.byteLength(bigGame.xml)), bigGame.moves, [bigGame.xml], [], [`game-${bigGame.moves}`]);
    process.stdout.write(`inputs generated in ${ms(performance.now() - t0)} (${big.name} XML = ${bigGame.moves} moves)\n`);
    for (const p of real.problems) skipped.push(`real record: ${p}`);

    const attempt = async (name: SectionName, run: () => Promise<Section>): Promise<void> => {
      if (!wanted(name)) return;
      process.stdout.write(`\n[${name}] load ${loadavg()[0].toFixed(2)}\n`);
      try {
        sections.push(await run());
      } catch (e) {
        skipped.push(`${name}: failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        process.stdout.write(`  ${name} failed: ${String(e)}\n`);
      }
    };
    await attempt('inprocess', async () => (await inProcessSection(inputs)).section);
    await attempt('process', () => processSection(inputs, big));
    await attempt('profile', () => profileSection(inputs));
    await attempt('latency', () => runLatency({ root: ROOT, games, seed: SEED, quick, tmp, maxProblems }));
    await attempt('batch', () => runBatch({ root: ROOT, tmp, realSgfDir: REAL_SGF_DIR, quick }));
    for (const name of SECTIONS) if (!wanted(name)) skipped.push(`${name}: not run (--only)`);
  } finally {
    if (!keep) rmSync(tmp, { recursive: true, force: true });
    else process.stdout.write(`(inputs kept in ${tmp})\n`);
  }
  const report = { machine, loadAtEnd: loadavg(), durationSeconds: (performance.now() - started) / 1000, sections, skipped };
  publishReport(report, write ? join(ROOT, 'docs/performance.md') : undefined);
  try {
    mkdirSync(join(ROOT, 'out/bench'), { recursive: true });
    writeFileSync(join(ROOT, 'out/bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
  } catch {
    // The JSON copy is a convenience; the report above is what counts.
  }
  process.stdout.write('\n');
  printTargets(sections);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
