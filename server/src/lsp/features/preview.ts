/**
 * The board preview's requests: `wei7/position` (what to draw for the cursor) and
 * `wei7/playMove` (the edit that plays a clicked point); and Go to Move's `wei7/moveOnPath`. All
 * answer from the cached analysis of the document's current version; an unknown or closed
 * document gets null.
 */
import { previewPosition, POSITION_REQUEST, type PreviewPosition } from '../../features/position';
import { playMove, PLAY_MOVE_REQUEST, type PlayMoveParams, type PlayMoveResult } from '../../features/playMove';
import { moveOnPath, MOVE_ON_PATH_REQUEST, type MoveOnPathParams, type MoveOnPathResult } from '../../features/goToMove';
import { RequestType } from 'vscode-languageserver/node';
import type { Feature } from '../feature';
import { isUriAndPosition } from '../params';

// Params are `unknown` here: they are checked below before use, whatever a client sends.
const positionRequest = new RequestType<unknown, PreviewPosition | null, void>(POSITION_REQUEST);
const playMoveRequest = new RequestType<unknown, PlayMoveResult | null, void>(PLAY_MOVE_REQUEST);
const moveOnPathRequest = new RequestType<unknown, MoveOnPathResult | null, void>(MOVE_ON_PATH_REQUEST);

function isPlayMoveParams(value: unknown): value is PlayMoveParams {
  const p = value as { point?: { x?: unknown; y?: unknown }; asVariation?: unknown } | null;
  return (
    isUriAndPosition(value) &&
    typeof p?.point === 'object' &&
    p.point !== null &&
    typeof p.point.x === 'number' &&
    typeof p.point.y === 'number' &&
    (p.asVariation === undefined || typeof p.asVariation === 'boolean')
  );
}

function isMoveOnPathParams(value: unknown): value is MoveOnPathParams {
  const number = (value as { number?: unknown } | null)?.number;
  return isUriAndPosition(value) && (number === undefined || Number.isSafeInteger(number));
}

export const previewFeature: Feature = {
  capabilities: {},
  register(context) {
    context.connection.onRequest(positionRequest, (params) => {
      if (!isUriAndPosition(params)) return null;
      const state = context.stateOf(params.uri);
      return state ? previewPosition(state, params.position) : null;
    });
    context.connection.onRequest(playMoveRequest, (params) => {
      if (!isPlayMoveParams(params)) return null;
      const state = context.stateOf(params.uri);
      return state ? playMove(state, params, context.locale()) : null;
    });
    context.connection.onRequest(moveOnPathRequest, (params) => {
      if (!isMoveOnPathParams(params)) return null;
      const state = context.stateOf(params.uri);
      return (state && moveOnPath(state, params)) ?? null;
    });
  },
};
