/**
 * The analysis of each open document, computed once per version and shared by every request
 * (diagnostics, and later hovers, outline, positions).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, DEFAULT_ANALYSIS_OPTIONS, type Analysis, type AnalysisOptions } from '../analysis';
import type { PositionMapper } from '../model/lineIndex';
import type { GameReplay } from '../engine/replay';

export interface DocumentState {
  readonly uri: string;
  readonly version: number;
  readonly analysis: Analysis;
  /** Positions through the TextDocument, whose line offsets are kept up to date edit by edit (no rescan). */
  readonly lines: PositionMapper;
  /** The replay of the game, recorded with the analysis and shared by every request on this version. */
  readonly replay: GameReplay | undefined;
}

function newState(uri: string, version: number, analysis: Analysis, lines: PositionMapper): DocumentState {
  return { uri, version, analysis, lines, replay: analysis.replay };
}

export class DocumentStore {
  private readonly states = new Map<string, DocumentState>();
  private options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS;

  /** New settings: every analysis is out of date. */
  setOptions(options: AnalysisOptions): void {
    this.options = options;
    this.states.clear();
  }

  /** The analysis of the document's current version, computing it if needed. */
  get(document: TextDocument): DocumentState {
    const cached = this.states.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    const text = document.getText();
    const state = newState(document.uri, document.version, analyze(text, this.options), {
      positionAt: (offset) => document.positionAt(offset),
      offsetAt: (position) => document.offsetAt(position),
    });
    this.states.set(document.uri, state);
    return state;
  }

  forget(uri: string): void {
    this.states.delete(uri);
  }
}
