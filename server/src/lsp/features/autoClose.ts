/**
 * Auto-closing of 2.x tags: when the user types the `>` of a start tag, the client asks for the end
 * tag to put after the cursor (`<moves>` → `<moves>|</moves>`), as VS Code's HTML support does.
 * The client asks only after a `>` typed by the user, in the document's newest version.
 */
import type { Position } from 'vscode-languageserver';
import { elementOpenedAt } from '../../features/locate';
import type { Feature } from '../feature';
import { isUriAndPosition } from '../params';

export const AUTO_CLOSE_REQUEST = 'wei7/autoCloseTag';

export interface AutoCloseParams {
  readonly uri: string;
  /** Just after the `>` typed. */
  readonly position: Position;
}

/** The end tag to insert after the cursor, or null. */
export interface AutoCloseResult {
  readonly endTag: string;
}

export const autoCloseFeature: Feature = {
  capabilities: {},
  register(context) {
    context.connection.onRequest(AUTO_CLOSE_REQUEST, (params: unknown): AutoCloseResult | null => {
      if (!isUriAndPosition(params)) return null;
      const state = context.stateOf(params.uri);
      const name = state && elementOpenedAt(state.analysis, state.lines.offsetAt(params.position));
      return name ? { endTag: `</${name}>` } : null;
    });
  },
};
