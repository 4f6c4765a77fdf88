/** Document and range formatting (textDocument/formatting, textDocument/rangeFormatting). */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import { formatDocument, formatRange, type FormatEdit, type FormatOptions } from '../../features/format';
import type { PositionMapper } from '../../model/lineIndex';
import type { Feature } from '../feature';

function toFormatOptions(options: FormattingOptions): FormatOptions {
  return { tabSize: options.tabSize, insertSpaces: options.insertSpaces, insertFinalNewline: options.insertFinalNewline };
}

function toTextEdit(edit: FormatEdit, lines: PositionMapper): TextEdit {
  return { range: { start: lines.positionAt(edit.span.start), end: lines.positionAt(edit.span.end) }, newText: edit.newText };
}

export const formattingFeature: Feature = {
  capabilities: { documentFormattingProvider: true, documentRangeFormattingProvider: true },
  register(context) {
    context.connection.onDocumentFormatting((params) => {
      const state = context.stateOf(params.textDocument.uri);
      if (!state) return null;
      return formatDocument(state.analysis, toFormatOptions(params.options)).map((edit) => toTextEdit(edit, state.lines));
    });
    context.connection.onDocumentRangeFormatting((params) => {
      const state = context.stateOf(params.textDocument.uri);
      if (!state) return null;
      const range = { start: state.lines.offsetAt(params.range.start), end: state.lines.offsetAt(params.range.end) };
      return formatRange(state.analysis, range, toFormatOptions(params.options)).map((edit) => toTextEdit(edit, state.lines));
    });
  },
};
