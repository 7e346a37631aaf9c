// The app has one notion of "online" (lib/connectivity.ts); the enrolment screens use it too.
export { useOnline } from '../../../lib/use-online';
