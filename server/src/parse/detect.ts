/** Which format a document is in, told apart by content (spec-notes: "Which format"). */
import type { Format } from '../model/types';
import type { SourceText } from '../text/sourceText';

export interface Detected {
  readonly format: Format | undefined;
  /** Offset of the first character after a BOM, where the parsers start. */
  readonly contentStart: number;
  /** Offset of the first significant character (where an unknown-format finding points). */
  readonly firstCharacter: number;
}

export function detectFormat(text: SourceText): Detected {
  const contentStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let i = contentStart;
  for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 13 || c === 10; c = text.charCodeAt(++i));
  const c = text.charCodeAt(i);
  return { format: c === 60 /* < */ ? 'xml' : c === 123 /* { */ ? 'json' : undefined, contentStart, firstCharacter: i };
}
