import type { CurrentUser, } from '../../../contract/auth';
import type { StaffUser } from '../../../contract/users';
import type { User } from '../../db/models/user';

/** The signed-in person: never a hash or token version. */
export function presentCurrentUser(user: User): CurrentUser {
  return { _id: user.id, name: user.name, email: user.email, access: user.access, services: user.services ?? [] };
}

/** A staff account as managers see it. */
export function presentStaffUser(user: User): StaffUser {
  return {
    ...presentCurrentUser(user),
    active: user.active,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
