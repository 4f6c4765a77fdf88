/** Completion (textDocument/completion): elements, attributes, properties, values and snippets. */
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type TextEdit } from 'vscode-languageserver';
import { complete, type TextChange, type Wei7Completion } from '../../features/completion';
import type { CompletionKind } from '../../features/completion/items';
import type { PositionMapper } from '../../model/lineIndex';
import type { Feature } from '../feature';

const KINDS: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  element: CompletionItemKind.Class,
  endTag: CompletionItemKind.Class,
  attribute: CompletionItemKind.Property,
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  snippet: CompletionItemKind.Snippet,
};

/** `<` element names, ` ` attributes and values after `:`, `"` keys and values, `:` values, `/` end tags, `=` attribute values. */
export const COMPLETION_TRIGGER_CHARACTERS = ['<', ' ', '"', ':', '/', '='];

function toTextEdit(change: TextChange, lines: PositionMapper): TextEdit {
  return { range: { start: lines.positionAt(change.span.start), end: lines.positionAt(change.span.end) }, newText: change.newText };
}

function toCompletionItem(item: Wei7Completion, lines: PositionMapper): CompletionItem {
  return {
    label: item.label,
    kind: KINDS[item.kind],
    detail: item.detail,
    documentation: item.documentation ? { kind: MarkupKind.Markdown, value: item.documentation } : undefined,
    textEdit: toTextEdit(item.edit, lines),
    insertTextFormat: item.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    additionalTextEdits: item.additionalEdits?.map((change) => toTextEdit(change, lines)),
    filterText: item.filterText,
    sortText: item.sortText,
    command: item.retrigger ? { title: 'Suggest', command: 'editor.action.triggerSuggest' } : undefined,
  };
}

export const completionFeature: Feature = {
  capabilities: { completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS, resolveProvider: false } },
  register(context) {
    context.connection.onCompletion((params) => {
      const state = context.stateOf(params.textDocument.uri);
      if (!state) return null;
      const items = complete(state.analysis, {
        offset: state.lines.offsetAt(params.position),
        locale: context.locale(),
        triggerCharacter: params.context?.triggerCharacter,
      });
      return { isIncomplete: false, items: items.map((item) => toCompletionItem(item, state.lines)) };
    });
  },
};
