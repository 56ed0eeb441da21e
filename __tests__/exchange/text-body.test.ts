import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { createRouter } from '../../src';
import { strongEntityTag } from '../../src/caching/entity-tag';

/**
 * A JSON answer is handed to the socket as text (`WrittenBody.text`), not encoded into a Buffer
 * first: what goes on the wire must still be its UTF-8 bytes, counted in Content-Length and tagged
 * as those bytes, whether the text is ASCII (sent as its own latin1) or not.
 */
describe('a JSON answer sent as text', () => {
  const bodies: Record<string, unknown> = {
    ascii: { title: 'Dune', year: 1965 },
    accented: { title: 'Éléments de géométrie', author: 'Ångström' },
    astral: { title: 'Emoji 📚 and CJK 書' },
  };
  function server() {
    const api = createRouter();
    api.get('/books/{name}').produces('application/json').cache({ maxAge: 60 }).handle((ctx) => bodies[ctx.path.name]);
    return http.createServer(api.wrap(express()));
  }

  it.each(Object.keys(bodies))('answers the %s body as its UTF-8 bytes, counted and tagged as them', async (name) => {
    const bytes = Buffer.from(JSON.stringify(bodies[name]), 'utf8');
    const res = await request(server())
      .get(`/books/${name}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toBe(strongEntityTag(bytes));
  });

  it.each(Object.keys(bodies))('answers a conditional GET for the %s body with 304 from the tag of its bytes', async (name) => {
    const etag = strongEntityTag(Buffer.from(JSON.stringify(bodies[name]), 'utf8'));
    await request(server()).get(`/books/${name}`).set('If-None-Match', etag).expect(304);
  });
});
