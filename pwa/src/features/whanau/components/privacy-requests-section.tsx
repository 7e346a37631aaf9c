import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { privacyOutcomes, type PrivacyRequestRecord } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { QueryState } from '../../../components/manage/query-state';
import { Pager } from '../../../components/pager';
import { TextArea } from '../../../components/text-area';
import { formatDate, type MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { nzTimeZone } from '../../../lib/nz-time';
import { privacyRequestsPageSize, useAnswerPrivacyRequest, usePrivacyRequests } from '../api/privacy-requests';
import { nzDateTime } from './labels';
import './whanau.css';

/** The id of the section, so the dashboard's count of overdue requests can link to it. */
export const privacyRequestsAnchor = 'privacy-requests';

const kindLabel = {
  access: 'manage.privacyRequests.kind.access',
  correction: 'manage.privacyRequests.kind.correction',
} as const satisfies Record<PrivacyRequestRecord['kind'], MessageKey>;

const outcomeLabel = {
  copy_given: 'manage.privacyRequests.outcome.copy_given',
  corrected: 'manage.privacyRequests.outcome.corrected',
  refused: 'manage.privacyRequests.outcome.refused',
} as const satisfies Record<(typeof privacyOutcomes)[number], MessageKey>;

/** A day (YYYY-MM-DD) as words, the same day wherever the device is. */
const day = (on: string) => formatDate(on, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * Managers' list of Privacy Act requests from the whānau app (IPP 6 copies, IPP 7 corrections):
 * open ones by due date with the overdue ones first and marked, then answered ones; each answered
 * here with what was done (a refusal with its reason).
 */
export function PrivacyRequestsSection() {
  const t = useT();
  const [page, setPage] = useState(1);
  const requests = usePrivacyRequests(page);
  const ref = useRef<HTMLElement>(null);
  const loaded = requests.data !== undefined;
  // Opened from the dashboard's count: the list, not the statement above it.
  useEffect(() => {
    if (loaded && window.location.hash === `#${privacyRequestsAnchor}`) ref.current?.scrollIntoView();
  }, [loaded]);
  return (
    <section
      ref={ref}
      className="manage-card privacy-requests-card"
      id={privacyRequestsAnchor}
      aria-labelledby="privacy-requests-heading"
      data-testid="privacy-requests"
    >
      <h2 id="privacy-requests-heading">{t('manage.privacyRequests.title')}</h2>
      <p className="whanau-muted">{t('manage.privacyRequests.lead')}</p>
      <QueryState query={requests}>
        {(found) =>
          found.items.length === 0 ? (
            <p className="whanau-muted">{t('manage.privacyRequests.none')}</p>
          ) : (
            <>
              <ul className="whanau-plain-list privacy-requests">
                {found.items.map((request) => (
                  <PrivacyRequestItem key={request._id} request={request} />
                ))}
              </ul>
              <Pager
                page={found.page}
                pageSize={privacyRequestsPageSize}
                total={found.total}
                onPage={setPage}
                label={t('manage.privacyRequests.pages')}
                words={{ previous: 'manage.privacyRequests.previous', next: 'manage.privacyRequests.next', where: 'manage.privacyRequests.pageOf' }}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function PrivacyRequestItem({ request }: { request: PrivacyRequestRecord }) {
  const t = useT();
  const [answering, setAnswering] = useState(false);
  return (
    <li className={request.overdue ? 'privacy-request privacy-request--overdue' : 'privacy-request'} data-testid="privacy-request">
      <p className="privacy-request__head">
        <strong>{t(kindLabel[request.kind])}</strong>
        {request.clientName && <span> · {request.clientName}</span>}
        {request.overdue && <span className="privacy-request__overdue">{t('manage.privacyRequests.overdue')}</span>}
        {request.status === 'answered' && <span className="whanau-chip">{t('manage.privacyRequests.answered')}</span>}
      </p>
      <p className="whanau-muted">
        {t('manage.privacyRequests.received', { date: formatDate(request.receivedAt, { dateStyle: 'medium', timeZone: nzTimeZone }) })} ·{' '}
        <span className={request.overdue ? 'privacy-request__due' : undefined}>{t('manage.privacyRequests.due', { date: day(request.dueOn) })}</span>
      </p>
      <p className="whanau-contact__summary">{request.text}</p>
      <p>
        <Link to={staffPaths.client(request.clientId)}>
          {request.clientName ? t('manage.privacyRequests.openClientNamed', { name: request.clientName }) : t('manage.privacyRequests.openClient')}
        </Link>
      </p>
      {request.status === 'answered' && request.outcome && (
        <p className="whanau-voice-answer">
          {t('manage.privacyRequests.answeredWith', {
            outcome: t(outcomeLabel[request.outcome]),
            date: request.answeredAt ? nzDateTime(request.answeredAt) : '',
          })}
          {request.answer && <> {request.answer}</>}
        </p>
      )}
      {request.status === 'new' &&
        (answering ? (
          <AnswerForm request={request} onDone={() => setAnswering(false)} />
        ) : (
          <Button size="sm" variant="outline" onClick={() => setAnswering(true)}>
            {t('manage.privacyRequests.answer')}
          </Button>
        ))}
    </li>
  );
}

const answerFields = ['outcome', 'answer'] as const;

/** What was done: a copy given (from the client's export), the correction made, or a refusal with its reason. */
function AnswerForm({ request, onDone }: { request: PrivacyRequestRecord; onDone: () => void }) {
  const t = useT();
  const answer = useAnswerPrivacyRequest();
  const [outcome, setOutcome] = useState<(typeof privacyOutcomes)[number] | ''>('');
  const [text, setText] = useState('');
  const form = useFormErrors(answerFields);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.clear();
    const own: Record<string, string[]> = {};
    if (!outcome) own.outcome = [t('manage.privacyRequests.chooseOutcome')];
    if (outcome === 'refused' && !text.trim()) own.answer = [t('manage.privacyRequests.giveReason')];
    if (!outcome || Object.keys(own).length > 0) {
      form.show([], own);
      return;
    }
    if (await form.send(() => answer.mutateAsync({ id: request._id, outcome, ...(text.trim() ? { answer: text } : {}) }))) onDone();
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form whanau-form--inset" aria-label={t('manage.privacyRequests.answer')}>
      <ErrorSummary state={form} />
      <fieldset className="whanau-choice" aria-invalid={form.errorOf('outcome') ? true : undefined}>
        <legend>{t('manage.privacyRequests.whatWasDone')}</legend>
        {privacyOutcomes.map((value) => (
          <label key={value}>
            <input type="radio" name="outcome" value={value} checked={outcome === value} onChange={() => setOutcome(value)} /> {t(outcomeLabel[value])}
          </label>
        ))}
        {form.errorOf('outcome') && <p className="field__error">{form.errorOf('outcome')}</p>}
      </fieldset>
      <TextArea
        label={outcome === 'refused' ? t('manage.privacyRequests.reason') : t('manage.privacyRequests.note')}
        name="answer"
        rows={3}
        value={text}
        error={form.errorOf('answer')}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <div className="whanau-form__actions">
        <Button type="submit" disabled={answer.isPending}>
          {t('manage.privacyRequests.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('manage.privacyRequests.cancel')}
        </Button>
      </div>
    </form>
  );
}
