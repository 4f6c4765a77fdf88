/**
 * The messages between `wei7 check` and the resident checker: one JSON value a line (JSON
 * escapes every line break inside a string, so a line break always ends a message).
 */
import type { Socket } from 'node:net';

/** The environment variables the CLI reads (the locale); the rest of the client's stays with it. */
export const FORWARDED_ENVIRONMENT = ['LC_ALL', 'LC_MESSAGES', 'LANG', 'LANGUAGE'] as const;

/** Client → resident checker. */
export type ResidentRequest =
  | {
      readonly request: 'check';
      /** The arguments after `wei7` (they start with `check`). */
      readonly args: readonly string[];
      /** The client's working directory: file names are read, and reported, relative to it. */
      readonly cwd: string;
      readonly env: Readonly<Record<string, string>>;
    }
  | { readonly request: 'status' }
  | { readonly request: 'stop' };

/** What a resident checker says about itself. */
export interface ResidentStatus {
  readonly pid: number;
  /** When it started listening (ISO 8601). */
  readonly since: string;
  readonly checks: number;
  readonly idleMinutes: number;
}

/** Resident checker → client: standard output as it grows, then the result; or a status; or a goodbye. */
export type ResidentReply =
  | { readonly out: string }
  | { readonly exitCode: number; readonly stdout: string; readonly stderr: string }
  | { readonly status: ResidentStatus }
  | { readonly stopping: true };

export function encodeMessage(message: ResidentRequest | ResidentReply): string {
  return `${JSON.stringify(message)}\n`;
}

/**
 * Calls `onMessage` with each message the socket brings, whole, in order. A line that is not JSON
 * ends the exchange: `onMessage` gets undefined and the socket is destroyed.
 */
export function readMessages(socket: Socket, onMessage: (message: unknown) => void): void {
  let pending = '';
  // Where the next line break may be: a long message comes in many chunks, each searched once.
  let searchFrom = 0;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf('\n', searchFrom)) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      searchFrom = 0;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        onMessage(undefined);
        socket.destroy();
        return;
      }
      onMessage(message);
    }
    searchFrom = pending.length;
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
