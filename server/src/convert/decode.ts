/**
 * Bytes → text for the formats we import. wei7 is UTF-8 only, but SGF names its character set
 * in CA[…] and 石葉 XML in its XML declaration (Shift_JIS is common); Node's TextDecoder knows
 * the usual ones (shift_jis, euc-jp, gb18030, gbk, big5, euc-kr, iso-8859-x, windows-125x).
 */
import type { ConversionError } from './record';
import type { Warn } from './warnings';
import { convertMessage } from './warnings';

export type Decoded = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: ConversionError };

/** The bytes read as ISO-8859-1: every byte one character, enough to find an ASCII declaration. */
export function asciiView(bytes: Uint8Array, limit = bytes.length): string {
  return new TextDecoder('latin1').decode(bytes.subarray(0, limit));
}

function isUtf8Label(label: string): boolean {
  return /^utf-?8$/i.test(label.trim());
}

function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

function decodeStrictly(bytes: Uint8Array, encoding: string): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function isKnownEncoding(label: string): boolean {
  try {
    new TextDecoder(label.trim());
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes `bytes` by their BOM, else by the encoding the file declares, else as UTF-8.
 * `fallback` is the encoding a format assumes when undeclared bytes are not UTF-8 (SGF:
 * ISO-8859-1, with a warning); without one, such bytes are an error.
 */
export function decodeDeclared(bytes: Uint8Array, declared: string | undefined, fallback: string | undefined, warn: Warn): Decoded {
  const bom = byteOrderMark(bytes);
  if (bom) {
    const text = decodeStrictly(bytes.subarray(bom.length), bom.encoding);
    return text === undefined ? invalid(bom.encoding) : { ok: true, text };
  }
  if (declared !== undefined && !isUtf8Label(declared)) {
    if (!isKnownEncoding(declared)) return { ok: false, error: { message: convertMessage('convert.encoding.unknown', declared) } };
    const text = decodeStrictly(bytes, declared.trim());
    return text === undefined ? invalid(declared) : { ok: true, text };
  }
  const text = decodeStrictly(bytes, 'utf-8');
  if (text !== undefined) return { ok: true, text };
  if (declared === undefined && fallback !== undefined) {
    warn(undefined, 'convert.encoding.fallback', fallback);
    return { ok: true, text: new TextDecoder(fallback).decode(bytes) };
  }
  return invalid('UTF-8');
}

function invalid(encoding: string): Decoded {
  return { ok: false, error: { message: convertMessage('convert.encoding.invalid', encoding) } };
}
