import { z } from 'zod';
import { Multipart, createRouter, multipartWith } from '../../src';
import { openApiErrors } from '../setup/validate-openapi';

describe('router.openapi() for multipart/form-data bodies', () => {
  const api = createRouter();
  api.post('/uploads').body(Multipart).handle(() => undefined);
  api
    .post('/books')
    .body(multipartWith(z.object({ title: z.string(), pages: z.number().int() }), { files: ['cover'] }))
    .handle(() => undefined);
  const document = api.openapi({ info: { title: 'Uploads', version: '1.0.0' } });

  it('describes .body(Multipart) as fields and binary files under multipart/form-data', () => {
    const body = document.paths['/uploads']?.post?.requestBody;
    expect(body?.required).toBe(true);
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    expect(body?.content['multipart/form-data']?.schema).toMatchObject({
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'string', contentMediaType: 'application/octet-stream' }] },
    });
  });

  it('describes multipartWith(schema, { files }) as the schema\'s fields plus each file as binary', () => {
    const schema = document.paths['/books']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(schema).toMatchObject({
      type: 'object',
      properties: { title: { type: 'string' }, pages: { type: 'integer' }, cover: { type: 'string', contentMediaType: 'application/octet-stream' } },
    });
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    expect(await openApiErrors(document)).toEqual([]);
  });
});
