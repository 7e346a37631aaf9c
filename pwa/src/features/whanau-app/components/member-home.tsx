import { useState } from 'react';
import { serviceTitle } from '@contract/catalogue';
import type { SharedGoal, SharedStep, WhanauAppView } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../i18n/i18n';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import type { QueuedItem } from '../../../lib/outbox/read-items';
import { useOnline } from '../../../lib/use-online';
import { useMemberView } from '../offline/member-copy';
import { memberKinds, queueMemberWrite } from '../offline/member-kinds';
import { unlinkThisPhone } from '../offline/member-vault';
import { useMemberQueued } from '../offline/use-member-queued';
import { goalAreaWords, goalStatusWords, enrolmentStatusWords } from '../../../i18n/record-words';
import { CalendarButton } from './calendar-button';
import { CommentForm, DetailsSection, PrivacySection, RatingSection, SuggestSection } from './voice-forms';

/** What the member sees on their phone: only what a kaimahi shared, their own details and voice (DESIGN §4e). */
export function MemberHome() {
  const t = useT();
  const view = useMemberView();
  const queued = useMemberQueued();
  const online = useOnline();
  if (!view) return <Spinner label={t('whanauApp.loading')} />;
  const waiting = queued.filter((item) => item.state !== 'done');
  const name = view.member.preferredName || view.member.givenName;
  return (
    <>
      <PageHeader eyebrow={t('whanauApp.whanauOf', { name: view.whanau.name })} title={t('whanauApp.greeting', { name })}>
        {waiting.length > 0 && (
          <p className="member-waiting" role="status">
            {t('whanauApp.waiting', { count: waiting.length })}
          </p>
        )}
        {!online && <p className="member-note">{t('whanauApp.offlineCopy')}</p>}
      </PageHeader>
      <div className="container member-app member-home">
        <StepsSection steps={view.steps} queued={waiting} />
        <GoalsSection view={view} queued={waiting} />
        <SuggestSection view={view} queued={waiting} />
        <RatingSection view={view} queued={waiting} />
        <ServicesSection view={view} />
        <DetailsSection view={view} queued={waiting} />
        <PrivacySection view={view} queued={waiting} />
        <TrustSection view={view} />
        <UnlinkSection />
      </div>
    </>
  );
}

