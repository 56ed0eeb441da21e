import type { RequestCondition } from '../../src/conditions/request-condition';
import type { RequestInfo } from '../../src/conditions/request-info';
import { type RequestFixture, requestInfo } from './request-info-fixture';

/** What every route condition implementation hands to the shared contract. */
export interface ConditionContract<C extends RequestCondition<C>> {
  readonly name: string;
  /** The condition that constrains nothing. */
  readonly empty: C;
  /** Non-empty conditions, each able to match at least one of `requests`. */
  readonly samples: readonly C[];
  /** Requests to match the samples against; should include ones each sample accepts and rejects. */
  readonly requests: readonly RequestFixture[];
  /** The parts of a condition (methods, expressions, media types) as text, to tell a narrowing. */
  readonly partsOf: (condition: C) => readonly string[];
  /** Requests that even the empty condition does not match (OPTIONS, for methods). */
  readonly emptyRejects?: (request: RequestInfo) => boolean;
}

const sign = (n: number): number => (n > 0 ? 1 : n < 0 ? -1 : 0);

/**
 * The contract of a route condition (after Spring's RequestCondition): every implementation
 * (methods, params, headers, consumes, produces) runs it.
 */
export function runConditionContract<C extends RequestCondition<C>>(contract: ConditionContract<C>): void {
  const { empty, samples, partsOf } = contract;
  const requests = contract.requests.map((fixture) => ({ fixture, info: requestInfo(fixture) }));
  const label = (fixture: RequestFixture): string => JSON.stringify(fixture);
  const described = samples.map((condition) => [condition.toString(), condition] as const);

  describe(`${contract.name} (condition contract)`, () => {
    it('should say the empty condition is empty and the samples are not', () => {
      expect(empty.isEmpty).toBe(true);
      for (const sample of samples) expect(sample.isEmpty).toBe(false);
    });

    it.each(requests.map((r) => [label(r.fixture), r.info] as const))('should match %s with the empty condition', (_, info) => {
      const rejects = contract.emptyRejects?.(info) ?? false;
      expect(empty.match(info) === undefined).toBe(rejects);
    });

    it.each(described)('should combine %s with the empty condition, either way, into the same condition', (_, sample) => {
      for (const combined of [sample.combine(empty), empty.combine(sample)]) {
        expect(combined.toString()).toBe(sample.toString());
        expect(combined.isEmpty).toBe(false);
        for (const { info } of requests) expect(combined.match(info) === undefined).toBe(sample.match(info) === undefined);
      }
    });

    it.each(described)('should match with %s the condition itself or a narrowing of it, which matches again', (_, sample) => {
      let matched = 0;
      for (const { info } of requests) {
        const match = sample.match(info);
        if (match === undefined) continue;
        matched++;
        const parts = partsOf(sample);
        for (const part of partsOf(match)) expect(parts).toContain(part);
        expect(match.match(info)).toBeDefined();
      }
      expect(matched).toBeGreaterThan(0);
    });

    it.each(described)('should compare a match of %s with itself as 0 and antisymmetrically with the others', (_, a) => {
      for (const { info } of requests) {
        const ma = a.match(info);
        if (ma === undefined) continue;
        expect(sign(ma.compareTo(ma, info))).toBe(0);
        for (const b of [empty, ...samples]) {
          const mb = b.match(info);
          if (mb === undefined) continue;
          expect(sign(ma.compareTo(mb, info)) + sign(mb.compareTo(ma, info))).toBe(0);
        }
      }
    });

    it.each(described)('should say %s overlaps itself, and overlap symmetrically with the others', (_, a) => {
      expect(a.overlaps(a)).toBe(true);
      for (const b of [empty, ...samples]) expect(a.overlaps(b)).toBe(b.overlaps(a));
    });

    it('should say the empty condition overlaps only the empty condition', () => {
      expect(empty.overlaps(empty)).toBe(true);
      for (const sample of samples) expect(empty.overlaps(sample)).toBe(false);
    });
  });
}
