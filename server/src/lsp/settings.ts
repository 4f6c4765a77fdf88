/** The user's `wei7.*` settings, read through the protocol and turned into analysis options. */
import type { AnalysisOptions } from '../analysis';
import { DEFAULT_ANALYSIS_OPTIONS } from '../analysis';
import type { RulesOption } from '../engine/checkGame';

/** What the client sends for the `wei7` section (unchecked). */
export interface Wei7Settings {
  readonly rules?: unknown;
  readonly sameColorHint?: unknown;
  readonly inlayHints?: unknown;
}

/** The settings the server works with, every one checked and defaulted. */
export interface ServerSettings {
  readonly analysis: AnalysisOptions;
  /** `wei7.inlayHints`: move numbers (and captures) after each move. */
  readonly inlayHints: boolean;
}

const RULES: readonly RulesOption[] = ['fromFile', 'none', 'chinese', 'japanese', 'korean'];

export const DEFAULT_SETTINGS: ServerSettings = { analysis: DEFAULT_ANALYSIS_OPTIONS, inlayHints: true };

/** Settings as sent → settings as used; anything missing or malformed keeps its default. */
export function readSettings(settings: Wei7Settings | null | undefined): ServerSettings {
  const defaults = DEFAULT_ANALYSIS_OPTIONS.game;
  const rules = RULES.find((r) => r === settings?.rules) ?? defaults.rules;
  const sameColorHint = typeof settings?.sameColorHint === 'boolean' ? settings.sameColorHint : defaults.sameColorHint;
  const inlayHints = typeof settings?.inlayHints === 'boolean' ? settings.inlayHints : DEFAULT_SETTINGS.inlayHints;
  return { analysis: { game: { rules, sameColorHint } }, inlayHints };
}
