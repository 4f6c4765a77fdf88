/**
 * Completion in a document that is still empty (white space only, or a BOM): the skeleton of a
 * new document in either format, since nothing yet says which one the user is writing.
 */
import type { SpecId } from '../../model/types';
import type { Locale } from '../../l10n/catalogue';
import { USUAL_BOARD_SIZES } from '../../validate/values';
import { choice, clauseDocumentation, say, sortKey, type Wei7Completion } from './items';

const SKELETONS: readonly { readonly label: string; readonly spec: SpecId; readonly clause: string; readonly text: string }[] = [
  {
    label: 'wei7 3.0',
    spec: '3.0',
    clause: '3.2',
    text: `{\n\t"format": "wei7",\n\t"version": "3.0",\n\t"size": ${choice(1, USUAL_BOARD_SIZES)},\n\t"tree": {\n\t\t"steps": [$0]\n\t}\n}\n`,
  },
  {
    label: 'wei7 2.2',
    spec: '2.2',
    clause: '3.3',
    text: `<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n\t<size>${choice(1, USUAL_BOARD_SIZES)}</size>\n\t<moves>\n\t\t<black x="$2" y="$3" />$0\n\t</moves>\n</wei7>\n`,
  },
];

/** The skeletons, replacing the whole text; none once the text holds anything but white space. */
export function newDocumentItems(text: string, locale: Locale): Wei7Completion[] {
  if (!/^\uFEFF?\s*$/.test(text)) return [];
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  return SKELETONS.map((skeleton, index) => ({
    label: skeleton.label,
    kind: 'snippet',
    detail: say(locale, skeleton.spec === '3.0' ? 'edit.snippet.newJsonDocument' : 'edit.snippet.newXmlDocument'),
    documentation: clauseDocumentation(skeleton.spec, skeleton.clause, locale),
    edit: { span: { start, end: text.length }, newText: skeleton.text },
    snippet: true,
    sortText: sortKey(0, index),
  }));
}
