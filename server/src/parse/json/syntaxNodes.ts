/**
 * The nodes of the 3.0 syntax tree (jsonc-parser's `Node` shape): made by the parser
 * (parseJson.ts), moved by edits without visiting their subtrees (`moveBy`), and, for the steps
 * of a game once it is checked, packed into one record each (`packChildren`).
 *
 * Why pack: a step such as `{"action": {"type": "move", "value": {"color": 1, "point": {"x": 3,
 * "y": 4}}}}` is 15 nodes, ~1.5 KB of objects, and a 10k-move game keeps 10,000 of them for as
 * long as it is open, though after the check only a feature at the cursor or an edit reads one.
 * Packed, the step is one array of numbers and strings (~400 B), made back into the same nodes
 * (same offsets, values, keys and parents) the first time its `children` are read.
 */
import type { Node, NodeType } from 'jsonc-parser';

/** A node under construction; it is a jsonc-parser `Node` once built. */
export interface Building {
  type: NodeType;
  value?: string | number | boolean | null;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: Building;
  children?: Building[];
}

/**
 * A node of the syntax tree, of jsonc-parser's `Node` shape, that can be moved by an edit without
 * visiting what lies below it. An edit moves every node after it (incremental analysis: a step
 * typed in the middle of a 10k-move game moves some 100,000 nodes). `moveBy` moves the node itself
 * and notes the move for its children, which get it when they are read through `children`, and
 * hand it down in turn. Every way to a node leads through its ancestors' `children` (nodes are
 * found from the root; `parent` is only followed up from a node reached that way), so a node's
 * offsets are right whenever it is reached. Reading `children` may so write to the children: the
 * tree is never shared between threads.
 */
export class SyntaxNode implements Building {
  // Declared, and set in the constructor only: class fields would be defined once empty and then
  // set again (two stores each, for some 230,000 nodes of a 10k-move game).
  declare type: NodeType;
  declare value: string | number | boolean | null | undefined;
  declare offset: number;
  declare length: number;
  declare parent: SyntaxNode | undefined;
  /** The children; a packed record of them for a step whose subtree was packed (packChildren). */
  declare protected childNodes: SyntaxNode[] | PackedSubtree | undefined;
  /** How far the nodes below still have to move (this node's own offsets have moved). */
  declare protected childrenMove: number;

  /** Every node of one class with the same fields in the same order: one hidden class for the millions of nodes of a long game. */
  constructor(
    type: NodeType,
    value: string | number | boolean | null | undefined,
    offset: number,
    length: number,
    parent: Building | undefined,
    children: Building[] | undefined,
  ) {
    this.type = type;
    this.value = value;
    this.offset = offset;
    this.length = length;
    // Every Building of this module is a SyntaxNode (made here).
    this.parent = parent as SyntaxNode | undefined;
    this.childNodes = children as SyntaxNode[] | undefined;
    this.childrenMove = 0;
  }

  get children(): SyntaxNode[] | undefined {
    const nodes = this.childNodes;
    if (nodes !== undefined && !Array.isArray(nodes)) return this.unpackChildren(nodes);
    if (this.childrenMove !== 0) this.handDownMove();
    return nodes;
  }

  set children(children: SyntaxNode[] | undefined) {
    // The children replaced get the move still due to them, in case something else holds them.
    if (this.childrenMove !== 0) this.handDownMove();
    this.childNodes = children;
  }

  /**
   * The value of this object's first property `name` (member() in parseJson.ts), read from the
   * fields: the checks and the model ask this some 25 times for each step of a game.
   */
  valueNamed(name: string): SyntaxNode | undefined {
    if (this.type !== 'object') return undefined;
    const properties = this.children;
    if (properties === undefined) return undefined;
    for (let i = 0; i < properties.length; i++) {
      const property = properties[i];
      if (property instanceof PropertyNode) {
        if (property.keyName === name) return property.currentValue();
      } else if (property.children?.[0].value === name) return property.children[1];
    }
    return undefined;
  }

  /** Moves this node and, as they are read, everything below it by `delta`. */
  moveBy(delta: number): void {
    this.offset += delta;
    this.childrenMove += delta;
  }

