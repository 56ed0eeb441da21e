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

/**
 * `catchAll` and `routes` are replaced, never changed, when a route is added: a lookup hands them
 * out as they are, and a request holding one must not see a route declared after it arrived.
 */
interface TrieNode<T> {
  readonly literals: Map<string, TrieNode<T>>;
  readonly params: ParamEdge<T>[];
  catchAll: readonly T[];
  routes: readonly T[];
}

function createNode<T>(): TrieNode<T> {
  return { literals: new Map(), params: [], catchAll: [], routes: [] };
}

/**
 * A segment trie over path templates: literal segments are looked up in a map, placeholders are
 * tried in order (but not for a path the routes of a literal beside them match: a collection's
 * literal sub-resources, `/users/search`, are never ids of `/users/{id}`), a catch-all takes the rest. A lookup costs the depth of the path, not the number
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
        node.catchAll = [...node.catchAll, route];
        return;
      }
    }
    node.routes = [...node.routes, route];
  }

  /**
   * Every route whose template matches the segments (matrix content is not part of matching), in
   * the order the trie holds them. When one node holds them all (the common case: one path, its
   * routes), that node's own list is the answer, shared and read-only: nothing is copied per request.
   */
  lookup(segments: readonly RequestSegment[]): readonly T[] {
    return this.collect(this.root, segments, 0, NONE);
  }

  private collect(node: TrieNode<T>, segments: readonly RequestSegment[], index: number, found: readonly T[]): readonly T[] {
    if (node.catchAll.length > 0) found = joined(found, node.catchAll);
    if (index === segments.length) return node.routes.length > 0 ? joined(found, node.routes) : found;
    const segment = segments[index]!;
    if (segment.text !== undefined) {
      const literal = node.literals.get(segment.text);
      if (literal !== undefined) {
        const before = found.length;
        found = this.collect(literal, segments, index + 1, found);
        // A path the literal's routes match is theirs alone: `/users/events` is never the user
        // `events`, whatever the method, so a PUT there cannot create it (405), and an Accept it
        // cannot answer is its 406, not another route's 404. A path they do not match goes on
        // to the placeholders (`/users/events/x` may be `/{a}/{b}/{c}`).
        if (found.length > before) return found;
      }
    }
    if (segment.text === '') return found;
    for (const edge of node.params) {
      if (edge.pattern !== undefined && (segment.text === undefined || !edge.pattern.test(segment.text))) continue;
      found = this.collect(edge.node, segments, index + 1, found);
    }
    return found;
  }
}

const NONE: readonly never[] = Object.freeze([]);

/** The routes found so far followed by `more`: `more` itself while nothing was found before it. */
function joined<T>(found: readonly T[], more: readonly T[]): readonly T[] {
  return found.length === 0 ? more : [...found, ...more];
}
