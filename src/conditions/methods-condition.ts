import type { RequestInfo } from './request-info';

/** The methods a route declares. Empty: every method except OPTIONS, which the router answers itself. */
export class MethodsCondition {
  static readonly EMPTY = new MethodsCondition([], false);

  private constructor(
    readonly methods: readonly string[],
    /** Set on the narrowed condition when a HEAD request matched through GET. */
    readonly implicitHead: boolean,
  ) {}

  /** Methods are upper-cased; an unknown token is accepted (RFC 9110 section 9.1 allows extension methods). */
  static of(...methods: readonly string[]): MethodsCondition {
    for (const method of methods) {
      if (typeof method !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method)) {
        throw new Error(`Invalid HTTP method '${String(method)}'`);
      }
    }
    return new MethodsCondition([...new Set(methods.map((m) => m.toUpperCase()))], false);
  }

  get isEmpty(): boolean {
    return this.methods.length === 0;
  }

  combine(other: MethodsCondition): MethodsCondition {
    return new MethodsCondition([...new Set([...this.methods, ...other.methods])], false);
  }

  /** RFC 9110 section 9.3.2: HEAD is answered like GET, without the body. */
  match(request: RequestInfo): MethodsCondition | undefined {
    const method = request.method;
    if (this.methods.length === 0) return method === 'OPTIONS' ? undefined : this;
    if (this.methods.includes(method)) return this.methods.length === 1 ? this : new MethodsCondition([method], false);
    if (method === 'HEAD' && this.methods.includes('GET')) return new MethodsCondition(['GET'], true);
    return undefined;
  }

  /** An explicit method beats none; an explicit HEAD beats a GET answering HEAD. */
  compareTo(other: MethodsCondition): number {
    if (this.isEmpty !== other.isEmpty) return this.isEmpty ? 1 : -1;
    if (this.implicitHead !== other.implicitHead) return this.implicitHead ? 1 : -1;
    return 0;
  }

  overlaps(other: MethodsCondition): boolean {
    if (this.isEmpty || other.isEmpty) return this.isEmpty === other.isEmpty;
    return this.methods.some((m) => other.methods.includes(m));
  }

  /** The methods to list in `Allow` for this route. */
  allowed(): readonly string[] {
    if (this.isEmpty) return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
    return this.methods.includes('GET') && !this.methods.includes('HEAD') ? [...this.methods, 'HEAD'] : this.methods;
  }

  toString(): string {
    return this.methods.join('|');
  }
}
