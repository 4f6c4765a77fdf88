/**
 * Where a full check's time goes, phase by phase, in one process: the raw parser (the floor of
 * issue 8's target), then our parse, the model, the clause checks and the game check, each timed
 * alone on generated games (10k moves unless told). docs/performance-limits.md quotes it; run it
 * with a larger young generation to see each phase without most of its garbage collection:
 *
 *   npm run bench:phases [-- --moves N]
 *   node --max-semi-space-size=64 out/bench/checkPhases.js
 */
import { DEFAULT_ANALYSIS_OPTIONS } from '../server/src/analysis';
import { detectFormat } from '../server/src/parse/detect';
import { parseJson } from '../server/src/parse/json/parseJson';
import { parseXmlRun } from '../server/src/parse/xml/xmlRun';
import { xmlSyntaxOf } from '../server/src/parse/xml/parseXml';
import { buildJsonModel } from '../server/src/model/buildJson';
import { buildXmlModelIncrementally } from '../server/src/model/buildXml';
import { validateJsonInContext } from '../server/src/validate/json/validateJson';
import { validateXmlIncrementally } from '../server/src/validate/xml/validateXml';
import { checkAndReplayGame } from '../server/src/engine/checkGame';
import type { Wei7Document } from '../server/src/model/types';
import { generateGame } from '../server/src/sample/generateGame';
import { rawSaxes, rawVisit } from './floors';

const argv = process.argv.slice(2);
const movesArg = argv.indexOf('--moves');
const MOVES = movesArg >= 0 ? Number(argv[movesArg + 1]) : 10_000;
const ROUNDS = 25;

type Phase = [name: string, run: (input: unknown) => unknown];

/** Each phase's median over ROUNDS rounds (the phases of a round in order, each fed the one before's result). */
function measure(phases: readonly Phase[]): Map<string, number[]> {
  const times = new Map<string, number[]>(phases.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS + 3; round++) {
    let input: unknown;
    for (const [name, run] of phases) {
      const start = performance.now();
      input = run(input) ?? input;
      if (round >= 3) times.get(name)?.push(performance.now() - start);
    }
  }
  return times;
}

function report(format: string, times: Map<string, number[]>): void {
  const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1];
  const floor = median(times.values().next().value ?? []);
  let ours = 0;
  for (const [name, v] of times) {
    const m = median(v);
    if (name !== 'raw parser') ours += m;
    process.stdout.write(`${format} ${MOVES} moves  ${name.padEnd(22)} median ${m.toFixed(2).padStart(7)} ms  min ${Math.min(...v).toFixed(2).padStart(7)} ms\n`);
  }
  process.stdout.write(`${format} ${MOVES} moves  ${'our phases, summed'.padEnd(22)} median ${ours.toFixed(2).padStart(7)} ms  (${(ours / floor).toFixed(2)}× the raw parser)\n\n`);
}

const game = generateGame(MOVES);
const json = game.json;
const jsonStart = detectFormat(json).contentStart;
/** The 3.0 phases; `readsPlainSteps` false reads every step through the generic parser (as a game whose steps all carry a time or marks is read). */
function jsonPhases(readsPlainSteps: boolean): Phase[] {
  let jsonSyntax = parseJson(json, jsonStart, readsPlainSteps);
  let jsonDocument: Wei7Document = buildJsonModel(jsonSyntax);
  return [
    ['raw parser', () => rawVisit([json])],
    ['parse', () => void (jsonSyntax = parseJson(json, jsonStart, readsPlainSteps))],
    ['model', () => void (jsonDocument = buildJsonModel(jsonSyntax))],
    ['clause checks', () => void validateJsonInContext(jsonSyntax)],
    ['game check and replay', () => void checkAndReplayGame(jsonDocument, DEFAULT_ANALYSIS_OPTIONS.game)],
  ];
}
report('JSON', measure(jsonPhases(true)));
report('JSON, every step read by the generic parser', measure(jsonPhases(false)));

const xml = game.xml;
const xmlStart = detectFormat(xml).contentStart;
/** The 2.x phases; `readsPlainMoves` false reads every element through saxes (as a game whose moves all carry a title or marks is read). */
function xmlPhases(readsPlainMoves: boolean): Phase[] {
  let xmlSyntax = xmlSyntaxOf(xml, parseXmlRun(xml, xmlStart, readsPlainMoves).root, []);
  let xmlDocument: Wei7Document = buildXmlModelIncrementally(xmlSyntax).document;
  return [
    ['raw parser', () => rawSaxes([xml])],
    ['parse', () => void (xmlSyntax = xmlSyntaxOf(xml, parseXmlRun(xml, xmlStart, readsPlainMoves).root, []))],
    ['model', () => void (xmlDocument = buildXmlModelIncrementally(xmlSyntax).document)],
    ['clause checks', () => void validateXmlIncrementally(xmlSyntax)],
    ['game check and replay', () => void checkAndReplayGame(xmlDocument, DEFAULT_ANALYSIS_OPTIONS.game)],
  ];
}
report('XML', measure(xmlPhases(true)));
report('XML, every element read by saxes', measure(xmlPhases(false)));
