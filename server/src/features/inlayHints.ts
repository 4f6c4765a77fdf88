/**
 * Inlay hints: after each move, its number on its path of play, and ×N when it captures N
 * stones. Only the moves that end inside the requested range are looked at (the editor asks
 * for what is on screen): a binary search finds the first, and the replay answers each in
 * constant time once it has walked the game (once per document version, when kept by the caller).
 */
import type { Analysis } from '../analysis';
import { localize, message, type Locale } from '../l10n/catalogue';
import type { Span } from '../model/types';
import { createReplay, type GameReplay } from '../engine/replay';
import { firstNodeEndingAtOrAfter } from '../model/tree';

export interface Wei7InlayHint {
  /** Just after the move's element or step object. */
  readonly offset: number;
  readonly label: string;
  readonly tooltip: string;
}

/** `replay`: the document's replay when the caller keeps one (a new one walks the whole game). */
export function inlayHints(analysis: Analysis, range: Span, locale: Locale, replay?: GameReplay): Wei7InlayHint[] {
  const doc = analysis.document;
  if (!doc) return [];
  const hints: Wei7InlayHint[] = [];
  for (let i = firstNodeEndingAtOrAfter(doc.nodes, range.start); i < doc.nodes.length; i++) {
    const node = doc.nodes[i];
    if (node.span.end > range.end) break;
    if (node.kind !== 'move') continue;
    replay ??= createReplay(doc);
    const info = replay.infoAt(node);
    const captures = info.captures.length;
    hints.push({
      offset: node.span.end,
      label: captures ? `${info.moveNumber} ×${captures}` : String(info.moveNumber),
      tooltip: captures
        ? localize(message('nav.inlay.moveCaptures', info.moveNumber, captures), locale)
        : localize(message('nav.inlay.move', info.moveNumber), locale),
    });
  }
  return hints;
}
