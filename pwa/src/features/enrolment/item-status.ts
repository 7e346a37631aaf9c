/**
 * What a person reads about one waiting enrolment (DESIGN §6: "Saved on this phone" →
 * "Sending…" → "Sent"). Pure, so the words are tested without a browser.
 */
import { formatDate, translate } from '../../i18n/i18n';
import '../../i18n/pages';
import { isStuck, type OutboxOperation } from '../../lib/outbox';

export type ItemTone = 'waiting' | 'busy' | 'done' | 'problem';
export type ItemStatus = { tone: ItemTone; title: string; detail?: string };

/** A time of day in the chosen language, e.g. "2:05 pm". */
export function formatTime(ms: number): string {
  return formatDate(ms, { hour: 'numeric', minute: '2-digit' });
}

/** A date and time in the chosen language, e.g. "20 Nov 2026, 2:05 pm". */
export function formatDateTime(ms: number): string {
  return formatDate(ms, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The line for an enrolment saved with no signal, in the chosen language. */
export const savedOfflineText = (): string => translate('status.savedOffline');

/** The line for an enrolment the server asked to wait (429): it will go by itself. */
export const rateLimitedText = (): string => translate('status.rateLimited');

export function describeItem(operation: OutboxOperation, options: { online: boolean }): ItemStatus {
  const error = operation.lastError;
  switch (operation.state) {
    case 'done':
      return { tone: 'done', title: translate('status.sent') };
    case 'sending':
      return { tone: 'busy', title: translate('status.sending') };
    case 'pending': {
      if (isStuck(operation)) {
        return {
          tone: 'problem',
          title: translate('status.stuck'),
          detail: translate('status.stuckDetail', { count: operation.attempts }),
        };
      }
      if (!options.online || error?.status === 0) return { tone: 'waiting', title: savedOfflineText() };
      // Many enrolments from one place (a sign-up day on shared Wi-Fi): not a problem for the person.
      if (error?.status === 429) return { tone: 'waiting', title: translate('status.saved'), detail: rateLimitedText() };
      if (error) {
        return {
          tone: 'waiting',
          title: translate('status.saved'),
          detail: translate('status.retryAt', { time: formatTime(operation.nextAttemptAt) }),
        };
      }
      return { tone: 'waiting', title: translate('status.saved') };
    }
    case 'needs_auth':
      return { tone: 'problem', title: translate('status.needsAuth'), detail: translate('status.needsAuthDetail') };
    case 'conflict':
      return { tone: 'problem', title: translate('status.conflict'), detail: translate('status.conflictDetail') };
    case 'rejected':
      return {
        tone: 'problem',
        title: error?.status === 409 ? translate('status.notAccepted') : translate('status.checkDetails'),
        // The server's own words for now; shown by error code in the chosen language once the codes land.
        detail: error?.errors.map((item) => item.msg).join(' ') || translate('status.refused'),
      };
  }
}
