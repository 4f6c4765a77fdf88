/** Messages shared by both formats. `{n}` is the n-th argument. */
export const commonMessages = {
  'diagnostics.limited': {
    en: '{0} more problems are not shown: the editor gets the first {1} (errors first; the setting wei7.maxNumberOfProblems). Run `wei7 check` for all of them.',
    zh: '还有 {0} 个问题未显示：编辑器只显示前 {1} 个（错误优先；见设置 wei7.maxNumberOfProblems）。运行 `wei7 check` 可查看全部问题。',
  },
  'format.unknown': {
    en: 'This is not a wei7 document: after an optional BOM and white space, a wei7 2.x document starts with "<" (XML) and a wei7 3.0 document with "{" (JSON).',
    zh: '这不是 wei7 文档：在可选的 BOM 和空白之后，wei7 2.x 文档以“<”（XML）开头，wei7 3.0 文档以“{”（JSON）开头。',
  },
  'text.invalidUtf8': {
    en: 'The file is not valid UTF-8 (first bad byte at byte offset {0}); wei7 documents are encoded in UTF-8.',
    zh: '文件不是合法的 UTF-8 编码（第一个错误字节位于字节偏移 {0}）；wei7 文档必须以 UTF-8 编码。',
  },
  'text.fileExtension': {
    en: 'The file {0} does not have the extension .wei7: a wei7 document saved as a file must have it.',
    zh: '文件 {0} 的扩展名不是 .wei7：wei7 文档保存为文件时，扩展名必须是 .wei7。',
  },
  'text.utf16': {
    en: 'The file is encoded in {0}; wei7 documents are encoded in UTF-8 (it was read as {0} for this check: save it as UTF-8).',
    zh: '文件的编码为 {0}；wei7 文档必须以 UTF-8 编码（本次检查按 {0} 读取：请将其另存为 UTF-8）。',
  },
  'shortString.tooLong': {
    en: '{0} has {1} characters; it must be single-line text of at most 128 characters.',
    zh: '{0} 有 {1} 个字符；它必须是不超过 128 个字符的单行文本。',
  },
  'shortString.control': {
    en: '{0} contains the control character {1}; it must be single-line text (no line breaks, tabs or other control characters).',
    zh: '{0} 含有控制字符 {1}；它必须是单行文本（不能含有换行、制表符或其他控制字符）。',
  },
  'mark.symbol': {
    en: 'Mark symbol "{0}" is not allowed: a symbol is exactly one character of a-z, A-Z, 0-9, @ # $ % & * ?.',
    zh: '标记符号“{0}”不合法：symbol 必须恰好是一个字符，且只能取 a-z、A-Z、0-9、@ # $ % & * ? 之一。',
  },
  'coordinate.range': {
    en: '{0}={1} is off the board: {0} must be at least 0 and less than {2}.',
    zh: '{0}={1} 超出棋盘：{0} 必须大于等于 0 且小于 {2}。',
  },
  'number.multipleOfHalf': {
    en: '{0} {1} is not a multiple of 0.5.',
    zh: '{0} 的值 {1} 不是 0.5 的倍数。',
  },
} as const;
