import { BadRequest, Multipart, NotFound, ONE_YEAR_SECONDS, ProblemType, ResponseEntity, type Router, parseMediaType } from '../src';
import { MultipartConverter } from '../src/entries/converters';
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

/** The multipart reader of the avatar form: one file, of at most {@link AVATAR_LIMIT}, and no fields to speak of. */
const AVATAR_FORM = new MultipartConverter({ limits: { fileSize: AVATAR_LIMIT, files: 1, fields: 4, fieldSize: 1024 } });

/**
 * /users/{id}/avatar: PUT raw PNG or JPEG bytes, or a `multipart/form-data` form (an HTML
 * `<input type="file" name="avatar">`) with the image as its `avatar` file; GET answers them with
 * their type, `no-cache`, and byte ranges (206 / 416 / If-Range).
 * The user's representation links to `/users/{id}/avatar;v={version}`: that URL's content never
 * changes, so it is sent as never expiring (RFC 8246 `immutable`, Expires one year ahead, the
 * longest the spec allows); any other version is 404.
 */
export function avatarRoutes(api: Router, store: ServiceStore): void {
  const path = `${USER_PATH}/avatar` as const;

  const hook = async (ctx: { path: { id: string } }) => {
    // No user, no avatar to put: 404 whatever the preconditions say (RFC 9110 section 13.2.1).
    await existingUser(store.users, ctx.path.id);
    return validatorsOf(await store.avatars.get(ctx.path.id));
  };
  const put = async (id: string, type: AvatarType, bytes: Buffer, validators: Parameters<typeof expectationOf>[0]) => {
    if (!AVATAR_TYPES.includes(type)) throw new BadRequest(`The avatar is ${type}; it may be ${AVATAR_TYPES.join(' or ')}`, { type: ProblemType.invalidBody });
    if (!bytes.subarray(0, SIGNATURES[type].length).equals(SIGNATURES[type])) {
      throw new BadRequest(`The body is not a ${type} image`, { type: ProblemType.malformedBody });
    }
    const replaced = await commit(store.avatars.put(id, { type, bytes }, expectationOf(validators)));
    if (replaced === undefined) throw noSuchUser(id);
    return replaced.created ? ResponseEntity.created(`/users/${id}/avatar`) : ResponseEntity.noContent();
  };

  api
    .put(path)
    .summary("Set a user's avatar")
    .description('The body is the image: a PNG must begin with the PNG signature (`89 50 4E 47 0D 0A 1A 0A`), a JPEG with `FF D8 FF`; other bytes answer 400. At most 256 KiB (413).')
    .consumes(...AVATAR_TYPES)
    .body(Buffer)
    .limit(AVATAR_LIMIT)
    .surrogateKeys(USERS_KEY)
    .surrogateKeys(userKey)
    .etag(hook)
    .handle((ctx) => put(ctx.path.id, avatarType(ctx.req.headers['content-type']), ctx.body, ctx.validators));

  // The same upload from an HTML form: the image is the `avatar` file part, its type the part's.
  api
    .put(path)
    .summary("Set a user's avatar from an HTML form")
    .description('The form must have a file part named `avatar` (400 otherwise), of type `image/png` or `image/jpeg`, whose bytes begin with that type\'s signature (PNG `89 50 4E 47 0D 0A 1A 0A`, JPEG `FF D8 FF`; 400 otherwise).')
    .consumes('multipart/form-data')
    .converters((registry) => registry.replace('multipart', AVATAR_FORM))
    .body(Multipart)
    .limit(AVATAR_LIMIT + 16 * 1024)
    .surrogateKeys(USERS_KEY)
    .surrogateKeys(userKey)
    .etag(hook)
    .handle(async (ctx) => {
      const file = ctx.body.file('avatar');
      if (file === undefined) throw new BadRequest("The form has no 'avatar' file", { type: ProblemType.invalidBody });
      return put(ctx.path.id, avatarType(file.mediaType), await file.bytes(), ctx.validators);
    });

  api
    .get(path)
    .summary("A user's avatar")
    .description('With `;v=` the current version (the link in the user\'s representation), the answer never changes: `Cache-Control: max-age=31536000, immutable` and `Expires` a year ahead (RFC 8246); any other version is 404. Without it, `no-cache`.')
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
