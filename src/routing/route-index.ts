import type { PathTemplate } from './path-template';
import type { RequestSegment } from '../http/request-path';

/** What the index stores: anything with a parsed template. */
export interface Indexed {
  readonly template: PathTemplate;
}

interface ParamEdge<T> {
  readonly pattern: RegExp | undefined;
  readonly source: string | undefined;
  readonly node: TrieNode<T>;
}

interface TrieNode<T> {
  readonly literals: Map<string, TrieNode<T>>;
  readonly params: ParamEdge<T>[];
  readonly catchAll: T[];
  readonly routes: T[];
}

function createNode<T>(): TrieNode<T> {
  return { literals: new Map(), params: [], catchAll: [], routes: [] };
}

/**
 * A segment trie over path templates: literal segments are looked up in a map, placeholders are
 * tried in order, a catch-all takes the rest. A lookup costs the depth of the path, not the number
 * of routes, so 5,000 routes cost about what 10 do.
 */
export class RouteIndex<T extends Indexed> {
  private readonly root: TrieNode<T> = createNode();

  add(route: T): void {
    let node = this.root;
    for (const segment of route.template.segments) {
      if (segment.kind === 'literal') {
        let next = node.literals.get(segment.text);
        if (next === undefined) node.literals.set(segment.text, (next = createNode()));
        node = next;
      } else if (segment.kind === 'placeholder') {
        let edge = node.params.find((e) => e.source === segment.source);
        if (edge === undefined) {
          edge = { pattern: segment.pattern, source: segment.source, node: createNode() };
          // Constrained placeholders are tried before plain ones.
          if (segment.pattern === undefined) node.params.push(edge);
          else node.params.splice(node.params.filter((e) => e.pattern !== undefined).length, 0, edge);
        }
        node = edge.node;
      } else {
        node.catchAll.push(route);
        return;
      }
    }
    node.routes.push(route);
  }

  /** Every route whose template matches the segments (matrix content is not part of matching). */
  lookup(segments: readonly RequestSegment[]): T[] {
    const found: T[] = [];
    this.collect(this.root, segments, 0, found);
    return found;
  }

  private collect(node: TrieNode<T>, segments: readonly RequestSegment[], index: number, found: T[]): void {
    if (node.catchAll.length > 0) found.push(...node.catchAll);
    if (index === segments.length) {
      if (node.routes.length > 0) found.push(...node.routes);
      return;
    }
    const segment = segments[index]!;
    if (segment.text !== undefined) {
      const literal = node.literals.get(segment.text);
      if (literal !== undefined) this.collect(literal, segments, index + 1, found);
    }
    for (const edge of node.params) {
      if (segment.text === '') continue;
      if (edge.pattern !== undefined && (segment.text === undefined || !edge.pattern.test(segment.text))) continue;
      this.collect(edge.node, segments, index + 1, found);
    }
  }
}
