import type { CurrentUser } from '../../../contract/auth';
import type { User } from '../../db/models/user';

/** The signed-in person: never a hash or token version. */
export function presentCurrentUser(user: User): CurrentUser {
  return { _id: user.id, name: user.name, email: user.email, access: user.access, services: user.services ?? [] };
}
