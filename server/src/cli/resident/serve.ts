/**
 * The resident checker (`wei7 resident serve`): a process that stays up and checks the files
 * `wei7 check` hands it, with code V8 has already optimised. A fresh process runs most of a large
 * check in V8's interpreter and baseline tiers (docs/performance-limits.md, session 29): on the
 * 2.7 MB document of issue 8, ~160 ms of checking in a new process against ~40 ms in a warm one.
 *
 * Requests are served one at a time, each in the client's working directory, through the same
 * runCli as the command itself, so the output is the same to the byte. It stops after its idle
 * time, or when asked (`wei7 resident stop`).
 */
import { rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server, type Socket } from 'node:net';
import { localize, message } from '../../l10n/catalogue';
import { EXIT_USAGE } from '../options';
import { localeFromEnvironment } from '../locale';
import { runCli } from '../run';
import { generateGame } from '../../sample/generateGame';
import type { CheckHost } from '../checkCommand';
import { encodeMessage, FORWARDED_ENVIRONMENT, isRecord, readMessages, type ResidentReply, type ResidentRequest, type ResidentStatus } from './protocol';

export const DEFAULT_IDLE_MINUTES = 30;

export interface ResidentOptions {
  readonly socketPath: string;
  readonly idleMinutes: number;
  /** The CLI's bundle: the script of `check`'s worker threads. */
  readonly workerScript: string;
  /** Where the warm-up writes its documents for a moment (the socket's directory). */
  readonly warmUpDirectory: string;
}

/** A request read from a line, or undefined when it is not one this checker knows. */
export function parseRequest(message: unknown): ResidentRequest | undefined {
  if (!isRecord(message)) return undefined;
  if (message.request === 'status' || message.request === 'stop') return { request: message.request };
  if (message.request !== 'check') return undefined;
  const { args, cwd, env } = message;
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string') || args[0] !== 'check') return undefined;
  if (typeof cwd !== 'string' || !isRecord(env)) return undefined;
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_ENVIRONMENT) if (typeof env[name] === 'string') forwarded[name] = env[name];
  return { request: 'check', args, cwd, env: forwarded };
}

/**
 * V8's `gc`, which the resident checker is started with (`--expose-gc`): a young-generation
 * collection after each answer, while the client prints it. Without it, checks of the 2.7 MB
 * document took 36 or 80–105 ms by turns (a scavenge copying a half-built model fell into every
 * other one); with it, 37–55 ms. It costs 15–30 ms itself (the dead model's large arrays, old
 * objects to a scavenge, keep much of it alive until the next full collection), but not in a
 * request. A forced full collection is worse: V8 then drops the optimised code of ~150 functions
 * and every check runs ~110 ms (session 37, `--trace-opt`).
 */
function collectYoungGeneration(): void {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  gc?.({ type: 'minor' });
}

/** Moves of each warm-up game, and how many times each is checked (measured: see warmUp). */
const WARM_UP_MOVES = 20_000;
const WARM_UP_ROUNDS = 6;

/**
 * Checks generated games (both formats, both output formats, read from files as the clients'
 * are) until V8 has optimised the check, so that the first file a client hands over is checked
 * nearly as fast as the later ones. The 2.7 MB document, request by request (session 37, the
 * checker's side): without a warm-up ~180, ~120, ~75 ms, ~45 ms from the eighth on; after
 * 5,000-move games checked 6 times, ~130, ~65, ~60; after 20,000-move games 6 times (`start`
 * takes ~0.7 s in all), ~70, ~56, ~43. Longer warm-ups did no better.
 */
export async function warmUp(directory: string): Promise<void> {
  const game = generateGame(WARM_UP_MOVES);
  // Named by the process: two checkers started at once (two builds) do not share them.
  const files = [join(directory, `warm-up-${process.pid}.wei7`), join(directory, `warm-up-${process.pid}-3.0.wei7`)];
  writeFileSync(files[0], game.xml);
  writeFileSync(files[1], game.json);
  try {
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      for (const file of files) await runCli(['check', '--format', round % 2 ? 'json' : 'text', file], {});
    }
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

/** Listens on `options.socketPath` (after the warm-up); resolves when the server listens, rejects if it cannot. */
export async function serveResident(options: ResidentOptions): Promise<Server> {
  await warmUp(options.warmUpDirectory);
  const since = new Date().toISOString();
  let checks = 0;
  // One request at a time: each changes to its client's working directory.
  let queue: Promise<void> = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;
  const server = createServer();

  let stopped = false;
  const stop = (): void => {
    stopped = true;
    if (idleTimer) clearTimeout(idleTimer);
    server.close();
    try {
      unlinkSync(options.socketPath);
    } catch {
      // Already gone (a Windows pipe has no file).
    }
  };
  const resetIdleTimer = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    // The timer would keep a stopped checker's process alive for its idle time.
    if (stopped) return;
    idleTimer = setTimeout(stop, options.idleMinutes * 60_000);
  };
  const status = (): ResidentStatus => ({ pid: process.pid, since, checks, idleMinutes: options.idleMinutes });

  const answer = async (socket: Socket, request: ResidentRequest): Promise<void> => {
    const send = (reply: ResidentReply): void => {
      if (!socket.destroyed) socket.write(encodeMessage(reply));
    };
    if (request.request === 'status') return void socket.end(encodeMessage({ status: status() }));
    if (request.request === 'stop') {
      socket.end(encodeMessage({ stopping: true }));
      return stop();
    }
    checks++;
    const result = await checkInDirectory(request, { write: (chunk) => send({ out: chunk }), workerScript: options.workerScript });
    if (!socket.destroyed) socket.end(encodeMessage(result));
    setImmediate(collectYoungGeneration);
  };

  server.on('connection', (socket) => {
    // A client that went away (its reader closed the pipe, Ctrl+C) is no error of the checker's.
    socket.on('error', () => socket.destroy());
    let asked = false;
    readMessages(socket, (message) => {
      if (asked) return;
      asked = true;
      const request = parseRequest(message);
      if (!request) return void socket.destroy();
      if (idleTimer) clearTimeout(idleTimer);
      queue = queue
        .then(() => answer(socket, request))
        .catch(() => void socket.destroy())
        .finally(resetIdleTimer);
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => {
      server.off('error', reject);
      resetIdleTimer();
      resolve(server);
    });
  });
}

/** `wei7 check` as the client would run it, in its working directory; never throws. */
async function checkInDirectory(request: Extract<ResidentRequest, { request: 'check' }>, host: CheckHost): Promise<ResidentReply> {
  try {
    process.chdir(request.cwd);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    const text = localize(message('cli.resident.noDirectory', request.cwd, reason), localeFromEnvironment(request.env));
    return { exitCode: EXIT_USAGE, stdout: '', stderr: `${text}\n` };
  }
  try {
    return await runCli(request.args, request.env, host);
  } catch (error) {
    return { exitCode: 2, stdout: '', stderr: `wei7: internal error: ${error instanceof Error ? error.stack : String(error)}\n` };
  }
}
