import express from 'express';
import request from 'supertest';
import { listeningServers } from '../setup/listening';
import { cache } from '../../middleware/cache';

const listening = listeningServers();

describe.each(['middleware', 'wrap'] as const)('cache() as %s', (form) => {
  const serve = (app: express.Express, shared: ReturnType<typeof cache>) => {
    if (form === 'middleware') {
      const outer = express();
      outer.use(shared, app);
      return listening(outer);
    }
    return listening(shared.wrap(app));
  };

  it('does not bring back variants an unsafe request invalidated while another variant was with the handler', async () => {
    let n = 0;
    let release: () => void = () => undefined;
    const app = express();
    app.put('/r', (_req, res) => void res.status(204).end());
    app.get('/r', async (req, res) => {
      n++;
      if (req.headers.accept === 'slow') await new Promise<void>((resolve) => (release = resolve));
      res.set({ 'Cache-Control': 'max-age=100', Vary: 'Accept' }).send(`${req.headers.accept} v${n}`);
    });
    const server = await serve(app, cache({ statusHeader: 'X-Cache' }));
    await request(server).get('/r').set('Accept', 'a').expect('a v1');
    const slow = request(server).get('/r').set('Accept', 'slow').then((r) => r);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await request(server).put('/r').expect(204);
    await request(server).get('/r').set('Accept', 'a').expect('a v3').expect('X-Cache', 'MISS');
    release();
    await slow;
    // The slow response is stored beside what is stored now, not beside what was stored before the PUT.
    await request(server).get('/r').set('Accept', 'a').expect('a v3').expect('X-Cache', 'HIT');
  });

  it('stores a Date with a response the handler sent without one, so a hit keeps the Date of the stored response', async () => {
    let clock = Date.UTC(2025, 0, 1, 12, 0, 0);
    const app = express();
    app.get('/d', (_req, res) => void res.set('Cache-Control', 'max-age=100').send('d'));
    const server = await serve(app, cache({ now: () => clock, statusHeader: 'X-Cache' }));
    await request(server).get('/d').expect('X-Cache', 'MISS');
    clock += 50_000;
    const hit = await request(server).get('/d').expect('X-Cache', 'HIT').expect('Age', '50');
    expect(hit.headers.date).toBe('Wed, 01 Jan 2025 12:00:00 GMT');
  });
});
