/** Messages of the preview features. `{n}` is the n-th argument. */
export const previewMessages = {
  'preview.noDocument': {
    en: 'The document is not open in the language server, or it is not a wei7 document.',
    zh: '该文档未在语言服务器中打开，或不是 wei7 文档。',
  },
  'preview.notSimulated': {
    en: 'The board is not simulated (its size is unknown, or a side has more than 52 points), so no move can be played on it.',
    zh: '棋盘不做模拟（大小未知，或边长超过 52 路），因此无法在上面落子。',
  },
  'preview.offBoard': {
    en: 'The point ({0}, {1}) is not on the {2}×{3} board.',
    zh: '点 ({0}, {1}) 不在 {2}×{3} 的棋盘上。',
  },
  'preview.occupied': {
    en: 'There is already a stone at {0}: a move must go on an empty point.',
    zh: '{0} 已有棋子：着手只能下在空点上。',
  },
  'preview.variationBeforePre': {
    en: 'A variation cannot start before the setup (pre): a setup only comes from the empty board.',
    zh: '不能在预设局面（pre）之前开始变化：预设局面只能源于空棋盘。',
  },
  'preview.cannotPlace': {
    en: 'The move cannot be written here: the text around the cursor is incomplete ({0}). Fix the document first.',
    zh: '无法在此处写入这步棋：光标附近的文本不完整（{0}）。请先修正文档。',
  },
} as const;
