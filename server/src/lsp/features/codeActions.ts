/**
 * Quick fixes (textDocument/codeAction). Each diagnostic of the request is matched to the
 * finding of the current analysis it was published from (same code and range; the message
 * tells apart two findings there), and the finding's message id and arguments give the fixes.
 * A diagnostic of an older version matches nothing and gets no fix.
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import { fixesFor, type Fix } from '../../features/codeActions';
import { localize, type Locale } from '../../l10n/catalogue';
import type { Finding } from '../../model/types';
import type { DocumentState } from '../documentStore';
import type { Feature } from '../feature';

/** Whether the client asks for quick fixes at all (`only` limits the kinds it wants). */
function wantsQuickFixes(only: readonly string[] | undefined): boolean {
  return !only || only.some((kind) => kind === CodeActionKind.QuickFix || kind === CodeActionKind.Empty);
}

/** The finding a diagnostic was published from; undefined for a diagnostic of another version. */
export function findingFor(state: DocumentState, diagnostic: Diagnostic, locale: Locale): Finding | undefined {
  const start = state.lines.offsetAt(diagnostic.range.start);
  const end = state.lines.offsetAt(diagnostic.range.end);
  const code = diagnostic.code === undefined ? undefined : String(diagnostic.code);
  const candidates = state.analysis.findings.filter((f) => f.clause === code && f.span.start === start && f.span.end === end);
  if (candidates.length <= 1) return candidates[0];
  return candidates.find((f) => localize(f.message, locale) === diagnostic.message);
}

function toTextEdits(fix: Fix, state: DocumentState): TextEdit[] {
  return fix.edits.map((edit) => ({
    range: { start: state.lines.positionAt(edit.span.start), end: state.lines.positionAt(edit.span.end) },
    newText: edit.newText,
  }));
}

/**
 * The code actions for the request's diagnostics. The same fix reached from two diagnostics
 * (a pass with both x and y) is one action that lists both.
 */
export function codeActionsFor(uri: string, state: DocumentState, diagnostics: readonly Diagnostic[], locale: Locale): CodeAction[] {
  const actions = new Map<string, CodeAction>();
  for (const diagnostic of diagnostics) {
    const finding = findingFor(state, diagnostic, locale);
    if (!finding) continue;
    for (const fix of fixesFor(state.analysis, finding)) {
      const title = localize(fix.title, locale);
      const edits = toTextEdits(fix, state);
      const key = JSON.stringify([title, edits]);
      const known = actions.get(key);
      if (known) {
        known.diagnostics?.push(diagnostic);
        continue;
      }
      const action: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [uri]: edits } } };
      if (fix.preferred) action.isPreferred = true;
      actions.set(key, action);
    }
  }
  return [...actions.values()];
}

export const codeActionsFeature: Feature = {
  capabilities: { codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] } },
  register(context) {
    context.connection.onCodeAction((params) => {
      if (!wantsQuickFixes(params.context.only)) return [];
      const state = context.stateOf(params.textDocument.uri);
      if (!state) return [];
      return codeActionsFor(params.textDocument.uri, state, params.context.diagnostics, context.locale());
    });
  },
};
