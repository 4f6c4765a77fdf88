/**
 * `wei7 resident start|stop|status|serve [--idle-minutes N]`: the resident checker that
 * `wei7 check` hands its files to when it runs (serve.ts says why). `start` starts one in the
 * background and returns once it listens; `serve` is the same in the foreground.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { closeSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { localize, message, type Locale, type MessageId } from '../../l10n/catalogue';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, parseArguments, type CliResult } from '../options';
import { makePrivateDirectory, MAX_SOCKET_PATH_BYTES, residentAddress, socketPathTooLong, type ResidentAddress } from './address';
import { exchange } from './client';
import { isRecord, type ResidentStatus } from './protocol';
import { DEFAULT_IDLE_MINUTES, serveResident } from './serve';

type Say = (id: MessageId, ...args: (string | number)[]) => string;

/** How long `start` waits for the new checker to listen. */
const START_TIMEOUT_MS = 10_000;
/** Idle minutes at most (a week): a resident checker is not a service. */
const MAX_IDLE_MINUTES = 7 * 24 * 60;

/** `args`: the arguments after `resident`; `bundle`: the CLI's bundle (dist/cli.js), which the checker runs. */
export async function residentCommand(args: readonly string[], locale: Locale, bundle: string | undefined): Promise<CliResult> {
  const say: Say = (id, ...a) => localize(message(id, ...a), locale);
  const fail = (text: string, exitCode = EXIT_USAGE): CliResult => ({ exitCode, stdout: '', stderr: `${text}\n` });
  const parsed = parseArguments(args, ['--idle-minutes', '--locale']);
  if ('error' in parsed) return fail(say('cli.unknownOption', parsed.error));
  const [action, ...extra] = parsed.positional;
  if (!['start', 'stop', 'status', 'serve'].includes(action ?? '') || extra.length) return fail(say('cli.resident.usage'));
  const idleText = parsed.options.get('--idle-minutes');
  const idleMinutes = idleText === undefined ? DEFAULT_IDLE_MINUTES : Number(idleText);
  if (!/^[1-9][0-9]*$/.test(idleText ?? '1') || idleMinutes > MAX_IDLE_MINUTES) return fail(say('cli.resident.idleValue', idleText ?? '', MAX_IDLE_MINUTES));
  const address = bundle === undefined ? undefined : residentAddress(bundle);
  if (!address || bundle === undefined) return fail(say('cli.resident.noBundle'));
  if (address.directory !== undefined && !makePrivateDirectory(address.directory)) return fail(say('cli.resident.notPrivate', address.directory));
  if (socketPathTooLong(address)) {
    const tooLong = say('cli.resident.pathTooLong', address.path, Buffer.byteLength(address.path), MAX_SOCKET_PATH_BYTES);
    return action === 'start' || action === 'serve' ? fail(say('cli.resident.startFailed', tooLong)) : notRunning(say('cli.resident.notRunning'));
  }

  const running = await askStatus(address.path);
  const runningLine = (s: ResidentStatus): string => say('cli.resident.running', s.pid, s.since, s.checks, s.idleMinutes, address.path);
  if (action === 'status') return running ? { exitCode: EXIT_OK, stdout: `${runningLine(running)}\n`, stderr: '' } : notRunning(say('cli.resident.notRunning'));
  if (action === 'stop') {
    if (!running) return notRunning(say('cli.resident.notRunning'));
    await exchange(address.path, { request: 'stop' }, () => undefined);
    return { exitCode: EXIT_OK, stdout: `${say('cli.resident.stopped', running.pid)}\n`, stderr: '' };
  }
  if (running) return { exitCode: EXIT_OK, stdout: `${say('cli.resident.already')}\n${runningLine(running)}\n`, stderr: '' };
  await removeStaleSockets(address);
  if (action === 'serve') return serveInForeground(address, idleMinutes, bundle, say);
  const started = await startInBackground(address, idleMinutes, bundle, say);
  if ('failure' in started) return fail(started.failure, 2);
  return { exitCode: EXIT_OK, stdout: `${runningLine(started)}\n`, stderr: '' };
}

