/**
 * The pipeline every consumer (language server, CLI, tests) runs on a document's text:
 * text → detect → parse (syntax tree) → model, with the clause checks on the syntax tree and
 * the game checks on the model.
 */
import type { Finding, SpecId, Wei7Document } from './model/types';
import { detectFormat } from './parse/detect';
import { parseXml, type XmlSyntax } from './parse/xml/parseXml';
import { buildXmlModel } from './model/buildXml';
import { validateXml } from './validate/xml/validateXml';
import { parseJson, type JsonSyntax } from './parse/json/parseJson';
import { buildJsonModel } from './model/buildJson';
import { validateJson } from './validate/json/validateJson';
import { finding } from './l10n/catalogue';
import { checkAndReplayGame, type GameCheckOptions } from './engine/checkGame';
import type { GameReplay } from './engine/replay';

/** The syntax tree a document was read from, for the features that work on text (completion, formatting, edits). */
export type SyntaxTree = { readonly format: 'xml'; readonly xml: XmlSyntax } | { readonly format: 'json'; readonly json: JsonSyntax };

export interface Analysis {
  readonly text: string;
  /** Undefined when the format is unknown. */
  readonly syntax: SyntaxTree | undefined;
  /** The spec the document is checked against; undefined when the format is unknown. */
  readonly spec: SpecId | undefined;
  readonly document: Wei7Document | undefined;
  /** Every finding, sorted by position. */
  readonly findings: readonly Finding[];
  /** The game's replay, recorded by the same walk as the game checks; undefined without a document. */
  readonly replay: GameReplay | undefined;
}

export interface AnalysisOptions {
  /** The game-level checks' settings (`wei7.rules`, `wei7.sameColorHint`). */
  readonly game: GameCheckOptions;
}

export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = { game: { rules: 'fromFile', sameColorHint: true } };

export function analyze(text: string, options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS): Analysis {
  const detected = detectFormat(text);
  if (detected.format === undefined) {
    const at = detected.firstCharacter;
    const span = { start: at, end: Math.min(text.length, at + 1) };
    return { text, syntax: undefined, spec: undefined, document: undefined, findings: [finding(span, '3.1', 'format.unknown')], replay: undefined };
  }
  const findings: Finding[] = [];
  let document: Wei7Document;
  let syntax: SyntaxTree;
  if (detected.format === 'xml') {
    const xml = parseXml(text, detected.contentStart);
    document = buildXmlModel(xml);
    append(findings, xml.findings);
    append(findings, validateXml(xml));
    syntax = { format: 'xml', xml };
  } else {
    const json = parseJson(text, detected.contentStart);
    document = buildJsonModel(json);
    append(findings, json.findings);
    append(findings, validateJson(json));
    syntax = { format: 'json', json };
  }
  const game = checkAndReplayGame(document, options.game);
  append(findings, game.findings);
  return { text, syntax, spec: document.spec, document, findings: sortByPosition(findings), replay: game.replay };
}

/** `target.push(...items)` without spreading: a spread of some 100,000 findings overflows the stack. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

export function sortByPosition(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
