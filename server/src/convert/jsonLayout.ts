/**
 * JSON laid out the way the wei7 3.0 spec's examples are: 2-space indentation, big things one
 * member a line, small things (a step, a stone, a mark, a player) on one line, and a space
 * between two closing braces (`{"x": 4, "y": 4} } }`), as the spec writes them.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

export type Layout =
  | { readonly kind: 'inline'; readonly value: JsonValue }
  | { readonly kind: 'object'; readonly members: readonly (readonly [string, Layout])[] }
  | { readonly kind: 'array'; readonly items: readonly Layout[] };

export const inline = (value: JsonValue): Layout => ({ kind: 'inline', value });

/** An object one member a line; members whose layout is undefined are left out. */
export function block(members: readonly (readonly [string, Layout | undefined])[]): Layout {
  return { kind: 'object', members: members.filter((m): m is readonly [string, Layout] => m[1] !== undefined) };
}

/** An array one item a line. */
export function lines(items: readonly Layout[]): Layout {
  return { kind: 'array', items };
}

/** One line: `{"a": 1, "b": {"x": 1} }`. */
export function inlineText(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(inlineText).join(', ')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const body = Object.entries(value)
    .filter((entry): entry is [string, JsonValue] => entry[1] !== undefined)
    .map(([key, member]) => `${JSON.stringify(key)}: ${inlineText(member)}`)
    .join(', ');
  return `{${body}${body.endsWith('}') ? ' ' : ''}}`;
}

export function render(layout: Layout, indent = ''): string {
  const inner = `${indent}  `;
  switch (layout.kind) {
    case 'inline':
      return inlineText(layout.value);
    case 'object':
      if (!layout.members.length) return '{}';
      return `{\n${layout.members.map(([key, member]) => `${inner}${JSON.stringify(key)}: ${render(member, inner)}`).join(',\n')}\n${indent}}`;
    case 'array':
      if (!layout.items.length) return '[]';
      return `[\n${layout.items.map((item) => `${inner}${render(item, inner)}`).join(',\n')}\n${indent}]`;
  }
}
