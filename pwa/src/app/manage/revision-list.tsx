import type { ContentRevision } from '@contract/content';
import { Button } from '../../components/button';
import { useT } from '../../i18n/use-t';
import { useAlerts } from '../alerts/alerts-context';
import { useShowErrors } from '../alerts/use-show-errors';
import { formatDateTime } from './format';
import { QueryState } from './query-state';
import { useRestoreRevision, useRevisions, type ContentKind } from './content-changes';
import type { QueryKey } from '@tanstack/react-query';

/** The last versions of a post or feature, newest first, each with its words and a button to restore it. */
export function RevisionList({ kind, id, changed }: { kind: ContentKind; id: string; changed: readonly QueryKey[] }) {
  const t = useT();
  const revisions = useRevisions(kind, id);
  const restore = useRestoreRevision(kind, id, changed);
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();

  async function restoreOne(revision: ContentRevision): Promise<void> {
    try {
      await restore.mutateAsync(revision._id);
      setAlert(t('manage.revisions.restored', { title: revision.title }), 'success');
    } catch (error) {
      showErrors(error);
    }
  }

  return (
    <section className="manage-card content-revisions" aria-labelledby={`revisions-${id}`}>
      <h2 id={`revisions-${id}`} className="manage-card__title">
        {t('manage.revisions.title')}
      </h2>
      <p className="manage-card__lead">{t('manage.revisions.lead')}</p>
      <QueryState query={revisions}>
        {(list) =>
          list.length === 0 ? (
            <p className="manage-empty">{t('manage.revisions.none')}</p>
          ) : (
            <ol className="manage-list">
              {list.map((revision) => (
                <li key={revision._id} className="manage-list__item content-revisions__item">
                  <details className="manage-list__text">
                    <summary>
                      <span className="manage-list__title">{revision.title}</span>{' '}
                      <span className="manage-list__meta">{t('manage.revisions.savedAt', { when: formatDateTime(revision.savedAt) })}</span>
                    </summary>
                    <p className="content-revisions__text">{revision.text}</p>
                  </details>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-disabled={restore.isPending}
                    aria-label={t('manage.revisions.restoreNamed', { when: formatDateTime(revision.savedAt) })}
                    onClick={() => void restoreOne(revision)}
                  >
                    {t('manage.revisions.restore')}
                  </Button>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
    </section>
  );
}
