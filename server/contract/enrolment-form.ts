/**
 * What the enrolment form shows and offers, without zod: the form's page carries these, and
 * checks with the schema (enrolments.ts) only when the person sends.
 */

/**
 * What the enrolment form tells people before they agree (Privacy Act 2020, principle 3:
 * who holds the information, why, who sees it, that giving it is their choice, and their
 * rights to see and correct it). Each enrolment stores the version its person agreed to.
 *
 * This is the first version: the server stores it on its first start, and from then on managers
 * edit the statement at /manage/privacy, in English and te reo Māori; each change of wording is
 * published under a new version (`GET /api/content/privacy`). The form shows this one only when
 * it has no signal and no copy of the published one yet.
 */
export const collectionStatement = {
  version: '2026-11-24',
  text: [
    'The trust that runs this website collects the details on this form, and the trust holds them. ' +
      'We use them to contact you about the service you are enrolling in, and to provide that service ' +
      'to you and your whānau.',
    'Only the trust’s kaimahi (staff) who work on that service see your details. We do not sell them ' +
      'or pass them on to anyone else, unless you agree or the law requires it.',
    'We keep your details securely, and only for as long as we need them for these purposes.',
    'Giving us your details is your choice, but we need your name and a way to contact you to enrol ' + 'you.',
    'Under the Privacy Act 2020 you can ask to see the information we hold about you, and ask us to ' +
      'correct it. To do this, or if you have a question or concern, contact the trust’s privacy ' +
      'officer: how to reach them is on the Contact page of this website.',
  ],
} as const;

/**
 * Wordings published before the current one. An enrolment filled in under one of them (it may
 * have waited on a phone with no signal while the wording changed) was agreed to as it read then,
 * and is accepted with that version stored beside it. 2026-11-01 named an example address for
 * the privacy officer; the trust's own details now live in its site settings.
 */
export const earlierStatementVersions = ['2026-11-01'] as const;

/**
 * The versions this release was built with, newest first: what the staff consent form offers
 * when the device has no copy yet of the versions the server published (`GET
 * /api/content/privacy`'s `versions`, kept with the kaimahi's caseload, decision 107). The server
 * accepts every version it stored, on enrolments and consents alike.
 */
export const publishedStatementVersions = [collectionStatement.version, ...earlierStatementVersions] as const;
export type StatementVersion = (typeof publishedStatementVersions)[number];

export const contactMethods = ['phone', 'email', 'text'] as const;
export type ContactMethod = (typeof contactMethods)[number];

/** A version name: the New Zealand date it was published, with `.2`, `.3` … for a second change that day. */
export const statementVersionPattern = /^\d{4}-\d{2}-\d{2}(\.\d{1,3})?$/;

/**
 * `GET /api/content/privacy`: the statement as published now, in English and (when written) te
 * reo Māori, and every version an enrolment may name, newest first.
 */
export type PrivacyStatement = { version: string; en: string[]; mi: string[] | null; publishedAt: string | null; versions: string[] };
