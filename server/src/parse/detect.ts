/** Which format a document is in, told apart by content (spec-notes: "Which format"). */
import type { Format } from '../model/types';

export interface Detected {
  readonly format: Format | undefined;
  /** Offset of the first character after a BOM, where the parsers start. */
  readonly contentStart: number;
  /** Offset of the first significant character (where an unknown-format finding points). */
  readonly firstCharacter: number;
}

export function detectFormat(text: string): Detected {
  const contentStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let i = contentStart;
  while (i < text.length && /[ \t\r\n]/.test(text[i])) i++;
  const c = text[i];
  return { format: c === '<' ? 'xml' : c === '{' ? 'json' : undefined, contentStart, firstCharacter: i };
}
