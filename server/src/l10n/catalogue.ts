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
  /**
   * The first argument is a phrase of another tool's, in its English (saxes's reasons): its Chinese
   * by the phrase, or by its words before a name that follows them (`unmatched closing tag: x`).
   */
  readonly zhArgument?: Readonly<Record<string, string>>;
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

/** `{n}` in a template is the n-th argument; a placeholder without its argument is left as written. */
export function localize(msg: Message, locale: Locale): string {
  const entry: MessageText | undefined = (catalogue as Record<string, MessageText>)[msg.id];
  if (!entry) return msg.id;
  const template = locale === 'zh-cn' ? entry.zh : entry.en;
  const { texts, placeholders } = splitTemplate(template);
  const args = locale === 'zh-cn' && entry.zhArgument && msg.args?.length ? [translatedPhrase(msg.args[0], entry.zhArgument), ...msg.args.slice(1)] : (msg.args ?? []);
  let text = texts[0];
  for (let i = 0; i < placeholders.length; i++) {
    const { index, written } = placeholders[i];
    text += (index < args.length ? String(args[index]) : written) + texts[i + 1];
  }
  return text;
}

/** `phrase` in Chinese from `table`: whole, or its words before a name (then `中文：name`); as it is when not there. */
function translatedPhrase(phrase: string | number, table: Readonly<Record<string, string>>): string | number {
  if (typeof phrase !== 'string') return phrase;
  const whole = table[phrase];
  if (whole !== undefined) return whole;
  for (let cut = phrase.lastIndexOf(' '); cut > 0; cut = phrase.lastIndexOf(' ', cut - 1)) {
    const words = phrase.slice(0, cut).replace(/:$/, '');
    const known = table[words];
    if (known !== undefined) return `${known}：${phrase.slice(cut + 1)}`;
  }
  return phrase;
}

/** A template cut at its placeholders: texts[i] comes before placeholders[i], the last text after them all. */
interface SplitTemplate {
  readonly texts: readonly string[];
  readonly placeholders: readonly { readonly index: number; readonly written: string }[];
}

/**
 * Each template of the catalogue split once: the editor puts up to a thousand messages into
 * words after an edit, and a regular expression replace per message was a third of that.
 * Templates are the catalogue's fixed strings, so the memo only ever holds those.
 */
const splitTemplates = new Map<string, SplitTemplate>();

function splitTemplate(template: string): SplitTemplate {
  const known = splitTemplates.get(template);
  if (known) return known;
  const texts: string[] = [];
  const placeholders: { index: number; written: string }[] = [];
  const pattern = /\{(\d+)\}/g;
  let from = 0;
  for (let m = pattern.exec(template); m; m = pattern.exec(template)) {
    texts.push(template.slice(from, m.index));
    placeholders.push({ index: Number(m[1]), written: m[0] });
    from = m.index + m[0].length;
  }
  texts.push(template.slice(from));
  const split = { texts, placeholders };
  splitTemplates.set(template, split);
  return split;
}

/** The ids in the catalogue, for tests that check both languages are complete. */
export function catalogueEntries(): readonly [string, MessageText][] {
  return Object.entries(catalogue);
}
