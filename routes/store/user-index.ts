import { ROLES, type Role, type User } from '../model/user';
import { SortedList } from './sorted-list';
import type { Versioned } from './store';

const ids = new Intl.Collator('en', { numeric: true });

/**
 * Numeric ids in numeric order, then the others. The collation finds `01` and `1` equal: their
 * code units decide then, so that two ids are equal only when they are the same id.
 */
export function byId(a: Versioned<User>, b: Versioned<User>): number {
  const x = a.value.id;
  const y = b.value.id;
  return ids.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);
}

/** In the order they were written: versions only grow. */
function byVersion(a: Versioned<User>, b: Versioned<User>): number {
  return a.version - b.version;
}

/**
 * The users in every order a listing reads them in, kept as they are written: by id, by id within
 * each role, and by when they last changed.
 */
export class UserIndex {
  readonly all = new SortedList(byId);
  readonly roles = new Map<Role, SortedList<Versioned<User>>>(ROLES.map((role) => [role, new SortedList(byId)]));
  readonly changed = new SortedList(byVersion);

  add(entry: Versioned<User>): void {
    this.all.insert(entry);
    this.roles.get(entry.value.role)!.insert(entry);
    this.changed.insert(entry);
  }

  remove(entry: Versioned<User>): void {
    this.all.remove(entry);
    this.roles.get(entry.value.role)!.remove(entry);
    this.changed.remove(entry);
  }

  clear(): void {
    this.all.clear();
    for (const list of this.roles.values()) list.clear();
    this.changed.clear();
  }

  /** The lists a query reads: every user's, or those of its roles. */
  listsFor(roles: ReadonlySet<Role> | undefined): SortedList<Versioned<User>>[] {
    return roles === undefined || roles.size === ROLES.length ? [this.all] : [...roles].map((role) => this.roles.get(role)!);
  }
}
