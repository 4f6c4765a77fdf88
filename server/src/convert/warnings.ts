/**
 * Collecting conversion warnings. The same warning (same message id and arguments) is kept once,
 * with the first place it happened and a count: a record with 300 moves that each carry a time
 * left (SGF BL/WL) gives one line, not 300.
 */
import type { Message } from '../model/types';
import type { ConvertMessageId } from '../l10n/messages/convert';
import type { ConversionWarning, SourcePosition } from './record';

export type Warn = (at: SourcePosition | undefined, id: ConvertMessageId, ...args: (string | number)[]) => void;

export interface WarningCollector {
  readonly warn: Warn;
  /** The warnings so far, in the order each was first seen. */
  list(): ConversionWarning[];
}

export function convertMessage(id: ConvertMessageId, ...args: (string | number)[]): Message {
  return args.length ? { id, args } : { id };
}

/** A value quoted in a warning: on one line, and not a whole copyright notice. */
function brief(value: string | number): string | number {
  if (typeof value === 'number') return value;
  const line = value.replace(/\s+/g, ' ').trim();
  return [...line].length > 80 ? `${[...line].slice(0, 79).join('')}…` : line;
}

export function collectWarnings(): WarningCollector {
  const byKey = new Map<string, { message: Message; at?: SourcePosition; count: number }>();
  return {
    warn(at, id, ...given) {
      const args = given.map(brief);
      const key = JSON.stringify([id, args]);
      const seen = byKey.get(key);
      if (seen) seen.count++;
      else byKey.set(key, { message: convertMessage(id, ...args), at, count: 1 });
    },
    list: () => [...byKey.values()].map((w) => ({ ...w })),
  };
}
