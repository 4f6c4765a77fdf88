/** Messages of the engine part (game checks, replay, `wei7 board`). `{n}` is the n-th argument. */
export const engineMessages = {
  'engine.occupied': {
    en: 'The point {0} is already occupied: a move goes on an empty point (the game of Go as §9.16.7.1 defines it), so this move is not a legal move of the game. It is skipped in replay.',
    zh: '点 {0} 上已经有棋子：着手只能落在空点上（§9.16.7.1 对围棋的定义），所以这一手不是该棋局中合法的一手。回放时跳过这一手。',
  },
  'engine.occupied22': {
    en: 'The point {0} is already occupied: a move (步) is a move of Go (§9.6), and a move of Go goes on an empty point. It is skipped in replay.',
    zh: '点 {0} 上已经有棋子：一步棋就是围棋中的一手棋（§9.6），只能落在空点上。回放时跳过这一步。',
  },
  'engine.occupant.black': {
    en: "The stone on {0} is Black's, from move {1}.",
    zh: '{0} 上的棋子是第 {1} 手黑棋下的。',
  },
  'engine.occupant.white': {
    en: "The stone on {0} is White's, from move {1}.",
    zh: '{0} 上的棋子是第 {1} 手白棋下的。',
  },
  'engine.occupant.pre': {
    en: 'The stone on {0} is a stone of this pre.',
    zh: '{0} 上的棋子是这个预设局面（pre）的预设棋子。',
  },
  'engine.related.samePosition': {
    en: 'The same position was on the board after move {0}.',
    zh: '第 {0} 手之后棋盘上的局面与此相同。',
  },
  'engine.related.samePositionPre': {
    en: 'The same position was on the board after this pre.',
    zh: '这个预设局面（pre）之后棋盘上的局面与此相同。',
  },
  'engine.related.koTaken': {
    en: 'Move {0} has just taken the ko, on {1}.',
    zh: '第 {0} 手刚在 {1} 提劫。',
  },
  'engine.related.preFirstStone': {
    en: "This pre's first stone on {0}.",
    zh: '这个预设局面（pre）在 {0} 上的第一颗棋子。',
  },
  'engine.preDeadBlock': {
    en: 'This pre stone is in a block of {0} stone(s) without liberties: the stones of a pre must not capture in any order they are placed.',
    zh: '这颗预设棋子所在的棋块（{0} 颗棋子）没有气：无论按什么顺序摆放，预设棋子都不能导致吃子。',
  },
  'engine.preDuplicate': {
    en: 'Another stone of this pre is already on {0}: two stones cannot share a point. This stone is ignored.',
    zh: '本预设局面中已有另一颗棋子在 {0}：两颗棋子不能放在同一个点上。忽略这颗棋子。',
  },
  'engine.preAfterMove': {
    en: 'This pre has stones but a move comes before it along its path of play: a pre with stones can only start from the empty board.',
    zh: '此预设局面含有棋子，但从棋局开始到它的路径上已有着手：含有棋子的预设局面只能源于空棋盘。',
  },
  'engine.preAfterPre': {
    en: 'This pre has stones but another pre with stones comes before it along its path of play: a pre with stones can only start from the empty board.',
    zh: '此预设局面含有棋子，但从棋局开始到它的路径上已有另一个含有棋子的预设局面：含有棋子的预设局面只能源于空棋盘。',
  },
  'engine.takebackTooMany': {
    en: 'This takes back {0} move(s), but only {1} move(s) were played on this path.',
    zh: '这里撤回 {0} 手，但这条路径上只下了 {1} 手。',
  },
  'engine.rules.chinese.suicide': {
    en: 'Suicide is forbidden by the Chinese rules (2002), article 5 (第5条 禁着点). The wei7 format allows it; the rules named for this game do not.',
    zh: '中国围棋规则（2002 年）第 5 条（禁着点）禁止自杀。wei7 格式允许这一手，但本局采用的规则不允许。',
  },
  'engine.rules.chinese.repetition': {
    en: 'This move repeats an earlier whole-board position, which the Chinese rules (2002) forbid in article 6 (第6条 禁止全局同形).',
    zh: '这一手使全局重现了之前出现过的局面，中国围棋规则（2002 年）第 6 条（禁止全局同形）禁止这样下。',
  },
  'engine.rules.japanese.suicide': {
    en: 'Suicide is forbidden by the Japanese rules (1989), article 4 (第4条 棋子的存在): a stone without an adjacent empty point cannot exist on the board.',
    zh: '日本围棋规则（1989 年）第 4 条（棋子的存在）禁止自杀：邻接处没有空点的棋子不能在棋盘上存在。',
  },
  'engine.rules.japanese.ko': {
    en: 'Retaking the ko at once is forbidden by the Japanese rules (1989), article 6 (第6条 劫).',
    zh: '日本围棋规则（1989 年）第 6 条（劫）禁止打劫立刻回吃。',
  },
  'engine.rules.korean.suicide': {
    en: 'Suicide is forbidden by the Korean rules (KBA 1992), article 8 (第8条 禁着).',
    zh: '韩国围棋规则（1992 年）第 8 条（禁着）禁止自杀。',
  },
  'engine.rules.korean.ko': {
    en: 'Retaking the ko at once is forbidden by the Korean rules (KBA 1992), article 9 (第9条 打劫).',
    zh: '韩国围棋规则（1992 年）第 9 条（打劫）禁止打劫立刻回吃。',
  },
  'engine.sameColor.black': {
    en: 'Black moves twice in a row here. The format allows it, but in a game record it is often a slip.',
    zh: '这里黑棋连下两手。格式允许这样，但在棋谱中这常常是笔误。',
  },
  'engine.sameColor.white': {
    en: 'White moves twice in a row here. The format allows it, but in a game record it is often a slip.',
    zh: '这里白棋连下两手。格式允许这样，但在棋谱中这常常是笔误。',
  },
  'engine.notSimulated': {
    en: 'The board is {0}×{1}: boards with a side of more than 52 points are not simulated, so captures, positions and the game checks are not available.',
    zh: '棋盘大小为 {0}×{1}：边长超过 52 路的棋盘不做模拟，因此不提供提子、局面和棋局检查。',
  },
  'engine.cli.usage': {
    en: 'Usage: wei7 board FILE --line L [--character C] [--format text|json] (L and C are 0-based).',
    zh: '用法：wei7 board FILE --line L [--character C] [--format text|json]（L 和 C 从 0 开始计数）。',
  },
  'engine.cli.missingFile': { en: 'No FILE given.', zh: '没有给出 FILE。' },
  'engine.cli.missingLine': { en: '--line is required.', zh: '必须给出 --line。' },
  'engine.cli.badNumber': {
    en: '{0} needs a whole number of 0 or more, not "{1}".',
    zh: '{0} 需要一个大于等于 0 的整数，而不是“{1}”。',
  },
  'engine.cli.badFormat': {
    en: '--format must be text or json, not "{0}".',
    zh: '--format 只能是 text 或 json，而不是“{0}”。',
  },
  'engine.cli.unknownOption': { en: 'Unknown argument "{0}".', zh: '未知参数“{0}”。' },
  'engine.cli.unreadable': {
    en: 'Cannot read {0}: {1}',
    zh: '无法读取 {0}：{1}',
  },
  'engine.cli.notWei7': {
    en: '{0} is not a wei7 document.',
    zh: '{0} 不是 wei7 文档。',
  },
  'engine.cli.noSuchLine': {
    en: 'There is no line {0} in {1}: it has lines 0 to {2}.',
    zh: '{1} 中没有第 {0} 行：行号范围为 0 到 {2}。',
  },
  'engine.cli.noNode': {
    en: 'There is no move, pre or step at or before line {0}, character {1} of {2}.',
    zh: '{2} 的第 {0} 行第 {1} 个字符处及其之前没有着手、预设局面（pre）或行为（step）。',
  },
  'engine.cli.notSimulated': {
    en: 'The board of {0} is not simulated (its size is unknown, or a side has more than 52 points).',
    zh: '{0} 的棋盘不做模拟（大小未知，或边长超过 52 路）。',
  },
  'engine.cli.move': {
    en: 'Move {0}: {1} {2}.',
    zh: '第 {0} 手：{1} {2}。',
  },
  'engine.cli.moveZero': {
    en: 'Move {0}.',
    zh: '第 {0} 手。',
  },
  'engine.cli.black': { en: 'Black', zh: '黑' },
  'engine.cli.white': { en: 'White', zh: '白' },
  'engine.cli.pass': { en: 'pass', zh: '虚手' },
  'engine.cli.prisoners': {
    en: 'Prisoners: Black {0}, White {1}.',
    zh: '提子：黑 {0}，白 {1}。',
  },
  'engine.cli.marks': { en: 'Marks: {0}', zh: '标记：{0}' },
  'engine.cli.comment': { en: 'Comment: {0}', zh: '评论：{0}' },
} as const;
