/** The user's `wei7.*` settings, read through the protocol and turned into analysis options. */
import type { AnalysisOptions } from '../analysis';
import { DEFAULT_ANALYSIS_OPTIONS } from '../analysis';
import type { RulesOption } from '../engine/checkGame';

export interface Wei7Settings {
  readonly rules?: unknown;
  readonly sameColorHint?: unknown;
}

const RULES: readonly RulesOption[] = ['fromFile', 'none', 'chinese', 'japanese', 'korean'];

/** Settings → options; anything missing or malformed keeps its default. */
export function optionsFromSettings(settings: Wei7Settings | null | undefined): AnalysisOptions {
  const defaults = DEFAULT_ANALYSIS_OPTIONS.game;
  const rules = RULES.find((r) => r === settings?.rules) ?? defaults.rules;
  const sameColorHint = typeof settings?.sameColorHint === 'boolean' ? settings.sameColorHint : defaults.sameColorHint;
  return { game: { rules, sameColorHint } };
}
