/**
 * The analysis after an edit, in one process (no protocol): how long `reanalyze` takes for the
 * edits of issue 8's latency scenarios, each edit starting from the previous edit's result, on
 * generated documents of 1k, 10k and 50k moves in both formats. `npm run bench` measures the
 * same through the protocol; this isolates the analysis (docs/incremental.md quotes it).
 *
 *   npm run bench:edits [-- --rounds N]
 *
 * Medians and 90th percentiles of each scenario, and the ratio of 50k to 1k for the comment edit
 * (issue 8: within 2×). A full analysis of each document is timed in the same run as the baseline.
 */
import { analyze, reanalyze, type Analysis, type TextChange } from '../server/src/analysis';
import { generateGame } from '../server/src/sample/generateGame';

type Format = 'xml' | 'json';

const argv = process.argv.slice(2);
const roundsArg = argv.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(argv[roundsArg + 1]) : 150;

/** What a person types: a comment character and its deletion, or a move, keystroke by keystroke. */
const TYPED: Record<Format, string> = {
  xml: '    <white x="5" y="16" comment="好棋" />\n',
  json: '  {"action": {"type": "move", "value": {"color": 2, "point": {"x": 5, "y": 16}}}, "comment": "好棋"},\n',
};

interface Timing {
  readonly median: number;
  readonly p90: number;
  readonly count: number;
}

function summary(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1], p90: sorted[Math.floor(sorted.length * 0.9)], count: sorted.length };
}

function timed(analysis: Analysis, change: TextChange, times: number[]): Analysis {
  const start = performance.now();
  const next = reanalyze(analysis, change);
  times.push(performance.now() - start);
  return next;
}

/** Types one character into a comment in the middle of the game and deletes it, `rounds` times. */
function commentEdits(text: string, format: Format, rounds: number): Timing {
  let analysis = analyze(text);
  const marker = format === 'xml' ? 'comment="' : '"comment": "';
  const at = text.indexOf(marker, text.length >> 1) + marker.length + 2;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    analysis = timed(analysis, { start: at, end: at, text: '好' }, times);
    analysis = timed(analysis, { start: at, end: at + 1, text: '' }, times);
  }
  return summary(times);
}

/** Types a move at the start of a line in the middle of the game, keystroke by keystroke, then deletes it; `rounds` times. */
function moveTyping(text: string, format: Format, rounds: number): Timing {
  let analysis = analyze(text);
  const lineStart = format === 'xml' ? '\n    <' : '\n  {"action"';
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let at = analysis.text.indexOf(lineStart, analysis.text.length >> 1) + 1;
    for (const ch of TYPED[format]) {
      analysis = timed(analysis, { start: at, end: at, text: ch }, times);
      at += ch.length;
    }
    analysis = timed(analysis, { start: at - TYPED[format].length, end: at, text: '' }, times);
  }
  return summary(times);
}

function fullAnalysis(text: string, rounds: number): Timing {
  analyze(text); // warm-up, not timed
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    analyze(text);
    times.push(performance.now() - start);
  }
  return summary(times);
}

const ms = (n: number): string => `${n.toFixed(2)} ms`;

function main(): void {
  const sizes = [1000, 10000, 50000];
  const games = new Map(sizes.map((n) => [n, generateGame(n)]));
  console.log(`| document | full analysis (median) | comment edit median / p90 | typing a move median / p90 |`);
  console.log(`|---|---|---|---|`);
  for (const format of ['xml', 'json'] as const) {
    const comment = new Map<number, Timing>();
    for (const n of sizes) {
      const text = (games.get(n) as ReturnType<typeof generateGame>)[format];
      const scale = n >= 50000 ? 5 : 1;
      const full = fullAnalysis(text, n >= 50000 ? 3 : 7);
      const edit = commentEdits(text, format, Math.max(10, Math.round(ROUNDS / scale)));
      comment.set(n, edit);
      const typing = n === 10000 ? moveTyping(text, format, 4) : undefined;
      const typed = typing ? `${ms(typing.median)} / ${ms(typing.p90)} (${typing.count} edits)` : '-';
      console.log(`| ${n / 1000}k ${format.toUpperCase()} | ${ms(full.median)} | ${ms(edit.median)} / ${ms(edit.p90)} (${edit.count} edits) | ${typed} |`);
    }
    const ratio = (comment.get(50000) as Timing).median / (comment.get(1000) as Timing).median;
    console.log(`| ${format.toUpperCase()}: comment edit 50k ÷ 1k | | ${ratio.toFixed(1)}× (target ≤ 2×) | |`);
  }
}

main();
