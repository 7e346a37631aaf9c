import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ErasureWhanau, RetentionCandidate, RetentionOutcome } from '@contract/clients';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { QueryState } from '../../../components/manage/query-state';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { Pager, pageCount, type PagerWords } from '../../../components/pager';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { useArchiveClient } from './archive-client';
import { useEraseClient } from './erase-client';
import { retentionPageSize, useRetentionCandidates } from './list-retention-candidates';
import { useErasureReview } from './review-erasure';
import '../../../components/manage/manage.css';
import './retention.css';

type Action = 'archive' | 'erase';
type Pending = { action: Action; person: RetentionCandidate };
type Done = { action: Action; name: string; outcome: RetentionOutcome };

const retentionPagerWords: PagerWords = { previous: 'retention.previous', next: 'retention.next', where: 'retention.page' };

const fullName = (person: Pick<RetentionCandidate, 'givenName' | 'familyName'>) => `${person.givenName} ${person.familyName}`.trim();

type WhanauTexts = Record<string, { name: string; notes: string }>;

/** The whānau whose texts the manager changed, as the erase body sends them (empty notes clear them). */
function rewrittenWhanau(whanau: ErasureWhanau[], typed: WhanauTexts) {
  return whanau.flatMap((one) => {
    const texts = typed[one._id];
    if (!texts) return [];
    const notes = texts.notes.trim() ? texts.notes : null;
    return texts.name !== one.name || notes !== one.notes ? [{ _id: one._id, name: texts.name, notes }] : [];
  });
}

/**
 * /manage/retention (Privacy Act IPP 9, decision 089): the people with no contact for the
 * retention period, longest quiet first, each to archive or erase after a confirmation. Erasing
 * shows the name and notes of the person's whānau first, to rewrite what names them (decision 110).
 */
