/**
 * `wei7 convert IN --to json|xml|sgf [-o OUT] [--force]`: any record we read (SGF, wei7 2.x or
 * 3.0, 石葉 XML) written as wei7 3.0, wei7 2.2 or SGF. Output and exit code are values, like the
 * other commands; main.ts prints them.
 *
 * stdout gets the result when there is no -o; stderr gets one line per warning
 * (`IN:LINE:COL: warning: …`) and, with -o, a summary. Exit 0 when converted, 2 otherwise: a
 * usage error, an unreadable or unconvertible input (an SGF syntax fault names its line and
 * column), or an OUT that exists without --force.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { type Locale, localize, message } from '../l10n/catalogue';
import type { Message } from '../model/types';
import { convertBytes, TARGET_FORMATS, type TargetFormat } from '../convert/convert';
import type { ConversionWarning, SourcePosition } from '../convert/record';
import { convertMessage } from '../convert/warnings';
import { fileErrorReason } from './readDocument';

export interface ConvertResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

const EXIT_OK = 0;
const EXIT_FAILED = 2;

interface ConvertArguments {
  readonly input: string;
  readonly target: TargetFormat;
  readonly output?: string;
  readonly force: boolean;
}

/** `args`: the arguments after `convert`. */
export function convertCommand(args: readonly string[], locale: Locale = 'en'): ConvertResult {
  const say = (msg: Message): string => localize(msg, locale);
  const fail = (msg: Message, usage = false): ConvertResult => ({
    exitCode: EXIT_FAILED,
    stdout: '',
    stderr: `${say(msg)}\n${usage ? `${say(convertMessage('convert.cli.usage'))}\n` : ''}`,
  });
  const parsed = parseConvertArguments(args);
  if ('error' in parsed) return fail(parsed.error, true);
  const { input, target, output, force } = parsed;
  let bytes: Uint8Array;
  try {
    // A named pipe would block the read forever, and /dev/zero never ends (a directory: EISDIR below).
    const stat = statSync(input);
    if (!stat.isFile() && !stat.isDirectory()) return fail(convertMessage('convert.cli.cannotRead', input, say(message('cli.reason.notFile'))));
    bytes = readFileSync(input);
  } catch (e) {
    return fail(convertMessage('convert.cli.cannotRead', input, say(fileErrorReason(e))));
  }
  if (output !== undefined && !force && existsSync(output)) return fail(convertMessage('convert.cli.exists', output));
  const converted = convertBytes(bytes, input, target);
  const warnings = converted.warnings.map((w) => `${warningLine(input, w, say)}\n`).join('');
  if (!converted.ok) {
    const where = place(input, converted.error.at);
    return { exitCode: EXIT_FAILED, stdout: '', stderr: `${warnings}${say(convertMessage('convert.cli.notConverted', where, say(converted.error.message)))}\n` };
  }
  if (output === undefined) return { exitCode: EXIT_OK, stdout: converted.value, stderr: warnings };
  try {
    // "wx" fails if the file appeared since the check above, so an existing file is never replaced without --force.
    writeFileSync(output, converted.value, { encoding: 'utf8', flag: force ? 'w' : 'wx' });
  } catch (e) {
    return { exitCode: EXIT_FAILED, stdout: '', stderr: `${warnings}${say(convertMessage('convert.cli.cannotWrite', output, say(fileErrorReason(e))))}\n` };
  }
  return { exitCode: EXIT_OK, stdout: '', stderr: `${warnings}${say(convertMessage('convert.cli.written', output, converted.warnings.length))}\n` };
}

export function parseConvertArguments(args: readonly string[]): ConvertArguments | { error: Message } {
  let input: string | undefined;
  let target: string | undefined;
  let output: string | undefined;
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (eq >= 0 ? arg.slice(eq + 1) : args[++i]);
    if (name === '--to' || name === '-o' || name === '--output' || name === '--locale') {
      const given = value();
      if (given === undefined) return { error: convertMessage('convert.cli.missingValue', name) };
      if (name === '--to') target = given;
      else if (name !== '--locale') output = given; // --locale is read by the CLI's main
    } else if (name === '--force' || name === '-f') {
      force = true;
    } else if (arg.startsWith('-') && arg !== '-') {
      return { error: convertMessage('convert.cli.unknownOption', arg) };
    } else if (input !== undefined) {
      return { error: convertMessage('convert.cli.moreInputs', arg) };
    } else {
      input = arg;
    }
  }
  if (input === undefined) return { error: convertMessage('convert.cli.noInput') };
  if (target === undefined) return { error: convertMessage('convert.cli.noTarget') };
  if (!(TARGET_FORMATS as readonly string[]).includes(target)) return { error: convertMessage('convert.cli.badTarget', target) };
  return { input, target: target as TargetFormat, ...(output !== undefined && { output }), force };
}

function place(file: string, at: SourcePosition | undefined): string {
  return at ? `${file}:${at.line}:${at.column}` : file;
}

function warningLine(file: string, warning: ConversionWarning, say: (msg: Message) => string): string {
  const times = warning.count > 1 ? ` ${say(convertMessage('convert.cli.times', warning.count))}` : '';
  return say(convertMessage('convert.cli.warning', place(file, warning.at), `${say(warning.message)}${times}`));
}

