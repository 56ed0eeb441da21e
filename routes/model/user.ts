import { z } from 'zod';
import { plainText } from './text';

/** The roles a user can have. */
export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The fields a client may set. */
const userFields = {
  name: plainText(200),
  email: z.email().max(254),
  role: z.enum(ROLES),
};

/**
 * A user as a client sends it (POST, PUT): the id comes from the URI (PUT) or the server (POST);
 * an `id` in the body is allowed when it agrees. Unknown members are dropped.
 */
export const userInputSchema = z.object({
  id: z.string().optional().describe('Optional. PUT: must be the id in the URI (400 otherwise). POST: ignored, the server names the user.'),
  ...userFields,
});

/** A user's writable fields after a patch: unknown members are an error. */
export const patchedUserSchema = z.strictObject(userFields);

/** A stored user. */
export interface User {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
}

/** The fields of a user's representation, for the `fields` matrix variable. */
export const USER_FIELDS = ['id', 'name', 'email', 'role', 'avatar'] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** A user's representation: the stored fields, plus the link to the current avatar when there is one. */
export interface UserView extends User {
  readonly avatar?: string;
}

/** The users a new store starts with: three of each role, ids 1 to 9. */
export function seedUsers(): User[] {
  const people: [string, Role][] = [
    ['Ada Lovelace', 'admin'],
    ['Grace Hopper', 'admin'],
    ['Alan Turing', 'admin'],
    ['Edsger Dijkstra', 'editor'],
    ['Barbara Liskov', 'editor'],
    ['Donald Knuth', 'editor'],
    ['Margaret Hamilton', 'viewer'],
    ['Ken Thompson', 'viewer'],
    ['Frances Allen', 'viewer'],
  ];
  return people.map(([name, role], index) => ({
    id: String(index + 1),
    name,
    email: `${name.split(' ')[1]!.toLowerCase()}@example.org`,
    role,
  }));
}
