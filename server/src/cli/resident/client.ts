/**
 * The client's side of the resident checker. bin/wei7.js loads this small bundle
 * (dist/residentClient.js) first: when a resident checker for the same CLI runs, `wei7 check`
 * hands it its arguments and prints what it answers, without loading the CLI's bundle; otherwise,
 * or when the checker fails before it answers, the CLI checks by itself (`checkHere`), exactly as
 * without a resident checker. Nothing here starts one: that is `wei7 resident start`.
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { exitWhenReaderCloses } from '../closedPipe';
import { directoryIsPrivate, residentAddress, socketPathTooLong } from './address';
import { encodeMessage, FORWARDED_ENVIRONMENT, isRecord, readMessages, type ResidentRequest } from './protocol';

/** `WEI7_RESIDENT=0` (or `off`): never hand checks to a resident checker. */
export function residentDisabled(env: NodeJS.ProcessEnv): boolean {
  return env.WEI7_RESIDENT === '0' || env.WEI7_RESIDENT?.toLowerCase() === 'off';
}

/**
 * Sends `request` to the process listening on `path`; `onReply` gets each message, undefined when
 * the line was not JSON. Resolves once the connection is closed (at once when none listens).
 */
export function exchange(path: string, request: ResidentRequest, onReply: (reply: unknown) => void): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(path, () => socket.write(encodeMessage(request)));
    readMessages(socket, onReply);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => resolve());
  });
}

/** The socket of a resident checker running `bundle`, if one may be listening (a socket file in a private directory). */
export function residentSocket(bundle: string): string | undefined {
  const address = residentAddress(bundle);
  if (!address) return undefined;
  if (address.directory === undefined) return address.path; // a Windows pipe: only connecting tells
  return !socketPathTooLong(address) && directoryIsPrivate(address.directory) && existsSync(address.path) ? address.path : undefined;
}

/** The CLI's entry (bin/wei7.js): `wei7 check` through a resident checker when one answers, else `checkHere()`. */
export function runThroughResident(args: readonly string[], checkHere: () => void): void {
  const socket = args[0] === 'check' && !residentDisabled(process.env) ? residentSocket(join(__dirname, 'cli.js')) : undefined;
  if (socket === undefined) return checkHere();
  const env: Record<string, string> = {};
  for (const name of FORWARDED_ENVIRONMENT) if (process.env[name] !== undefined) env[name] = process.env[name] as string;
  let finished = false;
  let printed = false;
  exitWhenReaderCloses();
  const print = (stream: NodeJS.WriteStream, text: unknown): void => {
    if (typeof text !== 'string' || !text) return;
    printed = true;
    stream.write(text);
  };
  void exchange(socket, { request: 'check', args, cwd: process.cwd(), env }, (reply) => {
    if (!isRecord(reply) || finished) return;
    if ('out' in reply) return print(process.stdout, reply.out);
    if (typeof reply.exitCode !== 'number') return;
    finished = true;
    print(process.stdout, reply.stdout);
    print(process.stderr, reply.stderr);
    process.exitCode = reply.exitCode;
  }).then(() => {
    if (finished) return;
    // Nothing printed yet: check here, as if no checker were resident. Part of the output printed:
    // checking again would print it twice, so say what happened.
    if (!printed) return checkHere();
    process.stderr.write(stoppedMidway());
    process.exitCode = 2;
  });
}

/**
 * The message for a checker that stopped mid-answer, in the user's language. The catalogue is
 * loaded only then: it would add ~2 ms to every run of this bundle, which stays small to start fast.
 */
function stoppedMidway(): string {
  // require, not import: esbuild then initialises the catalogue's modules only when this runs.
  const { localize, message } = require('../../l10n/catalogue') as typeof import('../../l10n/catalogue');
  const { localeFromEnvironment } = require('../locale') as typeof import('../locale');
  return `${localize(message('cli.resident.stoppedMidway'), localeFromEnvironment(process.env))}\n`;
}
