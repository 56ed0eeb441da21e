import { ROLES, type Role, type User } from '../model/user';
import { compareIds } from './id-order';
import { SortedList } from './sorted-list';
import type { Versioned } from './store';

/** In listing order (`idSortKey`): numeric ids in numeric order, then the others. */
export function byId(a: Versioned<User>, b: Versioned<User>): number {
  return compareIds(a.value.id, b.value.id);
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