function StepsSection({ steps, queued }: { steps: SharedStep[]; queued: QueuedItem[] }) {
  const t = useT();
  const doneHere = new Set(queued.filter((item) => item.kind === memberKinds.stepDone.kind).map((item) => item.entityId));
  return (
    <section className="member-card" aria-labelledby="steps-heading">
      <h2 id="steps-heading">{t('whanauApp.steps.title')}</h2>
      {steps.length === 0 && <p className="member-note">{t('whanauApp.steps.none')}</p>}
      <ul className="member-list">
        {steps.map((step) => {
          const waiting = doneHere.has(step._id);
          return (
            <li key={step._id} className="member-item">
              <p className="member-item__text">{step.text}</p>
              <p className="member-item__meta">{t('whanauApp.steps.due', { date: formatDate(step.dueOn) })}</p>
              <div className="member-actions">
                {step.done || waiting ? (
                  <span className="member-tag member-tag--done">
                    {t('whanauApp.steps.done')}
                    {waiting && ` · ${t('whanauApp.waitingToSend')}`}
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void queueMemberWrite(memberKinds.stepDone, { payload: {}, entityId: step._id, label: 'Step done' })}
                  >
                    {t('whanauApp.steps.markDone')}
                  </Button>
                )}
                <CalendarButton stepId={step._id} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GoalsSection({ view, queued }: { view: WhanauAppView; queued: QueuedItem[] }) {
  const t = useT();
  return (
    <section className="member-card" aria-labelledby="goals-heading">
      <h2 id="goals-heading">{t('whanauApp.goals.title')}</h2>
      {view.goals.length === 0 && <p className="member-note">{t('whanauApp.goals.none')}</p>}
      <ul className="member-list">
        {view.goals.map((goal) => (
          <GoalItem key={goal._id} goal={goal} view={view} queued={queued} />
        ))}
      </ul>
    </section>
  );
}

function GoalItem({ goal, view, queued }: { goal: SharedGoal; view: WhanauAppView; queued: QueuedItem[] }) {
  const t = useT();
  const sent = view.voice.comments.filter((comment) => comment.goalId === goal._id);
  const waiting = queued.flatMap((item) => {
    const payload = item.kind === memberKinds.comment.kind ? (item.payload as { goalId: string; topic: 'done' | 'in_the_way'; text: string } | null) : null;
    return payload?.goalId === goal._id ? [{ _id: item._id, topic: payload.topic, text: payload.text }] : [];
  });
  return (
    <li className="member-item">
      <p className="member-item__eyebrow">
        <Rich id={goalAreaWords[goal.area]} />
      </p>
      <p className="member-item__text">{goal.text}</p>
      <p className="member-item__meta">
        <span className="member-tag">{t(goalStatusWords[goal.status])}</span>
        {goal.targetDate && ` ${t('whanauApp.goals.target', { date: formatDate(goal.targetDate) })}`}
      </p>
      {(sent.length > 0 || waiting.length > 0) && (
        <ul className="member-comments">
          {[...waiting.map((comment) => ({ ...comment, waiting: true })), ...sent.map((comment) => ({ ...comment, waiting: false }))].map((comment) => (
            <li key={comment._id}>
              <span className="member-comments__topic">{t(comment.topic === 'done' ? 'whanauApp.comment.done' : 'whanauApp.comment.inTheWay')}</span>
              {comment.text}
              {comment.waiting && <span className="member-tag"> {t('whanauApp.waitingToSend')}</span>}
            </li>
          ))}
        </ul>
      )}
      <CommentForm goalId={goal._id} />
    </li>
  );
}

function ServicesSection({ view }: { view: WhanauAppView }) {
  const t = useT();
  return (
    <section className="member-card" aria-labelledby="services-heading">
      <h2 id="services-heading">{t('whanauApp.services.title')}</h2>
      {view.enrolments.length === 0 && <p className="member-note">{t('whanauApp.services.none')}</p>}
      <ul className="member-list">
        {view.enrolments.map((enrolment) => (
          <li key={enrolment._id} className="member-item">
            <p className="member-item__text">{serviceTitle(enrolment.serviceKey)}</p>
            <p className="member-item__meta">
              <span className="member-tag">{t(enrolmentStatusWords[enrolment.status])}</span>{' '}
              {t('whanauApp.services.since', { date: formatDate(enrolment.receivedAt) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TrustSection({ view }: { view: WhanauAppView }) {
  const t = useT();
  const { name, phone, email, address, hours } = view.trust;
  const any = phone || email || address;
  return (
    <section className="member-card" aria-labelledby="trust-heading">
      <h2 id="trust-heading">{t('whanauApp.trust.title')}</h2>
      {!any && <p className="member-note">{t('whanauApp.trust.none')}</p>}
      {name && <p className="member-item__text">{name}</p>}
      {phone && (
        <p>
          <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
        </p>
      )}
      {email && (
        <p>
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      )}
      {address && <p>{address}</p>}
      {hours && <p className="member-note">{hours}</p>}
    </section>
  );
}

function UnlinkSection() {
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <section className="member-card" aria-labelledby="unlink-heading">
      <h2 id="unlink-heading">{t('whanauApp.unlink.title')}</h2>
      <p className="member-note">{t('whanauApp.unlink.lead')}</p>
      {asking ? (
        <div className="member-actions" role="alertdialog" aria-label={t('whanauApp.unlink.confirm')}>
          <p>{t('whanauApp.unlink.confirm')}</p>
          <Button variant="danger" onClick={() => void unlinkThisPhone()}>
            {t('whanauApp.unlink.yes')}
          </Button>
          <Button variant="ghost" onClick={() => setAsking(false)}>
            {t('whanauApp.unlink.no')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setAsking(true)}>
          {t('whanauApp.unlink.button')}
        </Button>
      )}
    </section>
  );
}
