import { clientsSyncHandlers } from './features/clients/clients.sync';
import { enrolmentsSyncHandlers } from './features/enrolments/enrolments.sync';
import { withContactOutputsChecked } from './features/reports/outputs.sync';
import { whanauAppSyncHandlers } from './features/whanau-app/whanau-app.sync';
import { whanauSyncHandlers } from './features/whanau/whanau.sync';
import { registerSyncHandlers } from './lib/sync-handlers';

/**
 * Every kind `POST /api/sync` accepts, one line per feature that owns offline writes (decision
 * 075). A new kind is its feature's `<feature>.sync.ts` entry; a new feature adds its line here.
 */
export const syncHandlers = registerSyncHandlers(
  clientsSyncHandlers, // client.create, client.update, note.create, note.share
  enrolmentsSyncHandlers, // enrolment.update
  // contact.create checks its outputs against the service's outputs first (issue 23).
  { ...whanauSyncHandlers, 'contact.create': withContactOutputsChecked(whanauSyncHandlers['contact.create']!) }, // whanau.create, whanau.update, member.link, member.unlink, goal.create, goal.update, task.create, task.update, contact.create, note.correct
  whanauAppSyncHandlers, // suggestion.answer, rating.create (a linked phone's kinds: POST /api/whanau-app/sync)
);
