/**
 * 2.2 §3.1 and 3.0 §3.1: a wei7 document saved as a file has the extension .wei7. Judged from the
 * file's name, which the text does not hold: the CLI knows it from its path, the server from the
 * document's URI.
 */
import { finding } from '../l10n/catalogue';
import type { Finding } from '../model/types';

/** The finding for a file named `name` (its last path segment), at the text's start; none for a .wei7 file (any case: `.WEI7` on Windows). */
export function fileNameFinding(name: string): Finding | undefined {
  return /\.wei7$/i.test(name) ? undefined : finding({ start: 0, end: 0 }, '3.1', 'text.fileExtension', [name]);
}
