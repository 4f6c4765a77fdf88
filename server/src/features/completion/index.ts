/** Completions: the one place that asks which format a document is in. */
import type { Analysis } from '../../analysis';
import { completeJson } from './json';
import { newDocumentItems } from './newDocument';
import { completeXml } from './xml';
import type { CompletionRequest, Wei7Completion } from './items';

export type { CompletionRequest, TextChange, Wei7Completion } from './items';

export function complete(analysis: Analysis, request: CompletionRequest): Wei7Completion[] {
  const { syntax, document } = analysis;
  // Nothing typed yet (the format is unknown): a new document of either format, asked for by name, not by a trigger character.
  if (!syntax) return request.triggerCharacter ? [] : newDocumentItems(analysis.text, request.locale);
  if (!document) return [];
  return syntax.format === 'xml' ? completeXml(syntax.xml, document, request) : completeJson(syntax.json, document, request);
}
