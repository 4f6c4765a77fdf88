/** Messages of wei7 2.x (XML) parsing and checking. `{n}` is the n-th argument. */

/**
 * The reasons saxes gives (xml.notWellFormed's argument, in saxes's English, without its final
 * period), in Chinese. A reason with a name after it (`unmatched closing tag: x`, `expected the
 * name version`) is found by the words before the name. saxes 6 (pinned); a reason not here is
 * shown in English, and test/unit/l10n.test.ts lists the ones saxes's source has that are not.
 */
export const SAXES_REASONS_ZH: Readonly<Record<string, string>> = {
  'disallowed character': '此处有 XML 不允许的字符',
  'disallowed character in attribute name': '属性名中有不允许的字符',
  'disallowed character in tag name': '标签名中有不允许的字符',
  'disallowed character in closing tag': '结束标签中有不允许的字符',
  'disallowed character in processing instruction name': '处理指令名中有不允许的字符',
  'disallowed character in entity name': '实体名中有不允许的字符',
  'text data outside of root node': '根元素之外有文本',
  'XML declaration is incomplete': 'XML 声明不完整',
  'XML declaration must contain a version': 'XML 声明必须含有 version',
  'The character ? is disallowed anywhere in XML declarations': 'XML 声明中任何位置都不允许出现字符 ?',
  'an XML declaration must be at the start of the document': 'XML 声明必须位于文档的开头',
  'the XML declaration must appear at the start of the document': 'XML 声明必须位于文档的开头',
  'did not expect any more name/value pairs': 'XML 声明中不能再有别的属性',
  'version number must match /^1\\.[0-9]+$/': 'XML 的版本号必须形如 1.0',
  'malformed comment': '注释格式错误（注释中不能出现“--”）',
  'attribute without value': '属性没有值',
  'whitespace required': '此处需要空白',
  'weird empty close tag': '结束标签没有名称',
  'value required': '此处需要一个值',
  'value must be quoted': '值必须放在引号中',
  'unquoted attribute value': '属性值没有加引号',
  'unexpected end': '文档意外结束',
  'standalone value must match "yes" or "no"': 'standalone 的值必须是 "yes" 或 "no"',
  'the string "]]>" is disallowed in char data': '文本中不允许出现字符串 "]]>"',
  'unexpected close tag': '意外的结束标签',
  'processing instructions are not allowed before root': '根元素之前不允许出现处理指令',
  'processing instruction without a target': '处理指令缺少目标名',
  'no whitespace between attributes': '属性之间没有空白',
  'malformed character entity': '字符引用格式错误',
  'undefined entity': '未定义的实体（wei7 只使用五个预定义实体和字符引用）',
  'empty entity name': '实体名为空',
  'incorrect syntax': '语法错误',
  'inappropriately located doctype declaration': 'DOCTYPE 声明的位置不正确',
  'forward-slash in opening tag not followed by >': '开始标签中的“/”之后不是“>”',
  'documents may contain only one root': '文档只能有一个根元素',
  'document must contain a root element': '文档必须有一个根元素',
  'unmatched closing tag': '结束标签没有对应的开始标签',
  'unclosed tag': '标签没有关闭',
  'duplicate attribute': '属性重复',
  'malformed name': '名称格式错误',
  'expected the name': '此处应为名称',
  'expected one of': '此处应为以下之一',
};

