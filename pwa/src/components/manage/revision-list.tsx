import { useState } from 'react';
import type { ContentRevision } from '@contract/content';
import type { QueryKey } from '@tanstack/react-query';
import { Button } from '../button';
import type { MessageKey } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { useAlerts } from '../alerts/alerts-context';
import { useShowErrors } from '../alerts/use-show-errors';
import { ConfirmDialog } from './confirm-dialog';
import { formatDateTime } from './format';
import { QueryState } from './query-state';
import { useRestoreRevision, useRevisions, type ContentKind } from './content-changes';

/** The words a version keeps, as the record has them now (a feature has no author). */
export type RevisionWords = Pick<ContentRevision, 'title' | 'author' | 'text' | 'imageAlt'>;

const wordFields = [
  ['title', 'manage.revisions.field.title'],
  ['author', 'manage.revisions.field.author'],
  ['text', 'manage.revisions.field.text'],
  ['imageAlt', 'manage.revisions.field.imageAlt'],
] as const satisfies readonly (readonly [keyof RevisionWords, MessageKey])[];

/** The fields whose words differ between a version and the one that replaced it. */
function changedFields(version: RevisionWords, next: RevisionWords): (typeof wordFields)[number][1][] {
  return wordFields.flatMap(([field, label]) => ((version[field] ?? '') !== (next[field] ?? '') ? [label] : []));
}

/**
 * The last versions of a post or feature, newest first: who saved each, whose edit replaced it and
 * what that edit changed, with its words to read. Restore asks first, as it puts the words back on
 * the site at once (today's become a version in turn).
 */
export function RevisionList({ kind, id, current, changed }: { kind: ContentKind; id: string; current: RevisionWords; changed: readonly QueryKey[] }) {
  const t = useT();
  const revisions = useRevisions(kind, id);
  const restore = useRestoreRevision(kind, id, changed);
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [asked, setAsked] = useState<ContentRevision | null>(null);

  async function restoreOne(revision: ContentRevision): Promise<void> {
    try {
      await restore.mutateAsync(revision._id);
      setAlert(t('manage.revisions.restored', { title: revision.title }), 'success');
    } catch (error) {
      showErrors(error);
    } finally {
      setAsked(null);
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
              {list.map((revision, index) => {
                const when = formatDateTime(revision.savedAt);
                const fields = changedFields(revision, list[index - 1] ?? current);
                return (
                  <li key={revision._id} className="manage-list__item content-revisions__item">
                    <details className="manage-list__text">
                      <summary>
                        <span className="manage-list__title">{revision.title}</span>{' '}
                        <span className="manage-list__meta">
                          {revision.savedBy ? t('manage.revisions.savedBy', { name: revision.savedBy }) : t('manage.revisions.savedByUnknown')}
                          {' · '}
                          {revision.replacedBy
                            ? t('manage.revisions.replacedBy', { name: revision.replacedBy, when })
                            : t('manage.revisions.savedAt', { when })}
                        </span>
                        {fields.length > 0 ? (
                          <span className="manage-list__meta content-revisions__changed">
                            {t('manage.revisions.changed', { fields: fields.map((label) => t(label)).join(', ') })}
                          </span>
                        ) : null}
                      </summary>
                      <p className="content-revisions__text">{revision.text}</p>
                    </details>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-disabled={restore.isPending}
                      aria-label={t('manage.revisions.restoreNamed', { when })}
                      onClick={() => setAsked(revision)}
                    >
                      {t('manage.revisions.restore')}
                    </Button>
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={asked !== null}
        title={t('manage.revisions.confirmTitle')}
        message={asked ? t('manage.revisions.confirmMessage', { title: asked.title, when: formatDateTime(asked.savedAt) }) : ''}
        confirmLabel={t('manage.revisions.confirm')}
        busy={restore.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (asked && !restore.isPending) void restoreOne(asked);
        }}
      />
    </section>
  );
}
