/**
 * The navigation features in the protocol's shapes: hovers, inlay hints, the outline, folding
 * and selection ranges, definitions and references. Each handler reads the cached analysis of
 * the document and calls a pure function of features/; offsets become LSP positions here.
 */
import {
  DocumentHighlightKind,
  FoldingRangeKind,
  MarkupKind,
  SymbolKind,
  type DocumentSymbol,
  type FoldingRange,
  type Location,
  type Range,
  type SelectionRange,
} from 'vscode-languageserver';
import type { PositionMapper } from '../../model/lineIndex';
import type { Span } from '../../model/types';
import { hoverAt } from '../../features/hover';
import { inlayHints } from '../../features/inlayHints';
import { documentOutline, type OutlineKind, type OutlineSymbol } from '../../features/symbols';
import { foldingRanges } from '../../features/folding';
import { selectionSpans } from '../../features/selectionRanges';
import { definitionAt, referencesAt } from '../../features/definition';
import { highlightsAt, linkedTagNamesAt, TAG_NAME_PATTERN, type Highlight } from '../../features/highlights';
import type { Feature } from '../feature';

function toRange(lines: PositionMapper, span: Span): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

function toLocation(uri: string, lines: PositionMapper, span: Span): Location {
  return { uri, range: toRange(lines, span) };
}

export const hoverFeature: Feature = {
  capabilities: { hoverProvider: true },
  register(context) {
    context.connection.onHover(({ textDocument, position }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state) return null;
      const hover = hoverAt(state.analysis, state.lines.offsetAt(position), {
        locale: context.locale(),
        specBaseUrl: context.specBaseUrl,
        replay: state.replay,
      });
      return hover ? { contents: { kind: MarkupKind.Markdown, value: hover.markdown }, range: toRange(state.lines, hover.span) } : null;
    });
  },
};

export const inlayHintsFeature: Feature = {
  capabilities: { inlayHintProvider: true },
  register(context) {
    context.connection.languages.inlayHint.on(({ textDocument, range }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state || !context.settings().inlayHints) return [];
      const span = { start: state.lines.offsetAt(range.start), end: state.lines.offsetAt(range.end) };
      return inlayHints(state.analysis, span, context.locale(), state.replay).map((hint) => ({
        position: state.lines.positionAt(hint.offset),
        label: hint.label,
        tooltip: hint.tooltip,
        paddingLeft: true,
      }));
    });
  },
};

const SYMBOL_KINDS: Readonly<Record<OutlineKind, SymbolKind>> = {
  info: SymbolKind.Object,
  field: SymbolKind.Property,
  player: SymbolKind.Property,
  root: SymbolKind.Namespace,
  chapter: SymbolKind.Module,
  variation: SymbolKind.Namespace,
  problem: SymbolKind.Event,
  titled: SymbolKind.String,
  notice: SymbolKind.Null,
};

/** Our symbols as DocumentSymbols (their depth is bounded by the outline's item limit). */
function toDocumentSymbol(lines: PositionMapper, symbol: OutlineSymbol): DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: SYMBOL_KINDS[symbol.kind],
    range: toRange(lines, symbol.span),
    selectionRange: toRange(lines, symbol.selectionSpan),
    children: symbol.children.map((child) => toDocumentSymbol(lines, child)),
  };
}

export const documentSymbolsFeature: Feature = {
  capabilities: { documentSymbolProvider: { label: 'wei7' } },
  register(context) {
    context.connection.onDocumentSymbol(({ textDocument }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state) return [];
      const outline = documentOutline(state.analysis, { locale: context.locale(), replay: state.replay });
      return outline.map((symbol) => toDocumentSymbol(state.lines, symbol));
    });
  },
};

export const foldingRangesFeature: Feature = {
  capabilities: { foldingRangeProvider: true },
  register(context) {
    context.connection.onFoldingRanges(({ textDocument }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state) return [];
      return foldingRanges(state.analysis, state.lines).map(
        (r): FoldingRange => (r.kind === 'comment' ? { startLine: r.startLine, endLine: r.endLine, kind: FoldingRangeKind.Comment } : { startLine: r.startLine, endLine: r.endLine }),
      );
    });
  },
};

export const selectionRangesFeature: Feature = {
  capabilities: { selectionRangeProvider: true },
  register(context) {
    context.connection.onSelectionRanges(({ textDocument, positions }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state) return [];
      return positions.map((position) => {
        const spans = selectionSpans(state.analysis, state.lines.offsetAt(position));
        // Outermost first, each range the parent of the next.
        let range: SelectionRange | undefined;
        for (let i = spans.length - 1; i >= 0; i--) range = { range: toRange(state.lines, spans[i]), parent: range };
        return range ?? { range: { start: position, end: position } };
      });
    });
  },
};

export const definitionFeature: Feature = {
  capabilities: { definitionProvider: true, referencesProvider: true },
  register(context) {
    context.connection.onDefinition(({ textDocument, position }) => {
      const state = context.stateOf(textDocument.uri);
      const span = state && definitionAt(state.analysis, state.lines.offsetAt(position));
      return state && span ? [toLocation(textDocument.uri, state.lines, span)] : [];
    });
    context.connection.onReferences(({ textDocument, position, context: { includeDeclaration } }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state) return [];
      return referencesAt(state.analysis, state.lines.offsetAt(position), includeDeclaration).map((span) => toLocation(textDocument.uri, state.lines, span));
    });
  },
};

const HIGHLIGHT_KINDS: Record<Highlight['kind'], DocumentHighlightKind> = {
  text: DocumentHighlightKind.Text,
  read: DocumentHighlightKind.Read,
  write: DocumentHighlightKind.Write,
};

export const highlightFeature: Feature = {
  capabilities: { documentHighlightProvider: true, linkedEditingRangeProvider: true },
  register(context) {
    context.connection.onDocumentHighlight(({ textDocument, position }) => {
      const state = context.stateOf(textDocument.uri);
      if (!state) return [];
      return highlightsAt(state.analysis, state.lines.offsetAt(position)).map((h) => ({ range: toRange(state.lines, h.span), kind: HIGHLIGHT_KINDS[h.kind] }));
    });
    context.connection.languages.onLinkedEditingRange(({ textDocument, position }) => {
      const state = context.stateOf(textDocument.uri);
      const spans = state && linkedTagNamesAt(state.analysis, state.lines.offsetAt(position));
      return state && spans ? { ranges: spans.map((span) => toRange(state.lines, span)), wordPattern: TAG_NAME_PATTERN } : null;
    });
  },
};

/** Every navigation feature, for server.ts's list. */
export const navigationFeatures: readonly Feature[] = [
  hoverFeature,
  inlayHintsFeature,
  documentSymbolsFeature,
  foldingRangesFeature,
  selectionRangesFeature,
  definitionFeature,
  highlightFeature,
];
