/**
 * Helpers for the quick-fix tests: open a real document in the real server, pick one of its
 * published diagnostics, ask for code actions over the protocol, apply an action's edits to the
 * text and have the server analyze the result again.
 */
import assert from 'node:assert/strict';
import type { LspPosition, LspRange, LspTextEdit, PublishedDiagnostics, TestLspClient } from './lspClient';

export type { LspPosition, LspRange, LspTextEdit };

export type LspDiagnostic = PublishedDiagnostics['diagnostics'][number];


/** The parts of a CodeAction the tests read. */
export interface LspCodeAction {
  readonly title: string;
  readonly kind?: string;
  readonly diagnostics?: LspDiagnostic[];
  readonly isPreferred?: boolean;
  readonly edit?: { readonly changes?: Record<string, LspTextEdit[]> };
}

/** Offset of an LSP position (lines end at LF, CR LF or CR, as LSP says). */
export function offsetAt(text: string, position: LspPosition): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) {
    const next = text.slice(offset).search(/\r\n|\r|\n/);
    if (next < 0) return text.length;
    offset += next + (text.startsWith('\r\n', offset + next) ? 2 : 1);
  }
  return offset + position.character;
}

export function textAt(text: string, range: LspRange): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

/** Applies an action's edits as an editor does: all against the original text, none overlapping. */
export function applyEdits(text: string, edits: readonly LspTextEdit[]): string {
  const spans = edits
    .map((edit) => ({ start: offsetAt(text, edit.range.start), end: offsetAt(text, edit.range.end), newText: edit.newText }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < spans.length; i++) assert.ok(spans[i - 1].end <= spans[i].start, 'edits must not overlap');
  let result = text;
  for (let i = spans.length - 1; i >= 0; i--) result = result.slice(0, spans[i].start) + spans[i].newText + result.slice(spans[i].end);
  return result;
}

let documentCount = 0;

function freshUri(): string {
  documentCount++;
  return `file:///tmp/code-actions-${documentCount}.wei7`;
}

/** Which diagnostic a test means: its code, the text it covers, and a pattern of its message when two share both. */
export interface DiagnosticPick {
  readonly code: string;
  readonly at: string;
  readonly message?: RegExp;
  /** Only the nth (from 0) of the diagnostics that match, when several share code, text and message. */
  readonly nth?: number;
}

function matches(text: string, d: LspDiagnostic, pick: DiagnosticPick): boolean {
  return String(d.code) === pick.code && textAt(text, d.range) === pick.at && (!pick.message || pick.message.test(d.message));
}

export interface Requested {
  readonly uri: string;
  readonly published: readonly LspDiagnostic[];
  /** The diagnostics sent in the request's context. */
  readonly diagnostics: readonly LspDiagnostic[];
  readonly actions: readonly LspCodeAction[];
}

/**
 * Opens `text` and requests the code actions for the diagnostics `pick` chooses (all that match,
 * as an editor sends every diagnostic under the cursor), over the range of the first.
 */
export async function requestActions(client: TestLspClient, text: string, pick: DiagnosticPick, only?: string[]): Promise<Requested> {
  const uri = freshUri();
  const published = (await client.open(uri, text)).diagnostics;
  const matching = published.filter((d) => matches(text, d, pick));
  const diagnostics = pick.nth === undefined ? matching : matching.slice(pick.nth, pick.nth + 1);
  assert.ok(diagnostics.length > 0, `no diagnostic ${pick.code} over "${pick.at}"; published: ${JSON.stringify(published.map((d) => [d.code, textAt(text, d.range)]))}`);
  const actions = (await client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostics[0].range,
    context: { diagnostics, ...(only ? { only } : {}) },
  })) as LspCodeAction[];
  return { uri, published, diagnostics, actions };
}

export interface FixCase {
  readonly text: string;
  readonly pick: DiagnosticPick;
  /** Every action offered for the diagnostic, in order. */
  readonly titles: readonly string[];
  /** The action to apply. */
  readonly apply: string;
  readonly preferred: boolean;
  readonly expected: string;
  /** Diagnostics the fixed text may newly have, as [code, covered text]: a placeholder for the user to fill in. */
  readonly newDiagnostics?: readonly (readonly [string, string])[];
}

function key(d: LspDiagnostic): string {
  return `${d.code} ${d.message}`;
}

/**
 * The whole round trip: the actions offered, the edit applied, the text exactly as expected,
 * and the server's analysis of that text: the diagnostic is gone and nothing new appears (but
 * the placeholders the case names).
 */
export async function assertFix(client: TestLspClient, c: FixCase): Promise<void> {
  await fixAndCheck(client, c);
}

/** assertFix, giving the fixed text for a next step. */
export async function fixAndCheck(client: TestLspClient, c: FixCase): Promise<string> {
  const { uri, published, diagnostics, actions } = await requestActions(client, c.text, c.pick);
  assert.deepEqual(actions.map((a) => a.title), c.titles);
  const action = actions.find((a) => a.title === c.apply);
  assert.ok(action, `no action "${c.apply}"`);
  assert.equal(action.kind, 'quickfix');
  assert.deepEqual(action.diagnostics, diagnostics);
  assert.equal(action.isPreferred === true, c.preferred, `isPreferred of "${c.apply}"`);
  const edits = action.edit?.changes?.[uri];
  assert.ok(edits, 'the action edits the document');
  const fixed = applyEdits(c.text, edits);
  assert.equal(fixed, c.expected);

  const after = (await client.change(uri, 2, [{ text: fixed }])).diagnostics;
  const unexplained = [...after];
  for (const [code, at] of c.newDiagnostics ?? []) {
    const i = unexplained.findIndex((d) => String(d.code) === code && textAt(fixed, d.range) === at);
    assert.ok(i >= 0, `expected a new diagnostic ${code} over "${at}"`);
    unexplained.splice(i, 1);
  }
  const before = published.map(key);
  for (const d of diagnostics) before.splice(before.indexOf(key(d)), 1);
  for (const d of unexplained) {
    const i = before.indexOf(key(d));
    assert.ok(i >= 0, `a new diagnostic after the fix: ${d.code} over "${textAt(fixed, d.range)}": ${d.message}`);
    before.splice(i, 1);
  }
  for (const d of diagnostics) {
    assert.ok(!after.some((a) => key(a) === key(d) && textAt(fixed, a.range) === textAt(c.text, d.range)), `still there: ${key(d)}`);
  }
  return fixed;
}
