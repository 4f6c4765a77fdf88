/** Document and range formatting (textDocument/formatting, textDocument/rangeFormatting). */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import { formatDocument, formatRange, type FormatEdit, type FormatOptions, type FormatResult } from '../../features/format';
import { localize, message, type Locale } from '../../l10n/catalogue';
import type { Message } from '../../model/types';
import type { PositionMapper } from '../../model/lineIndex';
import type { Feature, FeatureContext } from '../feature';

/**
 * A server → client notification: the document was left as it was, and why, for the client to
 * show briefly (the status bar: with format-on-save, a dialog on every save would be in the way).
 */
export const FORMAT_REFUSED_NOTIFICATION = 'wei7/formatRefused';

export interface FormatRefusedParams {
  readonly uri: string;
  /** In the user's language. */
  readonly message: string;
}

function toFormatOptions(options: FormattingOptions): FormatOptions {
  return { tabSize: options.tabSize, insertSpaces: options.insertSpaces, insertFinalNewline: options.insertFinalNewline };
}

function toTextEdit(edit: FormatEdit, lines: PositionMapper): TextEdit {
  return { range: { start: lines.positionAt(edit.span.start), end: lines.positionAt(edit.span.end) }, newText: edit.newText };
}

/** What to tell the user when a format request changes nothing because it was refused. */
function refusalMessage(result: FormatResult, lines: PositionMapper, locale: Locale): Message | undefined {
  const refusal = result.refused;
  if (!refusal) return undefined;
  if (refusal.reason === 'tooDeep') return message('format.refused.tooDeep');
  const at = lines.positionAt(refusal.finding.span.start);
  return message('format.refused.syntax', at.line + 1, at.character + 1, localize(refusal.finding.message, locale));
}

/** The edits of `result` for the client, after telling it why there are none when formatting was refused. */
function answer(context: FeatureContext, uri: string, result: FormatResult, lines: PositionMapper): TextEdit[] {
  const locale = context.locale();
  const refused = refusalMessage(result, lines, locale);
  if (refused) {
    const params: FormatRefusedParams = { uri, message: localize(refused, locale) };
    void context.connection.sendNotification(FORMAT_REFUSED_NOTIFICATION, params);
  }
  return result.edits.map((edit) => toTextEdit(edit, lines));
}

export const formattingFeature: Feature = {
  capabilities: { documentFormattingProvider: true, documentRangeFormattingProvider: true },
  register(context) {
    context.connection.onDocumentFormatting((params) => {
      const uri = params.textDocument.uri;
      const state = context.stateOf(uri);
      if (!state) return null;
      return answer(context, uri, formatDocument(state.analysis, toFormatOptions(params.options)), state.lines);
    });
    context.connection.onDocumentRangeFormatting((params) => {
      const uri = params.textDocument.uri;
      const state = context.stateOf(uri);
      if (!state) return null;
      const range = { start: state.lines.offsetAt(params.range.start), end: state.lines.offsetAt(params.range.end) };
      return answer(context, uri, formatRange(state.analysis, range, toFormatOptions(params.options)), state.lines);
    });
  },
};
