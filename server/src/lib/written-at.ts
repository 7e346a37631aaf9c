import { writtenAtLimits } from '../../contract/common';
import { getConfig } from '../config';
import type { Actor } from './audit';
import { badRequest } from './errors';
import { now } from './clock';

/**
 * When a record was written on the device (DESIGN §6, decision 114). A queued operation carries
 * it (`writtenAt`); the record keeps it beside `createdAt`, when the server received it.
 *
 * Refused (400, `param: 'writtenAt'`): a time more than `writtenAtLimits.aheadMaxMs` ahead of the
 * server's clock, and one older than the server keeps the record of an operation
 * (`STORED_ANSWER_DAYS`, decision 087): past that, a resend is no longer known to be one, so
 * exactly-once cannot be promised for it.
 */
export function checkWrittenAt(sent: string, at: number = now()): Date {
  const written = new Date(sent);
  if (written.getTime() > at + writtenAtLimits.aheadMaxMs) {
    throw badRequest('Written at is in the future: check the date and time on the device', 'writtenAt', 'written_in_future');
  }
  const keptDays = getConfig().storedAnswerDays;
  if (written.getTime() < at - keptDays * 24 * 60 * 60_000) {
    throw badRequest(`Written at is more than ${keptDays} days ago, longer than the server keeps operations`, 'writtenAt', 'written_too_long_ago');
  }
  return written;
}

/** The actor of one write, carrying when it was written on the device when the request says so (checked). */
export function actingAt(actor: Actor, sent: string | undefined): Actor {
  return sent === undefined ? actor : { ...actor, writtenAt: checkWrittenAt(sent) };
}

/** When the actor's write was written: on the device, or now when it did not say. */
export function writtenAtOf(actor: Actor): Date {
  return actor.writtenAt ?? new Date(now());
}
