/** The user's `wei7.*` settings, read through the protocol and turned into analysis options. */
import type { AnalysisOptions } from '../analysis';
import { DEFAULT_ANALYSIS_OPTIONS } from '../analysis';
import type { RulesOption } from '../engine/checkGame';
import { PUBLISHED_PROBLEM_LIMIT } from '../features/diagnostics';

/** What the client sends for the `wei7` section (unchecked). */
export interface Wei7Settings {
  readonly rules?: unknown;
  readonly sameColorHint?: unknown;
  readonly inlayHints?: unknown;
  readonly maxNumberOfProblems?: unknown;
}

/** The settings the server works with, every one checked and defaulted. */
export interface ServerSettings {
  readonly analysis: AnalysisOptions;
  /** `wei7.inlayHints`: move numbers (and captures) after each move. */
  readonly inlayHints: boolean;
  /** `wei7.maxNumberOfProblems`: how many problems of a document the editor is sent (the rest are counted in a notice). */
  readonly maxProblems: number;
}

const RULES: readonly RulesOption[] = ['fromFile', 'none', 'chinese', 'japanese', 'korean'];

export const DEFAULT_SETTINGS: ServerSettings = { analysis: DEFAULT_ANALYSIS_OPTIONS, inlayHints: true, maxProblems: PUBLISHED_PROBLEM_LIMIT };

/** Settings as sent → settings as used; anything missing or malformed keeps its default. */
export function readSettings(settings: Wei7Settings | null | undefined): ServerSettings {
  const defaults = DEFAULT_ANALYSIS_OPTIONS.game;
  const rules = RULES.find((r) => r === settings?.rules) ?? defaults.rules;
  const sameColorHint = typeof settings?.sameColorHint === 'boolean' ? settings.sameColorHint : defaults.sameColorHint;
  const inlayHints = typeof settings?.inlayHints === 'boolean' ? settings.inlayHints : DEFAULT_SETTINGS.inlayHints;
  const max = settings?.maxNumberOfProblems;
  const maxProblems = typeof max === 'number' && Number.isInteger(max) && max >= 1 ? max : DEFAULT_SETTINGS.maxProblems;
  return { analysis: { game: { rules, sameColorHint } }, inlayHints, maxProblems };
}
