/**
 * Makes each open document's analysis smaller once the document is idle (see compactInSlices):
 * IDLE_MS after its last change, in slices of SLICE_SIZE elements with the server's other work
 * between them, given up as soon as the document changes again (its next idle time starts over,
 * passing over what is already compact).
 */
import { compactInSlices } from '../../analysis';
import type { Feature, FeatureContext } from '../feature';

/** How long a document must go unchanged before its analysis is compacted. */
const IDLE_MS = 100;
/** Elements per slice: ~0.5 ms of work, so a request that comes in waits no longer than that. */
const SLICE_SIZE = 200;

function compactWhenIdle(context: FeatureContext, timers: Map<string, NodeJS.Timeout>, uri: string): void {
  clearTimeout(timers.get(uri));
  timers.set(
    uri,
    setTimeout(() => {
      timers.delete(uri);
      const state = context.stateOf(uri);
      if (!state) return;
      const slices = compactInSlices(state.analysis, SLICE_SIZE);
      const runSlice = (): void => {
        // A newer version has its own analysis (and its own idle time): stop compacting this one.
        if (context.documents.get(uri)?.version !== state.version || timers.has(uri)) return;
        if (!slices.next().done) setImmediate(runSlice);
      };
      runSlice();
    }, IDLE_MS),
  );
}

export const compactionFeature: Feature = {
  capabilities: {},
  register(context) {
    const timers = new Map<string, NodeJS.Timeout>();
    context.documents.onDidChangeContent(({ document }) => compactWhenIdle(context, timers, document.uri));
    context.documents.onDidClose(({ document }) => {
      clearTimeout(timers.get(document.uri));
      timers.delete(document.uri);
    });
  },
};
