/**
 * The CLI as a function of its arguments: output and exit code are values, so tests run it
 * in-process and main.ts only prints.
 */
import { analyze, sortByPosition } from '../analysis';
import { LineIndex } from '../model/lineIndex';
import { localize, message, pickLocale, type Locale, type MessageId } from '../l10n/catalogue';
import { toDiagnostics, type Wei7Diagnostic } from '../features/diagnostics';
import { readDocument, wei7FilesUnder } from './readDocument';
import { boardCommand } from './boardCommand';
import { convertCommand } from './convertCommand';

export interface CliResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

export interface ParsedOptions {
  readonly positional: string[];
  readonly options: Map<string, string>;
}

/** `--name value` and `--name=value` options; the flags in `valued` take a value; after `--`, only files. */
export function parseArguments(args: readonly string[], valued: readonly string[]): ParsedOptions | { error: string } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!valued.includes(name)) return { error: name };
    const value = inline ?? args[++i];
    if (value === undefined) return { error: name };
    options.set(name, value);
  }
  return { positional, options };
}

export function localeFromEnvironment(env: NodeJS.ProcessEnv): Locale {
  return pickLocale(env.LC_ALL || env.LC_MESSAGES || env.LANG || env.LANGUAGE);
}

export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const [command, ...rest] = args;
  const localeOption = rest.findIndex((a) => a === '--locale' || a.startsWith('--locale='));
  const locale = localeOption >= 0 ? pickLocale(rest[localeOption].split('=')[1] ?? rest[localeOption + 1]) : localeFromEnvironment(env);
  const say = (id: MessageId, ...a: (string | number)[]): string => localize(message(id, ...a), locale);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    return { exitCode: command ? EXIT_OK : EXIT_USAGE, stdout: command ? `${say('cli.usage')}\n` : '', stderr: command ? '' : `${say('cli.usage')}\n` };
  }
  if (command === 'check') return checkCommand(rest, locale);
  if (command === 'board') return boardCommand(rest, locale);
  if (command === 'convert') return convertCommand(rest, locale);
  return { exitCode: EXIT_USAGE, stdout: '', stderr: `${say('cli.unknownCommand', command)}\n${say('cli.usage')}\n` };
}

interface FileReport {
  readonly file: string;
  readonly diagnostics: Wei7Diagnostic[];
}

function checkCommand(args: readonly string[], locale: Locale): CliResult {
  const say = (id: MessageId, ...a: (string | number)[]): string => localize(message(id, ...a), locale);
  const parsed = parseArguments(args, ['--format', '--locale']);
  if ('error' in parsed) return { exitCode: EXIT_USAGE, stdout: '', stderr: `${say('cli.unknownOption', parsed.error)}\n` };
  const format = parsed.options.get('--format') ?? 'text';
  if (format !== 'text' && format !== 'json') {
    return { exitCode: EXIT_USAGE, stdout: '', stderr: `${say('cli.optionValue', '--format', 'text, json')}\n` };
  }
  if (!parsed.positional.length) return { exitCode: EXIT_USAGE, stdout: '', stderr: `${say('cli.noFiles')}\n${say('cli.usage')}\n` };
  let stderr = '';
  let exitCode = EXIT_OK;
  const reports: FileReport[] = [];
  for (const given of parsed.positional) {
    const files = wei7FilesUnder(given);
    if (files && !files.length) {
      stderr += `${say('cli.noWei7Files', given)}\n`;
      exitCode = EXIT_USAGE;
    }
    for (const file of files ?? [given]) {
      const read = readDocument(file);
      if (!read.ok) {
        stderr += `${say('cli.cannotRead', file, localize(read.reason, locale))}\n`;
        exitCode = EXIT_USAGE;
        continue;
      }
      reports.push({ file, diagnostics: checkText(read.text, read.encodingFinding, locale) });
    }
  }
  const all = reports.flatMap((r) => r.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  if (errors && exitCode === EXIT_OK) exitCode = EXIT_FINDINGS;
  const stdout =
    format === 'json'
      ? `${JSON.stringify(reports.map((r) => ({ file: r.file, diagnostics: r.diagnostics.map(jsonDiagnostic) })), null, 2)}\n`
      : reports.flatMap((r) => r.diagnostics.map((d) => textLine(r.file, d))).join('');
  if (format === 'text') stderr += `${say('cli.summary', reports.length, errors, all.filter((d) => d.severity === 'warning').length)}\n`;
  return { exitCode, stdout, stderr };
}

function checkText(text: string, encodingFinding: import('../model/types').Finding | undefined, locale: Locale): Wei7Diagnostic[] {
  const analysis = analyze(text);
  const findings = encodingFinding ? sortByPosition([encodingFinding, ...analysis.findings]) : analysis.findings;
  return toDiagnostics({ ...analysis, findings }, new LineIndex(text), { locale });
}

/** `FILE:LINE:COL: error 3.6 message`, 1-based like compilers; the severity word stays English for problem matchers. */
function textLine(file: string, d: Wei7Diagnostic): string {
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code} ${d.message}\n`;
}

function jsonDiagnostic(d: Wei7Diagnostic): object {
  return { range: d.range, severity: d.severity, code: d.code, source: d.source, message: d.message };
}
