/** The `wei7/convert` request behind the editor's conversion commands. */
import { CONVERT_REQUEST, convertDocument, type ConvertResult } from '../../features/convertDocument';
import type { Feature } from '../feature';

export const convertFeature: Feature = {
  capabilities: {},
  register(context) {
    context.connection.onRequest<ConvertResult | null, unknown>(CONVERT_REQUEST, (params: unknown) => convertDocument(params, context.locale()) ?? null);
  },
};
