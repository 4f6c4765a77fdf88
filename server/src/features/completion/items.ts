/** What a completion is before it meets LSP (offsets, not positions), and helpers both formats use. */
import type { Span, SpecId } from '../../model/types';
import { localize, message, type Locale, type MessageId } from '../../l10n/catalogue';
import { getClause } from '../../spec/clauses';

export type CompletionKind = 'element' | 'endTag' | 'attribute' | 'property' | 'value' | 'snippet';

export interface TextChange {
  readonly span: Span;
  readonly newText: string;
}

export interface Wei7Completion {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly detail?: string;
  /** Markdown: the clause that governs the item. */
  readonly documentation?: string;
  /** The text the item replaces and what replaces it (snippet syntax when `snippet`). */
  readonly edit: TextChange;
  readonly snippet: boolean;
  /** Other changes made with the item: a comma after the value before it. */
  readonly additionalEdits?: readonly TextChange[];
  readonly filterText?: string;
  /** Items sort by this, so that the spec's order (and required items first) shows. */
  readonly sortText: string;
  /** After inserting, open completion again: the item leaves a value to choose (an action type, an enum). */
  readonly retrigger?: boolean;
}

export interface CompletionRequest {
  /** The cursor. */
  readonly offset: number;
  readonly locale: Locale;
  /** The character that triggered the request, if one did. */
  readonly triggerCharacter?: string;
}

export function say(locale: Locale, id: MessageId, ...args: (string | number)[]): string {
  return localize(message(id, ...args), locale);
}

/** `**§3.16.1** …`: the clause in the reader's language (the Chinese original, or the English summary). */
export function clauseDocumentation(spec: SpecId, clause: string, locale: Locale): string | undefined {
  const found = getClause(spec, clause);
  if (!found) return undefined;
  return `**§${found.id}** ${locale === 'zh-cn' ? found.text : found.summary}`;
}

/** Sort keys: a group digit, then the position in the spec's list. */
export function sortKey(group: number, index: number): string {
  return `${group}${String(index).padStart(3, '0')}`;
}

/** A choice placeholder: `${1|a,b|}` (commas, pipes and backslashes in values escaped). */
export function choice(tabStop: number, values: readonly (string | number)[]): string {
  return `\${${tabStop}|${values.map((v) => String(v).replace(/[,|\\]/g, (c) => `\\${c}`)).join(',')}|}`;
}
