import type { WorkCounter } from './work-counter';

/** A node of an implicit treap: ordered by position, balanced in expectation by random priorities. */
interface Node<T> {
  value: T;
  readonly priority: number;
  size: number;
  left: Node<T> | undefined;
  right: Node<T> | undefined;
}

const sizeOf = <T>(node: Node<T> | undefined): number => node?.size ?? 0;

function resized<T>(node: Node<T>): Node<T> {
  node.size = 1 + sizeOf(node.left) + sizeOf(node.right);
  return node;
}

/**
 * A list that inserts and removes at any index in O(log n) steps, where an array shifts every
 * element after the index: a JSON Patch of k `move`s inside an array of n elements costs k log n,
 * not k n (1,000 moves to the front of 250,000 elements took 1.3 s as array splices).
 */
export class IndexedSequence<T> {
  private constructor(
    private root: Node<T> | undefined,
    private readonly work: WorkCounter,
  ) {}

  /** The sequence of `items`, in their order, built in O(n) steps (a Cartesian tree on a stack). */
  static of<T>(items: readonly T[], work: WorkCounter): IndexedSequence<T> {
    const spine: Node<T>[] = [];
    for (const value of items) {
      work.steps++;
      const node: Node<T> = { value, priority: Math.random(), size: 1, left: undefined, right: undefined };
      let last: Node<T> | undefined;
      while (spine.length > 0 && spine[spine.length - 1]!.priority < node.priority) last = resized(spine.pop()!);
      node.left = last;
      if (spine.length > 0) spine[spine.length - 1]!.right = node;
      spine.push(node);
    }
    // Sizes of the right spine, bottom up: every node left of it was sized when it was popped.
    for (let i = spine.length - 1; i >= 0; i--) resized(spine[i]!);
    return new IndexedSequence(spine[0], work);
  }

  get length(): number {
    return sizeOf(this.root);
  }

  /** The element at `index`, which must be below the length. */
  at(index: number): T {
    return this.nodeAt(index).value;
  }

  /** Replaces the element at `index`, which must be below the length. */
  set(index: number, value: T): void {
    this.nodeAt(index).value = value;
  }

  /** Inserts `value` before the element at `index` (at the end when `index` is the length). */
  insert(index: number, value: T): void {
    const [before, after] = this.split(this.root, index);
    this.root = this.merge(this.merge(before, { value, priority: Math.random(), size: 1, left: undefined, right: undefined }), after);
  }

  /** Removes the element at `index`, which must be below the length, and answers it. */
  remove(index: number): T {
    const [before, rest] = this.split(this.root, index);
    const [removed, after] = this.split(rest, 1);
    this.root = this.merge(before, after);
    return removed!.value;
  }

  /** The elements in order, in O(n) steps. */
  toArray(): T[] {
    const items: T[] = [];
    const pending: Node<T>[] = [];
    let node = this.root;
    while (node !== undefined || pending.length > 0) {
      while (node !== undefined) {
        pending.push(node);
        node = node.left;
      }
      const next = pending.pop()!;
      this.work.steps++;
      items.push(next.value);
      node = next.right;
    }
    return items;
  }

  /** Serialized as the array it stands for. */
  toJSON(): T[] {
    return this.toArray();
  }

  private nodeAt(index: number): Node<T> {
    let node = this.root;
    for (;;) {
      this.work.steps++;
      const left = sizeOf(node!.left);
      if (index === left) return node!;
      if (index < left) {
        node = node!.left;
      } else {
        index -= left + 1;
        node = node!.right;
      }
    }
  }

  /** The first `count` elements of `node`'s tree, and the rest. */
  private split(node: Node<T> | undefined, count: number): [Node<T> | undefined, Node<T> | undefined] {
    if (node === undefined) return [undefined, undefined];
    this.work.steps++;
    const left = sizeOf(node.left);
    if (count <= left) {
      const [before, after] = this.split(node.left, count);
      node.left = after;
      return [before, resized(node)];
    }
    const [before, after] = this.split(node.right, count - left - 1);
    node.right = before;
    return [resized(node), after];
  }

  /** The elements of `first` followed by those of `second`. */
  private merge(first: Node<T> | undefined, second: Node<T> | undefined): Node<T> | undefined {
    if (first === undefined) return second;
    if (second === undefined) return first;
    this.work.steps++;
    if (first.priority > second.priority) {
      first.right = this.merge(first.right, second);
      return resized(first);
    }
    second.left = this.merge(first, second.left);
    return resized(second);
  }
}
