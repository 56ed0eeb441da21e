import { BadRequest, NotFound, ONE_YEAR_SECONDS, ProblemType, ResponseEntity, type Router, parseMediaType } from '../src';
import { commit, expectationOf, validatorsOf } from './http/conditional-write';
import { avatarUrl, existingUser, noSuchUser } from './http/representations';
import { USER_PATH } from './user';
import { USERS_KEY, userKey } from './http/surrogate-keys';
import type { AvatarType, ServiceStore } from './store/store';

/** The image types an avatar may have. */
export const AVATAR_TYPES: readonly AvatarType[] = ['image/png', 'image/jpeg'];

/** The largest avatar accepted: 256 KiB (larger answers 413). */
export const AVATAR_LIMIT = 256 * 1024;

/** The first bytes of each image type, so that bytes sent as a PNG are one. */
const SIGNATURES: Record<AvatarType, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
};

function avatarType(contentType: string | undefined): AvatarType {
  const { type, subtype } = parseMediaType(contentType ?? 'application/octet-stream');
  return `${type}/${subtype}`.toLowerCase() as AvatarType;
}

/**
 * /users/{id}/avatar: PUT raw PNG or JPEG bytes; GET answers them with their type, `no-cache`.
 * The user's representation links to `/users/{id}/avatar;v={version}`: that URL's content never
 * changes, so it is sent as never expiring (RFC 8246 `immutable`, Expires one year ahead, the
 * longest the spec allows); any other version is 404.
 */
export function avatarRoutes(api: Router, store: ServiceStore): void {
  const path = `${USER_PATH}/avatar` as const;

  api
    .put(path)
    .consumes(...AVATAR_TYPES)
    .body(Buffer)
    .limit(AVATAR_LIMIT)
    .surrogateKeys(USERS_KEY)
    .surrogateKeys(userKey)
    .etag(async (ctx) => {
      // No user, no avatar to put: 404 whatever the preconditions say (RFC 9110 section 13.2.1).
      await existingUser(store.users, ctx.path.id);
      return validatorsOf(await store.avatars.get(ctx.path.id));
    })
    .handle(async (ctx) => {
      const type = avatarType(ctx.req.headers['content-type']);
      if (!ctx.body.subarray(0, SIGNATURES[type].length).equals(SIGNATURES[type])) {
        throw new BadRequest(`The body is not a ${type} image`, { type: ProblemType.malformedBody });
      }
      const replaced = await commit(store.avatars.put(ctx.path.id, { type, bytes: ctx.body }, expectationOf(ctx.validators)));
      if (replaced === undefined) throw noSuchUser(ctx.path.id);
      return replaced.created ? ResponseEntity.created(`/users/${ctx.path.id}/avatar`) : ResponseEntity.noContent();
    });

  api
    .get(path)
    .produces(...AVATAR_TYPES)
    .cache({ noCache: true })
    .matrix('v', { type: 'integer', required: false })
    .handle(async (ctx) => {
      const avatar = await store.avatars.get(ctx.path.id);
      const version = ctx.matrix.v;
      if (avatar === undefined) {
        throw (await store.users.get(ctx.path.id)) === undefined ? noSuchUser(ctx.path.id) : new NotFound(`User '${ctx.path.id}' has no avatar`);
      }
      if (version !== undefined && version !== avatar.version) {
        throw new NotFound(`Version ${version} of the avatar of user '${ctx.path.id}' is not the current one; see ${avatarUrl(ctx.path.id, avatar.version)}`);
      }
      let response = ResponseEntity.ok(avatar.value.bytes).header('Content-Type', avatar.value.type).withValidators(validatorsOf(avatar));
      if (version !== undefined) {
        // This URL names one version: its content never changes (RFC 8246; spec, Limits 1).
        response = response
          .header('Cache-Control', `max-age=${ONE_YEAR_SECONDS}, immutable`)
          .header('Expires', new Date(Date.now() + ONE_YEAR_SECONDS * 1000).toUTCString());
      }
      return response;
    });
}
