import { NotFound } from '../../src';
import type { User, UserField, UserView } from '../model/user';
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
 * members, in the order asked. The binding enumerates them (`values: USER_FIELDS`): an unknown
 * field is a 400 before anything else, and the API description lists them.
 */
export function project(view: UserView, fields: readonly UserField[] | undefined): Partial<Record<UserField, string>> {
  if (fields === undefined || fields.length === 0) return view;
  const projected: Partial<Record<UserField, string>> = {};
  for (const field of fields) {
    const value = view[field];
    if (value !== undefined) projected[field] = value;
  }
  return projected;
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