export const xmlMessages = {
  'xml.notWellFormed': {
    en: 'The document is not well-formed XML: {0}.',
    zh: '文档不是格式良好的 XML：{0}。',
    zhArgument: SAXES_REASONS_ZH,
  },
  'xml.undefinedEntity': {
    en: '{0} is not defined: wei7 uses only XML\'s five predefined entities (&lt; &gt; &amp; &quot; &apos;) and character references (&#x4F60;); a DOCTYPE\'s entities are not expanded.',
    zh: '{0} 未定义：wei7 只使用 XML 预定义的五个实体（&lt; &gt; &amp; &quot; &apos;）和字符引用（&#x4F60;）；DOCTYPE 中声明的实体不会被展开。',
  },
  'xml.ltInValue': {
    en: 'A < in an attribute value must be written &lt; (XML 1.0 §3.1).',
    zh: '属性值中的 < 必须写作 &lt;（XML 1.0 §3.1）。',
  },
  'xml.commentNotClosed': {
    en: 'This comment is not closed: everything after it is part of it. End it with -->.',
    zh: '此注释没有结束：其后的全部内容都成了注释的一部分。请用 --> 结束它。',
  },
  'xml.commentNotClosedOnLine': {
    en: 'This comment is not closed: end it with -->. (It is read to the end of its line.)',
    zh: '此注释没有结束：请用 --> 结束它。（按到行尾为止读取。）',
  },
  'xml.cdataNotClosed': {
    en: 'This CDATA section is not closed: everything after it is part of it. End it with ]]>.',
    zh: '此 CDATA 段没有结束：其后的全部内容都成了它的一部分。请用 ]]> 结束它。',
  },
  'xml.bareAmpersand': {
    en: 'An & must be written &amp; in XML: "{0}" is not a reference such as &lt; or &#38; (one ends with ;).',
    zh: 'XML 中的 & 必须写作 &amp;：“{0}”不是 &lt;、&#38; 这样的引用（引用以 ; 结尾）。',
  },
  'xml.declarationUnknown': {
    en: '"{0}" is no XML markup: a comment is written <!-- … -->, a CDATA section <![CDATA[ … ]]>, a document type <!DOCTYPE …>, exactly so.',
    zh: '“{0}”不是 XML 标记：注释应写作 <!-- … -->，CDATA 段写作 <![CDATA[ … ]]>，文档类型写作 <!DOCTYPE …>，须严格照此书写。',
  },
  'xml.declarationNotClosed': {
    en: 'The XML declaration is not closed: end it with ?> (<?xml version="1.0" encoding="UTF-8"?>).',
    zh: 'XML 声明没有结束：请用 ?> 结束它（<?xml version="1.0" encoding="UTF-8"?>）。',
  },
  'xml.processingInstructionNotClosed': {
    en: 'The processing instruction <?{0} is not closed: end it with ?>.',
    zh: '处理指令 <?{0} 没有结束：请用 ?> 结束它。',
  },
  'xml.endTagMalformed': {
    en: 'An end tag is written </{0}>: nothing else stands in it (no attributes, no space after </), and > ends it.',
    zh: '结束标签应写作 </{0}>：其中不能有别的内容（不能有属性，</ 之后不能有空格），并以 > 结束。',
  },
  'xml.afterRoot': {
    en: '<{0}> comes after the end of the root element </{1}>: an XML document has one root element, and what follows its end tag is outside the document. Is </{1}> in the wrong place?',
    zh: '<{0}> 位于根元素的结束标签 </{1}> 之后：XML 文档只有一个根元素，其结束标签之后的内容都在文档之外。</{1}> 是否放错了位置？',
  },
  'xml.equalsLeftOut': {
    en: 'The attribute {0} has no "=" before its value: write {0}="…".',
    zh: '属性 {0} 的值前面缺少“=”：应写作 {0}="…"。',
  },
  'xml.attributeWithoutValue': {
    en: 'The attribute {0} has no value: write {0}="…".',
    zh: '属性 {0} 没有值：应写作 {0}="…"。',
  },
  'xml.fullWidth': {
    en: '{0} is a full-width character: XML needs {1} here (switch the input method to half-width).',
    zh: '{0} 是全角字符：此处 XML 需要 {1}（请将输入法切换为半角）。',
  },
  'xml.commentEndDashes': {
    en: 'A comment ends with exactly "-->": "{0}" has a "-" too many (XML allows no "--" inside a comment, nor a "-" just before its end).',
    zh: '注释必须恰好以“-->”结束：“{0}”多了“-”（XML 注释中不能出现“--”，结束符前也不能紧跟“-”）。',
  },
  'xml.commaBetweenAttributes': {
    en: 'XML separates attributes with white space, not with "{0}": write a space here.',
    zh: 'XML 用空白分隔属性，而不是“{0}”：此处应写一个空格。',
  },
  'xml.slipSpace': {
    en: '{0} is not white space to XML: a start tag needs an ordinary space here (full-width spaces come from a Chinese input method in full-width mode, no-break spaces from text copied from web pages).',
    zh: '{0} 在 XML 中不算空白：开始标签中此处需要普通的半角空格（全角空格多来自全角模式下的中文输入法，不换行空格多来自从网页复制的文本）。',
  },
  'xml.xmlVersion': {
    en: 'The XML declaration names version "{0}"; a wei7 2.x document is XML 1.0 (write version="1.0"), and is read as XML 1.0.',
    zh: 'XML 声明中的版本为“{0}”；wei7 2.x 文档是 XML 1.0 文档（应写作 version="1.0"），按 XML 1.0 读取。',
  },
  'xml.encoding': {
    en: 'The XML declaration names the encoding "{0}"; a wei7 document is encoded in UTF-8.',
    zh: 'XML 声明中的编码为“{0}”；wei7 文档必须以 UTF-8 编码。',
  },
  'xml.doctype': {
    en: 'A DOCTYPE is ignored: its entities are never expanded and nothing is fetched; wei7 uses only the five predefined entities and character references.',
    zh: 'DOCTYPE 被忽略：其中的实体不会被展开，也不会获取任何外部内容；wei7 只使用五个预定义实体和字符引用。',
  },
  'xml.related.endTagOfLeftOut': {
    en: 'The end tag </{0}> whose start tag was left out.',
    zh: '开始标签被漏写的结束标签 </{0}>。',
  },
  'xml.related.openElement': {
    en: 'The element <{0}> is opened here.',
    zh: '元素 <{0}> 从这里开始。',
  },
  'xml.endTagMismatch': {
    en: 'The end tag </{0}> does not match the open element <{1}>.',
    zh: '结束标签 </{0}> 与未关闭的元素 <{1}> 不匹配。',
  },
  'xml.endTagUnmatched': {
    en: 'The end tag </{0}> has no matching start tag.',
    zh: '结束标签 </{0}> 没有对应的开始标签。',
  },
  'xml.unclosed': {
    en: 'The element <{0}> is not closed before </{1}>.',
    zh: '元素 <{0}> 在 </{1}> 之前没有关闭。',
  },
  'xml.valueNotClosed': {
    en: 'The value of {0} has no closing quote: write {1}.',
    zh: '属性 {0} 的值缺少结尾的引号：应写作 {1}。',
  },
  'xml.quotesMismatched': {
    en: 'The value of {0} opens with one kind of quote and closes with the other: write {1}.',
    zh: '属性 {0} 的值开头与结尾的引号不是同一种：应写作 {1}。',
  },
  'xml.valueNotQuoted': {
    en: 'The value {0} is not in quotes: XML writes attribute values in quotes, {1}.',
    zh: '属性值 {0} 没有加引号：XML 的属性值必须放在引号中，应写作 {1}。',
  },
  'xml.startTagNotClosed': {
    en: 'The start tag <{0}> is not closed: write {1} at its end.',
    zh: '开始标签 <{0}> 没有结束：应在其末尾写上 {1}。',
  },
  'xml.unclosedBeforeSibling': {
    en: 'The element <{0}> is not closed: it holds only attributes, so it ends before <{1}> (write <{0} … />).',
    zh: '元素 <{0}> 没有关闭：它只有属性，因此在 <{1}> 之前结束（应写作 <{0} … />）。',
  },
  'xml.declarationCase': {
    en: 'The XML declaration is written in lower case: <?xml, not <?{0} (a processing instruction may not have that name).',
    zh: 'XML 声明必须小写：应写作 <?xml，而不是 <?{0}（处理指令不能使用这个名称）。',
  },
  'xml.quoteInValue': {
    en: 'The value of {0} holds the quote that encloses it: write it as {1}, or enclose the value in the other quote.',
    zh: '属性 {0} 的值中含有包围它的引号：应写作 {1}，或用另一种引号包围该值。',
  },
  'xml.doubledLt': {
    en: 'A "<" too many before this tag: delete it.',
    zh: '此标签前多了一个“<”：请删除。',
  },
  'xml.declarationValue': {
    en: 'The XML declaration\'s {0} is written {1}: write {2}.',
    zh: 'XML 声明中的 {0} 写作 {1}：应写作 {2}。',
  },
  'xml.strayQuote': {
    en: 'The value of {0} holds a stray quote: write {1}.',
    zh: '属性 {0} 的值中多了一个引号：应写作 {1}。',
  },
  'xml.outsideMoves': {
    en: 'The <{0}> here and the elements after it belong in a <moves>: <wei7> may only contain <size>, <game>, <moves> (its start tag left out?).',
    zh: '此处的 <{0}> 及其后的元素应放在 <moves> 中：<wei7> 只能包含 <size>、<game>、<moves>（是否漏写了 <moves> 开始标签？）。',
  },
  'xml.startTagLeftOut': {
    en: 'The start tag <{0}> was left out before <{1}>: its end tag </{0}> comes later.',
    zh: '<{1}> 之前漏写了开始标签 <{0}>：它的结束标签 </{0}> 在后面。',
  },
  'xml.endTagInside': {
    en: 'The end tag </{0}> is inside <{1}>, which it does not close: the end tags of <{1}> and <{0}> come later (delete this one).',
    zh: '结束标签 </{0}> 位于 <{1}> 之内，却并不结束它：<{1}> 和 <{0}> 的结束标签都在后面（请删除这一个）。',
  },
  'xml.endTagEarly': {
    en: 'The end tag </{0}> comes too early: the <{1}> after it and what follows belong in <{0}>, whose end tag comes later (delete this one).',
    zh: '结束标签 </{0}> 出现得过早：其后的 <{1}> 等元素属于 <{0}>，而 <{0}> 的结束标签在后面（请删除这一个）。',
  },
  'xml.unclosedBeforeElement': {
    en: 'The element <{0}> is not closed: it ends before <{1}>, which it may not hold (write </{0}> before it).',
    zh: '元素 <{0}> 没有关闭：它在 <{1}> 之前结束，因为 <{0}> 不能包含 <{1}>（应在其前写上 </{0}>）。',
  },
  'xml.unclosedByIndentation': {
    en: 'The element <{0}> is not closed: the <{1}> below it is indented as its sibling, so it ends before that (write </{0}> before it).',
    zh: '元素 <{0}> 没有关闭：其下的 <{1}> 与它缩进相同，是它的同级元素，所以它在 <{1}> 之前结束（应在其前写上 </{0}>）。',
  },
  'xml.unclosedAtEnd': {
    en: 'The element <{0}> is not closed: the document ends first.',
    zh: '元素 <{0}> 没有关闭：文档在此之前就已结束。',
  },
  'xml.noRoot': {
    en: 'The document has no root element: a wei7 2.x document is <wei7 version="2.2">…</wei7>.',
    zh: '文档没有根元素：wei7 2.x 文档应为 <wei7 version="2.2">…</wei7>。',
  },
  'xml.duplicateAttribute': {
    en: 'The attribute {0} is written again in the same start tag: an attribute may appear only once in a start tag, and the first is read.',
    zh: '属性 {0} 在同一个开始标签中重复出现：同一开始标签中一个属性只能出现一次，以第一个为准。',
  },
  'xml.rootName': {
    en: 'The root element is <{0}>; it must be <wei7>.',
    zh: '根元素是 <{0}>；它必须是 <wei7>。',
  },
  'xml.elementDidYouMean': {
    en: 'The element <{0}> is not allowed in <{1}>: did you mean <{3}>? <{1}> may only contain {2}.',
    zh: '<{1}> 中不允许出现元素 <{0}>：是否应为 <{3}>？<{1}> 只能包含 {2}。',
  },
  'xml.elementNotAllowed': {
    en: 'The element <{0}> is not allowed in <{1}>; <{1}> may only contain {2}.',
    zh: '<{1}> 中不允许出现元素 <{0}>；<{1}> 只能包含 {2}。',
  },
  'xml.noChildren': {
    en: 'The element <{0}> is not allowed in <{1}>: <{1}> has only attributes.',
    zh: '<{1}> 中不允许出现元素 <{0}>：<{1}> 仅含有属性。',
  },
  'xml.valueNoChildren': {
    en: 'The element <{0}> is not allowed in <{1}>: <{1}> holds only a value.',
    zh: '<{1}> 中不允许出现元素 <{0}>：<{1}> 是值元素，只能含有一个值。',
  },
  'xml.elementDuplicate': {
    en: '<{0}> may appear at most once in <{1}>.',
    zh: '<{0}> 在 <{1}> 中最多只能出现一次。',
  },
  'xml.elementOrder': {
    en: '<{0}> must come before <{1}>: the root holds size, game and moves in this order.',
    zh: '<{0}> 必须出现在 <{1}> 之前：根元素的子元素必须以 size、game、moves 的顺序出现。',
  },
  'xml.elementMissing': {
    en: '<{0}> needs a <{1}> child.',
    zh: '<{0}> 必须含有 <{1}> 子元素。',
  },
  'xml.textNotAllowed': {
    en: 'Text is not allowed in <{0}>: it holds only elements.',
    zh: '<{0}> 中不允许出现文本：它只能包含元素。',
  },
  'xml.invisibleText': {
    en: 'Text is not allowed in <{0}>: this is {1}, an invisible character that XML does not count as white space (only spaces, tabs and line breaks are).',
    zh: '<{0}> 中不允许出现文本：这里是 {1}，一个看不见的字符，XML 不把它当作空白（只有空格、制表符和换行才是）。',
  },
  'xml.textNotAllowedAttributesOnly': {
    en: 'Text is not allowed in <{0}>: it has only attributes.',
    zh: '<{0}> 中不允许出现文本：它仅含有属性。',
  },
  'xml.attributeDidYouMean': {
    en: 'The attribute {0} is not allowed on <{1}>: did you mean {3}? Allowed: {2}.',
    zh: '<{1}> 上不允许出现属性 {0}：是否应为 {3}？允许的属性为：{2}。',
  },
  'xml.attributeNotAllowed': {
    en: 'The attribute {0} is not allowed on <{1}>; allowed: {2}.',
    zh: '<{1}> 上不允许出现属性 {0}；允许的属性为：{2}。',
  },
  'xml.attributeNoneAllowed': {
    en: 'The attribute {0} is not allowed: <{1}> has no attributes.',
    zh: '不允许出现属性 {0}：<{1}> 没有任何属性。',
  },
  'xml.attributeMissing': {
    en: '<{0}> needs the attribute {1}.',
    zh: '<{0}> 必须含有属性 {1}。',
  },
  'xml.enum': {
    en: '{0}="{1}" is not allowed; {0} must be one of: {2}.',
    zh: '{0}="{1}" 不合法；{0} 只能取以下值之一：{2}。',
  },
  'xml.enumCase': {
    en: '{0}="{1}" is not allowed; {0} must be one of: {2}. Did you mean "{3}"?',
    zh: '{0}="{1}" 不合法；{0} 只能取以下值之一：{2}。是否应为“{3}”？',
  },
  'xml.version': {
    en: 'version="{0}" is not a wei7 2.x version; it must be 2.2 (or 2.1 or 2.0 for older documents).',
    zh: 'version="{0}" 不是 wei7 2.x 的版本号；它必须是 2.2（为兼容旧版本，也可为 2.1 或 2.0）。',
  },
  'xml.size': {
    en: 'Board size "{0}" is not allowed: <size> must be 7, 9, 11, 13, 15, 17 or 19, written as a plain number.',
    zh: '棋盘大小“{0}”不合法：<size> 的值只能是 7、9、11、13、15、17 或 19（不带符号、小数点或前导零）。',
  },
  'xml.komi': {
    en: 'komi="{0}" is not allowed: komi is a multiple of 0.5 greater than 0 and less than 10, written without needless zeros (0.5, 6, 6.5, 7.5; not 7.50, 06.5 or 8.0).',
    zh: 'komi="{0}" 不合法：komi 必须是大于 0 且小于 10 的 0.5 的倍数，且不能含有无意义的前置或后置的“0”（如 0.5、6、6.5、7.5；不能写成 7.50、06.5 或 8.0）。',
  },
  'xml.margin': {
    en: 'margin="{0}" is not allowed: margin is a multiple of 0.5 greater than 0 and less than 512, written without needless zeros (0.5, 3, 12.5).',
    zh: 'margin="{0}" 不合法：margin 必须是大于 0 且小于 512 的 0.5 的倍数，且不能含有无意义的前置或后置的“0”（如 0.5、3、12.5）。',
  },
  'xml.dateTime': {
    en: '"{0}" is not an XML Schema dateTime: write YYYY-MM-DDThh:mm:ss with optional fraction and time zone, e.g. 2009-02-23T16:00:00+08:00, with a real date and time.',
    zh: '“{0}”不是 XML Schema 的 dateTime：应写成 YYYY-MM-DDThh:mm:ss，可带小数秒和时区，例如 2009-02-23T16:00:00+08:00，且日期和时间必须真实存在。',
  },
  'xml.coordinate': {
    en: '{0}="{1}" is not a coordinate: write a plain non-negative integer (0, 3, 18).',
    zh: '{0}="{1}" 不是合法的坐标：应写成不带符号、小数点或前导零的非负整数（如 0、3、18）。',
  },
  'xml.moveNeedsPoint': {
    en: 'A normal move needs both x and y; write type="pass" for a pass.',
    zh: '普通的一步棋必须同时含有 x 和 y；如果是虚手（pass），请写 type="pass"。',
  },
  'xml.passWithPoint': {
    en: 'A pass has no coordinates: remove {0}, or remove type="pass".',
    zh: '虚手（pass）不能含有坐标：请删除 {0}，或删除 type="pass"。',
  },
  'xml.preStoneAttribute': {
    en: 'The attribute {0} is not allowed on a stone in <pre>: a pre stone has only x and y.',
    zh: '<pre> 中的棋子不允许有属性 {0}：pre 中的棋子只能含有 x 和 y。',
  },
  'xml.preNotFirst': {
    en: '<pre> may only be the first child of <moves>.',
    zh: '<pre> 只能作为 <moves> 的第一个子元素。',
  },
  'xml.markWithoutMove': {
    en: 'This <mark> belongs to no move, so no position shows it: a mark belongs to the next <black> or <white> of its own <moves>, and only variations follow it.',
    zh: '这个 <mark> 不属于任何一步棋，因此不会显示在任何局面上：mark 属于它所在 <moves> 中紧接其后的 <black> 或 <white>，而它后面只有变化。',
  },
  'xml.lastChildMark': {
    en: 'The last child of <moves> cannot be a <mark>: a mark belongs to the move that follows it.',
    zh: '<moves> 的最后一个子元素不能是 <mark>：mark 表示的是紧接其后的一步棋的局面。',
  },
  'xml.movesWithoutMove': {
    en: '<moves> needs at least one child that counts as a move: a <pre>, <black> or <white>.',
    zh: '<moves> 必须含有至少一个能被当作一步棋的子元素：<pre>、<black> 或 <white>。',
  },
} as const;
