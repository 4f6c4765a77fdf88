/** The locale of the CLI's messages from the environment, as other command-line programs read it. */
import { pickLocale, type Locale } from '../l10n/catalogue';

export function localeFromEnvironment(env: NodeJS.ProcessEnv): Locale {
  return pickLocale(env.LC_ALL || env.LC_MESSAGES || env.LANG || env.LANGUAGE);
}
