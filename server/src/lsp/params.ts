/**
 * Checks of a custom request's parameters, which come from the client as untyped JSON: a request
 * whose parameters are not what it takes is answered null, never an internal error.
 */

/** A position as LSP writes it: whole numbers `line` and `character`. */
export function isPosition(value: unknown): value is { line: number; character: number } {
  const p = value as { line?: unknown; character?: unknown } | null;
  return typeof p === 'object' && p !== null && Number.isInteger(p.line) && Number.isInteger(p.character);
}

/** `{ uri, position }`, what most of the custom requests take. */
export function isUriAndPosition(value: unknown): value is { uri: string; position: { line: number; character: number } } {
  const p = value as { uri?: unknown; position?: unknown } | null;
  return typeof p === 'object' && p !== null && typeof p.uri === 'string' && isPosition(p.position);
}
