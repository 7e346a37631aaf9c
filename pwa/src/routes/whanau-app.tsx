import '../i18n/clients';
import '../i18n/whanau-app';
import { MemberApp } from '../features/whanau-app/components/member-app';
import './pages.css';

/** /whanau-app and /whanau-app/link: the whānau member's own app on a linked phone (issue 34). Not a staff route: no sign-in, its own PIN. */
export default function WhanauAppRoute() {
  return <MemberApp />;
}
