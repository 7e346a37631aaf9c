import { SequelizeStorage, Umzug } from 'umzug';
import type { QueryInterface } from 'sequelize';
import * as core from './migrations/001-core';
import * as enrolments from './migrations/002-enrolments';
import * as clients from './migrations/003-clients';
import * as translations from './migrations/005-translations';
import * as site from './migrations/006-site';
import * as notifications from './migrations/007-notifications';
import * as speedIndexes from './migrations/008-speed-indexes';
import * as caseloadIndex from './migrations/009-caseload-index';
import * as noteServices from './migrations/012-note-services';
import * as storedAnswers from './migrations/013-stored-answers-keep-ids';
import * as retention from './migrations/014-retention';
import * as publishing from './migrations/015-publishing';
import * as whanau from './migrations/016-whanau';
import * as fieldHistory from './migrations/017-field-history';
import * as phoneLastDigits from './migrations/018-phone-last-digits';
import * as publicTexts from './migrations/020-public-texts';
import * as reports from './migrations/022-reports';
import * as reportTables from './migrations/023-report-tables';
import * as derivedColumns from './migrations/024-derived-columns-rewritten';
import * as whanauNotesService from './migrations/025-whanau-notes-service';
import * as writtenAt from './migrations/027-written-at';
import * as merges from './migrations/030-merges';
import * as imports from './migrations/031-imports';
import * as revisionAuthors from './migrations/032-revision-authors';
import * as whanauApp from './migrations/034-whanau-app';
import * as whanauVoice from './migrations/035-whanau-voice';
import * as privacyRequests from './migrations/036-privacy-requests';
import * as outcomeRatings from './migrations/037-outcome-ratings';
import * as importRowCounts from './migrations/038-import-row-counts';
import * as reportCardIndexes from './migrations/039-report-card-indexes';
import { enableWal, sequelize } from './sequelize';

type Migration = { up(params: { context: QueryInterface }): Promise<void>; down(params: { context: QueryInterface }): Promise<void> };

/** Every migration in order. Listed by hand so the set is the same under tsx, tests and a bundle. */
const migrations: [string, Migration][] = [
  ['001-core', core],
  ['002-enrolments', enrolments],
  ['003-clients', clients],
  ['005-translations', translations],
  ['006-site', site],
  ['007-notifications', notifications],
  ['008-speed-indexes', speedIndexes],
  ['009-caseload-index', caseloadIndex],
  ['012-note-services', noteServices],
  ['013-stored-answers-keep-ids', storedAnswers],
  ['014-retention', retention],
  ['015-publishing', publishing],
  ['016-whanau', whanau],
  ['017-field-history', fieldHistory],
  ['018-phone-last-digits', phoneLastDigits],
  ['020-public-texts', publicTexts],
  ['022-reports', reports],
  ['023-report-tables', reportTables],
  ['024-derived-columns-rewritten', derivedColumns],
  ['025-whanau-notes-service', whanauNotesService],
  ['027-written-at', writtenAt],
  ['030-merges', merges],
  ['031-imports', imports],
  ['032-revision-authors', revisionAuthors],
  ['034-whanau-app', whanauApp],
  ['035-whanau-voice', whanauVoice],
  ['036-privacy-requests', privacyRequests],
  ['037-outcome-ratings', outcomeRatings],
  ['038-import-row-counts', importRowCounts],
  ['039-report-card-indexes', reportCardIndexes],
];

const umzug = new Umzug({
  migrations: migrations.map(([name, migration]) => ({ name, up: migration.up, down: migration.down })),
  context: sequelize.getQueryInterface(),
  storage: new SequelizeStorage({ sequelize, tableName: 'migrations' }),
  logger: undefined,
});

/** Brings the database up to date; safe to run on every start. */
export async function migrate(): Promise<void> {
  await enableWal(sequelize);
  await umzug.up();
}