export function RetentionPage() {
  const t = useT();
  const showErrors = useShowErrors();
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const listId = useId();
  const candidates = useRetentionCandidates(page);
  const archive = useArchiveClient();
  const erase = useEraseClient();
  const busy = archive.isPending || erase.isPending;
  const erasing = pending?.action === 'erase' ? pending.person : null;
  const review = useErasureReview(erasing?._id ?? null);
  const [whanauTexts, setWhanauTexts] = useState<WhanauTexts>({});

  // Each time the erase dialog reads a person's whānau, their texts start as they are.
  useEffect(() => {
    if (review.data) setWhanauTexts(Object.fromEntries(review.data.whanau.map((one) => [one._id, { name: one.name, notes: one.notes ?? '' }])));
  }, [review.data]);

  // The last person of the last page gone: show the page before.
  const pages = pageCount(candidates.data?.total ?? 0, retentionPageSize);
  useEffect(() => {
    if (candidates.data && page > pages) setPage(pages);
  }, [candidates.data, page, pages]);

  // The button pressed leaves with the person: the result takes focus instead.
  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  async function confirm() {
    if (!pending || busy) return;
    const { action, person } = pending;
    try {
      // Awaited rather than mutate callbacks: those are dropped if the dialog unmounts first.
      const outcome =
        action === 'archive'
          ? await archive.mutateAsync(person._id)
          : await erase.mutateAsync({ id: person._id, whanau: rewrittenWhanau(review.data?.whanau ?? [], whanauTexts) });
      setPending(null);
      setDone({ action, name: fullName(person), outcome });
    } catch (error) {
      setPending(null);
      showErrors(error);
    }
  }

  const when = (at: string) => formatDate(at, { dateStyle: 'medium' });
  return (
    <>
      <ManagePageHeader eyebrow={t('retention.eyebrow')} title={t('retention.title')} lead={t('retention.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card retention" aria-labelledby={`${listId}-heading`}>
          <h2 id={`${listId}-heading`}>{t('retention.people')}</h2>
          <ul className="retention__explain">
            <li>{t('retention.archiveExplain')}</li>
            <li>{t('retention.eraseExplain')}</li>
          </ul>
          {done ? (
            <p ref={resultRef} tabIndex={-1} role="status" className="retention__result">
              {done.action === 'archive'
                ? t('retention.archived', { name: done.name, date: when(done.outcome.archivedAt) })
                : t('retention.erased', { name: done.name, date: when(done.outcome.erasedAt ?? done.outcome.archivedAt) })}
            </p>
          ) : null}
          <QueryState query={candidates}>
            {({ items, total }) => {
              if (items.length === 0) return <p className="manage-empty">{t('retention.none')}</p>;
              return (
                <>
                  <p className="manage-card__lead">{t('retention.count', { count: total })}</p>
                  <ol className="manage-list">
                    {items.map((person) => {
                      const nameId = `${listId}-${person._id}`;
                      return (
                        <li key={person._id} className="manage-list__item manage-list__item--wrap">
                          <div className="manage-list__text">
                            <Link id={nameId} className="manage-list__title" to={staffPaths.client(person._id)}>
                              {fullName(person)}
                            </Link>
                            <span className="manage-list__meta">
                              <time dateTime={person.lastContactAt}>{t('retention.lastContact', { date: when(person.lastContactAt) })}</time>
                            </span>
                          </div>
                          <div className="retention__actions">
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-describedby={nameId}
                              disabled={busy}
                              onClick={() => setPending({ action: 'archive', person })}
                            >
                              {t('retention.archive')}
                            </Button>
                            <Button
                              variant="danger"
                              size="sm"
                              aria-describedby={nameId}
                              disabled={busy}
                              onClick={() => setPending({ action: 'erase', person })}
                            >
                              {t('retention.erase')}
                            </Button>
                          </div>
                        </li>
                      );
                    })}
                  </ol>
                  <Pager page={page} pageSize={retentionPageSize} total={total} onPage={setPage} label={t('retention.pages')} words={retentionPagerWords} />
                </>
              );
            }}
          </QueryState>
        </section>
        <ConfirmDialog
          open={pending !== null}
          title={pending ? t(pending.action === 'archive' ? 'retention.archiveTitle' : 'retention.eraseTitle', { name: fullName(pending.person) }) : ''}
          message={pending ? t(pending.action === 'archive' ? 'retention.archiveMessage' : 'retention.eraseMessage', { name: fullName(pending.person) }) : ''}
          confirmLabel={t(pending?.action === 'erase' ? 'retention.eraseConfirm' : 'retention.archive')}
          busy={busy}
          confirmDisabled={erasing !== null && !review.data}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm()}
        >
          {erasing ? (
            <ErasureWhanauFields
              name={fullName(erasing)}
              state={review.isError ? 'failed' : review.data ? 'ready' : 'loading'}
              whanau={review.data?.whanau ?? []}
              texts={whanauTexts}
              disabled={busy}
              onChange={(id, texts) => setWhanauTexts((current) => ({ ...current, [id]: texts }))}
            />
          ) : null}
        </ConfirmDialog>
      </div>
    </>
  );
}

type ErasureWhanauFieldsProps = {
  name: string;
  state: 'loading' | 'failed' | 'ready';
  whanau: ErasureWhanau[];
  texts: WhanauTexts;
  disabled: boolean;
  onChange: (id: string, texts: { name: string; notes: string }) => void;
};

/** In the erase dialog: each whānau of the person, its name and notes to rewrite where they name them. */
function ErasureWhanauFields({ name, state, whanau, texts, disabled, onChange }: ErasureWhanauFieldsProps) {
  const t = useT();
  const headingId = useId();
  if (state === 'loading') return <p role="status">{t('retention.whanauLoading', { name })}</p>;
  if (state === 'failed') return <p role="alert">{t('retention.whanauFailed', { name })}</p>;
  if (whanau.length === 0) return null;
  return (
    <section className="retention__whanau" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('retention.whanauTitle', { name })}</h3>
      <p className="retention__whanau-lead">{t('retention.whanauLead', { name })}</p>
      {whanau.map((one) => {
        const typed = texts[one._id] ?? { name: one.name, notes: one.notes ?? '' };
        return (
          <fieldset key={one._id} className="retention__whanau-item" disabled={disabled}>
            <legend>{one.name}</legend>
            <TextField
              label={t('retention.whanauName')}
              name={`whanau-${one._id}-name`}
              value={typed.name}
              maxLength={200}
              required
              onChange={(event) => onChange(one._id, { ...typed, name: event.target.value })}
            />
            <TextArea
              label={t('retention.whanauNotes')}
              name={`whanau-${one._id}-notes`}
              rows={3}
              value={typed.notes}
              maxLength={2000}
              onChange={(event) => onChange(one._id, { ...typed, notes: event.target.value })}
            />
          </fieldset>
        );
      })}
    </section>
  );
}
