/** Reading documents from disk for the CLI: UTF-8 only, with the place of the first bad byte. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding, Message } from '../model/types';
import { finding, message } from '../l10n/catalogue';

export type ReadResult =
  | { readonly ok: true; readonly text: string; readonly encodingFinding?: Finding }
  | { readonly ok: false; readonly reason: Message };

/**
 * Decodes UTF-8; on a bad byte, decodes leniently and reports where the first bad byte is (3.1).
 * A byte order mark is dropped, as editors do (VS Code keeps it as the file's encoding, not as a
 * character of the text): the CLI's lines and columns are then the editor's.
 */
export function decodeUtf8(bytes: Uint8Array): { text: string; encodingFinding?: Finding } {
  const utf16 = utf16Encoding(bytes);
  if (utf16) {
    // Read as what it is, as an editor would (VS Code opens it by its BOM): one error for the
    // encoding, and the rest checked, rather than an error for each of its NULs.
    const text = new TextDecoder(utf16).decode(bytes);
    return { text, encodingFinding: finding({ start: 0, end: Math.min(1, text.length) }, '3.1', 'text.utf16', [utf16 === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE']) };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8Byte(bytes);
    const lenient = new TextDecoder('utf-8');
    const text = lenient.decode(bytes);
    const at = lenient.decode(bytes.subarray(0, bad)).length;
    return { text, encodingFinding: finding({ start: at, end: at + 1 }, '3.1', 'text.invalidUtf8', [bad]) };
  }
}

/**
 * A file in UTF-16: by its byte order mark, or, without one, by a first character that starts a
 * wei7 document (`<`, `{`, white space) with a NUL byte beside it, which no UTF-8 text has.
 */
function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length < 2) return undefined;
  const [first, second] = [bytes[0], bytes[1]];
  if (first === 0xff && second === 0xfe) return 'utf-16le';
  if (first === 0xfe && second === 0xff) return 'utf-16be';
  const starts = (b: number): boolean => b === 0x3c || b === 0x7b || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
  if (bytes.length % 2 !== 0) return undefined;
  if (starts(first) && second === 0) return 'utf-16le';
  if (first === 0 && starts(second)) return 'utf-16be';
  return undefined;
}

/** Offset of the first byte that is not part of a valid UTF-8 sequence. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (!length) return i;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}

export function readDocument(path: string): ReadResult {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return { ok: false, reason: message('cli.reason.directory') };
    // A named pipe would block the read forever, and /dev/zero never ends.
    if (!stat.isFile()) return { ok: false, reason: message('cli.reason.notFile') };
    return { ok: true, ...decodeUtf8(readFileSync(path)) };
  } catch (e) {
    return { ok: false, reason: fileErrorReason(e) };
  }
}

/** Why a file could not be read, from the error of the file system call. */
export function fileErrorReason(e: unknown): Message {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return message('cli.reason.notFound');
  if (code === 'EACCES' || code === 'EPERM') return message('cli.reason.permission');
  if (code === 'EISDIR') return message('cli.reason.directory');
  if (code === 'ENOTDIR') return message('cli.reason.notDirectory');
  if (code === 'ELOOP') return message('cli.reason.loop');
  return message('cli.reason.other', String(code ?? e));
}

/** The .wei7 files under a directory, sorted, or undefined when the path is not a directory. */
export function wei7FilesUnder(path: string): string[] | undefined {
  try {
    if (!statSync(path).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  const found: string[] = [];
  const pending = [path];
  while (pending.length) {
    const dir = pending.pop() as string;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile() && entry.name.endsWith('.wei7')) found.push(full);
    }
  }
  return found.sort();
}
