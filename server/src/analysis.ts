/**
 * The pipeline every consumer (language server, CLI, tests) runs on a document's text:
 * text → detect → parse (syntax tree) → model, with the clause checks on the syntax tree and
 * the game checks on the model.
 */
import type { Finding, SpecId, Wei7Document } from './model/types';
import { detectFormat } from './parse/detect';
import { parseXml } from './parse/xml/parseXml';
import { buildXmlModel } from './model/buildXml';
import { validateXml } from './validate/xml/validateXml';
import { parseJson } from './parse/json/parseJson';
import { buildJsonModel } from './model/buildJson';
import { validateJson } from './validate/json/validateJson';
import { finding } from './l10n/catalogue';
import { checkGame, type GameCheckOptions } from './engine/checkGame';

export interface Analysis {
  readonly text: string;
  /** The spec the document is checked against; undefined when the format is unknown. */
  readonly spec: SpecId | undefined;
  readonly document: Wei7Document | undefined;
  /** Every finding, sorted by position. */
  readonly findings: readonly Finding[];
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
    return { text, spec: undefined, document: undefined, findings: [finding(span, '3.1', 'format.unknown')] };
  }
  const findings: Finding[] = [];
  let document: Wei7Document;
  if (detected.format === 'xml') {
    const syntax = parseXml(text, detected.contentStart);
    document = buildXmlModel(syntax);
    findings.push(...syntax.findings, ...validateXml(syntax));
  } else {
    const syntax = parseJson(text, detected.contentStart);
    document = buildJsonModel(syntax);
    findings.push(...syntax.findings, ...validateJson(syntax));
  }
  findings.push(...checkGame(document, options.game));
  return { text, spec: document.spec, document, findings: sortByPosition(findings) };
}

export function sortByPosition(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
