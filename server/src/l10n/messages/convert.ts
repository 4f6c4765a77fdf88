/** Messages of the converters (SGF, wei7 2.2/3.0, 石葉 XML) and of `wei7 convert`. `{n}` is the n-th argument. */
export const convertMessages = {
  /* ----- the command ----- */
  'convert.cli.usage': {
    en: 'Usage:\n  wei7 convert IN --to json|xml|sgf [-o OUT] [--force]\n\nReads an SGF record, a wei7 document (2.x XML or 3.0 JSON) or a 石葉 (MyLeaf) XML record and writes it as wei7 3.0 (json), wei7 2.2 (xml) or SGF. Without -o the result goes to standard output; an existing OUT is only replaced with --force. Warnings name what was changed or left out. Exit status: 0 converted, 2 not converted.',
    zh: '用法：\n  wei7 convert 输入文件 --to json|xml|sgf [-o 输出文件] [--force]\n\n读取 SGF 棋谱、wei7 文档（2.x XML 或 3.0 JSON）或石葉（MyLeaf）XML 棋谱，写成 wei7 3.0（json）、wei7 2.2（xml）或 SGF。没有 -o 时结果写到标准输出；已存在的输出文件只有加 --force 才会被覆盖。警告会指出改动或丢弃了什么。退出码：0 已转换，2 未转换。',
  },
  'convert.cli.noInput': { en: 'wei7 convert: no input file given.', zh: 'wei7 convert：没有给出输入文件。' },
  'convert.cli.moreInputs': { en: 'wei7 convert: one input file at a time ("{0}" is a second one).', zh: 'wei7 convert：一次只能转换一个输入文件（“{0}”是第二个）。' },
  'convert.cli.noTarget': { en: 'wei7 convert: say which format to write with --to json, --to xml or --to sgf.', zh: 'wei7 convert：请用 --to json、--to xml 或 --to sgf 指定输出格式。' },
  'convert.cli.badTarget': { en: 'wei7 convert: --to "{0}" is not a format; use json (wei7 3.0), xml (wei7 2.2) or sgf.', zh: 'wei7 convert：--to 的值“{0}”不是可用的格式；请用 json（wei7 3.0）、xml（wei7 2.2）或 sgf。' },
  'convert.cli.unknownOption': { en: 'wei7 convert: unknown option "{0}".', zh: 'wei7 convert：未知选项“{0}”。' },
  'convert.cli.missingValue': { en: 'wei7 convert: option {0} needs a value.', zh: 'wei7 convert：选项 {0} 需要一个值。' },
  'convert.cli.cannotRead': { en: 'wei7 convert: cannot read {0}: {1}.', zh: 'wei7 convert：无法读取 {0}：{1}。' },
  'convert.cli.exists': {
    en: 'wei7 convert: {0} already exists; add --force to replace it.',
    zh: 'wei7 convert：{0} 已存在；如要覆盖，请加 --force。',
  },
  'convert.cli.cannotWrite': { en: 'wei7 convert: cannot write {0}: {1}.', zh: 'wei7 convert：无法写入 {0}：{1}。' },
  'convert.tooDeepToRead': {
    en: 'the variations nest too deeply to read (thousands of levels)',
    zh: '变化分支嵌套过深（数千层），无法读取',
  },
  'convert.tooDeep': {
    en: 'the variations nest too deeply to write out (thousands of levels)',
    zh: '变化分支嵌套过深（数千层），无法写出',
  },
  'convert.cli.notConverted': { en: '{0}: cannot convert: {1}', zh: '{0}：无法转换：{1}' },
  'convert.cli.unknownInput': {
    en: 'this is not an SGF record, a wei7 document or a 石葉 XML record (SGF starts with "(", wei7 with "<wei7" or "{", 石葉 with "<igo>")',
    zh: '这不是 SGF 棋谱、wei7 文档或石葉 XML 棋谱（SGF 以“(”开头，wei7 以“<wei7”或“{”开头，石葉以“<igo>”开头）',
  },
  'convert.cli.warning': { en: '{0}: warning: {1}', zh: '{0}：警告：{1}' },
  'convert.cli.times': { en: '({0} times)', zh: '（共 {0} 处）' },
  'convert.cli.written': { en: 'wei7 convert: wrote {0} ({1} warning(s)).', zh: 'wei7 convert：已写入 {0}（{1} 个警告）。' },

  /* ----- reading bytes ----- */
  'convert.encoding.unknown': {
    en: 'the file declares the encoding "{0}", which this program cannot decode',
    zh: '文件声明的编码“{0}”无法解码',
  },
  'convert.encoding.invalid': { en: 'the file is not valid {0}, the encoding it is read in', zh: '文件按 {0} 编码读取，但不是合法的 {0} 文本' },
  'convert.encoding.fallback': {
    en: 'The file is not UTF-8 and names no character set (CA); it was read as {0}, the SGF default. Check the names and comments.',
    zh: '文件不是 UTF-8，也没有声明字符集（CA），已按 SGF 默认的 {0} 读取。请检查姓名和评论是否正确。',
  },

  /* ----- SGF syntax (errors, with line and column) ----- */
  'convert.sgf.empty': { en: 'the SGF text is empty: a record starts with "(;"', zh: 'SGF 文本为空：棋谱应以“(;”开头' },
  'convert.sgf.unclosedValue': { en: 'this "[" opens a property value that is never closed with "]"', zh: '这个“[”开始的属性值没有以“]”结束' },
  'convert.sgf.unexpectedCharacter': {
    en: 'unexpected "{0}": SGF has only ( ) ; property names in capital letters and values in [ ]',
    zh: '意外的“{0}”：SGF 只有 ( ) ;、大写字母的属性名和 [ ] 中的属性值',
  },
  'convert.sgf.valueExpected': { en: 'the property {0} has no value: write {0}[…]', zh: '属性 {0} 没有值：应写作 {0}[…]' },
  'convert.sgf.nodeExpected': { en: 'a game tree must start with a node: expected ";" after "("', zh: '对局树必须以节点开始：“(”之后应为“;”' },
  'convert.sgf.unmatchedClose': { en: 'this ")" closes nothing: no game tree is open here', zh: '这个“)”没有可关闭的对局树' },
  'convert.sgf.outsideTree': { en: 'this stands outside any game tree: SGF content must be inside "(…)"', zh: '此处不在任何对局树之内：SGF 内容必须位于“(…)”之中' },
  'convert.sgf.nodeAfterVariations': {
    en: 'a node after the variations of a game tree: in SGF the variations "(…)" come last in a tree',
    zh: '对局树的变化之后又出现节点：SGF 中变化“(…)”必须位于对局树的最后',
  },
  'convert.sgf.valueWithoutProperty': { en: 'a value "[…]" without a property name before it', zh: '属性值“[…]”之前没有属性名' },
  'convert.sgf.unclosedTree': {
    en: 'the game tree opened here is not closed: the text ends (line {0}, column {1}) before its ")" (is the file cut short?)',
    zh: '此处开始的对局树没有结束：文本在第 {0} 行第 {1} 列就结束了，缺少“)”（文件是否不完整？）',
  },
  'convert.sgf.notGo': { en: 'GM[{0}] is not a game of Go (GM[1])', zh: 'GM[{0}] 不是围棋（GM[1]）' },
  'convert.sgf.size': { en: 'SZ[{0}] is not a board size SGF can hold (1 to 52, or width:height)', zh: 'SZ[{0}] 不是 SGF 能表示的棋盘大小（1 到 52，或 宽:高）' },

  /* ----- SGF content (warnings) ----- */
  'convert.sgf.moreGames': { en: 'The file holds {0} game records; only the first was converted.', zh: '文件中有 {0} 个棋谱，只转换了第一个。' },
  'convert.sgf.gameInfoDropped': { en: 'Game information {0}[{1}] was dropped: wei7 has no field for it.', zh: '棋局信息 {0}[{1}] 已丢弃：wei7 没有对应的字段。' },
  'convert.sgf.gameInfoNotRoot': {
    en: 'Game information {0}[{1}] after the root node was dropped: wei7 keeps one set of game information, from the root.',
    zh: '根节点之后的棋局信息 {0}[{1}] 已丢弃：wei7 只保存一组来自根节点的棋局信息。',
  },
  'convert.sgf.timingDropped': { en: 'Time left ({0}) was dropped: wei7 does not record clocks.', zh: '剩余时间（{0}）已丢弃：wei7 不记录用时。' },
  'convert.sgf.viewDropped': { en: 'The display setting {0} was dropped.', zh: '显示设置 {0} 已丢弃。' },
  'convert.sgf.annotationDropped': { en: 'The position annotation {0} was dropped: wei7 evaluates moves only.', zh: '局面评注 {0} 已丢弃：wei7 只评估着手。' },
  'convert.sgf.markupDropped': { en: 'The markup {0} was dropped: wei7 has no such mark.', zh: '标记 {0} 已丢弃：wei7 没有这种标记。' },
  'convert.sgf.unknownProperty': { en: 'The unknown property {0} was dropped.', zh: '未知属性 {0} 已丢弃。' },
  'convert.sgf.setupDropped': {
    en: 'Setup {0} after the first move or stone was dropped: wei7 stones are placed only from the empty board (2.2 §3.15, 3.0 §3.16.2.6), so the positions after it may differ.',
    zh: '在第一手或第一颗预设棋子之后的摆子 {0} 已丢弃：wei7 只能在空棋盘上预设棋子（2.2 §3.15，3.0 §3.16.2.6），此后的局面可能因此不同。',
  },
  'convert.sgf.turnDropped': {
    en: 'PL[{0}] (who plays next) was dropped: wei7 says it only for a problem position, and this node sets up no stones and plays no move.',
    zh: 'PL[{0}]（下一手由谁走）已丢弃：wei7 只在题目局面上记录它，而此节点既没有摆子也没有着手。',
  },
  'convert.sgf.gameCommentMoved': { en: 'The game comment (GC) was put at the start of the first position\'s comment.', zh: '棋局评论（GC）已放在初始局面评论的开头。' },
  'convert.sgf.stoneTwice': { en: 'The point {0} is set up twice; the first stone was kept.', zh: '点 {0} 被摆了两次；保留了第一颗棋子。' },
  'convert.sgf.twoMoves': { en: 'A node with both B and W: only the black move was kept.', zh: '同一节点中同时有 B 和 W：只保留了黑棋的着手。' },
  'convert.sgf.moveOffBoard': { en: 'The move {0} is off the board and was dropped.', zh: '着手 {0} 在棋盘之外，已丢弃。' },
  'convert.sgf.pointOffBoard': { en: '{0} is not a point on the board and was dropped.', zh: '{0} 不是棋盘上的点，已丢弃。' },
  'convert.sgf.evaluations': { en: 'The node has several move annotations ({0}); only {1} was kept.', zh: '此节点有多个着手评注（{0}），只保留了 {1}。' },
  'convert.sgf.emphasisDropped': { en: '{0}[2] ("very") was written as a plain {0}: wei7 has one degree.', zh: '{0}[2]（“非常”）已写作普通的 {0}：wei7 没有程度之分。' },
  'convert.sgf.offBoardNotWritten': {
    en: 'The {0} at ({1}, {2}) is off the {3}×{4} board, which SGF cannot write: it was dropped.',
    zh: '{0}（{1}, {2}）在 {3}×{4} 棋盘之外，SGF 无法表示，已丢弃。',
  },
  'convert.sgf.tooLarge': { en: 'the board is {0}×{1}: SGF cannot write a side of more than 52 points', zh: '棋盘为 {0}×{1}：SGF 无法表示边长超过 52 路的棋盘' },
  'convert.sgf.positionEvaluation': {
    en: 'The evaluation "{0}" of a position without a move was dropped: SGF BM/TE/DO/IT judge moves.',
    zh: '对没有着手的局面的评估“{0}”已丢弃：SGF 的 BM/TE/DO/IT 只用于着手。',
  },

  /* ----- values, in any direction ----- */
  'convert.valueUnreadable': { en: 'The value {0}[{1}] could not be read and was dropped.', zh: '无法读取 {0}[{1}]，已丢弃。' },
  'convert.nameDropped': { en: 'The name "{0}" was dropped: wei7 has one name for a game, and "{1}" was kept.', zh: '名称“{0}”已丢弃：wei7 的棋局只有一个名称，保留了“{1}”。' },
  'convert.rules.unknown': {
    en: 'The rules "{0}" were dropped: wei7 names only Chinese, Japanese and Korean rules.',
    zh: '规则“{0}”已丢弃：wei7 只能表示中国、日本和韩国规则。',
  },
  'convert.result.none': { en: 'The result "{0}" says there is none, so no result was written.', zh: '结果“{0}”表示没有结果，因此没有写入结果。' },
  'convert.result.unreadable': { en: 'The result "{0}" could not be read and was dropped.', zh: '无法读取结果“{0}”，已丢弃。' },
  'convert.result.howDropped': {
    en: 'The result "{0}" was written as a win without a count: wei7 cannot say "on time" or "by forfeit", and reads it as a win by resignation.',
    zh: '结果“{0}”已写作不计目数的胜局：wei7 无法表示“超时胜”或“弃权胜”，会被理解为中盘胜。',
  },
  'convert.handicap.placed': {
    en: 'The record gives a handicap of {0} stones but not where they are; they were placed on the fixed handicap points.',
    zh: '棋谱给出了让 {0} 子，但没有给出棋子的位置；已按固定让子的位置摆放。',
  },
  'convert.handicap.mismatch': {
    en: 'HA[{0}] does not match the {1} black setup stones; the stones were kept as they are.',
    zh: 'HA[{0}] 与 {1} 颗黑棋预设棋子不符；棋子按原样保留。',
  },
  'convert.komi.dropped30': { en: 'Komi {0} was dropped: wei7 3.0 komi is at least 0 and less than 10, in steps of 0.5 (§3.10.1).', zh: '贴目 {0} 已丢弃：wei7 3.0 的 komi 必须大于等于 0 且小于 10，并且是 0.5 的倍数（§3.10.1）。' },
  'convert.komi.dropped22': {
    en: 'Komi {0} was dropped: wei7 2.2 komi is more than 0 and less than 10, in steps of 0.5 (§3.6).',
    zh: '贴目 {0} 已丢弃：wei7 2.2 的 komi 必须大于 0 且小于 10，并且是 0.5 的倍数（§3.6）。',
  },
  'convert.margin.dropped': {
    en: 'The margin {0} was dropped (the winner was kept): a margin is more than 0 and less than 512, in steps of 0.5.',
    zh: '胜负差 {0} 已丢弃（保留了胜方）：margin 必须大于 0 且小于 512，并且是 0.5 的倍数。',
  },
  'convert.time.midnight': {
    en: 'The date {0} has no time of day; it was written as {1}.',
    zh: '日期 {0} 没有具体时刻，已写作 {1}。',
  },
  'convert.time.assumedUtc': { en: 'The time {0} names no time zone; it was taken as UTC.', zh: '时间 {0} 没有时区，已按 UTC 处理。' },
  'convert.time.fractionCut': { en: 'The seconds {0} were cut to 9 decimal places (3.0 §3.10.2).', zh: '秒数 {0} 已截为 9 位小数（3.0 §3.10.2）。' },
  'convert.time.clockDropped': { en: 'The time of day of {0} was dropped: SGF DT holds a date ({1}).', zh: '{0} 中的时刻已丢弃：SGF 的 DT 只记录日期（{1}）。' },
  'convert.time.moreDates': { en: 'DT[{0}] names several days; only the first was kept.', zh: 'DT[{0}] 包含多个日期，只保留了第一个。' },
  'convert.text.madeSingleLine': { en: 'Line breaks and other control characters in {0} became spaces: it must be single-line text.', zh: '{0} 中的换行等控制字符已改为空格：它必须是单行文本。' },
  'convert.text.cut': { en: '{0} had {1} characters and was cut to 128.', zh: '{0} 有 {1} 个字符，已截为 128 个。' },
  'convert.mark.label': {
    en: 'The label "{0}" was dropped: a wei7 mark is one character of a-z, A-Z, 0-9, @ # $ % & * ?.',
    zh: '标签“{0}”已丢弃：wei7 的标记只能是 a-z、A-Z、0-9、@ # $ % & * ? 中的一个字符。',
  },
  'convert.mark.samePoint': { en: 'A second mark on one point ({0}) was dropped.', zh: '同一点上的第二个标记（{0}）已丢弃。' },
  'convert.fieldDropped': { en: 'The {0} "{1}" was dropped: {2} has no place for it.', zh: '{0}“{1}”已丢弃：{2} 无法记录它。' },
  'convert.participantDropped': {
    en: 'The participant "{0}" was dropped: this format knows only the black and the white player.',
    zh: '参与者“{0}”已丢弃：此格式只能记录执黑和执白的对局者。',
  },
  'convert.splitterDropped': { en: 'The splitter "{0}" (a wei7 2.2 attribute) was dropped.', zh: '分隔符 splitter="{0}"（wei7 2.2 的属性）已丢弃。' },

  /* ----- wei7 in ----- */
  'convert.wei7.unknownFormat': { en: 'this is not a wei7 document', zh: '这不是 wei7 文档' },
  'convert.wei7.noSize': { en: 'the document has no readable board size', zh: '文档中没有可读取的棋盘大小' },
  'convert.wei7.inputErrors': {
    en: 'The input has {0} error(s) (see wei7 check); what could not be read was left out.',
    zh: '输入文档有 {0} 个错误（见 wei7 check）；无法读取的部分已略去。',
  },
  'convert.wei7.timeUnreadable': { en: 'The time "{0}" could not be read and was dropped.', zh: '无法读取时间“{0}”，已丢弃。' },
  'convert.wei7.nodeSkipped': { en: 'A step that could not be read was left out.', zh: '无法读取的一步已略去。' },
  'convert.wei7.stepTime': { en: 'Step times were dropped: a game record has no timeline.', zh: '行为（step）的时刻已丢弃：棋谱没有时间线。' },
  'convert.wei7.actor': { en: 'Step actors were dropped.', zh: '行为（step）的执行者（actor）已丢弃。' },
  'convert.wei7.takeback': {
    en: 'A takeback became a variation: the moves after it branch from the position it returns to.',
    zh: '撤回已改为变化：其后的着手从撤回后的局面分出。',
  },
  'convert.wei7.message': { en: 'Messages were written into the comments ("name: text").', zh: '信息（message）已写入评论（格式为“姓名: 内容”）。' },
  'convert.wei7.markStep': { en: 'Mark actions were written as marks of the position.', zh: '做标记的行为（action "mark"）已改写为该局面的标记。' },
  'convert.wei7.resultStep': { en: 'A result claim (action "result") was dropped; its comment was kept.', zh: '声称对局结果的行为（action "result"）已丢弃；其评论已保留。' },

  /* ----- wei7 out ----- */
  'convert.json.oneBranch': {
    en: 'A position without a move (or a titled move) in mid-line begins a one-branch tree: in wei7 3.0 a pre or a title can only begin a tree.',
    zh: '着手序列中途的无着手局面（或带标题的着手）已另起一个只有一个分支的 tree：wei7 3.0 中 pre 和 title 只能位于 tree 的开头。',
  },
  'convert.json.preEvaluation': {
    en: 'The evaluation "{0}" of a position without a move was dropped: wei7 3.0 evaluates moves only.',
    zh: '对没有着手的局面的评估“{0}”已丢弃：wei7 3.0 只评估着手。',
  },
  'convert.xml.size': {
    en: 'the board is {0}×{1}; wei7 2.2 boards are square with 7, 9, 11, 13, 15, 17 or 19 lines (§3.4) — convert to json (wei7 3.0) instead',
    zh: '棋盘为 {0}×{1}；wei7 2.2 的棋盘只能是 7、9、11、13、15、17 或 19 路的正方形（§3.4）——请改为转换成 json（wei7 3.0）',
  },
  'convert.xml.controversial': { en: 'The evaluation "controversial" was dropped: wei7 2.2 has bad, good and trick.', zh: '评估“controversial”已丢弃：wei7 2.2 只有 bad、good 和 trick。' },
  'convert.xml.illegalCharacter': { en: 'Characters that XML 1.0 cannot hold were removed from a text.', zh: '已从文本中删除 XML 1.0 无法容纳的字符。' },

  /* ----- 石葉 ----- */
  'convert.myleaf.xml': { en: 'the XML is not well-formed: {0}', zh: 'XML 格式不正确：{0}' },
  'convert.myleaf.notMyLeaf': { en: 'this XML is not a 石葉 record: expected <igo><kifu …>', zh: '此 XML 不是石葉棋谱：应为 <igo><kifu …>' },
  'convert.myleaf.size': { en: 'size="{0}" is not a board size (2 to 52)', zh: 'size="{0}" 不是棋盘大小（2 到 52）' },
  'convert.myleaf.moreKifu': { en: 'The file holds {0} records (<kifu>); only the first was converted.', zh: '文件中有 {0} 个棋谱（<kifu>），只转换了第一个。' },
  'convert.myleaf.settingDropped': { en: 'The display settings (<setting>) were dropped.', zh: '显示设置（<setting>）已丢弃。' },
  'convert.myleaf.dropped': { en: 'The move attribute {0} (link or clock time) was dropped: wei7 has no place for it.', zh: '着手属性 {0}（链接或用时）已丢弃：wei7 无法记录。' },
  'convert.myleaf.extraLeaves': { en: 'The tree has {0} main-line leaves but <main> has {1} moves; the extra leaves were ignored.', zh: '<tree> 的主分支有 {0} 个 <leaf>，但 <main> 只有 {1} 手；多余的 <leaf> 已忽略。' },
  'convert.myleaf.emptyBranch': { en: 'An empty variation (<node> without moves) was left out.', zh: '空的变化（没有着手的 <node>）已略去。' },
  'convert.myleaf.badPosition': { en: 'The position "{0}" is not a point on the board; the move was written as a pass.', zh: '位置“{0}”不是棋盘上的点；该着手已写作虚手（pass）。' },
  'convert.myleaf.badMark': { en: 'The mark "{0}" could not be read and was dropped.', zh: '无法读取标记“{0}”，已丢弃。' },
  'convert.myleaf.symbolReplaced': {
    en: 'The mark symbol "{0}" became "{1}": a wei7 mark is one character of a-z, A-Z, 0-9, @ # $ % & * ? (comments that name "{0}" were left as they are).',
    zh: '标记符号“{0}”已改为“{1}”：wei7 的标记只能是 a-z、A-Z、0-9、@ # $ % & * ? 中的一个字符（评论中提到的“{0}”未作修改）。',
  },
} as const;

export type ConvertMessageId = keyof typeof convertMessages;
