/**
 * Helpers for the editing features' tests: documents with a cursor marker, completion and
 * formatting requests through the real protocol, and applying the edits the server returns.
 */
import type { LspPosition, LspRange, LspTextEdit, TestLspClient } from './lspClient';

export type { LspPosition, LspRange, LspTextEdit };
// One reading of offsets and of edits applied for every test (lines end at LF, CR LF or CR; edits may not overlap).
export { applyEdits, offsetAt } from './codeActions';


/** The parts of a CompletionItem the tests read. */
export interface LspCompletionItem {
  readonly label: string;
  readonly kind?: number;
  readonly detail?: string;
  readonly documentation?: { readonly kind: string; readonly value: string };
  readonly textEdit?: LspTextEdit;
  readonly additionalTextEdits?: LspTextEdit[];
  readonly insertTextFormat?: number;
  readonly filterText?: string;
  readonly sortText?: string;
  readonly command?: { readonly command: string };
}

/** The cursor in a fixture: a character no fixture needs otherwise. */
export const CURSOR = '‸';

export function positionAt(text: string, offset: number): LspPosition {
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: offset - lineStart };
}

/** The text without its cursor marker, and where the marker was. */
export function withCursor(marked: string): { text: string; offset: number; position: LspPosition } {
  const offset = marked.indexOf(CURSOR);
  if (offset < 0 || marked.indexOf(CURSOR, offset + 1) >= 0) throw new Error('a fixture needs exactly one cursor marker');
  const text = marked.slice(0, offset) + marked.slice(offset + CURSOR.length);
  return { text, offset, position: positionAt(text, offset) };
}

/** The range of `text` from `start` to `end` (offsets), as LSP positions. */
export function rangeOf(text: string, start: number, end = start): LspRange {
  return { start: positionAt(text, start), end: positionAt(text, end) };
}

let documentCount = 0;

/** A new document URI, so that every request sees exactly its own text. */
export function freshUri(name: string): string {
  documentCount++;
  return `file:///tmp/editing-${documentCount}-${name}.wei7`;
}

/** Opens `marked` (with its cursor) and asks for completions there. */
export async function completionsAt(
  client: TestLspClient,
  marked: string,
  triggerCharacter?: string,
): Promise<{ items: LspCompletionItem[]; text: string; offset: number }> {
  const { text, offset, position } = withCursor(marked);
  const uri = freshUri('completion');
  await client.open(uri, text);
  const context = triggerCharacter ? { triggerKind: 2, triggerCharacter } : { triggerKind: 1 };
  const result = (await client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position, context })) as {
    items: LspCompletionItem[];
  } | null;
  return { items: result?.items ?? [], text, offset };
}

export interface FormattingOptions {
  readonly tabSize: number;
  readonly insertSpaces: boolean;
  readonly insertFinalNewline?: boolean;
}

export const TWO_SPACES: FormattingOptions = { tabSize: 2, insertSpaces: true };

/** Opens `text` and asks for document formatting. */
export async function formatDocument(client: TestLspClient, text: string, options: FormattingOptions = TWO_SPACES): Promise<LspTextEdit[]> {
  const uri = freshUri('format');
  await client.open(uri, text);
  const edits = (await client.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options })) as LspTextEdit[] | null;
  return edits ?? [];
}

/** Opens `text` and asks for range formatting of `text[start, end)`. */
export async function formatRange(
  client: TestLspClient,
  text: string,
  start: number,
  end: number,
  options: FormattingOptions = TWO_SPACES,
): Promise<LspTextEdit[]> {
  const uri = freshUri('range');
  await client.open(uri, text);
  const range = rangeOf(text, start, end);
  const edits = (await client.connection.sendRequest('textDocument/rangeFormatting', { textDocument: { uri }, range, options })) as LspTextEdit[] | null;
  return edits ?? [];
}
