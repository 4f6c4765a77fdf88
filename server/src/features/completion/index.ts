/** Completions: the one place that asks which format a document is in. */
import type { Analysis } from '../../analysis';
import { completeJson } from './json';
import { completeXml } from './xml';
import type { CompletionRequest, Wei7Completion } from './items';

export type { CompletionRequest, TextChange, Wei7Completion } from './items';

export function complete(analysis: Analysis, request: CompletionRequest): Wei7Completion[] {
  const { syntax, document } = analysis;
  if (!syntax || !document) return [];
  return syntax.format === 'xml' ? completeXml(syntax.xml, document, request) : completeJson(syntax.json, document, request);
}
