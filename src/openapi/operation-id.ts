import type { TemplateSegment } from '../routing/path-template';

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * The default operationId of a method on a path: the method in lower case, then each literal
 * segment and `By` each placeholder, in PascalCase: `GET /users/{id}/avatar` is `getUsersByIdAvatar`,
 * `GET /` is `getRoot`.
 */
export function defaultOperationId(method: string, segments: readonly TemplateSegment[]): string {
  const words = segments.map((segment) => (segment.kind === 'literal' ? pascal(segment.text) : `By${pascal(segment.name)}`)).join('');
  return `${method.toLowerCase().replace(/[^a-z0-9]/g, '')}${words === '' ? 'Root' : words}`;
}

/**
 * Hands out operationIds, unique in the document as OpenAPI requires (section 4.8.10.1): an id a
 * route declares is taken as it is (two operations declaring one id is an error, named), a default
 * one gets a number when another operation holds it (`getItems2`).
 */
export class OperationIds {
  private readonly taken = new Map<string, string>();

  /** Reserves the ids routes declare, before any default is handed out. */
  declare(id: string, operation: string): void {
    const holder = this.taken.get(id);
    if (holder !== undefined && holder !== operation) throw new Error(`operationId '${id}' is declared by both ${holder} and ${operation}`);
    this.taken.set(id, operation);
  }

  /** A default id not taken yet, reserved for `operation`. */
  derive(wanted: string, operation: string): string {
    let id = wanted;
    for (let n = 2; this.taken.has(id); n++) id = `${wanted}${n}`;
    this.taken.set(id, operation);
    return id;
  }
}
