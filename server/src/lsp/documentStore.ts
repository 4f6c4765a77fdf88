/**
 * The analysis of each open document, computed once per version and shared by every request
 * (diagnostics, and later hovers, outline, positions).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, DEFAULT_ANALYSIS_OPTIONS, reanalyze, type Analysis, type AnalysisOptions, type TextChange } from '../analysis';
import type { ChangeLog } from './changeLog';
import { EditedDocument } from './editedDocument';
import { flatText, type SourceText } from '../text/sourceText';
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
  return {
    uri,
    version,
    analysis,
    lines,
    // Read when a request asks: reading it writes the moves an edit left pending into the model (model/shift.ts).
    get replay() {
      return analysis.replay;
    },
  };
}

/** More changes than this since the last analysis: analysing the text from scratch is as quick. */
const MAX_CHANGES_TO_REPLAY = 64;

export class DocumentStore {
  private readonly states = new Map<string, DocumentState>();
  private options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS;

  /** `changes`: the edits since each document's last analysis, so a new version starts from the previous analysis. */
  constructor(private readonly changes?: ChangeLog) {}

  /** New settings: every analysis is out of date. */
  setOptions(options: AnalysisOptions): void {
    this.options = options;
    this.states.clear();
  }

  /** The analysis of the document's current version, computing it if needed. */
  get(document: TextDocument): DocumentState {
    const cached = this.states.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    const state = newState(document.uri, document.version, this.analyse(document, cached), {
      positionAt: (offset) => document.positionAt(offset),
      offsetAt: (position) => document.offsetAt(position),
    });
    this.states.set(document.uri, state);
    this.changes?.analysed(document.uri, document.version);
    return state;
  }

  forget(uri: string): void {
    this.states.delete(uri);
    this.changes?.forget(uri);
  }

  /** From the previous version's analysis and the changes since, when the log has them; else from scratch. */
  private analyse(document: TextDocument, previous: DocumentState | undefined): Analysis {
    // The server's documents keep their text in pieces after an edit (EditedDocument): read as it
    // is, it is not copied whole; a full analysis reads it as one string.
    const text: SourceText = document instanceof EditedDocument ? document.text : document.getText();
    const changes = previous && this.changes?.between(document.uri, previous.version, document.version);
    if (!previous || !changes || changes.length === 0 || changes.length > MAX_CHANGES_TO_REPLAY) return analyze(flatText(text), this.options);
    let analysis = previous.analysis;
    const last = changes.length - 1;
    for (let i = 0; i < last; i++) analysis = reanalyze(analysis, changes[i], this.options);
    // The log and the document must agree; if they ever do not, the text wins. The last change
    // takes the document's own text: comparing two equal copies of a long text costs more than
    // the analysis of a keystroke.
    if (!agrees(analysis.source, changes[last], text)) return analyze(flatText(text), this.options);
    // The document keeps its lines' offsets edit by edit: messages naming a line use them.
    return reanalyze(analysis, changes[last], this.options, text, (offset) => document.positionAt(offset).line);
  }
}

/** Whether `change` applied to `before` can give `after`: its length, and the inserted text in its place (a cheap check of the change log). */
function agrees(before: SourceText, change: TextChange, after: SourceText): boolean {
  return after.length === before.length - (change.end - change.start) + change.text.length && after.startsWith(change.text, change.start);
}
