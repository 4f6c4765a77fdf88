/**
 * The message catalogue: every user-facing string of the server, in English and Simplified
 * Chinese. Findings carry a message id and arguments; they are put into words only at the edge
 * (LSP, CLI), in the locale the user asked for.
 */
import type { Finding, Message, Severity, Span } from '../model/types';
import { commonMessages } from './messages/common';
import { xmlMessages } from './messages/xml';
import { jsonMessages } from './messages/json';
import { engineMessages } from './messages/engine';
import { navigationMessages } from './messages/navigation';
import { editingMessages } from './messages/editing';
import { codeActionMessages } from './messages/codeActions';
import { previewMessages } from './messages/preview';
import { cliMessages } from './messages/cli';
import { convertMessages } from './messages/convert';

export type Locale = 'en' | 'zh-cn';

export interface MessageText {
  readonly en: string;
  readonly zh: string;
}

const catalogue = {
  ...commonMessages,
  ...xmlMessages,
  ...jsonMessages,
  ...engineMessages,
  ...navigationMessages,
  ...editingMessages,
  ...codeActionMessages,
  ...previewMessages,
  ...cliMessages,
  ...convertMessages,
} satisfies Record<string, MessageText>;

export type MessageId = Extract<keyof typeof catalogue, string>;

export function message(id: MessageId, ...args: (string | number)[]): Message {
  return args.length ? { id, args } : { id };
}

/**
 * A finding (error unless said otherwise) citing `clause`. It gets a span of its own (a copy of
 * `span`, which is often a syntax tree's or a model's): after an edit each finding's span is moved
 * on its own (model/shift.ts).
 */
export function finding(
  span: Span,
  clause: string,
  id: MessageId,
  args: (string | number)[] = [],
  severity: Severity = 'error',
): Finding {
  return { span: { start: span.start, end: span.end }, clause, severity, message: message(id, ...args) };
}

/** Chooses our locale from VS Code's display language or the environment (`zh-cn`, `zh-Hans`, `zh_CN.UTF-8`…). */
export function pickLocale(requested: string | undefined): Locale {
  return requested && /^zh(?![-_](tw|hk|mo|hant))/i.test(requested) ? 'zh-cn' : 'en';
}

export function localize(msg: Message, locale: Locale): string {
  const entry: MessageText | undefined = (catalogue as Record<string, MessageText>)[msg.id];
  if (!entry) return msg.id;
  const template = locale === 'zh-cn' ? entry.zh : entry.en;
  const args = msg.args ?? [];
  return template.replace(/\{(\d+)\}/g, (whole, n: string) => (Number(n) < args.length ? String(args[Number(n)]) : whole));
}

/** The ids in the catalogue, for tests that check both languages are complete. */
export function catalogueEntries(): readonly [string, MessageText][] {
  return Object.entries(catalogue);
}
