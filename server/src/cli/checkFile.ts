/**
 * One file of `wei7 check`: read, checked and put into words. The outcome is plain data (strings
 * and counts), the same whether the main thread or a worker thread made it, so that a worker can
 * send it back with postMessage and the output does not depend on who checked the file.
 */
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze } from '../analysis';
import { sortByPosition } from '../model/findings';
import { LineIndex } from '../model/lineIndex';
import type { Finding } from '../model/types';
import { localize, message, type Locale } from '../l10n/catalogue';
import { toDiagnostics, type Wei7Diagnostic } from '../features/diagnostics';
import { relatedPlaces } from '../features/relatedPlaces';
import { readDocument } from './readDocument';
import { fileNameFinding } from '../validate/fileName';

export type CheckFormat = 'text' | 'json';

export interface FileOutcome {
  /**
   * The file's part of standard output: its diagnostic lines (text), or its element of the output
   * array, indented as inside it (json). Empty when the file was not checked.
   */
  readonly stdout: string;
  /** Why the file was not checked (one line, with its newline); empty when it was. */
  readonly stderr: string;
  readonly checked: boolean;
  readonly errors: number;
  readonly warnings: number;
}

export function checkFile(file: string, locale: Locale, format: CheckFormat): FileOutcome {
  const read = readDocument(file);
  if (!read.ok) return notChecked(localize(message('cli.cannotRead', file, localize(read.reason, locale)), locale));
  let diagnostics: Wei7Diagnostic[];
  try {
    const fileFindings = [fileNameFinding(basename(file)), read.encodingFinding].filter((f): f is Finding => f !== undefined);
    diagnostics = checkText(read.text, fileFindings, locale);
  } catch (e) {
    // A bug, not the user's: named with the file, and the other files are still checked.
    return notChecked(localize(message('cli.internalError', file, describeError(e)), locale));
  }
  return checkedOutcome(file, diagnostics, format);
}

export function notChecked(line: string): FileOutcome {
  return { stdout: '', stderr: `${line}\n`, checked: false, errors: 0, warnings: 0 };
}

/** `Name: message` of a thrown value, one line (a stack would differ between threads). */
export function describeError(e: unknown): string {
  return (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).replace(/\s*\n\s*/g, ' ');
}

/** The text's diagnostics, with `fileFindings` about the file (its name, its encoding) among them. */
export function checkText(text: string, fileFindings: readonly Finding[], locale: Locale): Wei7Diagnostic[] {
  const analysis = analyze(text);
  const findings = fileFindings.length > 0 ? sortByPosition([...fileFindings, ...analysis.findings]) : analysis.findings;
  return toDiagnostics({ spec: analysis.spec, findings }, new LineIndex(text), { locale }, relatedPlaces(analysis));
}

export function checkedOutcome(file: string, diagnostics: readonly Wei7Diagnostic[], format: CheckFormat): FileOutcome {
  const stdout = format === 'json' ? jsonElement(file, diagnostics) : diagnostics.map((d) => textLine(file, d)).join('');
  return {
    stdout,
    stderr: '',
    checked: true,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}

/**
 * `FILE:LINE:COL: error 3.6 message`, 1-based like compilers; the severity word stays English for
 * problem matchers. Each related place follows as `FILE:LINE:COL: note message`, which the
 * matcher passes over (its severities are the four above), as compilers print their notes.
 */
function textLine(file: string, d: Wei7Diagnostic): string {
  let lines = `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code} ${d.message}\n`;
  for (const place of d.related ?? []) lines += `${file}:${place.range.start.line + 1}:${place.range.start.character + 1}: note ${place.message}\n`;
  return lines;
}

/**
 * `{"file", "diagnostics"}` as `JSON.stringify(array, null, 2)` writes an element of the array:
 * every line indented by two spaces (JSON escapes the newlines inside strings, so lines are safe to split).
 */
function jsonElement(file: string, diagnostics: readonly Wei7Diagnostic[]): string {
  const element = { file, diagnostics: diagnostics.map((d) => jsonDiagnostic(file, d)) };
  return `  ${JSON.stringify(element, null, 2).replace(/\n/g, '\n  ')}`;
}

/** The LSP shape; related places as LSP's relatedInformation, located by the file's URL. */
function jsonDiagnostic(file: string, d: Wei7Diagnostic): object {
  const shown = { range: d.range, severity: d.severity, code: d.code, source: d.source, message: d.message };
  if (!d.related) return shown;
  const uri = pathToFileURL(resolve(file)).href;
  return { ...shown, relatedInformation: d.related.map((place) => ({ location: { uri, range: place.range }, message: place.message })) };
}
