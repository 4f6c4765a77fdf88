/** Messages of the `wei7` command line. `{n}` is the n-th argument. */
export const cliMessages = {
  'cli.usage': {
    en: 'Usage:\n  wei7 check [--format text|json] [--locale en|zh-cn] [--jobs N] FILE|DIR...\n  wei7 board FILE --line L [--character C] [--format text|json]\n  wei7 convert IN --to json|xml|sgf [-o OUT] [--force]\n  wei7 --version\n\nwei7 check reports every spec violation of wei7 2.x (XML) and 3.0 (JSON) documents;\ndirectories are searched for *.wei7 files. Many files are shared between the main thread and\nworker threads (a thread a core but one, at most 8); --jobs N asks for N threads (at most 64),\n--jobs 1 for the main thread alone. Exit status: 0 no errors, 1 errors found, 2 usage or unreadable files.',
    zh: '用法：\n  wei7 check [--format text|json] [--locale en|zh-cn] [--jobs N] 文件|目录...\n  wei7 board 文件 --line 行 [--character 列] [--format text|json]\n  wei7 convert 输入文件 --to json|xml|sgf [-o 输出文件] [--force]\n  wei7 --version\n\nwei7 check 报告 wei7 2.x（XML）和 3.0（JSON）文档中所有违反规范之处；\n给出目录时，会查找其中的 *.wei7 文件。文件较多时由主线程和工作线程分担检查\n（线程数为核心数减一，最多 8 个）；--jobs N 指定 N 个线程（最多 64 个），--jobs 1 只用主线程。退出码：0 无错误，1 有错误，2 用法错误或文件无法读取。',
  },
  'cli.unknownCommand': { en: 'wei7: unknown command "{0}".', zh: 'wei7：未知命令“{0}”。' },
  'cli.unknownOption': { en: 'wei7: unknown option "{0}".', zh: 'wei7：未知选项“{0}”。' },
  'cli.optionValue': { en: 'wei7: option {0} needs one of: {1}.', zh: 'wei7：选项 {0} 需要以下值之一：{1}。' },
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
