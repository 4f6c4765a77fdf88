/**
 * Go to definition and find references for participant indices (3.0 §3.7): players[].participant
 * and steps[].actor point at an entry of info.participants. 2.2 has no indices (its players are
 * game/black and game/white themselves), so nothing is found there.
 */
import type { Analysis } from '../analysis';
import type { Span, Wei7Document } from '../model/types';
import { syntaxAt, type SyntaxTarget } from './locate';

/** The participants entry the index at `offset` points to. */
export function definitionAt(analysis: Analysis, offset: number): Span | undefined {
  const target = targetNear(analysis, offset, (t) => t.role === 'participantIndex');
  const doc = analysis.document;
  if (!doc || target?.role !== 'participantIndex' || typeof target.value !== 'number') return undefined;
  const index = target.value;
  return doc.info.participants.find((p) => p.index === index)?.span;
}

/**
 * Every index pointing to the participant at `offset` (an index to it, or anywhere in its
 * entry), in text order; with the entry itself first when `includeDeclaration`.
 */
export function referencesAt(analysis: Analysis, offset: number, includeDeclaration: boolean): Span[] {
  const found = participantReferencesAt(analysis, offset);
  if (!found) return [];
  return includeDeclaration && found.entry ? [found.entry, ...found.indices] : found.indices;
}

/**
 * The participant at `offset` (an index to it, or anywhere in its entry): its entry (undefined
 * when no entry has that index) and every index pointing to it, in text order.
 */
export function participantReferencesAt(analysis: Analysis, offset: number): { readonly entry: Span | undefined; readonly indices: Span[] } | undefined {
  const target = targetNear(analysis, offset, (t) => participantOf(t) !== undefined);
  const doc = analysis.document;
  const index = target && participantOf(target);
  if (!doc || index === undefined) return undefined;
  return { entry: doc.info.participants.find((p) => p.index === index)?.span, indices: indexSpans(doc, index) };
}

function participantOf(target: SyntaxTarget): number | undefined {
  if (target.role === 'participantIndex') return typeof target.value === 'number' ? target.value : undefined;
  return target.participantEntry;
}

function indexSpans(doc: Wei7Document, index: number): Span[] {
  const spans: Span[] = [];
  for (const player of doc.info.players) if (player.participant?.value === index) spans.push(player.participant.span);
  for (const node of doc.nodes) if (node.actor?.value === index) spans.push(node.actor.span);
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * The token at the cursor that `wanted` takes, or the one just before it (a cursor right after `5`
 * is on it, whether a `,`, a `}` or nothing follows).
 */
function targetNear(analysis: Analysis, offset: number, wanted: (target: SyntaxTarget) => boolean): SyntaxTarget | undefined {
  const here = syntaxAt(analysis, offset);
  if (here && wanted(here)) return here;
  const before = offset > 0 ? syntaxAt(analysis, offset - 1) : undefined;
  return before && wanted(before) ? before : here;
}
