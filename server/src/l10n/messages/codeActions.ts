/** Messages of the codeActions features: the titles of quick fixes. `{n}` is the n-th argument. */
export const codeActionMessages = {
  'fix.attributeValue': {
    en: 'Change to {0}="{1}"',
    zh: '改为 {0}="{1}"',
  },
  'fix.replace': {
    en: 'Change to {0}',
    zh: '改为 {0}',
  },
  'fix.ordinarySpace': {
    en: 'Change to an ordinary space',
    zh: '改为半角空格',
  },
  'fix.insertEquals': {
    en: 'Write "=" between {0} and its value',
    zh: '在 {0} 与其值之间写上“=”',
  },
  'fix.commaToSpace': {
    en: 'Change "{0}" to a space',
    zh: '将“{0}”改为空格',
  },
  'fix.removeComma': {
    en: 'Remove "{0}"',
    zh: '删除“{0}”',
  },
  'fix.wrapInValue': {
    en: 'Put them inside "value"',
    zh: '将它们放入 "value" 之中',
  },
  'fix.escapeAmpersand': {
    en: 'Write the & as &amp;',
    zh: '将 & 写作 &amp;',
  },
  'fix.size': {
    en: 'Change the board size to {0}',
    zh: '将棋盘大小改为 {0}',
  },
  'fix.pass.removeCoordinates': {
    en: 'Remove the coordinates of this pass',
    zh: '删除这个虚手（pass）的坐标',
  },
  'fix.pass.makeMove': {
    en: 'Make it a normal move: remove type="pass"',
    zh: '改为普通的一步棋：删除 type="pass"',
  },
  'fix.addAttribute': {
    en: 'Add {0}="{1}"',
    zh: '添加 {0}="{1}"',
  },
  'fix.addProperty': {
    en: 'Add "{0}": {1}',
    zh: '添加 "{0}": {1}',
  },
  'fix.removeTrailingMark': {
    en: 'Remove the <mark> at the end of <moves>',
    zh: '删除 <moves> 末尾的 <mark>',
  },
  'fix.removeTrailingMarks': {
    en: 'Remove the {0} <mark> elements at the end of <moves>',
    zh: '删除 <moves> 末尾的 {0} 个 <mark>',
  },
  'fix.movePreFirst': {
    en: 'Move this <pre> to the start of its <moves>',
    zh: '将这个 <pre> 移到所在 <moves> 的开头',
  },
  'fix.removePre': {
    en: 'Remove this <pre>',
    zh: '删除这个 <pre>',
  },
  'fix.removeEmptyMoves': {
    en: 'Remove this empty <moves>',
    zh: '删除这个空的 <moves>',
  },
  'fix.removeDuplicate': {
    en: 'Remove this duplicate "{0}"',
    zh: '删除这个重复的属性“{0}”',
  },
  'fix.keepDuplicate': {
    en: 'Keep this "{0}" and remove the one on line {1}',
    zh: '保留这个“{0}”，删除第 {1} 行的“{0}”',
  },
  'fix.keepDuplicateOfMany': {
    en: 'Keep this "{0}" and remove the other {1}',
    zh: '保留这个“{0}”，删除其余 {1} 个',
  },
  'fix.removeAfterRoot': {
    en: 'Remove what follows the root object',
    zh: '删除根对象之后的内容',
  },
  'fix.removeTrailingComma': {
    en: 'Remove the trailing comma',
    zh: '删除多余的逗号',
  },
  'fix.removeStrayCloser': {
    en: 'Remove this "{0}"',
    zh: '删除这个“{0}”',
  },
  'fix.closeStartTag': {
    en: 'Close the tag with {0}',
    zh: '用 {0} 结束该标签',
  },
  'fix.renameStartTag': {
    en: 'Change <{0}> to <{1}>',
    zh: '将 <{0}> 改为 <{1}>',
  },
  'fix.insertTag': {
    en: 'Insert {0} before <{1}>',
    zh: '在 <{1}> 之前插入 {0}',
  },
  'fix.closeList': {
    en: 'Close the list "{0}" with "]"',
    zh: '用“]”结束列表“{0}”',
  },
  'fix.closeObject': {
    en: 'Close the object "{0}" with "{1}"',
    zh: '用“{1}”结束对象“{0}”',
  },
  'fix.insertCloser': {
    en: 'Insert "{0}" where it was left out',
    zh: '在遗漏处插入“{0}”',
  },
  'fix.removeEndTag': {
    en: 'Delete this {0}',
    zh: '删除这个 {0}',
  },
  'fix.insertOpenBracket': {
    en: 'Open the list "{0}" with "["',
    zh: '用“[”开始列表“{0}”',
  },
  'fix.removeLineBreak': {
    en: 'Delete the line break',
    zh: '删除换行',
  },
  'fix.insertOpenBrace': {
    en: 'Insert "{" before {0}',
    zh: '在 {0} 之前插入“{”',
  },
  'fix.bracketList': {
    en: 'Write this list in square brackets [ ]',
    zh: '将这个列表写在方括号 [ ] 中',
  },
  'fix.playAt': {
    en: 'Play at {0} instead',
    zh: '改为下在 {0}',
  },
} as const;
