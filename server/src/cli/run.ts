/**
 * The CLI as a function of its arguments: output and exit code are values, so tests run it
 * in-process and main.ts only prints (`check` writes its standard output through the host as it
 * grows, when main.ts gives one).
 */
import { localize, message, pickLocale, type MessageId } from '../l10n/catalogue';
import { localeFromEnvironment } from './locale';
import { boardCommand } from './boardCommand';
import { checkCommand, type CheckHost } from './checkCommand';
import { convertCommand } from './convertCommand';
import { residentCommand } from './resident/command';
import { EXIT_OK, EXIT_USAGE, type CliResult } from './options';
// The extension's version is the command's (esbuild puts the one field used into the bundle).
import { version } from '../../../package.json';

export { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, parseArguments, type CliResult, type ParsedOptions } from './options';

const HELP = new Set(['--help', '-h', 'help']);
const COMMANDS = new Set(['check', 'board', 'convert', 'resident']);


/** `host`: where `check` writes its output as it grows and the script of its worker threads (main.ts gives them). */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv, host: CheckHost = {}): Promise<CliResult> {
  const [command, ...rest] = args;
  const localeOption = rest.findIndex((a) => a === '--locale' || a.startsWith('--locale='));
  const locale = localeOption >= 0 ? pickLocale(rest[localeOption].split('=')[1] ?? rest[localeOption + 1]) : localeFromEnvironment(env);
  const say = (id: MessageId, ...a: (string | number)[]): string => localize(message(id, ...a), locale);
  if (!command) return { exitCode: EXIT_USAGE, stdout: '', stderr: `${say('cli.usage')}\n` };
  // Help asked for anywhere (`wei7 check --help` too) is an answer, not a usage error.
  if (HELP.has(command) || (COMMANDS.has(command) && rest.some((a) => HELP.has(a)))) return { exitCode: EXIT_OK, stdout: `${say('cli.usage')}\n`, stderr: '' };
  if (command === '--version' || command === '-V') return { exitCode: EXIT_OK, stdout: `wei7 ${version}\n`, stderr: '' };
  if (command === 'check') return checkCommand(rest, locale, host);
  if (command === 'board') return boardCommand(rest, locale);
  if (command === 'convert') return convertCommand(rest, locale);
  // The resident checker runs the CLI's bundle, the script of check's workers.
  if (command === 'resident') return residentCommand(rest, locale, host.workerScript);
  return { exitCode: EXIT_USAGE, stdout: '', stderr: `${say('cli.unknownCommand', command)}\n${say('cli.usage')}\n` };
}
