/**
 * Every kind of offline write the app carries, one line per feature (DESIGN §6, decision 074).
 * The page's outbox and the service worker's both take this registry; a new kind is defined in
 * its feature and added here, and nothing in lib/outbox changes.
 */
import { clientOfflineKinds } from './features/clients/offline/kinds';
import { enrolmentOfflineKinds } from './features/enrolment/offline/enrolment-kind';
import { followUpOfflineKinds } from './features/follow-ups/offline/kinds';
import { whanauOfflineKinds } from './features/whanau/offline/kinds';
import { createOutboxRegistry } from './lib/outbox';

export const offlineKinds = createOutboxRegistry([...enrolmentOfflineKinds, ...clientOfflineKinds, ...whanauOfflineKinds, ...followUpOfflineKinds]);
