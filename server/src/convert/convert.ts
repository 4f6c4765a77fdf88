/**
 * The converters' front door, for the CLI and the editor commands: bytes of any input format in,
 * text of the chosen format out, with every warning of both halves.
 *
 * The input format is told by content first (SGF starts with "(", wei7 3.0 with "{", an XML
 * file by its root element: <wei7> or 石葉's <igo>), then by the file extension, so that a
 * broken .sgf still gets SGF's own message with a line and column.
 */
import { extname } from 'node:path';
import { analyze } from '../analysis';
import { asciiView, decodeDeclared } from './decode';
import { readMyLeafBytes } from './fromMyLeaf';
import { readSgfBytes } from './fromSgf';
import { recordFromAnalysis } from './fromWei7';
import type { Conversion, GameRecord } from './record';
import { writeSgf } from './toSgf';
import { writeWei7Json } from './toWei7Json';
import { writeWei7Xml } from './toWei7Xml';
import { collectWarnings, convertMessage } from './warnings';

export type InputFormat = 'sgf' | 'wei7' | 'myleaf';
/** json: wei7 3.0; xml: wei7 2.2. */
export type TargetFormat = 'json' | 'xml' | 'sgf';

export const TARGET_FORMATS: readonly TargetFormat[] = ['json', 'xml', 'sgf'];

export function detectInputFormat(bytes: Uint8Array, fileName = ''): InputFormat | undefined {
  const head = asciiView(bytes, 4096).replace(/^\xef\xbb\xbf/, '').trimStart();
  if (head.startsWith('(')) return 'sgf';
  if (head.startsWith('{')) return 'wei7';
  const extension = extname(fileName).toLowerCase();
  if (head.startsWith('<')) {
    // The first element name, past the XML declaration, processing instructions, comments and a DOCTYPE.
    const root = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*<([A-Za-z_][\w.:-]*)/.exec(head)?.[1];
    if (root === 'wei7') return 'wei7';
    if (root === 'igo') return 'myleaf';
  }
  if (extension === '.sgf') return 'sgf';
  if (extension === '.wei7') return 'wei7';
  if (extension === '.xml') return 'myleaf';
  return undefined;
}

export function readRecord(bytes: Uint8Array, fileName = ''): Conversion<GameRecord> {
  switch (detectInputFormat(bytes, fileName)) {
    case 'sgf':
      try {
        return readSgfBytes(bytes);
      } catch (e) {
        // @sabaki/sgf's parser recurses on nested variations too: refused as a value, like the writers below.
        if (e instanceof RangeError) return { ok: false, error: { message: convertMessage('convert.tooDeepToRead') }, warnings: [] };
        throw e;
      }
    case 'myleaf':
      return readMyLeafBytes(bytes);
    case 'wei7': {
      const early = collectWarnings();
      const decoded = decodeDeclared(bytes, undefined, undefined, early.warn);
      return decoded.ok ? recordFromAnalysis(analyze(decoded.text)) : { ok: false, error: decoded.error, warnings: early.list() };
    }
    default:
      return { ok: false, error: { message: convertMessage('convert.cli.unknownInput') }, warnings: [] };
  }
}

export function writeRecord(record: GameRecord, target: TargetFormat): Conversion<string> {
  try {
    switch (target) {
      case 'json':
        return writeWei7Json(record);
      case 'xml':
        return writeWei7Xml(record);
      case 'sgf':
        return writeSgf(record);
    }
  } catch (e) {
    // The writers recurse on the variation tree; a record nested thousands of levels deep is
    // refused as a value (the fuzzer found it) instead of taking the CLI or the request down.
    if (e instanceof RangeError) return { ok: false, error: { message: convertMessage('convert.tooDeep') }, warnings: [] };
    throw e;
  }
}

/** Reads any input and writes `target`; the warnings of reading come first. */
export function convertBytes(bytes: Uint8Array, fileName: string, target: TargetFormat): Conversion<string> {
  const read = readRecord(bytes, fileName);
  if (!read.ok) return read;
  const written = writeRecord(read.value, target);
  return { ...written, warnings: [...read.warnings, ...written.warnings] };
}
