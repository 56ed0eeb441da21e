import express, { type Express } from 'express';
import { NotFound, ResponseEntity, createRouter } from 'express-represent';
import { z } from 'zod';

/**
 * A sign-up as a client sends it. The route reads the body through this schema: the handler gets
 * the parsed, typed value, and a body that fails it never reaches the handler.
 */
export const SignUp = z.object({
  name: z.string().trim().min(1, 'a name is required'),
  email: z.email('not an e-mail address'),
  age: z.number().int().min(13, 'members are 13 or older').optional(),
  newsletter: z.boolean().default(false),
});

/** A member as the API answers it. */
export type Member = z.output<typeof SignUp> & { readonly id: number };

/** The members API, mounted at /api, with its own store. */
export function createApp(): Express {
  const members = new Map<number, Member>();
  const api = createRouter();

  // JSON, XML and HTML-form bodies are all read into the same schema. Text formats (XML, forms)
  // carry only strings: the schema's JSON Schema tells the converter which are numbers or booleans.
  api
    .post('/members')
    .consumes('application/json', 'application/xml', 'application/x-www-form-urlencoded')
    .produces('application/json')
    .body(SignUp)
    .handle((ctx) => {
      const member: Member = { id: members.size + 1, ...ctx.body };
      members.set(member.id, member);
      return ResponseEntity.created(ctx.url('/members/{id}', { id: member.id }), member);
    });

  api
    .put('/members/{id:\\d+}')
    .consumes('application/json')
    .produces('application/json')
    .body(SignUp)
    .handle((ctx) => {
      const id = Number(ctx.path.id);
      if (!members.has(id)) throw new NotFound(`There is no member ${id}`);
      const member: Member = { id, ...ctx.body };
      members.set(id, member);
      return member;
    });

  api
    .get('/members')
    .produces('application/json')
    .handle(() => [...members.values()]);

  api
    .get('/members/{id:\\d+}')
    .produces('application/json')
    .handle((ctx) => {
      const member = members.get(Number(ctx.path.id));
      if (member === undefined) throw new NotFound(`There is no member ${ctx.path.id}`);
      return member;
    });

  const app = express();
  app.use('/api', api.middleware());
  return app;
}
