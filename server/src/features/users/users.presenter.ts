import type { ServiceStaffMember, StaffUser } from '../../../contract/users';
import type { User } from '../../db/models/user';

/** A staff account as managers see it: never a hash or token version. */
export function presentStaffUser(user: User): StaffUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    access: user.access,
    services: user.services ?? [],
    active: user.active,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** A kaimahi as a follow-up form offers them: the name and nothing else. */
export function presentServiceStaffMember(user: User): ServiceStaffMember {
  return { _id: user.id, name: user.name };
}
