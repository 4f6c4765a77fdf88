/**
 * The messages between the extension and the preview's webview, and the checks the extension
 * runs on every message it receives. Shared by both sides (no vscode import: the webview bundle
 * and the unit tests use it too).
 *
 * The webview only names what the user did (a direction, a point); the extension decides what it
 * means from its own state: the followed document and the server's last answer. So a forged
 * message can at most move the cursor of that document or play a point on its board.
 */
import type { NavigationKey, PreviewPosition } from '../../../server/src/features/position';

export type { NavigationKey, PreviewPosition };

/** The language server's requests (server/src/features/position.ts and playMove.ts; only types are imported from there, so the client bundle holds no server code). */
export const POSITION_REQUEST = 'wei7/position';
export const PLAY_MOVE_REQUEST = 'wei7/playMove';
/** Go to Move's request (server/src/features/goToMove.ts). */
export const MOVE_ON_PATH_REQUEST = 'wei7/moveOnPath';

export const NAVIGATION_KEYS: readonly NavigationKey[] = ['first', 'previous', 'next', 'last', 'previousVariation', 'nextVariation'];

/** The words of the webview, localized by the extension (vscode.l10n.t) and sent once. */
export interface PreviewStrings {
  readonly black: string;
  readonly white: string;
  /** `{0}`: the move number. */
  readonly moveNumber: string;
  /** `{0}`: the colour. */
  readonly toPlay: string;
  readonly pass: string;
  readonly setup: string;
  readonly emptyBoard: string;
  readonly captures: string;
  /** `{0}`: stones removed by this move. */
  readonly capturedNow: string;
  readonly problemBlack: string;
  readonly problemWhite: string;
  readonly evaluation: Readonly<Record<'bad' | 'good' | 'trick' | 'controversial', string>>;
  readonly mainLine: string;
  /** `{0}`: the move number of the branching point, `{1}` which variation (from 1), `{2}` how many. */
  readonly fork: string;
  readonly variation: string;
  readonly navigation: Readonly<Record<NavigationKey, string>>;
  readonly moveNumbers: string;
  readonly coordinates: string;
  readonly documentHasErrors: string;
  readonly keptLastPosition: string;
  readonly sizeUnknown: string;
  readonly sizeTooLarge: string;
  readonly noDocument: string;
  readonly noEditor: string;
  readonly clickToPlay: string;
}

/** Extension → webview. */
export type ToWebview =
  | { readonly type: 'init'; readonly strings: PreviewStrings }
  | { readonly type: 'position'; readonly position: PreviewPosition; readonly fileName: string }
  | { readonly type: 'noEditor' }
  | { readonly type: 'notice'; readonly text: string };

/** Webview → extension. */
export type FromWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'navigate'; readonly target: NavigationKey }
  /** A click on a point; asVariation: start a variation without asking (shift-click). */
  | { readonly type: 'play'; readonly x: number; readonly y: number; readonly asVariation: boolean };

/** What the webview keeps across being hidden and shown (vscode.setState), and the serializer gets back. */
export interface PreviewWebviewState {
  readonly uri?: string;
  readonly fileName?: string;
  readonly position?: PreviewPosition;
  /** The words last received, so a restored page speaks the user's language at once. */
  readonly strings?: PreviewStrings;
  readonly showMoveNumbers?: boolean;
  readonly showCoordinates?: boolean;
}

/** Upper bound for a board side (the engine simulates up to 52); checked again against the current board. */
const MAX_SIDE = 52;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < MAX_SIDE;
}

/** The message if it has exactly one of the shapes above (no extra keys), else undefined. */
export function parseFromWebview(data: unknown): FromWebview | undefined {
  if (!isRecord(data)) return undefined;
  const keys = Object.keys(data).sort().join(',');
  switch (data.type) {
    case 'ready':
      return keys === 'type' ? { type: 'ready' } : undefined;
    case 'navigate':
      return keys === 'target,type' && (NAVIGATION_KEYS as readonly unknown[]).includes(data.target)
        ? { type: 'navigate', target: data.target as NavigationKey }
        : undefined;
    case 'play':
      return keys === 'asVariation,type,x,y' && isCoordinate(data.x) && isCoordinate(data.y) && typeof data.asVariation === 'boolean'
        ? { type: 'play', x: data.x, y: data.y, asVariation: data.asVariation }
        : undefined;
    default:
      return undefined;
  }
}

/** The state the webview saved, keeping only a well-formed document URI (the rest is only drawn). */
export function savedUriOf(state: unknown): string | undefined {
  return isRecord(state) && typeof state.uri === 'string' && state.uri.length < 4096 ? state.uri : undefined;
}

/** `{0}`-style templates, as vscode.l10n.t writes them. */
export function format(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, n: string) => (Number(n) < args.length ? String(args[Number(n)]) : whole));
}
