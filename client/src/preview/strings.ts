/**
 * The words of the preview, through a translator: vscode.l10n.t in the extension (the Chinese is
 * in l10n/bundle.l10n.zh-cn.json), the identity in tests. Each call's first argument is the
 * English text and the bundle's key, so the strings must stay literal.
 */
import type { PreviewStrings } from './protocol';

export type Translate = (message: string) => string;

export function previewStrings(t: Translate): PreviewStrings {
  return {
    black: t('Black'),
    white: t('White'),
    moveNumber: t('Move {0}'),
    toPlay: t('{0} to play'),
    pass: t('pass'),
    setup: t('Setup position'),
    emptyBoard: t('Empty board'),
    captures: t('Captures'),
    capturedNow: t('captured {0}'),
    problemBlack: t('Problem: Black to play'),
    problemWhite: t('Problem: White to play'),
    evaluation: {
      bad: t('Bad move'),
      good: t('Good move'),
      trick: t('Trick move'),
      controversial: t('Controversial move'),
    },
    mainLine: t('Main line'),
    fork: t('move {0}: variation {1} of {2}'),
    variation: t('Variation'),
    navigation: {
      first: t('First move (Home)'),
      previous: t('Previous move (Left)'),
      next: t('Next move (Right)'),
      last: t('Last move (End)'),
      previousVariation: t('Previous variation (Up)'),
      nextVariation: t('Next variation (Down)'),
    },
    moveNumbers: t('Move numbers'),
    coordinates: t('Coordinates'),
    documentHasErrors: t('The document has errors: the position may be incomplete.'),
    keptLastPosition: t('The document has problems: showing the last position that could be computed.'),
    sizeUnknown: t('The board size is unknown, so the board cannot be drawn.'),
    sizeTooLarge: t('Boards with a side of more than 52 points are not simulated.'),
    noDocument: t('This document could not be read as a wei7 game record.'),
    noEditor: t('Open a .wei7 file to see its board here.'),
    clickToPlay: t('Click an empty point to play there (Shift+click: as a new variation).'),
  };
}
