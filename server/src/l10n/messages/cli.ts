/** Messages of the `wei7` command line. `{n}` is the n-th argument. */
export const cliMessages = {
  'cli.usage': {
    en: 'Usage:\n  wei7 check [--format text|json] [--locale en|zh-cn] [--jobs N] FILE|DIR...\n  wei7 board FILE --line L [--character C] [--format text|json]\n  wei7 convert IN --to json|xml|sgf [-o OUT] [--force]\n  wei7 resident start|stop|status [--idle-minutes N]\n  wei7 --version\n\nwei7 check reports every spec violation of wei7 2.x (XML) and 3.0 (JSON) documents;\ndirectories are searched for *.wei7 files. Many files are shared between the main thread and\nworker threads (a thread a core but one, at most 8); --jobs N asks for N threads (at most 64),\n--jobs 1 for the main thread alone. Exit status: 0 no errors, 1 errors found, 2 usage or unreadable files.\n\nwei7 resident start keeps a checker running in the background (until N idle minutes, 30 by\ndefault, or wei7 resident stop); while it runs, wei7 check hands it its files, and a large file is\nchecked several times faster. WEI7_RESIDENT=0 checks without it.',
    zh: '用法：\n  wei7 check [--format text|json] [--locale en|zh-cn] [--jobs N] 文件|目录...\n  wei7 board 文件 --line 行 [--character 列] [--format text|json]\n  wei7 convert 输入文件 --to json|xml|sgf [-o 输出文件] [--force]\n  wei7 resident start|stop|status [--idle-minutes N]\n  wei7 --version\n\nwei7 check 报告 wei7 2.x（XML）和 3.0（JSON）文档中所有违反规范之处；\n给出目录时，会查找其中的 *.wei7 文件。文件较多时由主线程和工作线程分担检查\n（线程数为核心数减一，最多 8 个）；--jobs N 指定 N 个线程（最多 64 个），--jobs 1 只用主线程。退出码：0 无错误，1 有错误，2 用法错误或文件无法读取。\n\nwei7 resident start 在后台保持一个常驻检查进程（空闲 N 分钟后退出，默认 30 分钟，或用 wei7 resident stop 停止）；\n它运行期间，wei7 check 把文件交给它检查，大文件的检查快数倍。设置 WEI7_RESIDENT=0 则不使用它。',
  },
  'cli.unknownCommand': { en: 'wei7: unknown command "{0}".', zh: 'wei7：未知命令“{0}”。' },
  'cli.unknownOption': { en: 'wei7: unknown option "{0}".', zh: 'wei7：未知选项“{0}”。' },
  'cli.optionValue': { en: 'wei7: option {0} needs one of: {1}.', zh: 'wei7：选项 {0} 需要以下值之一：{1}。' },
  'cli.resident.usage': {
    en: 'wei7: resident needs one of: start, stop, status.\nUsage: wei7 resident start|stop|status [--idle-minutes N]',
    zh: 'wei7：resident 需要以下之一：start、stop、status。\n用法：wei7 resident start|stop|status [--idle-minutes N]',
  },
  'cli.resident.idleValue': {
    en: 'wei7: option --idle-minutes needs a whole number of minutes from 1 to {1} ("{0}" is not one).',
    zh: 'wei7：选项 --idle-minutes 需要 1 到 {1} 之间的整数（分钟数），“{0}”不是。',
  },
  'cli.resident.noBundle': { en: "wei7: cannot find the CLI's bundle (dist/cli.js): run npm run build.", zh: 'wei7：找不到命令行工具的打包文件（dist/cli.js）：请先运行 npm run build。' },
  'cli.resident.notPrivate': {
    en: 'wei7: {0} is not a directory of your own that only you may write in, so no resident checker is used there. Remove it, or set TMPDIR to another directory.',
    zh: 'wei7：{0} 不是只有你自己可写的目录，因此不在其中使用常驻检查进程。请删除它，或把 TMPDIR 设为别的目录。',
  },
  'cli.resident.running': {
    en: 'wei7: a resident checker is running (process {0}, since {1}, {2} check(s) so far); wei7 check hands it its files. It stops after {3} idle minutes, or with wei7 resident stop. Socket: {4}',
    zh: 'wei7：常驻检查进程正在运行（进程 {0}，自 {1} 起，已检查 {2} 次）；wei7 check 会把文件交给它。空闲 {3} 分钟后或运行 wei7 resident stop 时退出。套接字：{4}',
  },
  'cli.resident.already': { en: 'wei7: a resident checker was already running.', zh: 'wei7：常驻检查进程已在运行。' },
  'cli.resident.notRunning': { en: 'wei7: no resident checker is running; wei7 check checks by itself.', zh: 'wei7：没有常驻检查进程在运行；wei7 check 自行检查。' },
  'cli.resident.stopped': { en: 'wei7: the resident checker (process {0}) stopped.', zh: 'wei7：常驻检查进程（进程 {0}）已停止。' },
  'cli.resident.startFailed': { en: 'wei7: the resident checker could not start: {0}', zh: 'wei7：常驻检查进程无法启动：{0}' },
  'cli.resident.pathTooLong': {
    en: 'its socket\'s path, {0}, is {1} bytes long, and a socket\'s path may be {2} at most; set TMPDIR to a shorter directory.',
    zh: '它的套接字路径 {0} 长 {1} 字节，而套接字路径最长 {2} 字节；请把 TMPDIR 设为路径较短的目录。',
  },
  'cli.resident.noAnswer': { en: 'it did not answer within {0} s.', zh: '它在 {0} 秒内没有应答。' },
  'cli.resident.noDirectory': {
    en: 'wei7: the resident checker cannot work in {0} ({1}); run the command again with WEI7_RESIDENT=0.',
    zh: 'wei7：常驻检查进程无法在 {0} 中工作（{1}）；请设置 WEI7_RESIDENT=0 后重新运行该命令。',
  },
  'cli.resident.stoppedMidway': {
    en: 'wei7: the resident checker stopped before it finished; run the command again, or with WEI7_RESIDENT=0.',
    zh: 'wei7：常驻检查进程未完成检查就退出了；请重新运行该命令，或设置 WEI7_RESIDENT=0 后运行。',
  },
  'cli.noFiles': { en: 'wei7: no files given.', zh: 'wei7：没有给出文件。' },
  'cli.cannotRead': { en: 'wei7: cannot read {0}: {1}.', zh: 'wei7：无法读取 {0}：{1}。' },
  'cli.reason.directory': { en: 'it is a directory', zh: '它是一个目录' },
  'cli.reason.notFound': { en: 'no such file or directory', zh: '文件或目录不存在' },
  'cli.reason.permission': { en: 'permission denied', zh: '没有权限' },
  'cli.reason.notFile': { en: 'it is not a regular file (a pipe, a device or a socket)', zh: '它不是普通文件（而是管道、设备或套接字）' },
  'cli.reason.notDirectory': { en: 'a part of the path before the file name is not a directory', zh: '路径中文件名之前的某一部分不是目录' },
  'cli.reason.loop': { en: 'too many symbolic links (a loop of links?)', zh: '符号链接过多（可能是链接循环）' },
  'cli.reason.other': { en: 'error {0}', zh: '错误 {0}' },
  'cli.jobsValue': {
    en: 'wei7: option --jobs needs a whole number of threads, 1 or more ("{0}" is not one).',
    zh: 'wei7：选项 --jobs 需要一个不小于 1 的整数（线程数），“{0}”不是。',
  },
  'cli.internalError': { en: 'wei7: internal error while checking {0}: {1}.', zh: 'wei7：检查 {0} 时出现内部错误：{1}。' },
  'cli.workerStopped': {
    en: 'wei7: internal error: the worker thread checking {0} stopped ({1}).',
    zh: 'wei7：内部错误：检查 {0} 的工作线程意外退出（{1}）。',
  },
  'cli.workerExitCode': { en: 'exit code {0}', zh: '退出码 {0}' },
  'cli.noWei7Files': { en: 'wei7: {0} holds no .wei7 files.', zh: 'wei7：{0} 中没有 .wei7 文件。' },
  'cli.summary': {
    en: '{0} file(s) checked: {1} error(s), {2} warning(s).',
    zh: '已检查 {0} 个文件：{1} 个错误，{2} 个警告。',
  },
} as const;
