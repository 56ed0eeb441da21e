import { ConsumesCondition } from '../../src/conditions/consumes-condition';
import { runConditionContract } from './condition-contract';
import { requestInfo } from './request-info-fixture';

const post = (contentType?: string) =>
  requestInfo({ method: 'POST', body: true, headers: contentType === undefined ? {} : { 'content-type': contentType } });

runConditionContract({
  name: 'ConsumesCondition',
  empty: ConsumesCondition.EMPTY,
  samples: [
    ConsumesCondition.of('application/json'),
    ConsumesCondition.of('application/*'),
    ConsumesCondition.of('text/plain', 'application/json'),
    ConsumesCondition.of('!text/plain'),
    ConsumesCondition.of('application/*+json'),
  ],
  requests: [
    { method: 'GET' },
    { method: 'POST', body: true, headers: { 'content-type': 'application/json' } },
    { method: 'POST', body: true, headers: { 'content-type': 'application/problem+json' } },
    { method: 'POST', body: true, headers: { 'content-type': 'text/plain; charset=utf-8' } },
    { method: 'POST', body: true, headers: { 'content-type': 'image/png' } },
    { method: 'POST', body: true },
  ],
  partsOf: (condition) => condition.expressions.map((e) => e.text),
});

describe('ConsumesCondition', () => {
  describe('match(request)', () => {
    it.each<[string[], string | undefined, boolean]>([
      [['application/json'], 'application/json', true],
      [['application/json'], 'application/json; charset=utf-8', true],
      [['application/json'], 'Application/JSON', true],
      [['application/json'], 'text/plain', false],
      [['application/json'], undefined, false],
      [['application/octet-stream'], undefined, true],
      [['application/json'], 'not a media type', false],
      [['text/*'], 'text/csv', true],
      [['application/*+json'], 'application/vnd.api+json', true],
      [['application/*+json'], 'application/xml', false],
      [['*/*'], 'image/png', true],
      [['!text/plain'], 'application/json', true],
      [['!text/plain'], 'text/plain', false],
      [['text/plain;charset=utf-8'], 'text/plain; charset=UTF-8', true],
      // A text body without a charset is UTF-8 (docs/guide/converters.md, Charsets).
      [['text/plain;charset=utf-8'], 'text/plain', true],
      [['text/plain;charset=iso-8859-1'], 'text/plain', false],
    ])('should match %j against a body of Content-Type %j: %s', (mediaTypes, contentType, matches) => {
      expect(ConsumesCondition.of(...mediaTypes).match(post(contentType)) !== undefined).toBe(matches);
    });

    it('should match a request without a body whatever its Content-Type (nothing to consume)', () => {
      const request = requestInfo({ method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': '0' } });
      expect(ConsumesCondition.of('application/json').match(request)).toBeDefined();
    });

    it('should narrow to the expressions that admit the Content-Type', () => {
      expect(ConsumesCondition.of('text/plain', 'application/json').match(post('application/json'))?.toString()).toBe('application/json');
    });
  });

  describe('compareTo(other)', () => {
    it.each([
      ['application/json', 'application/*'],
      ['application/*', '*/*'],
      ['application/vnd.api+json', 'application/*+json'],
      ['application/*+json', 'application/*'],
    ])('should prefer %j over %j', (specific, general) => {
      const request = post('application/vnd.api+json');
      const a = ConsumesCondition.of(specific).match(request) ?? ConsumesCondition.of(specific);
      const b = ConsumesCondition.of(general).match(request)!;
      expect(a.compareTo(b)).toBeLessThan(0);
      expect(b.compareTo(a)).toBeGreaterThan(0);
    });

    it('should prefer any condition over none', () => {
      expect(ConsumesCondition.of('*/*').compareTo(ConsumesCondition.EMPTY)).toBeLessThan(0);
    });
  });

  describe('combine(other)', () => {
    it('should let the route-level condition replace the router-level one', () => {
      expect(ConsumesCondition.of('application/json').combine(ConsumesCondition.of('text/plain')).toString()).toBe('text/plain');
    });
  });

  describe('mediaTypes()', () => {
    it('should list the positive media types only', () => {
      expect(ConsumesCondition.of('application/json', '!text/plain').mediaTypes()).toEqual(['application/json']);
    });
  });
});
