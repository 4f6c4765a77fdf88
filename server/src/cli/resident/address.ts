/**
 * Where the resident checker of `wei7` listens: a Unix socket in a directory of the user's own
 * under the temporary directory (a named pipe on Windows). The name is keyed by the bundle and
 * the Node that runs it, so a rebuilt or upgraded CLI never talks to a process still running the
 * old code: it finds no socket under its own name and checks by itself.
 */
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface ResidentAddress {
  /** The socket (or pipe) to connect to or listen on. */
  readonly path: string;
  /** The directory holding the socket; undefined for a Windows pipe. */
  readonly directory?: string;
  /** Where a checker started in the background writes its standard error. */
  readonly log: string;
}

/**
 * The longest Unix socket path used, in bytes: sun_path holds 108 bytes on Linux and 104 on macOS,
 * with the final NUL. Checked here, not left to listen(): Node 20's libuv quietly cut a longer path
 * short, Node 24's refuses it with EINVAL.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

/** Whether the socket's path is too long to listen on or connect to (a Windows pipe never is). */
export function socketPathTooLong(address: ResidentAddress): boolean {
  return address.directory !== undefined && Buffer.byteLength(address.path) > MAX_SOCKET_PATH_BYTES;
}

/** FNV-1a, 32 bits, in base 36: short enough for a socket path (about 100 bytes at most). */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The user's id on POSIX systems, else their name (Windows has no getuid). */
function userKey(): string {
  return process.getuid ? String(process.getuid()) : userInfo().username.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/**
 * The address of the resident checker running `bundle` (dist/cli.js) on this Node; undefined when
 * the bundle cannot be read (then nothing is resident).
 */
export function residentAddress(bundle: string): ResidentAddress | undefined {
  let key: string;
  try {
    const stat = statSync(bundle);
    key = shortHash(`${process.version}\0${process.execPath}\0${bundle}\0${stat.size}\0${stat.mtimeMs}`);
  } catch {
    return undefined;
  }
  const name = `wei7-${userKey()}`;
  if (process.platform === 'win32') return { path: `\\\\.\\pipe\\${name}-${key}`, log: join(tmpdir(), `${name}-${key}.log`) };
  const directory = join(tmpdir(), name);
  return { path: join(directory, `${key}.sock`), directory, log: join(directory, `${key}.log`) };
}

/**
 * Whether the socket's directory is the user's own and no one else may write in it. Another user
 * of a shared /tmp could otherwise make the directory first and answer `wei7 check` in our place.
 */
export function directoryIsPrivate(directory: string): boolean {
  try {
    const stat = lstatSync(directory);
    const owner = process.getuid ? stat.uid === process.getuid() : true;
    return stat.isDirectory() && owner && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Makes the socket's directory (private to the user) if it is not there; false if it is not private. */
export function makePrivateDirectory(directory: string): boolean {
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  return directoryIsPrivate(directory);
}
