/**
 * Packs the steps of a checked 3.0 game (see SyntaxNode.packChildren): what a long game's syntax
 * tree keeps shrinks to less than half. Packing costs about as much as a third of the check (it
 * reads every node and makes one record a step), so it is not part of the check: the server runs
 * it while the document is idle, a slice at a time (packGameStepsInSlices). A feature or an edit
 * that reads a packed step gets its nodes back, the same as before.
 */
import type { Node } from 'jsonc-parser';
import { elementsOf, member } from './parseJson';
import { SyntaxNode } from './syntaxNodes';

/**
 * Packs every step of the root tree and of its branches, yielding after every `sliceSize` steps
 * (packed or not) so that other work can run between slices; returns how many it packed. A step
 * already packed is passed over without being read.
 */
export function* packGameStepsInSlices(root: Node | undefined, sliceSize: number): Generator<void, number> {
  let packed = 0;
  let inSlice = 0;
  const trees: Node[] = [];
  const rootTree = member(root, 'tree');
  if (rootTree) trees.push(rootTree);
  for (let tree = trees.pop(); tree; tree = trees.pop()) {
    const steps = elementsOf(member(tree, 'steps'));
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      if (step instanceof SyntaxNode && !step.isPacked() && step.packChildren()) packed++;
      if (++inSlice === sliceSize) {
        inSlice = 0;
        yield;
      }
    }
    for (const branch of elementsOf(member(tree, 'branches'))) trees.push(branch);
  }
  return packed;
}

/** Packs every step at once (packGameStepsInSlices without pauses); returns how many it packed. */
export function packGameSteps(root: Node | undefined): number {
  const slices = packGameStepsInSlices(root, Number.POSITIVE_INFINITY);
  for (let slice = slices.next(); ; slice = slices.next()) if (slice.done) return slice.value;
}
