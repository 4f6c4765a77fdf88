/**
 * Helpers for the navigation tests: open the examples through the test client, find places in
 * a text by a needle, send the navigation requests as an editor would, and build long games.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LineIndex } from '../../server/src/model/lineIndex';
import { BLACK, Board, EMPTY, WHITE } from '../../server/src/engine/board';
import type { TestLspClient } from './lspClient';

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

export interface OpenDocument {
  readonly uri: string;
  readonly text: string;
  readonly lines: LineIndex;
}

export function exampleText(name: string): string {
  return readFileSync(resolve(__dirname, '../../examples', name), 'utf8');
}

let opened = 0;

/** Opens `text` under a fresh URI (so tests never share a document) and waits for its diagnostics. */
export async function openText(client: TestLspClient, text: string, name = 'doc.wei7'): Promise<OpenDocument> {
  const uri = `file:///tmp/nav-${++opened}-${name}`;
  await client.open(uri, text);
  return { uri, text, lines: new LineIndex(text) };
}

export function openExample(client: TestLspClient, name: string): Promise<OpenDocument> {
  return openText(client, exampleText(name), name);
}

/** The offset of the n-th (from 0) occurrence of `needle`, plus `delta`. */
export function offsetOf(text: string, needle: string, nth = 0, delta = 0): number {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" occurs fewer than ${nth + 1} times`);
  }
  return at + delta;
}

export function positionOf(doc: OpenDocument, needle: string, nth = 0, delta = 0): LspPosition {
  return doc.lines.positionAt(offsetOf(doc.text, needle, nth, delta));
}

/** The range of the n-th occurrence of `needle`. */
export function rangeOf(doc: OpenDocument, needle: string, nth = 0): LspRange {
  const start = offsetOf(doc.text, needle, nth);
  return { start: doc.lines.positionAt(start), end: doc.lines.positionAt(start + needle.length) };
}

/** The text a range covers. */
export function textIn(doc: OpenDocument, range: LspRange): string {
  return doc.text.slice(doc.lines.offsetAt(range.start), doc.lines.offsetAt(range.end));
}

export interface HoverResult {
  contents: { kind: string; value: string };
  range?: LspRange;
}

export function hover(client: TestLspClient, doc: OpenDocument, position: LspPosition): Promise<HoverResult | null> {
  return client.connection.sendRequest('textDocument/hover', { textDocument: { uri: doc.uri }, position });
}

export interface InlayHintResult {
  position: LspPosition;
  label: string;
  tooltip?: string;
  paddingLeft?: boolean;
}

export function inlayHints(client: TestLspClient, doc: OpenDocument, range?: LspRange): Promise<InlayHintResult[] | null> {
  const whole = { start: { line: 0, character: 0 }, end: doc.lines.positionAt(doc.text.length) };
  return client.connection.sendRequest('textDocument/inlayHint', { textDocument: { uri: doc.uri }, range: range ?? whole });
}

export interface SymbolResult {
  name: string;
  detail?: string;
  kind: number;
  range: LspRange;
  selectionRange: LspRange;
  children?: SymbolResult[];
}

export function documentSymbols(client: TestLspClient, doc: OpenDocument): Promise<SymbolResult[]> {
  return client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: doc.uri } });
}

export interface FoldingResult {
  startLine: number;
  endLine: number;
  kind?: string;
}

export function foldingRanges(client: TestLspClient, doc: OpenDocument): Promise<FoldingResult[]> {
  return client.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri: doc.uri } });
}

export interface SelectionResult {
  range: LspRange;
  parent?: SelectionResult;
}

export function selectionRanges(client: TestLspClient, doc: OpenDocument, positions: LspPosition[]): Promise<SelectionResult[]> {
  return client.connection.sendRequest('textDocument/selectionRange', { textDocument: { uri: doc.uri }, positions });
}

/** A selection range and its parents as the texts they cover, innermost first. */
export function selectionTexts(doc: OpenDocument, selection: SelectionResult): string[] {
  const texts: string[] = [];
  for (let s: SelectionResult | undefined = selection; s; s = s.parent) texts.push(textIn(doc, s.range));
  return texts;
}

export interface LocationResult {
  uri: string;
  range: LspRange;
}

export function definition(client: TestLspClient, doc: OpenDocument, position: LspPosition): Promise<LocationResult[] | null> {
  return client.connection.sendRequest('textDocument/definition', { textDocument: { uri: doc.uri }, position });
}

export function references(client: TestLspClient, doc: OpenDocument, position: LspPosition, includeDeclaration: boolean): Promise<LocationResult[] | null> {
  return client.connection.sendRequest('textDocument/references', { textDocument: { uri: doc.uri }, position, context: { includeDeclaration } });
}

/**
 * Initializes like a client that answers workspace/configuration with `settings` for the wei7
 * section, and resolves once the server has asked for them (TestLspClient.initialize announces no
 * configuration support).
 */
export async function initializeWithSettings(client: TestLspClient, settings: Record<string, unknown>, locale = 'en'): Promise<void> {
  const asked = new Promise<void>((resolveAsked) => {
    client.connection.onRequest('workspace/configuration', () => {
      resolveAsked();
      return [settings];
    });
  });
  client.connection.onRequest('client/registerCapability', () => null);
  await client.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
    locale,
  });
  await client.connection.sendNotification('initialized', {});
  await asked;
}

/**
 * A long game on 19×19 in both formats: `count` moves alternating black and white, each on a
 * point that is empty at that moment (found by playing the game on the engine's board), so the
 * game replays without a skipped move and captures now and then.
 */
export function longGame(count: number): { xml: string; json: string } {
  const points = longGamePoints(count);
  const colorOf = (i: number): 'black' | 'white' => (i % 2 === 0 ? 'black' : 'white');
  const xmlMoves = points.map((p, i) => `    <${colorOf(i)} x="${p.x}" y="${p.y}" />`);
  const jsonSteps = points.map((p, i) => `    {"action": {"type": "move", "value": {"color": ${i % 2 === 0 ? 1 : 2}, "point": {"x": ${p.x}, "y": ${p.y}} } } }`);
  return {
    xml: `<?xml version="1.0" encoding="utf-8"?>\n<wei7 version="2.2">\n  <size>19</size>\n  <moves>\n${xmlMoves.join('\n')}\n  </moves>\n</wei7>\n`,
    json: `{\n  "format": "wei7",\n  "version": "3.0",\n  "tree": {\n  "steps": [\n${jsonSteps.join(',\n')}\n  ]\n  }\n}\n`,
  };
}

/** Pseudo-random empty points (a fixed linear congruential sequence, so every run is the same game). */
function longGamePoints(count: number): { x: number; y: number }[] {
  const board = new Board(19, 19);
  const points: { x: number; y: number }[] = [];
  let state = 12345;
  for (let i = 0; i < count; i++) {
    let index: number;
    do {
      state = (state * 1103515245 + 12345) % 2147483648;
      index = state % 361;
    } while (board.at(index) !== EMPTY);
    board.play(index, i % 2 === 0 ? BLACK : WHITE);
    points.push({ x: index % 19, y: Math.floor(index / 19) });
  }
  return points;
}
