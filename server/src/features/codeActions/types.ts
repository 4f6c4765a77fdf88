/**
 * What a quick fix is before it meets LSP: a localizable title, edits as offsets into the text
 * the analysis was made of, and whether it is the one obvious fix. The LSP feature
 * (lsp/features/codeActions.ts) puts titles into words and offsets into positions.
 */
import type { Analysis } from '../../analysis';
import type { MessageId } from '../../l10n/catalogue';
import type { Finding, Span } from '../../model/types';

/** Replace the text of `span` with `newText` (an empty span inserts, an empty text deletes). */
export interface FixEdit {
  readonly span: Span;
  readonly newText: string;
}

export interface FixTitle {
  readonly id: MessageId;
  readonly args?: readonly (string | number)[];
}

export interface Fix {
  readonly title: FixTitle;
  /** Non-overlapping edits, all applied together. */
  readonly edits: readonly FixEdit[];
  /** The single obvious fix (VS Code's "Auto Fix" applies it); false when the user has to choose. */
  readonly preferred: boolean;
}

/** What a fix provider gets: the analysis and the finding the diagnostic was made from. */
export interface FixRequest {
  readonly analysis: Analysis;
  readonly finding: Finding;
}

/** Fixes for one finding; none when the finding gives too little to go on (errors as values). */
export type FixProvider = (request: FixRequest) => readonly Fix[];

export function fix(id: MessageId, args: readonly (string | number)[], edits: readonly FixEdit[], preferred: boolean): Fix {
  return { title: args.length ? { id, args } : { id }, edits, preferred };
}

export function replace(span: Span, newText: string): FixEdit {
  return { span, newText };
}

export function insert(offset: number, newText: string): FixEdit {
  return { span: { start: offset, end: offset }, newText };
}

export function remove(span: Span): FixEdit {
  return { span, newText: '' };
}

/** The fix that writes the finding's i-th argument over its span ("Change to …"), the obvious one; none when the argument is absent. */
export function replaceWithArgument(i: number): FixProvider {
  return ({ finding }) => {
    const meant = argOf(finding, i);
    return meant === undefined ? [] : [fix('fix.replace', [meant], [replace(finding.span, meant)], true)];
  };
}

/** The i-th argument of a finding's message as text; undefined when absent. */
export function argOf(finding: Finding, i: number): string | undefined {
  const value = finding.message.args?.[i];
  return value === undefined ? undefined : String(value);
}
