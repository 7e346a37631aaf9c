import type { CurrentUser } from '@contract/auth';
import { serviceKeys } from '@contract/enrolments';
import { limits } from '@contract/limits';
import type { FollowUpKaimahi } from './components/add-follow-up-form';

/** The signed-in person as the follow-up screens need them: a manager may assign to the kaimahi of every service, a kaimahi to those of their own. */
export function kaimahiOf(user: CurrentUser | null, access: number): FollowUpKaimahi | null {
  if (!user) return null;
  return { _id: user._id, name: user.name, services: access >= limits.managerAccess ? serviceKeys : user.services };
}