  protected handDownMove(): void {
    const delta = this.childrenMove;
    this.childrenMove = 0;
    const children = this.childNodes;
    // A packed record holds offsets from this node's own: it moves with it.
    if (Array.isArray(children)) for (let i = 0; i < children.length; i++) children[i].moveBy(delta);
  }

  /** Whether this node's children are packed (see packChildren), without reading them. */
  isPacked(): boolean {
    const children = this.childNodes;
    return children !== undefined && !Array.isArray(children);
  }

  /**
   * Replaces this object's subtree by a packed record of it (see PackedSubtree), made into nodes
   * again the next time `children` is read. False, and nothing changed, when the subtree does not
   * fit the record (see packNode).
   */
  packChildren(): boolean {
    const children = this.children;
    if (this.type !== 'object' || children === undefined || children.length > MAX_PACKED_CHILDREN) return false;
    if (this.length > MAX_PACKED_LENGTH) return false;
    // Written into one scratch array, then copied at its exact length (a pushed array keeps room to grow).
    const record = PACKING;
    record.length = 0;
    record.push(children.length);
    for (let i = 0; i < children.length; i++) if (!packNode(children[i], this.offset, record, 1)) return false;
    this.childNodes = new PackedSubtree(record.slice());
    return true;
  }

  private unpackChildren(packed: PackedSubtree): SyntaxNode[] {
    // The record's offsets are from this node's: the moves noted for the children are already in its offset.
    this.childrenMove = 0;
    const reader = { record: packed.record, at: 1 };
    const count = packed.record[0] as number;
    const children: SyntaxNode[] = [];
    for (let i = 0; i < count; i++) children.push(unpackNode(reader, this.offset, this));
    this.childNodes = children;
    return children;
  }
}

/**
 * A property. Its key node and its `children` array are made the first time `children` is read:
 * until then the property holds its key's name and length and its value. The checks, the model and
 * the incremental paths read properties through keyNameOf, keySpanOf and valueOf, which make
 * neither, so a document's properties stay one object each (a 10k-move game has some 70,000: the
 * key nodes and arrays weighed ~10 MB, and most of the parser's time went to collecting them).
 * Once made, the array is the property's truth (it may be written to), as for any other node.
 */
export class PropertyNode extends SyntaxNode {
  declare readonly keyName: string;
  declare readonly keyLength: number;
  /** The value until `children` is made (then children[1]); undefined when the text gives none. */
  declare private valueNode: SyntaxNode | undefined;
  /** Only a property has a colon: other nodes have no such field (8 bytes fewer for each of them). */
  declare colonOffset: number | undefined;

  constructor(keyName: string, offset: number, keyLength: number, parent: Building | undefined) {
    super('property', undefined, offset, keyLength, parent, undefined);
    this.keyName = keyName;
    this.keyLength = keyLength;
    this.valueNode = undefined;
    this.colonOffset = undefined;
  }

  override moveBy(delta: number): void {
    super.moveBy(delta);
    if (this.colonOffset !== undefined) this.colonOffset += delta;
  }

  override get children(): SyntaxNode[] | undefined {
    if (this.childrenMove !== 0) this.handDownMove();
    // The key starts where the property does (moves are handed down first: the key is made where it is now).
    // A property's children are never packed (only objects are): the cast only narrows the field's type.
    return (this.childNodes ??= this.makeChildren()) as SyntaxNode[];
  }

  override set children(children: SyntaxNode[] | undefined) {
    if (this.childrenMove !== 0) this.handDownMove();
    this.childNodes = children;
    this.valueNode = undefined; // the array is the property's truth from now on
  }

  /** The value, without making the children. */
  currentValue(): SyntaxNode | undefined {
    if (this.childNodes) return this.children?.[1];
    if (this.childrenMove !== 0) this.handDownMove();
    return this.valueNode;
  }

  /** Gives the property its value while the parser reads it. */
  setValue(value: SyntaxNode): void {
    if (this.childNodes) (this.childNodes as SyntaxNode[])[1] = value; // never packed (see children)
    else this.valueNode = value;
  }

  protected override handDownMove(): void {
    if (this.childNodes) {
      super.handDownMove();
      return;
    }
    const delta = this.childrenMove;
    this.childrenMove = 0;
    this.valueNode?.moveBy(delta);
  }

