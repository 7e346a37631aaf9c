import { useState, type FormEvent, type ReactNode } from 'react';
import { goalAreas } from '@contract/whanau';
import { proposableFields, type ProposableField, type WhanauAppView } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { OutcomeRatingForm } from '../../../components/outcome-rating/rating-form';
import { SelectField } from '../../../components/select-field';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { plainText } from '../../../i18n/rich-text';
import { useT, type Translate } from '../../../i18n/use-t';
import type { QueuedItem } from '../../../lib/outbox/read-items';
import { memberKinds, queueMemberWrite } from '../offline/member-kinds';
import { goalAreaWords } from '../../../i18n/record-words';

/**
 * The member's own voice, each saved on the phone first and sent when there is signal: a comment
 * on a shared goal, a suggested goal, "How are we going?", a change to their details, and a
 * request about their information (DESIGN §4e).
 */
function useQueuedForm<Field extends string>(fields: readonly Field[]) {
  const errors = useFormErrors(fields);
  const [saved, setSaved] = useState(false);
  async function save(write: () => Promise<unknown>, after: () => void) {
    setSaved(false);
    if (await errors.send(write)) {
      after();
      setSaved(true);
    }
  }
  return { errors, saving: errors.saving, saved, save };
}

function Saved({ show, children }: { show: boolean; children: ReactNode }) {
  return show ? (
    <p className="member-saved" role="status">
      {children}
    </p>
  ) : null;
}

type Option<Value extends string> = { value: Value; label: string };

const topicOptions = (t: Translate): Option<'done' | 'in_the_way'>[] => [
  { value: 'done', label: t('whanauApp.comment.done') },
  { value: 'in_the_way', label: t('whanauApp.comment.inTheWay') },
];

const requestOptions = (t: Translate): Option<'access' | 'correction'>[] => [
  { value: 'access', label: t('whanauApp.privacy.access') },
  { value: 'correction', label: t('whanauApp.privacy.correction') },
];

/** What a comment and a request about one's information both ask: which of a few, then in your own words. */
function ChoiceAndText<Value extends string>({
  choice,
  text,
}: {
  choice: { name: string; label: string; value: Value; onChange: (value: Value) => void; options: Option<Value>[] };
  text: { label: string; rows: number; value: string; onChange: (value: string) => void; error: string | undefined };
}) {
  return (
    <>
      <SelectField
        label={choice.label}
        name={choice.name}
        value={choice.value}
        onChange={(event) => choice.onChange(choice.options.find((option) => option.value === event.target.value)?.value ?? choice.options[0]!.value)}
      >
        {choice.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextArea label={text.label} name="text" rows={text.rows} value={text.value} onChange={(event) => text.onChange(event.target.value)} error={text.error} />
    </>
  );
}

export function CommentForm({ goalId }: { goalId: string }) {
  const t = useT();
  const [topic, setTopic] = useState<'done' | 'in_the_way'>('done');
  const [text, setText] = useState('');
  const form = useQueuedForm(['topic', 'text'] as const);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save(
      () => queueMemberWrite(memberKinds.comment, { payload: { goalId, topic, text }, label: 'Comment' }),
      () => setText(''),
    );
  };
  return (
    <form className="member-form member-form--inline" onSubmit={submit} noValidate>
      <ErrorSummary state={form.errors} />
      <ChoiceAndText
        choice={{ name: 'topic', label: t('whanauApp.comment.topic'), value: topic, onChange: setTopic, options: topicOptions(t) }}
        text={{ label: t('whanauApp.comment.text'), rows: 2, value: text, onChange: setText, error: form.errors.errorOf('text') }}
      />
      <Button type="submit" size="sm" variant="outline" disabled={form.saving}>
        {t('whanauApp.comment.add')}
      </Button>
      <Saved show={form.saved}>{t('whanauApp.comment.saved')}</Saved>
    </form>
  );
}

