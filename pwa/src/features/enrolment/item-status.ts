/**
 * What a person reads about one waiting enrolment (DESIGN §6: "Saved on this phone" →
 * "Sending…" → "Sent"). Pure, so the words are tested without a browser.
 */
import { isStuck, type OutboxOperation } from '../../lib/outbox';

export type ItemTone = 'waiting' | 'busy' | 'done' | 'problem';
export type ItemStatus = { tone: ItemTone; title: string; detail?: string };

/** A time of day as people in Aotearoa write it, e.g. "2:05 pm". */
export function formatTime(ms: number): string {
  return new Intl.DateTimeFormat('en-NZ', { hour: 'numeric', minute: '2-digit' }).format(ms);
}

/** A date and time, e.g. "20 Nov 2026, 2:05 pm". */
export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(ms);
}

export const savedOfflineText = 'Saved on this phone — it will be sent when you are back online';

export const rateLimitedText = 'Lots of people are enrolling from here right now. We will send it shortly; you do not need to do anything.';

export function describeItem(operation: OutboxOperation, options: { online: boolean }): ItemStatus {
  const error = operation.lastError;
  switch (operation.state) {
    case 'done':
      return { tone: 'done', title: 'Sent' };
    case 'sending':
      return { tone: 'busy', title: 'Sending…' };
    case 'pending': {
      if (isStuck(operation)) {
        return {
          tone: 'problem',
          title: 'Saved on this phone — not sent yet',
          detail: `We have tried ${operation.attempts} times and will keep trying. Check your connection, then press “Send now”.`,
        };
      }
      if (!options.online || error?.status === 0) return { tone: 'waiting', title: savedOfflineText };
      // Many enrolments from one place (a sign-up day on shared Wi-Fi): not a problem for the person.
      if (error?.status === 429) return { tone: 'waiting', title: 'Saved on this phone', detail: rateLimitedText };
      if (error) {
        return {
          tone: 'waiting',
          title: 'Saved on this phone',
          detail: `The server could not take it just now; we will try again at ${formatTime(operation.nextAttemptAt)}.`,
        };
      }
      return { tone: 'waiting', title: 'Saved on this phone' };
    }
    case 'needs_auth':
      return { tone: 'problem', title: 'Sign in again to send this', detail: 'It stays on this phone until you do.' };
    case 'conflict':
      return { tone: 'problem', title: 'Someone else changed this record', detail: 'Choose which version to keep.' };
    case 'rejected':
      return {
        tone: 'problem',
        title: error?.status === 409 ? 'Not accepted' : 'Please check the details',
        detail: error?.errors.map((item) => item.msg).join(' ') || 'The server did not accept it.',
      };
  }
}
