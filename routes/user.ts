import { BadRequest, HttpError, MethodNotAllowed, ProblemType, ResponseEntity, type Router, validateWithSchema } from '../src';
import { USER_FIELDS, type User, type UserView, patchedUserSchema, userInputSchema } from './model/user';
import { commit, expectRead, expectationOf, validatorsOf } from './http/conditional-write';
import { PATCH_TYPES, applyPatchDocument } from './http/patch-document';
import { READABLE, STRUCTURED, USER_ID_PATTERN, existingUser, noSuchUser, project, viewOf } from './http/representations';
import { EVERY_USER_KEY, USERS_KEY, userKey } from './http/surrogate-keys';
import type { ServiceStore } from './store/store';

/** The path of one user. */
export const USER_PATH = `/users/{id:${USER_ID_PATTERN}}` as const;

/** The longest id a client may choose. */
export const MAX_ID_LENGTH = 64;

/** The methods /users/{id} answers: POST is declared only to tell 404 from 405. */
export const USER_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * /users/{id}: GET (with the `fields` matrix variable), PUT to create or replace, PATCH, DELETE,
 * and POST, which is never allowed on a named user: 404 when there is none (spec, Method
 * semantics), 405 when there is. Every response is `no-cache`: caches keep it but ask each time,
 * and the `.etag()` hooks answer from the stored version.
 */
export function userRoutes(api: Router, store: ServiceStore): void {
  const { users, avatars } = store;
  const read = async (id: string) => validatorsOf(await users.get(id));
  // PATCH and DELETE of a user that does not exist are 404 whatever their preconditions say: those
  // apply only to what would be a success (RFC 9110 section 13.2.1). A PUT would create, so it is
  // not asked.
  const existing = (id: string) => existingUser(users, id);

  api
    .get(USER_PATH)
    .produces(...STRUCTURED)
    .xmlRoot('user')
    .cache({ noCache: true })
    .surrogateKeys(EVERY_USER_KEY)
    .surrogateKeys(userKey)
    // An unknown field is a 400 of the binding, before the hook: never a 304.
    .matrix('fields', { pathVar: 'id', array: true, required: false, values: USER_FIELDS })
    .etag(async (ctx) => read(ctx.path.id))
    .handle(async (ctx) => {
      const entry = await existing(ctx.path.id);
      // The 200 carries the validators the hook read (ctx.validators): never newer than what is
      // written, so a write racing this read costs a revalidation a full answer, never a lost update.
      return project(await viewOf(entry, avatars), ctx.matrix.fields);
    });

  api
    .put(USER_PATH)
    .summary('Create or replace a user')
    .description("The body's `id`, when it has one, must be the id in the URI (400 otherwise). Ids have at most 64 characters (400 otherwise).")
    .responds(507, 'The store holds as many users as it may: delete users to make room.')
    .consumes(...READABLE)
    .body(userInputSchema)
    .surrogateKeys(USERS_KEY)
    .surrogateKeys(userKey)
    .etag(async (ctx) => validatorsOf(await users.get(ctx.path.id)))
    .handle(async (ctx) => {
      if (ctx.path.id.length > MAX_ID_LENGTH) {
        throw new BadRequest(`A user id has at most ${MAX_ID_LENGTH} characters`, { type: ProblemType.malformedPath });
      }
      const { id: bodyId, ...fields } = ctx.body;
      if (bodyId !== undefined && bodyId !== ctx.path.id) {
        throw new BadRequest(`The body's id '${bodyId}' is not the id in the URI, '${ctx.path.id}'`, { type: ProblemType.invalidBody });
      }
      const { created } = await commit(users.put({ id: ctx.path.id, ...fields }, expectationOf(ctx.validators)));
      return created ? ResponseEntity.created(`/users/${ctx.path.id}`) : ResponseEntity.noContent();
    });

  for (const type of PATCH_TYPES) {
    api
      .patch(USER_PATH)
      .summary('Patch a user')
      .responds(409, 'The JSON Patch does not apply to the current state (a failing `test`, a path that does not exist).')
      .consumes(type)
      .produces(...STRUCTURED)
      .xmlRoot('user')
      .body(Object)
      .surrogateKeys(USERS_KEY)
      .surrogateKeys(userKey)
      .etag(async (ctx) => validatorsOf(await existing(ctx.path.id)))
      .handle(async (ctx) => {
        const entry = await existing(ctx.path.id);
        const view = await viewOf(entry, avatars);
        const result = applyPatchDocument(type, view, ctx.body);
        if (typeof result !== 'object' || result === null || Array.isArray(result)) {
          throw new HttpError(422, 'The patched user is not an object', { type: ProblemType.invalidBody });
        }
        const { id, avatar, ...patched } = result as Partial<UserView>;
        if (id !== view.id || avatar !== view.avatar) throw readOnly(id !== view.id ? 'id' : 'avatar');
        const fields = await validateWithSchema(patchedUserSchema, patched, { status: 422, subject: 'The patched user' });
        const user: User = { id: view.id, ...fields };
        const { entry: stored } = await commit(users.put(user, expectRead(ctx.validators, entry)));
        return ResponseEntity.ok(await viewOf(stored, avatars)).withValidators(validatorsOf(stored));
      });
  }

  api
    .delete(USER_PATH)
    .surrogateKeys(USERS_KEY)
    .surrogateKeys(userKey)
    .etag(async (ctx) => validatorsOf(await existing(ctx.path.id)))
    .handle(async (ctx) => {
      if (!(await commit(users.delete(ctx.path.id, expectationOf(ctx.validators))))) throw noSuchUser(ctx.path.id);
      return ResponseEntity.noContent();
    });

  api
    .post(USER_PATH)
    .summary('Never allowed: POST creates users at /users')
    .responds(404, 'No such user (RFC 9110 section 15.5.5): POST to a named URL that does not exist.')
    .responds(405, 'The user exists, but a named user cannot be posted to: `Allow` lists what it takes, without POST.')
    .neverSucceeds()
    .handle(async (ctx) => {
    await existing(ctx.path.id);
    throw new MethodNotAllowed(USER_METHODS, `POST creates users at /users; a named user cannot be posted to`, { type: ProblemType.methodNotAllowed });
  });

  // Declared so that the Allow of OPTIONS agrees with the 405's: POST is never allowed here.
  api
    .route(USER_PATH)
    .method('OPTIONS')
    .handle(() => ResponseEntity.noContent().header('Allow', USER_METHODS.join(', ')));
}

/** A patch whose result changes a member the server owns: the result would be an invalid user (RFC 5789 section 2.2). */
function readOnly(member: string): HttpError {
  return new HttpError(422, `'${member}' is read-only: a patch cannot change it`, { type: ProblemType.invalidBody, extensions: { errors: [{ pointer: `/${member}`, detail: 'read-only' }] } });
}