export function SuggestSection({ view, queued }: { view: WhanauAppView; queued: QueuedItem[] }) {
  const t = useT();
  const [text, setText] = useState('');
  const [area, setArea] = useState('');
  const form = useQueuedForm(['text', 'area'] as const);
  const waiting = queued.filter((item) => item.kind === memberKinds.suggest.kind);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save(
      () =>
        queueMemberWrite(memberKinds.suggest, { payload: { text, ...(area ? { area: area as (typeof goalAreas)[number] } : {}) }, label: 'Suggested goal' }),
      () => {
        setText('');
        setArea('');
      },
    );
  };
  return (
    <section className="member-card" aria-labelledby="suggest-heading">
      <h2 id="suggest-heading">{t('whanauApp.suggest.title')}</h2>
      <form className="member-form" onSubmit={submit} noValidate>
        <ErrorSummary state={form.errors} />
        <TextArea
          label={t('whanauApp.suggest.text')}
          name="text"
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={form.errors.errorOf('text')}
        />
        <SelectField
          label={t('whanauApp.suggest.area')}
          name="area"
          value={area}
          onChange={(event) => setArea(event.target.value)}
          error={form.errors.errorOf('area')}
        >
          <option value="">{t('whanauApp.suggest.anyArea')}</option>
          {goalAreas.map((value) => (
            <option key={value} value={value}>
              {plainText(t(goalAreaWords[value]))}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={form.saving}>
          {t('whanauApp.suggest.send')}
        </Button>
        <Saved show={form.saved}>{t('whanauApp.suggest.saved')}</Saved>
      </form>
      {(waiting.length > 0 || view.voice.suggestions.length > 0) && (
        <>
          <h3>{t('whanauApp.suggest.yours')}</h3>
          <ul className="member-list">
            {waiting.map((item) => (
              <li key={item._id} className="member-item">
                <p className="member-item__text">{(item.payload as { text?: string } | null)?.text}</p>
                <p className="member-item__meta">
                  <span className="member-tag">{t('whanauApp.waitingToSend')}</span>
                </p>
              </li>
            ))}
            {view.voice.suggestions.map((suggestion) => (
              <li key={suggestion._id} className="member-item">
                <p className="member-item__text">{suggestion.text}</p>
                <p className="member-item__meta">
                  <span className={`member-tag${suggestion.status === 'accepted' ? ' member-tag--done' : ''}`}>
                    {suggestion.status === 'new'
                      ? t('whanauApp.suggest.new')
                      : suggestion.status === 'accepted'
                        ? t('whanauApp.suggest.accepted')
                        : t('whanauApp.suggest.declined', { reply: suggestion.reply ?? '' })}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function RatingSection({ view, queued }: { view: WhanauAppView; queued: QueuedItem[] }) {
  const t = useT();
  // Open until the first answer (the member answers when linking); after that, one tap away.
  const answered = view.voice.ratings.length > 0 || queued.some((item) => item.kind === memberKinds.rating.kind);
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <section className="member-card" aria-labelledby="rating-heading">
      <h2 id="rating-heading">{t('voice.title')}</h2>
      {opened || !answered ? (
        <OutcomeRatingForm
          onSave={async (rating) => void (await queueMemberWrite(memberKinds.rating, { payload: rating, label: 'How are we going?' }))}
          onSaved={() => {
            setOpened(false);
            setSaved(true);
          }}
        />
      ) : (
        <div className="member-actions">
          <Button
            variant="outline"
            onClick={() => {
              setSaved(false);
              setOpened(true);
            }}
          >
            {t('whanauApp.voice.again')}
          </Button>
        </div>
      )}
      <Saved show={saved}>{t('voice.saved')}</Saved>
      {view.voice.ratings.length > 0 && (
        <>
          <h3>{t('whanauApp.voice.past')}</h3>
          <ul className="member-list">
            {view.voice.ratings.map((rating) => (
              <li key={rating._id} className="member-item">
                <p className="member-item__meta">
                  {formatDate(rating.on)} · {t('whanauApp.voice.by', { name: rating.byName })}
                </p>
                <p className="member-scores">
                  {Object.entries(rating.ratings).map(([outcome, score]) => (
                    <span key={outcome} className="member-score" title={t(`voice.outcome.${outcome as keyof typeof rating.ratings}`)}>
                      {score}
                    </span>
                  ))}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const detailWords = {
  phone: 'whanauApp.details.phone',
  email: 'whanauApp.details.email',
  address: 'whanauApp.details.address',
  suburb: 'whanauApp.details.suburb',
} as const satisfies Record<ProposableField, string>;

export function DetailsSection({ view, queued }: { view: WhanauAppView; queued: QueuedItem[] }) {
  const t = useT();
  const [changing, setChanging] = useState(false);
  const [values, setValues] = useState<Record<ProposableField, string>>({ phone: '', email: '', address: '', suburb: '' });
  const form = useQueuedForm(proposableFields);
  const waiting = queued.filter((item) => item.kind === memberKinds.details.kind);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(proposableFields.filter((field) => values[field].trim() !== '').map((field) => [field, values[field].trim()]));
    void form.save(
      () => queueMemberWrite(memberKinds.details, { payload: changed, label: 'Change to my details' }),
      () => {
        setChanging(false);
        setValues({ phone: '', email: '', address: '', suburb: '' });
      },
    );
  };
  return (
    <section className="member-card" aria-labelledby="details-heading">
      <h2 id="details-heading">{t('whanauApp.details.title')}</h2>
      <p className="member-note">{t('whanauApp.details.lead')}</p>
      <dl className="member-details">
        {proposableFields.map((field) => (
          <div key={field}>
            <dt>{t(detailWords[field])}</dt>
            <dd>{view.member[field] ?? t('whanauApp.details.none')}</dd>
          </div>
        ))}
      </dl>
      {changing ? (
        <form className="member-form" onSubmit={submit} noValidate>
          <ErrorSummary state={form.errors} />
          {proposableFields.map((field) => (
            <TextField
              key={field}
              label={t(detailWords[field])}
              name={field}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={values[field]}
              onChange={(event) => setValues((now) => ({ ...now, [field]: event.target.value }))}
              error={form.errors.errorOf(field)}
            />
          ))}
          <div className="member-actions">
            <Button type="submit" disabled={form.saving}>
              {t('whanauApp.details.send')}
            </Button>
            <Button variant="ghost" onClick={() => setChanging(false)}>
              {t('whanauApp.details.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" onClick={() => setChanging(true)}>
          {t('whanauApp.details.change')}
        </Button>
      )}
      <Saved show={form.saved}>{t('whanauApp.details.saved')}</Saved>
      <ul className="member-list">
        {waiting.map((item) => (
          <li key={item._id} className="member-item">
            <p className="member-item__text">{Object.values((item.payload as Record<string, string> | null) ?? {}).join(', ')}</p>
            <span className="member-tag">{t('whanauApp.waitingToSend')}</span>
          </li>
        ))}
        {view.detailChanges.map((change) => (
          <li key={change._id} className="member-item">
            <p className="member-item__meta">{t('whanauApp.details.asked', { date: formatDate(change.createdAt) })}</p>
            {Object.entries(change.proposed).map(([field, value]) => {
              const decision = change.decisions[field as ProposableField];
              return (
                <p key={field}>
                  {t(detailWords[field as ProposableField])}: {value}{' '}
                  <span className={`member-tag${decision === 'accepted' ? ' member-tag--done' : ''}`}>
                    {decision === 'accepted'
                      ? t('whanauApp.details.accepted')
                      : decision === 'declined'
                        ? t('whanauApp.details.declined')
                        : t('whanauApp.details.waiting')}
                  </span>
                </p>
              );
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PrivacySection({ view, queued }: { view: WhanauAppView; queued: QueuedItem[] }) {
  const t = useT();
  const [kind, setKind] = useState<'access' | 'correction' | null>(null);
  const [text, setText] = useState('');
  const form = useQueuedForm(['kind', 'text'] as const);
  const waiting = queued.filter((item) => item.kind === memberKinds.privacy.kind);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save(
      () => queueMemberWrite(memberKinds.privacy, { payload: { kind, text }, label: 'Request about my information' }),
      () => {
        setText('');
        setKind(null);
      },
    );
  };
  return (
    <section className="member-card" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">{t('whanauApp.privacy.title')}</h2>
      <p className="member-note">{t('whanauApp.privacy.lead')}</p>
      {kind === null ? (
        <div className="member-actions">
          <Button variant="outline" onClick={() => setKind('access')}>
            {t('whanauApp.privacy.access')}
          </Button>
          <Button variant="outline" onClick={() => setKind('correction')}>
            {t('whanauApp.privacy.correction')}
          </Button>
        </div>
      ) : (
        <form className="member-form" onSubmit={submit} noValidate>
          <ErrorSummary state={form.errors} />
          <ChoiceAndText
            choice={{ name: 'kind', label: t('whanauApp.privacy.kind'), value: kind, onChange: setKind, options: requestOptions(t) }}
            text={{ label: t('whanauApp.privacy.text'), rows: 3, value: text, onChange: setText, error: form.errors.errorOf('text') }}
          />
          <div className="member-actions">
            <Button type="submit" disabled={form.saving}>
              {t('whanauApp.privacy.send')}
            </Button>
            <Button variant="ghost" onClick={() => setKind(null)}>
              {t('whanauApp.details.cancel')}
            </Button>
          </div>
        </form>
      )}
      <Saved show={form.saved}>{t('whanauApp.privacy.saved')}</Saved>
      <ul className="member-list">
        {waiting.map((item) => (
          <li key={item._id} className="member-item">
            <p className="member-item__text">{(item.payload as { text?: string } | null)?.text}</p>
            <span className="member-tag">{t('whanauApp.waitingToSend')}</span>
          </li>
        ))}
        {view.privacyRequests.map((request) => (
          <li key={request._id} className="member-item">
            <p className="member-item__text">{t(request.kind === 'access' ? 'whanauApp.privacy.access' : 'whanauApp.privacy.correction')}</p>
            <p className="member-item__meta">
              {t('whanauApp.privacy.received', { date: formatDate(request.receivedAt) })} · {t('whanauApp.privacy.due', { date: formatDate(request.dueOn) })}
            </p>
            <p>
              <span className={`member-tag${request.status === 'answered' ? ' member-tag--done' : ''}`}>
                {request.status === 'answered' && request.outcome ? t(`whanauApp.privacy.outcome.${request.outcome}`) : t('whanauApp.privacy.open')}
              </span>
              {request.answer && ` ${request.answer}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
