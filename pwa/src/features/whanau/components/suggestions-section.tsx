import { useEffect, useState, type FormEvent } from 'react';
import type { GoalSuggestion } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { isWaiting, type ShownWhanau, type WhanauItem } from '../offline/whanau-items';
import { queueSuggestionAccepted, queueSuggestionDeclined } from '../offline/whanau-writes';
import { areaLabel, nzDateTime } from './labels';
import { GoalForm } from './goal-form';

type SuggestionsProps = {
  whanau: ShownWhanau;
  suggestions: readonly GoalSuggestion[];
  /** The kaimahi's whānau writes, for answers saved here and not yet sent. */
  items: readonly WhanauItem[];
  services: readonly string[];
};

/** Goals the whānau suggested from their app: "Add to the plan", or decline with a reply they see. */
export function SuggestionsSection({ whanau, suggestions, items, services }: SuggestionsProps) {
  const t = useT();
  const [answering, setAnswering] = useState<{ id: string; how: 'accept' | 'decline' } | null>(null);
  const [message, setMessage] = useState('');
  const answered = suggestions.filter((suggestion) => suggestion.status !== 'new').length;
  // Once the server has the answer, the suggestion itself says so.
  useEffect(() => setMessage(''), [answered]);
  const answerOf = (id: string) => items.find((item) => item.kind === 'suggestion.answer' && item.entityId === id && isWaiting(item));
  return (
    <section className="whanau-card whanau-noprint" aria-labelledby="suggestions-heading" data-testid="suggestions">
      <h2 id="suggestions-heading">{t('whanau.voice.suggestions')}</h2>
      <p className="whanau-status" role="status">
        {message}
      </p>
      {suggestions.length === 0 ? (
        <p className="whanau-muted">{t('whanau.voice.noSuggestions')}</p>
      ) : (
        <ul className="whanau-plain-list">
          {suggestions.map((suggestion) => {
            const waiting = answerOf(suggestion._id);
            const open = suggestion.status === 'new' && !waiting;
            return (
              <li key={suggestion._id} data-testid="suggestion">
                <p className="whanau-contact__summary">{suggestion.text}</p>
                <p className="whanau-muted">
                  {suggestion.area && <>{plainText(t(areaLabel[suggestion.area]))} · </>}
                  {t('whanau.voice.byWhen', { name: suggestion.memberName, date: nzDateTime(suggestion.createdAt) })}
                </p>
                {waiting && <p className="whanau-saved">{t(`whanau.state.${waiting.status}`)}</p>}
                {suggestion.status === 'accepted' && <p className="whanau-voice-answer">{t('whanau.voice.accepted')}</p>}
                {suggestion.status === 'declined' && <p className="whanau-voice-answer">{t('whanau.voice.declined', { reply: suggestion.reply ?? '' })}</p>}
                {open && answering?.id !== suggestion._id && (
                  <div className="whanau-form__actions">
                    <Button size="sm" onClick={() => setAnswering({ id: suggestion._id, how: 'accept' })}>
                      {t('whanau.voice.addToPlan')}
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setAnswering({ id: suggestion._id, how: 'decline' })}>
                      {t('whanau.voice.decline')}
                    </Button>
                  </div>
                )}
                {open && answering?.id === suggestion._id && answering.how === 'accept' && (
                  <GoalForm
                    whanau={whanau}
                    services={services}
                    heading={t('whanau.voice.addToPlan')}
                    submitLabel={t('whanau.voice.addToPlan')}
                    initial={suggestion}
                    save={(goal) => queueSuggestionAccepted(suggestion._id, goal)}
                    onDone={(saved) => {
                      setAnswering(null);
                      if (saved) setMessage(t('whanau.voice.acceptSaved'));
                    }}
                  />
                )}
                {open && answering?.id === suggestion._id && answering.how === 'decline' && (
                  <DeclineForm
                    suggestion={suggestion}
                    onDone={(saved) => {
                      setAnswering(null);
                      if (saved) setMessage(t('whanau.voice.declineSaved'));
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const declineFields = ['reply'] as const;

/** Declined with a reply (required): the whānau sees it in their app. */
function DeclineForm({ suggestion, onDone }: { suggestion: GoalSuggestion; onDone: (saved: boolean) => void }) {
  const t = useT();
  const [reply, setReply] = useState('');
  const form = useFormErrors(declineFields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await form.send(() => queueSuggestionDeclined(suggestion._id, reply))) onDone(true);
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form whanau-form--inset" aria-label={t('whanau.voice.decline')}>
      <ErrorSummary state={form} />
      <TextArea
        label={t('whanau.voice.reply')}
        hint={t('whanau.voice.replyHint')}
        name="reply"
        rows={3}
        value={reply}
        error={form.errorOf('reply')}
        onChange={(event) => setReply(event.currentTarget.value)}
      />
      <div className="whanau-form__actions">
        <Button type="submit" disabled={form.saving}>
          {t('whanau.voice.sendDecline')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)}>
          {t('whanau.cancel')}
        </Button>
      </div>
    </form>
  );
}
