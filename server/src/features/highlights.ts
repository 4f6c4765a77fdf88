/**
 * Document highlights: what belongs with the token at the cursor. In 2.x, the element's other tag
 * name (the matching `</moves>` of a `<moves>` among nested variations, as VS Code's HTML support
 * shows it); in 3.0, a participant's entry and every index pointing to it (as references finds
 * them). Also the ranges linked editing renames together: an element's two tag names.
 */
import type { Analysis } from '../analysis';
import type { Span } from '../model/types';
import { participantReferencesAt } from './definition';
import { tagNamesAt } from './locate';

export interface Highlight {
  readonly span: Span;
  /** `write` for a participant's entry (what the indices point to), `read` for an index. */
  readonly kind: 'text' | 'read' | 'write';
}

export function highlightsAt(analysis: Analysis, offset: number): Highlight[] {
  const tags = tagNamesAt(analysis, offset);
  if (tags) return [{ span: tags.start, kind: 'text' }, { span: tags.end, kind: 'text' }];
  const participant = participantReferencesAt(analysis, offset);
  if (!participant) return [];
  const { entry, indices } = participant;
  return [...(entry ? [{ span: entry, kind: 'write' as const }] : []), ...indices.map((span) => ({ span, kind: 'read' as const }))];
}

/** The spans linked editing changes together: an element's start and end tag names (2.x), or none. */
export function linkedTagNamesAt(analysis: Analysis, offset: number): Span[] | undefined {
  const tags = tagNamesAt(analysis, offset);
  return tags && [tags.start, tags.end];
}

/**
 * What a tag name typed in a linked range may be (VS Code stops mirroring at anything else): XML
 * name characters, roughly, as the spec's element names are ASCII.
 */
export const TAG_NAME_PATTERN = '[A-Za-z_:][-A-Za-z0-9_.:]*';
