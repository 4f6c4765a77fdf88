/**
 * Where an SGF text breaks the SGF grammar, found on @sabaki/sgf's own tokens.
 *
 * @sabaki/sgf builds the tree; it throws only on a character no token matches (an unclosed "["
 * among them) and quietly ignores the rest of a broken file: a missing ")", a stray ")", nodes
 * after the variations of a tree. A truncated download would then convert "successfully" with
 * moves missing. So the token sequence is checked against the grammar first
 * (Collection = GameTree+, GameTree = "(" Node+ GameTree* ")", Node = ";" (Ident Value+)*),
 * and the first fault is reported with its line and column.
 */
import type { SgfToken } from '@sabaki/sgf';
import type { ConvertMessageId } from '../l10n/messages/convert';
import type { SourcePosition } from './record';

export interface SgfFault {
  readonly id: ConvertMessageId;
  readonly args: readonly (string | number)[];
  readonly at: SourcePosition;
}

export function positionOf(token: SgfToken): SourcePosition {
  return { line: token.row + 1, column: token.col + 1 };
}

/** The first fault in the token sequence, or undefined when it is a well-formed collection. */
export function findSgfFault(tokens: readonly SgfToken[], endOfText: SourcePosition): SgfFault | undefined {
  const fault = (token: SgfToken, id: ConvertMessageId, ...args: (string | number)[]): SgfFault => ({ id, args, at: positionOf(token) });
  /** The "(" of each open game tree, and whether a variation has been closed inside it. */
  const open: { token: SgfToken; hasVariations: boolean }[] = [];
  let previous: SgfToken | undefined;
  for (const token of tokens) {
    const tree = open[open.length - 1];
    if (token.type === 'invalid') {
      return token.value === '[' ? fault(token, 'convert.sgf.unclosedValue') : fault(token, 'convert.sgf.unexpectedCharacter', token.value);
    }
    if (previous?.type === 'prop_ident' && token.type !== 'c_value_type') return fault(previous, 'convert.sgf.valueExpected', previous.value);
    if (previous?.type === 'parenthesis' && previous.value === '(' && token.type !== 'semicolon') return fault(token, 'convert.sgf.nodeExpected');
    if (token.type === 'parenthesis' && token.value === '(') {
      open.push({ token, hasVariations: false });
    } else if (token.type === 'parenthesis') {
      if (!tree) return fault(token, 'convert.sgf.unmatchedClose');
      open.pop();
      const parent = open[open.length - 1];
      if (parent) parent.hasVariations = true;
    } else if (!tree) {
      return fault(token, 'convert.sgf.outsideTree');
    } else if (token.type === 'semicolon' && tree.hasVariations) {
      return fault(token, 'convert.sgf.nodeAfterVariations');
    } else if (token.type === 'c_value_type' && previous?.type !== 'prop_ident' && previous?.type !== 'c_value_type') {
      return fault(token, 'convert.sgf.valueWithoutProperty');
    }
    previous = token;
  }
  if (open.length) return { id: 'convert.sgf.unclosedTree', args: [endOfText.line, endOfText.column], at: positionOf(open[open.length - 1].token) };
  if (!previous) return { id: 'convert.sgf.empty', args: [], at: { line: 1, column: 1 } };
  return undefined;
}

/** Line and column just past the last character (where a missing ")" would go). */
export function endOf(text: string): SourcePosition {
  const lines = text.split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}
