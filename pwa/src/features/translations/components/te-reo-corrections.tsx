import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { UpdateTranslationSchema } from '@contract/translations';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { allEnglish as en } from '../../../i18n/english';
import { spec, type SpecKey } from '../../../i18n/spec';
import type { MessageKey } from '../../../i18n/i18n';
import type { Message } from '../../../i18n/messages';
import { mi } from '../../../i18n/mi';
import { useT } from '../../../i18n/use-t';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useCorrections, useRemoveCorrection, useSaveCorrection } from '../api/corrections';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { QueryState } from '../../../components/manage/query-state';

/** Text for searching: no macrons or other marks, no capitals ("Māori" finds "maori"). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const shown = (message: Message): string => (typeof message === 'string' ? message : [message.one, message.other].filter(Boolean).join(' / '));

type Entry = { key: MessageKey; english: string; maori: string; reviewed: boolean; haystack: string };

/** A gloss's English is the trust's wording it is shown beside. */
const englishOf = (key: MessageKey): string => (key in en ? shown(en[key as keyof typeof en]) : (spec[key.slice('gloss.'.length) as SpecKey] ?? ''));

const entries: Entry[] = (Object.keys(mi) as MessageKey[]).map((key) => {
  const english = englishOf(key);
  const maori = shown(mi[key].text);
  return { key, english, maori, reviewed: mi[key].reviewed, haystack: foldForSearch(`${key}\n${english}\n${maori}`) };
});

/** /manage/te-reo: every sentence of the app with its English, built-in Māori, review state and a manager's correction. */
export function TeReoCorrections() {
  const t = useT();
  const corrections = useCorrections();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const needle = foldForSearch(deferredSearch.trim());
  const found = needle
    ? entries.filter((entry) => entry.haystack.includes(needle) || foldForSearch(corrections.data?.[entry.key] ?? '').includes(needle))
    : entries;

  return (
    <>
      <ManagePageHeader eyebrow={t('teReo.eyebrow')} title={t('manage.teReo')} lead={t('teReo.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="te-reo-list-heading">
          <h2 id="te-reo-list-heading" className="manage-card__title">
            {t('teReo.entries')}
          </h2>
          <TextField
            label={t('teReo.search')}
            name="search"
            type="search"
            hint={t('teReo.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <p className="manage-detail__meta" role="status">
            {t('teReo.count', { count: found.length })}
          </p>
          <QueryState query={corrections}>
            {(saved) => (
              <ul className="manage-list te-reo-list">
                {found.map((entry) => (
                  <TeReoEntry key={entry.key} entry={entry} correction={saved[entry.key]} />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>
    </>
  );
}

const correctionFields = ['text'] as const;

function TeReoEntry({ entry, correction }: { entry: Entry; correction: string | undefined }) {
  const t = useT();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const save = useSaveCorrection();
  const remove = useRemoveCorrection();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(correction ?? entry.maori);
  const formErrors = useFormErrors(correctionFields);
  const headingId = useId();
  const busy = save.isPending || remove.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const checked = checkInput(UpdateTranslationSchema, { text });
    if (!checked.success) {
      formErrors.show(checked.errors);
      return;
    }
    formErrors.clear();
    try {
      await save.mutateAsync({ key: entry.key, text: checked.data.text });
      setEditing(false);
      setAlert(t('teReo.saved'), 'success');
    } catch (error) {
      formErrors.showFailure(error);
      showErrors(error);
    }
  }

  async function handleRemove(): Promise<void> {
    if (busy) return;
    try {
      await remove.mutateAsync(entry.key);
      setText(entry.maori);
      setEditing(false);
      setAlert(t('teReo.removed'), 'success');
    } catch (error) {
      showErrors(error);
    }
  }

  return (
    <li className="manage-list__item te-reo-entry" aria-labelledby={headingId}>
      <div className="manage-list__text">
        <h3 id={headingId} className="te-reo-entry__key manage-mono">
          {entry.key}
        </h3>
        <dl className="te-reo-entry__texts">
          <dt>{t('teReo.english')}</dt>
          <dd lang="en-NZ">{entry.english || t('teReo.noEnglish')}</dd>
          <dt>{t('teReo.builtIn')}</dt>
          <dd lang="mi">
            {entry.maori}{' '}
            <span className={`manage-badge${entry.reviewed ? ' manage-badge--open' : ' manage-badge--muted'}`}>
              {entry.reviewed ? t('teReo.reviewed') : t('teReo.draft')}
            </span>
          </dd>
          <dt>{t('teReo.correction')}</dt>
          <dd lang={correction ? 'mi' : undefined}>{correction ?? t('teReo.noCorrection')}</dd>
        </dl>
        {editing ? (
          <form className="manage-form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={t('teReo.editLabel', { key: entry.key })}>
            <ErrorSummary state={formErrors} />
            <TextArea
              label={t('teReo.correctionLabel')}
              name="text"
              lang="mi"
              rows={3}
              hint={t('teReo.correctionHint')}
              value={text}
              error={formErrors.errorOf('text')}
              readOnly={busy}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <div className="manage-form__actions">
              <Button type="submit" variant="primary" aria-disabled={busy}>
                {save.isPending ? t('manage.saving') : t('teReo.save')}
              </Button>
              <Button variant="outline" onClick={() => setEditing(false)} disabled={busy}>
                {t('manage.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="manage-form__actions">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={t('teReo.editLabel', { key: entry.key })}>
              <ErrorSummary state={formErrors} />
              {t('teReo.edit')}
            </Button>
            {correction ? (
              <Button variant="danger" size="sm" onClick={() => void handleRemove()} aria-label={t('teReo.removeLabel', { key: entry.key })}>
                {t('teReo.remove')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </li>
  );
}
