import { BadRequest, NotFound, ProblemType } from '../../src';
import { USER_FIELDS, type User, type UserField, type UserView } from '../model/user';
import type { AvatarStore, UserStore, Versioned } from '../store/store';

/** The structured media types of the bookcase and the users, in the server's order: JSON first. */
export const STRUCTURED = ['application/json', 'application/xml'] as const;

/** The media types a bookcase or a user may be sent as. */
export const READABLE = ['application/json', 'application/xml', 'text/xml'] as const;

/**
 * A user id in a path: unreserved URI characters (RFC 3986 section 2.3), so that an id is its own
 * path segment, and not `.` or `..` (dot-segments, RFC 3986 section 5.2.4): at least one character
 * that is not a dot. Written without look-around or `\w` (which Rust and Go read as Unicode), so
 * that ECMA-262 and the common engines read it alike, and without nested quantifiers.
 * `search`, `feed` and `events` are never ids: the router keeps a literal sub-resource's name out
 * of the placeholder beside it, and the OpenAPI document says so (`not: { enum }`).
 */
export const USER_ID_PATTERN = '\\.*[A-Za-z0-9_~-][A-Za-z0-9_.~-]*';

/** The immutable URL of one version of a user's avatar. */
export function avatarUrl(userId: string, version: number): string {
  return `/users/${userId}/avatar;v=${version}`;
}

/** A user's representation: the stored fields, and a link to the current avatar when there is one. */
export async function viewOf(entry: Versioned<User>, avatars: AvatarStore): Promise<UserView> {
  const avatar = await avatars.get(entry.value.id);
  return avatar === undefined ? { ...entry.value } : { ...entry.value, avatar: avatarUrl(entry.value.id, avatar.version) };
}

/** The representations of several users, in order. */
export function viewsOf(entries: readonly Versioned<User>[], avatars: AvatarStore): Promise<UserView[]> {
  return Promise.all(entries.map((entry) => viewOf(entry, avatars)));
}

/**
 * A list of users as the negotiated type writes it best: a JSON array, or for XML an object whose
 * repeated `user` member becomes `<users><user>...</user><user>...</user></users>` (with the
 * route's `.xmlRoot('users')`) instead of a wrapper of `<item>` elements.
 */
export function listBody(users: readonly UserView[], mediaType: string | undefined): unknown {
  return mediaType === 'application/xml' ? { user: users } : users;
}

/**
 * The `fields` matrix variable (`/users/7;fields=name,email`): the representation with only those
 * members, in the order asked. An unknown field answers 400 naming it.
 */
export function project(view: UserView, fields: readonly string[] | undefined): Partial<Record<UserField, string>> {
  if (fields === undefined || fields.length === 0) return view;
  const projected: Partial<Record<UserField, string>> = {};
  for (const field of checkFields(fields)) {
    const value = view[field];
    if (value !== undefined) projected[field] = value;
  }
  return projected;
}

/**
 * The values of a matrix variable, or 400 naming the first one not among `known` (`noun`: what
 * one is, for the detail). A `.etag()` hook checks them too: a 304 must not answer a request whose
 * answer would be a 400.
 */
export function knownMatrixValues<T extends string>(variable: string, noun: string, values: readonly string[] | undefined, known: readonly T[]): readonly T[] | undefined {
  if (values === undefined) return undefined;
  const unknown = values.find((value) => !(known as readonly string[]).includes(value));
  if (unknown !== undefined) {
    throw new BadRequest(`Unknown ${noun} '${unknown}' in matrix variable '${variable}'; the ${noun}s are ${known.join(', ')}`, {
      type: ProblemType.invalidMatrixVariable,
      extensions: { variable, value: unknown },
    });
  }
  return values as readonly T[];
}

/** The fields a `fields` matrix variable names, or 400 naming the first unknown one. */
export function checkFields(fields: readonly string[] | undefined): readonly UserField[] {
  return knownMatrixValues('fields', 'field', fields, USER_FIELDS) ?? [];
}

/** The 404 of a user that does not exist. */
export function noSuchUser(id: string): NotFound {
  return new NotFound(`No user '${id}'`);
}

/** The stored user, or the 404 of {@link noSuchUser}. */
export async function existingUser(users: UserStore, id: string): Promise<Versioned<User>> {
  const entry = await users.get(id);
  if (entry === undefined) throw noSuchUser(id);
  return entry;
}
