/** What the CLI's commands share: their result as values, the exit statuses, and the option parser. */

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
