import request from 'supertest';
import { ProblemType } from '../../src';
import { expectProblem, serve } from '../setup/app-fixture';

describe('when the path matches but no route matches fully', () => {
  const app = serve((api) => {
    api.get('/cars').produces('application/json').handle(() => ['car']);
    api.post('/cars').consumes('application/json', 'application/merge-patch+json').body(Object).handle(() => ({ route: 'created' }));
    api.patch('/cars').consumes('application/merge-patch+json').body(Object).handle(() => ({ route: 'patched' }));
    api.put('/cars').consumes('application/json').body(Object).handle(() => ({ route: 'replaced' }));
    api.get('/reports').produces('text/csv', 'application/json').handle(() => ({ route: 'report' }));
    api.get('/search').params('q', '!legacy').handle(() => ({ route: 'results' }));
    api.get('/search').params('mode=fast').handle(() => ({ route: 'fast' }));
    api.get('/versioned').headers('X-Api-Version=2').handle(() => ({ route: 'v2' }));
    api.get('/typed').headers('Accept=application/json').handle(() => ({ route: 'csv' }));
    api.post('/typed').headers('Content-Type=text/csv').body(Object).handle(() => ({ route: 'csv' }));
  });

  describe('method', () => {
    it('answers 405 with Allow when no route answers the method', async () => {
      const res = await request(app).delete('/cars');
      const problem = expectProblem(res, 405);
      expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, OPTIONS');
      expect(problem).toMatchObject({ type: ProblemType.methodNotAllowed, title: 'Method Not Allowed', instance: '/cars' });
      expect(problem.detail).toContain('DELETE');
    });

    it('answers 405 with Allow listing HEAD for a GET-only resource', async () => {
      const res = await request(app).post('/versioned');
      expectProblem(res, 405);
      expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
    });
  });

  describe('consumes', () => {
    it('answers 415 with Accept-Post listing what is accepted when POST sends another media type', async () => {
      const res = await request(app).post('/cars').set('Content-Type', 'text/plain').send('hello');
      const problem = expectProblem(res, 415);
      expect(res.headers['accept-post']).toBe('application/json, application/merge-patch+json');
      expect(res.headers['accept-patch']).toBeUndefined();
      expect(problem).toMatchObject({ type: ProblemType.unsupportedMediaType });
      expect(problem.detail).toContain('text/plain');
    });

    it('answers 415 with Accept-Patch listing what is accepted when PATCH sends another media type', async () => {
      const res = await request(app).patch('/cars').set('Content-Type', 'application/json').send('{}');
      expectProblem(res, 415);
      expect(res.headers['accept-patch']).toBe('application/merge-patch+json');
      expect(res.headers['accept-post']).toBeUndefined();
    });

    it('answers 415 without Accept-Post or Accept-Patch for PUT', async () => {
      const res = await request(app).put('/cars').set('Content-Type', 'text/plain').send('x');
      expectProblem(res, 415);
      expect(res.headers['accept-post']).toBeUndefined();
      expect(res.headers['accept-patch']).toBeUndefined();
    });

    it('answers 415 without an empty Accept-Post when the route only excludes media types', async () => {
      const excluding = serve((api) => api.post('/notes').consumes('!text/plain').body(Object).handle(() => ({ ok: true })));
      const res = await request(excluding).post('/notes').set('Content-Type', 'text/plain').send('x');
      expectProblem(res, 415);
      expect(res.headers['accept-post']).toBeUndefined();
    });

    it('answers 415 for a Content-Type that does not parse', async () => {
      const res = await request(app).post('/cars').set('Content-Type', 'nonsense').send('x');
      expect(expectProblem(res, 415).detail).toContain('not a valid media type');
    });

    it('answers 415 for a body sent without Content-Type', async () => {
      const res = await request(app).post('/cars').send(Buffer.from('{}'));
      expectProblem(res, 415);
    });
  });

  describe('produces', () => {
    it('answers 406 when Accept allows none of the produced types', async () => {
      const res = await request(app).get('/cars').set('Accept', 'text/html');
      const problem = expectProblem(res, 406);
      expect(problem).toMatchObject({ type: ProblemType.notAcceptable, available: ['application/json'] });
    });

    it('answers 406 when Accept excludes the produced type with q=0', async () => {
      expectProblem(await request(app).get('/cars').set('Accept', 'application/json;q=0, */*;q=0.1'), 406);
    });

    it('answers 406 when every range of Accept is invalid', async () => {
      expectProblem(await request(app).get('/cars').set('Accept', 'json'), 406);
    });

    it('answers 200 when an invalid range sits beside a valid one', async () => {
      expect((await request(app).get('/cars').set('Accept', 'json, application/json')).status).toBe(200);
    });
  });

  describe('params', () => {
    it('answers 400 naming the unmet params condition', async () => {
      const res = await request(app).get('/search?legacy');
      const problem = expectProblem(res, 400);
      expect(problem.type).toBe(ProblemType.unmetParameterCondition);
      expect(problem.detail).toBe('Parameter conditions not met: "q && !legacy" or "mode=fast"');
    });

    it('answers 400 naming only the unmet part of a condition', async () => {
      const res = await request(app).get('/search?q=x&legacy');
      expect(expectProblem(res, 400).detail).toContain('"!legacy"');
      expect(res.body.detail).not.toContain('"q && !legacy"');
    });
  });

  describe('headers', () => {
    it('answers 404 when a headers condition is not met', async () => {
      const res = await request(app).get('/versioned').set('X-Api-Version', '1');
      expect(expectProblem(res, 404).type).toBe(ProblemType.unmetHeaderCondition);
    });

    it('answers 404 when the header is absent', async () => {
      expectProblem(await request(app).get('/versioned'), 404);
    });

    it('treats a headers condition on Accept as produces (406, not 404)', async () => {
      expect((await request(app).get('/typed').set('Accept', 'application/json')).status).toBe(200);
      expectProblem(await request(app).get('/typed').set('Accept', 'text/csv'), 406);
    });

    it('treats a headers condition on Content-Type as consumes (415, not 404)', async () => {
      const res = await request(app).post('/typed').set('Content-Type', 'application/json').send('{}');
      expectProblem(res, 415);
      expect(res.headers['accept-post']).toBe('text/csv');
    });
  });

  describe('the order of the diagnosis', () => {
    it('reports the method before the media types', async () => {
      expectProblem(await request(app).delete('/reports').set('Accept', 'image/png'), 405);
    });

    it('reports consumes before produces', async () => {
      expectProblem(await request(app).post('/cars').set('Content-Type', 'text/plain').set('Accept', 'image/png').send('x'), 415);
    });

    it('reports produces before params', async () => {
      const only = serve((api) => api.get('/x').params('q').produces('application/json').handle(() => 1));
      expectProblem(await request(only).get('/x').set('Accept', 'text/html'), 406);
    });

    it('reports params before headers', async () => {
      const only = serve((api) => api.get('/x').params('q').headers('X-H').handle(() => 1));
      expectProblem(await request(only).get('/x'), 400);
    });
  });
});