  private makeChildren(): SyntaxNode[] {
    const key = new SyntaxNode('string', this.keyName, this.offset, this.keyLength, this, undefined);
    const value = this.valueNode;
    this.valueNode = undefined;
    return value ? [key, value] : [key];
  }
}

/** Moves `node` and its subtree by `delta` (see SyntaxNode): every node of a syntax tree this module made is one. */
export function moveSubtree(node: Node, delta: number): void {
  (node as unknown as SyntaxNode).moveBy(delta);
}

/* ---------- packed subtrees ---------- */

/**
 * One entry of a packed record. Each node, children after their parent (pre-order), is:
 * `type code + 8 × offset from the packed object`, then `length × 1024 + child count` (a
 * property: 1 when it has a value), then for a property its key name and `key length + 1024 ×
 * (colon offset from the packed object + 1)` (0 + 1024 × 0 when it has no colon yet), for a
 * scalar its value. Whole numbers stay small integers (no heap number each).
 */
type PackedEntry = number | string | boolean | null | undefined;

/** A packed object's children: its record, starting with their count. */
class PackedSubtree {
  constructor(readonly record: readonly PackedEntry[]) {}
}

/** The record being written (packChildren): one array for every step, its elements of every kind from the start. */
const PACKING: PackedEntry[] = [''];

/** A node type's code in a record is its index here. */
const TYPES: readonly NodeType[] = ['object', 'array', 'property', 'string', 'number', 'boolean', 'null'];
/** Limits of the record's packing of two numbers into one small integer, and of its nesting (packNode recurses). */
const MAX_PACKED_CHILDREN = 1023;
const MAX_PACKED_LENGTH = 1 << 20;
const MAX_PACKED_KEY_LENGTH = 1023;
const MAX_PACKED_DEPTH = 32;

/** Appends `node` and its subtree to `record`; false when it does not fit (then the record is dropped). */
function packNode(node: SyntaxNode, base: number, record: PackedEntry[], depth: number): boolean {
  if (depth > MAX_PACKED_DEPTH) return false;
  const head = TYPES.indexOf(node.type) + 8 * (node.offset - base);
  if (node instanceof PropertyNode) {
    const value = node.currentValue();
    if (node.keyLength > MAX_PACKED_KEY_LENGTH) return false;
    const colon = node.colonOffset === undefined ? 0 : node.colonOffset - base + 1;
    record.push(head, node.length * 1024 + (value ? 1 : 0), node.keyName, node.keyLength + 1024 * colon);
    return value === undefined || packNode(value, base, record, depth + 1);
  }
  const children = node.children;
  if (node.type === 'object' || node.type === 'array') {
    if (children === undefined || children.length > MAX_PACKED_CHILDREN) return false;
    record.push(head, node.length * 1024 + children.length);
    for (let i = 0; i < children.length; i++) if (!packNode(children[i], base, record, depth + 1)) return false;
    return true;
  }
  if (children !== undefined) return false; // a scalar with children: not made by the parser
  record.push(head, node.length * 1024, node.value);
  return true;
}

/** Makes the node at `reader.at` and its subtree again, at offsets from `base`. */
function unpackNode(reader: { readonly record: readonly PackedEntry[]; at: number }, base: number, parent: SyntaxNode): SyntaxNode {
  const record = reader.record;
  const head = record[reader.at++] as number;
  const sizes = record[reader.at++] as number;
  const type = TYPES[head % 8];
  const offset = base + Math.floor(head / 8);
  const length = Math.floor(sizes / 1024);
  const count = sizes % 1024;
  if (type === 'property') {
    const keyName = record[reader.at++] as string;
    const key = record[reader.at++] as number;
    const property = new PropertyNode(keyName, offset, key % 1024, parent);
    property.length = length;
    const colon = Math.floor(key / 1024);
    if (colon !== 0) property.colonOffset = base + colon - 1;
    if (count === 1) property.setValue(unpackNode(reader, base, property));
    return property;
  }
  if (type === 'object' || type === 'array') {
    const children: SyntaxNode[] = [];
    const node = new SyntaxNode(type, undefined, offset, length, parent, undefined);
    for (let i = 0; i < count; i++) children.push(unpackNode(reader, base, node));
    node.children = children;
    return node;
  }
  return new SyntaxNode(type, record[reader.at++], offset, length, parent, undefined);
}
