/** Messages of the json part. `{n}` is the n-th argument. */
export const jsonMessages = {
  /* ----- syntax (§3.1, RFC 8259) ----- */
  'json.empty': {
    en: 'The document is empty: a wei7 3.0 document is one JSON object.',
    zh: '文档为空：wei7 3.0 文档是一个 JSON 对象。',
  },
  'json.comment': {
    en: 'Comments are not allowed in JSON (RFC 8259); remove this one (a note on a move belongs in a "comment" property).',
    zh: 'JSON（RFC 8259）不允许注释，请删除（对着手的说明应写在 "comment" 属性中）。',
  },
  'json.commentUnterminated': {
    en: 'Comments are not allowed in JSON (RFC 8259), and this one is not even closed with */ (it is read to the end of its line).',
    zh: 'JSON（RFC 8259）不允许注释，而且这个注释没有以 */ 结束（按到行尾为止读取）。',
  },
  'json.trailingCommaObject': {
    en: 'Trailing comma: JSON allows no comma after the last property of an object; remove it.',
    zh: '多余的逗号：JSON 对象的最后一个属性之后不能有逗号，请删除。',
  },
  'json.trailingCommaArray': {
    en: 'Trailing comma: JSON allows no comma after the last element of an array; remove it.',
    zh: '多余的逗号：JSON 数组的最后一个元素之后不能有逗号，请删除。',
  },
  'json.propertyNameExpected': {
    en: 'Expected a property name in double quotes, found {0}.',
    zh: '此处应为双引号括起的属性名，实际为 {0}。',
  },
  'json.unquotedPropertyName': {
    en: 'The property name {0} must be in double quotes: "{0}".',
    zh: '属性名 {0} 必须用双引号括起，写作 "{0}"。',
  },
  'json.colonExpected': {
    en: 'Expected ":" after the property name "{0}", found {1}.',
    zh: '属性名“{0}”之后应为“:”，实际为 {1}。',
  },
  'json.valueExpected': {
    en: 'Expected a value (a string in double quotes, a number, an object, an array, true, false or null), found {0}.',
    zh: '此处应为一个值（双引号字符串、数字、对象、数组、true、false 或 null），实际为 {0}。',
  },
  'json.commaExpectedObject': {
    en: 'Expected "," between two properties or "}" to end the object, found {0}.',
    zh: '两个属性之间应为“,”，或以“}”结束对象，实际为 {0}。',
  },
  'json.commaExpectedArray': {
    en: 'Expected "," between two elements or "]" to end the array, found {0}.',
    zh: '两个元素之间应为“,”，或以“]”结束数组，实际为 {0}。',
  },
  'json.openBracketMissing': {
    en: 'The list "{0}" has no "[": write "[" before its first element.',
    zh: '列表“{0}”缺少“[”：应在其第一个元素之前写上“[”。',
  },
  'json.lineBreakInName': {
    en: 'A line break inside a property name: delete it.',
    zh: '属性名中有换行：请删除。',
  },
  'json.lineBreakInWord': {
    en: 'A line break inside a word of wei7: delete it.',
    zh: 'wei7 的关键字中有换行：请删除。',
  },
  'json.listNotClosed': {
    en: 'The list "{0}" (line {1}) is not closed: write "]" before "{2}".',
    zh: '列表“{0}”（第 {1} 行）没有结束：应在“{2}”之前写上“]”。',
  },
  'json.objectNotClosed': {
    en: 'The object "{0}" (line {1}) is not closed: write "{3}" before "{2}", which belongs to an object around it.',
    zh: '对象“{0}”（第 {1} 行）没有结束：应在“{2}”之前写上“{3}”，“{2}”属于外层的对象。',
  },
  'json.closerExpected': {
    en: 'Expected "{0}" to close the "{1}" on line {2} before this "{3}".',
    zh: '在这个“{3}”之前，应先用“{0}”关闭第 {2} 行的“{1}”。',
  },
  'json.unmatchedCloser': {
    en: 'Unexpected "{0}": nothing here is open that "{0}" could close (the "{2}" on line {3} needs "{1}").',
    zh: '多余的“{0}”：此处没有可由它关闭的结构（第 {3} 行的“{2}”需要“{1}”）。',
  },
  'json.strayCloser': {
    en: 'Unexpected "{0}": what follows it still belongs in the "{1}" open here, so this "{0}" closes nothing; remove it.',
    zh: '多余的“{0}”：其后的内容仍属于此处尚未关闭的“{1}”，这个“{0}”不关闭任何结构，请删除。',
  },
  'json.openBraceMissing': {
    en: 'A "{" is missing before {0}: a property name followed by ":" stands only in an object, and here an element of the array begins.',
    zh: '{0} 之前缺少“{”：属性名及其后的“:”只能出现在对象中，而此处是数组中一个元素的开始。',
  },
  'json.braceForArray': {
    en: 'Expected a property name after this "{", found {0}: it holds a list of values, and a list is written in square brackets; write "[" here (and "]" at its end).',
    zh: '这个“{”之后应为属性名，实际为 {0}：它包含的是一列值，而值的列表应写在方括号中，请在此处写“[”（并以“]”结束）。',
  },
  'json.fullWidthBracket': {
    en: 'The full-width "{0}" is not JSON punctuation: write the ASCII "{1}".',
    zh: '全角的“{0}”不是 JSON 的标点，应写作半角的“{1}”。',
  },
  'json.unexpectedEnd': {
    en: 'The text ends too early: expected "{0}" to close the "{1}" on line {2}.',
    zh: '文本过早结束：应有“{0}”来关闭第 {2} 行的“{1}”。',
  },
  'json.afterRoot': {
    en: 'Only one value is allowed in a JSON text: the root object ends on line {0}, and only white space may follow it.',
    zh: 'JSON 文本只能有一个值：根对象已在第 {0} 行结束，其后只能有空白。',
  },
  'json.unexpectedCharacter': {
    en: 'Unexpected {0}: JSON allows only white space (space, tab, line breaks), { } [ ] : , strings in double quotes, numbers, true, false and null.',
    zh: '意外的 {0}：JSON 只允许空白（空格、制表符、换行）、{ } [ ] : , 、双引号字符串、数字、true、false 和 null。',
  },
  'json.invalidLiteral': {
    en: '{0} is not a JSON value: strings need double quotes, and the only bare words are true, false and null.',
    zh: '{0} 不是 JSON 值：字符串必须用双引号括起，不加引号的词只有 true、false 和 null。',
  },
  'json.literalCase': {
    en: '{0} is not a JSON value: JSON words are lower case. Did you mean {1}?',
    zh: '{0} 不是 JSON 值：JSON 的关键字都是小写。是否应为 {1}？',
  },
  'json.nonFiniteNumber': {
    en: '{0} is not a JSON number: JSON has no NaN or Infinity.',
    zh: '{0} 不是 JSON 数字：JSON 没有 NaN 或 Infinity。',
  },
  'json.numberLeadingZero': {
    en: 'Invalid number {0}: JSON numbers have no leading zeros; write {1}.',
    zh: '数字 {0} 不合法：JSON 数字不能有前导零，应写作 {1}。',
  },
  'json.numberPlusSign': {
    en: 'Invalid number {0}: JSON numbers have no "+" sign; write {1}.',
    zh: '数字 {0} 不合法：JSON 数字不能带“+”号，应写作 {1}。',
  },
  'json.numberLeadingDot': {
    en: 'Invalid number {0}: JSON needs a digit before the decimal point; write {1}.',
    zh: '数字 {0} 不合法：JSON 数字的小数点前必须有数字，应写作 {1}。',
  },
  'json.numberTrailingDot': {
    en: 'Invalid number {0}: JSON needs a digit after the decimal point; write {1}.',
    zh: '数字 {0} 不合法：JSON 数字的小数点后必须有数字，应写作 {1}。',
  },
  'json.numberExponent': {
    en: 'Invalid number {0}: the exponent needs digits (like 1e3 or 2.5E-1).',
    zh: '数字 {0} 不合法：指数部分必须有数字（如 1e3 或 2.5E-1）。',
  },
  'json.invalidNumber': {
    en: 'Invalid number {0}: a JSON number is written in decimal digits like -12, 0.5 or 1e3.',
    zh: '数字 {0} 不合法：JSON 数字以十进制书写，如 -12、0.5 或 1e3。',
  },
  'json.wrongQuotes': {
    en: 'JSON strings must be in straight double quotes ("…"), found {0}.',
    zh: 'JSON 字符串必须用半角双引号（"…"）括起，实际为 {0}。',
  },
  'json.unterminatedString': {
    en: 'Unterminated string: a string must end with " on the same line (write a line break inside a string as \\n).',
    zh: '字符串没有结束：字符串必须在同一行内以 " 结束（字符串中的换行应写作 \\n）。',
  },
  'json.infoNotClosed': {
    en: 'The "info" object opened on line {0} is not closed: write "}" before "{1}" (the text ends with a bracket still open).',
    zh: '第 {0} 行开始的 "info" 对象没有结束：应在“{1}”之前写上“}”（文本结束时仍有括号未关闭）。',
  },
  'json.closingQuoteMissing': {
    en: 'This string has no closing quote: write {0}.',
    zh: '字符串缺少结尾的引号：应写作 {0}。',
  },
  'json.closingQuoteCurly': {
    en: 'This string ends with {0}, a curly or full-width quote: JSON strings end with a straight ", write {1}.',
    zh: '字符串以 {0}（弯引号或全角引号）结尾：JSON 字符串必须以半角 " 结尾，应写作 {1}。',
  },
  'json.quoteInString': {
    en: 'A quote inside a string must be written as \\": this one ends the string early, write {0}.',
    zh: '字符串中的引号必须写作 \\"：这个引号使字符串提前结束，应写作 {0}。',
  },
  'json.openingQuoteMissing': {
    en: 'This string has no opening quote: write {0}.',
    zh: '字符串缺少开头的引号：应写作 {0}。',
  },
  'json.lineBreakInString': {
    en: 'A line break inside a string must be written as \\n: a JSON string stays on one line.',
    zh: '字符串中的换行必须写作 \\n：JSON 字符串不能跨行。',
  },
  'json.decimalComma': {
    en: '{0} is not a JSON number: JSON writes the decimal point as a dot; write {1}.',
    zh: '{0} 不是 JSON 数字：JSON 的小数点是英文句点，应写作 {1}。',
  },
  'json.invalidEscape': {
    en: 'Invalid escape {0}: JSON allows only \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.',
    zh: '转义序列 {0} 不合法：JSON 只允许 \\" \\\\ \\/ \\b \\f \\n \\r \\t 和 \\uXXXX。',
  },
  'json.invalidUnicodeEscape': {
    en: 'Invalid escape {0}: \\u must be followed by exactly 4 hexadecimal digits.',
    zh: '转义序列 {0} 不合法：\\u 之后必须恰好是 4 位十六进制数字。',
  },
  'json.controlCharacter': {
    en: 'The control character {0} must not appear as is in a JSON string; write it as the escape {1}.',
    zh: 'JSON 字符串中不能直接出现控制字符 {0}，应写成转义序列 {1}。',
  },
  'json.related.firstKey': {
    en: 'The property "{0}" is first given here.',
    zh: '属性“{0}”第一次出现在这里。',
  },
  'json.duplicateKey': {
    en: 'Duplicate property "{0}": it is already given on line {1}, and a property may appear only once in an object.',
    zh: '属性“{0}”重复：第 {1} 行已有该属性，同一对象中一个属性只能出现一次。',
  },

  /* ----- structure and values (§3.2–§3.16) ----- */
  'json.rootNotObject': {
    en: 'The root must be an object with "format", "version" and "tree", found {0}.',
    zh: '根必须是含有 "format"、"version" 和 "tree" 的对象，实际为 {0}。',
  },
  'json.unknownProperty': {
    en: 'Unknown property "{0}": the properties allowed here are {1}.',
    zh: '未知属性“{0}”：此处允许的属性为 {1}。',
  },
  'json.unknownPropertyDidYouMean': {
    en: 'Unknown property "{0}": did you mean "{2}"? The properties allowed here are {1}.',
    zh: '未知属性“{0}”：是否应为“{2}”？此处允许的属性为 {1}。',
  },
  'json.missingProperty': {
    en: 'Missing the required property "{0}" (required here: {1}).',
    zh: '缺少必选属性“{0}”（此处必选：{1}）。',
  },
  'json.actionValueMissing': {
    en: 'This action of type "{0}" has no "value": a "{0}" action must give one.',
    zh: '这个类型为“{0}”的 action 没有 "value"：“{0}”类型的 action 必须给出 value。',
  },
  'json.sizeForm': {
    en: '"size" must be a positive integer (a square board) or an object {"width": …, "height": …}, found {0}.',
    zh: '"size" 必须是正整数（正方形棋盘）或对象 {"width": …, "height": …}，实际为 {0}。',
  },
  'json.moveValueUnwrapped': {
    en: '{0} of this move belong inside its "value": a move is written {"type": "move", "value": {"color": …, "point": …}}.',
    zh: '这一手的 {0} 应位于其 "value" 之中：一手棋写作 {"type": "move", "value": {"color": …, "point": …}}。',
  },
  'json.passIsMove': {
    en: '{0} is not an action type: a pass is a move whose point is null, {"type": "move", "value": {"color": …, "point": null}}.',
    zh: '{0} 不是动作类型：虚手（pass）是 point 为 null 的一手棋，写作 {"type": "move", "value": {"color": …, "point": null}}。',
  },
  'json.fullWidthDigits': {
    en: '{0} is written in full-width digits: JSON writes it {1} (switch the input method to half-width).',
    zh: '{0} 使用了全角数字：JSON 应写作 {1}（请将输入法切换为半角）。',
  },
  'json.pointNotObject': {
    en: '{0} must be an object {"x": …, "y": …} (x counted from the left, y from the top, both from 0), found {1}.',
    zh: '{0} 必须是对象 {"x": …, "y": …}（x 从左数，y 从上数，都从 0 开始），实际为 {1}。',
  },
  'json.pointNotObjectDidYouMean': {
    en: '{0} must be an object {"x": …, "y": …} (x counted from the left, y from the top, both from 0), found {1}. Did you mean {2}?',
    zh: '{0} 必须是对象 {"x": …, "y": …}（x 从左数，y 从上数，都从 0 开始），实际为 {1}。是否应为 {2}？',
  },
  'json.expectedObject': {
    en: '{0} must be an object, found {1}.',
    zh: '{0} 必须是对象，实际为 {1}。',
  },
  'json.expectedArray': {
    en: '{0} must be an array, found {1}.',
    zh: '{0} 必须是数组，实际为 {1}。',
  },
  'json.expectedString': {
    en: '{0} must be a string, found {1}.',
    zh: '{0} 必须是字符串，实际为 {1}。',
  },
  'json.expectedNumber': {
    en: '{0} must be a number, found {1}.',
    zh: '{0} 必须是数字，实际为 {1}。',
  },
  'json.elementNotObject': {
    en: 'Each element of {0} must be an object, found {1}.',
    zh: '{0} 的每个元素都必须是对象，实际为 {1}。',
  },
  'json.exactValue': {
    en: '{0} must be {1}, found {2}.',
    zh: '{0} 必须为 {1}，实际为 {2}。',
  },
  'json.exactDidYouMean': {
    en: '{0} must be {1}, found {2}. Did you mean "{3}"?',
    zh: '{0} 必须为 {1}，实际为 {2}。是否应为“{3}”？',
  },
  'json.enumValue': {
    en: '{0} must be one of {1}; found {2}.',
    zh: '{0} 只能取 {1} 之一，实际为 {2}。',
  },
  'json.enumDidYouMean': {
    en: '{0} must be one of {1}; found {2}. Did you mean "{3}"?',
    zh: '{0} 只能取 {1} 之一，实际为 {2}。是否应为“{3}”？',
  },
  'json.color': {
    en: '{0} must be 1 (black) or 2 (white), found {1}.',
    zh: '{0} 只能为 1（黑）或 2（白），实际为 {1}。',
  },
  'json.winner': {
    en: '{0} must be 1 (black), 2 (white) or null (a draw), found {1}.',
    zh: '{0} 只能为 1（黑）、2（白）或 null（和棋），实际为 {1}。',
  },
  'json.integerForm': {
    en: '{0} must be written as a plain integer, {1}, not {2} (no fraction, exponent or minus zero).',
    zh: '{0} 必须写成普通整数 {1}，而不是 {2}（不能有小数部分、指数或负零）。',
  },
  'json.nonNegativeInteger': {
    en: '{0} must be a non-negative integer (0, 1, 2…), found {1}.',
    zh: '{0} 必须是非负整数（0、1、2…），实际为 {1}。',
  },
  'json.positiveInteger': {
    en: '{0} must be a positive integer (1, 2, 3…), found {1}.',
    zh: '{0} 必须是正整数（1、2、3…），实际为 {1}。',
  },
  'json.participantIndexRange': {
    en: '{0} is {1}, but "participants" has {2} element(s): a participant index must be less than {2}.',
    zh: '{0} 为 {1}，但 "participants" 只有 {2} 个元素：参与者索引必须小于 {2}。',
  },
  'json.participantIndexNoList': {
    en: '{0} is a participant index, but "info" has no "participants" array for it to index.',
    zh: '{0} 是参与者索引，但 "info" 中没有可供索引的 "participants" 数组。',
  },
  'json.komiRange': {
    en: '"komi" must be at least 0 and less than 10, found {0}.',
    zh: '"komi" 必须大于等于 0 且小于 10，实际为 {0}。',
  },
  'json.marginRange': {
    en: '"margin" must be greater than 0 and less than 512, found {0}.',
    zh: '"margin" 必须大于 0 且小于 512，实际为 {0}。',
  },
  'json.multipleOfHalf': {
    en: '{0} must be a multiple of 0.5 (like 6.5 or 7), found {1}.',
    zh: '{0} 必须是 0.5 的倍数（如 6.5 或 7），实际为 {1}。',
  },
  'json.secondsRange': {
    en: '{0} must be a number of seconds at least 0 and less than 86400, found {1}.',
    zh: '{0} 必须是大于等于 0 且小于 86400 的秒数，实际为 {1}。',
  },
  'json.gameTimeForm': {
    en: '"time" must be a UTC time written exactly as YYYY-MM-DDThh:mmZ, YYYY-MM-DDThh:mm:ssZ or YYYY-MM-DDThh:mm:ss.sZ (1 to 9 fraction digits), found {0}.',
    zh: '"time" 必须是 UTC 时刻，且严格写作 YYYY-MM-DDThh:mmZ、YYYY-MM-DDThh:mm:ssZ 或 YYYY-MM-DDThh:mm:ss.sZ（小数 1 至 9 位），实际为 {0}。',
  },
  'json.gameTimeCalendar': {
    en: '"time" {0} is not a real date and time: the day must exist in its month, hours are 00–23, minutes and seconds 00–59.',
    zh: '"time" {0} 不是真实存在的日期时间：日期必须存在，小时为 00–23，分和秒为 00–59。',
  },
} as const;
