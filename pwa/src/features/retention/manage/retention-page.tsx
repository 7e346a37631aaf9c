import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RetentionCandidate, RetentionOutcome } from '@contract/clients';
import { BackToManage } from '../../../app/manage/back-to-manage';
import { ConfirmDialog } from '../../../app/manage/confirm-dialog';
import { ManagePageHeader } from '../../../app/manage/manage-page-header';
import { QueryState } from '../../../app/manage/query-state';
import { useShowErrors } from '../../../app/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { Pager, pageCount, type PagerWords } from '../../../components/pager';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { useArchiveClient } from './archive-client';
import { useEraseClient } from './erase-client';
import { retentionPageSize, useRetentionCandidates } from './list-retention-candidates';
import '../../../app/manage/manage.css';
import './retention.css';

type Action = 'archive' | 'erase';
type Pending = { action: Action; person: RetentionCandidate };
type Done = { action: Action; name: string; outcome: RetentionOutcome };

const retentionPagerWords: PagerWords = { previous: 'retention.previous', next: 'retention.next', where: 'retention.page' };

const fullName = (person: Pick<RetentionCandidate, 'givenName' | 'familyName'>) => `${person.givenName} ${person.familyName}`.trim();

/**
 * /manage/retention (Privacy Act IPP 9, decision 089): the people with no contact for the
 * retention period, longest quiet first, each to archive or erase after a confirmation.
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
      const outcome = await (action === 'archive' ? archive : erase).mutateAsync(person._id);
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
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm()}
        />
      </div>
    </>
  );
}
