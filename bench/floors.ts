/**
 * The floors of issue 8's full-check target: saxes with positions on and jsonc-parser's `visit`,
 * each with empty handlers for what our parsers listen to. `npm run bench` (run.ts) and
 * `npm run bench:phases` (checkPhases.ts) time the same calls.
 */
import { SaxesParser } from 'saxes';
import { visit, type JSONVisitor } from 'jsonc-parser';

const saxesHandlersNoop = (): void => undefined;
export function rawSaxes(texts: readonly string[]): void {
  for (const text of texts) {
    const parser = new SaxesParser({ position: true, xmlns: false });
    parser.on('opentag', saxesHandlersNoop);
    parser.on('closetag', saxesHandlersNoop);
    parser.on('text', saxesHandlersNoop);
    parser.on('error', (e) => {
      throw e;
    });
    parser.write(text).close();
  }
}

const noop = (): void => undefined;
/** Empty handlers for the value events, as saxes gets for its tags and text. */
const jsonVisitor: JSONVisitor = {
  onObjectBegin: noop,
  onObjectProperty: noop,
  onObjectEnd: noop,
  onArrayBegin: noop,
  onArrayEnd: noop,
  onLiteralValue: noop,
  onSeparator: noop,
  onError: noop,
};
export function rawVisit(texts: readonly string[]): void {
  for (const text of texts) visit(text, jsonVisitor, { disallowComments: true, allowTrailingComma: false });
}
