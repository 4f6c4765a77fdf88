/**
 * Packs the attributes of a checked 2.x document's elements (see ElementNode.packAttributes): a
 * 10k-move game keeps some 20,000 attribute objects with their values and spans for as long as it
 * is open, though after the check only a feature at the cursor or an edit reads one. Like the 3.0
 * steps (parse/json/packSteps.ts), the server packs them while the document is idle, a slice at
 * a time; an element whose attributes are read gets them back, the same as before.
 */
import type { XmlElement } from './parseXml';
import { isElementNode } from './tags';

/**
 * Packs the attributes of every element below `root` (itself included) that `mayPack` allows,
 * yielding after every `sliceSize` elements (packed or not) so that other work can run between
 * slices; returns how many it packed. `mayPack` says whether nothing else holds the element's
 * attribute value spans: once packed, they are not moved by edits any more.
 */
export function* packAttributesInSlices(root: XmlElement | undefined, mayPack: (element: XmlElement) => boolean, sliceSize: number): Generator<void, number> {
  let packed = 0;
  let inSlice = 0;
  const pending: XmlElement[] = root ? [root] : [];
  for (let element = pending.pop(); element; element = pending.pop()) {
    if (isElementNode(element) && !element.hasPackedAttributes() && mayPack(element) && element.packAttributes()) packed++;
    const children = element.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child.kind === 'element') pending.push(child);
    }
    if (++inSlice === sliceSize) {
      inSlice = 0;
      yield;
    }
  }
  return packed;
}