function notRunning(text: string): CliResult {
  return { exitCode: EXIT_FINDINGS, stdout: `${text}\n`, stderr: '' };
}

/** The status of the checker listening on `path`; undefined when none answers. */
async function askStatus(path: string): Promise<ResidentStatus | undefined> {
  let status: ResidentStatus | undefined;
  await exchange(path, { request: 'status' }, (reply) => {
    if (isRecord(reply) && isRecord(reply.status)) status = reply.status as unknown as ResidentStatus;
  });
  return status;
}

/**
 * Socket files no process listens on (a checker that was killed, or the build before a rebuild
 * whose checker was stopped that way) and the logs of checkers no longer running: the new
 * checker's own socket would keep it from listening, and the others would pile up.
 */
async function removeStaleSockets(address: ResidentAddress): Promise<void> {
  const directory = address.directory;
  if (directory === undefined) return;
  const names = readdirSync(directory);
  const sockets = names.filter((name) => name.endsWith('.sock'));
  // The logs of checkers that stopped (their sockets are gone), but this one's, which `start` has just opened for it.
  const orphan = (name: string): boolean => name.endsWith('.log') && !names.includes(name.replace(/\.log$/, '.sock')) && join(directory, name) !== address.log;
  for (const log of names.filter(orphan)) rmSync(join(directory, log), { force: true });
  await Promise.all(
    sockets.map(async (name) => {
      const path = join(directory, name);
      if (await listening(path)) return;
      for (const file of [path, path.replace(/\.sock$/, '.log')]) rmSync(file, { force: true });
    }),
  );
}

/** Whether a process accepts connections on `path` (refused, or not a socket: none does). */
function listening(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function serveInForeground(address: ResidentAddress, idleMinutes: number, bundle: string, say: Say): Promise<CliResult> {
  try {
    const server = await serveResident({ socketPath: address.path, idleMinutes, workerScript: bundle, warmUpDirectory: address.directory ?? tmpdir() });
    await new Promise((resolve) => server.on('close', resolve));
    return { exitCode: EXIT_OK, stdout: '', stderr: '' };
  } catch (error) {
    return { exitCode: 2, stdout: '', stderr: `${say('cli.resident.startFailed', error instanceof Error ? error.message : String(error))}\n` };
  }
}

/**
 * Starts `wei7 resident serve` as a process of its own (detached: it outlives this one) and waits
 * until it answers. `--expose-gc`: serve.ts collects the young generation between checks. Its
 * standard error goes to a file beside the socket, read back if it stops before it listens (a
 * pipe would break once this process ends).
 */
async function startInBackground(address: ResidentAddress, idleMinutes: number, bundle: string, say: Say): Promise<ResidentStatus | { failure: string }> {
  const logFd = openSync(address.log, 'w', 0o600);
  const child = spawn(process.execPath, ['--expose-gc', bundle, 'resident', 'serve', '--idle-minutes', String(idleMinutes)], {
    detached: true,
    stdio: ['ignore', 'ignore', logFd],
    cwd: address.directory ?? tmpdir(),
  });
  closeSync(logFd);
  let exited: { code: number | null; signal: string | null } | Error | undefined;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  child.on('error', (error) => (exited = error));
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (Date.now() < deadline && !exited) {
      const status = await askStatus(address.path);
      if (status) return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (!exited) child.kill();
    // Another `start` at the same time may have won the race to listen: then one is running.
    const other = await askStatus(address.path);
    if (other) return other;
    // The checker's own message (from its log) is a whole line already.
    const said = readFileSync(address.log, 'utf8').trim();
    if (said) return { failure: said };
    const reason = exited instanceof Error ? exited.message : exited ? `exit ${exited.code ?? exited.signal}` : say('cli.resident.noAnswer', START_TIMEOUT_MS / 1000);
    return { failure: say('cli.resident.startFailed', reason) };
  } finally {
    child.unref();
  }
}
