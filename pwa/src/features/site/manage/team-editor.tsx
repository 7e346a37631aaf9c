import { useState } from 'react';
import type { TeamMember } from '@contract/site';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { useT } from '../../../i18n/use-t';
import { imageUrl } from '../../../lib/image-size';
import { useTeam } from '../api/team';
import { useDeleteTeamMember, useSaveTeamMember } from './team-changes';
import { ReorderButtons } from './reorder-buttons';
import { TeamMemberForm } from './team-member-form';
import './manage-site.css';

/** /manage/team: the kaitiaki in their order, each to move, edit or delete, and a form to add one. */
export function TeamEditor() {
  const t = useT();
  const team = useTeam();
  const save = useSaveTeamMember();
  const remove = useDeleteTeamMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TeamMember | null>(null);

  function move(member: TeamMember, to: number): void {
    save.mutate({ id: member._id, fields: { order: to } }, { onError: showErrors });
  }

  function confirmDelete(): void {
    if (!deleting) return;
    const { _id, name } = deleting;
    remove.mutate(_id, {
      onSuccess: () => setAlert(t('manage.team.deleted', { name }), 'success'),
      onError: showErrors,
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <QueryState query={team}>
        {(members) =>
          members.length === 0 ? (
            <p className="manage-empty">{t('manage.team.empty')}</p>
          ) : (
            <ol className="order-list">
              {members.map((member, index) => (
                <li key={member._id} className="order-list__item">
                  {member.image ? (
                    <img className="order-list__photo" src={imageUrl(member.image.src, 'small')} alt="" width={56} height={56} />
                  ) : (
                    <span className="order-list__photo order-list__photo--none" aria-hidden="true" />
                  )}
                  <div className="order-list__text">
                    <p className="order-list__name">{member.name}</p>
                    {member.role ? <p className="order-list__meta">{member.role}</p> : null}
                    {member.image ? null : <p className="order-list__meta">{t('manage.team.noPhoto')}</p>}
                  </div>
                  <div className="order-list__actions">
                    <ReorderButtons name={member.name} index={index} count={members.length} disabled={save.isPending} onMove={(to) => move(member, to)} />
                    <Button variant="outline" size="sm" aria-label={t('manage.editOf', { name: member.name })} onClick={() => setEditing(member)}>
                      {t('manage.edit')}
                    </Button>
                    <Button variant="danger" size="sm" aria-label={t('manage.deleteOf', { name: member.name })} onClick={() => setDeleting(member)}>
                      {t('manage.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
      {editing ? (
        <TeamMemberForm key={editing === 'new' ? 'new' : editing._id} member={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="manage-form__actions">
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('manage.team.add')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        title={t('manage.team.deleteTitle')}
        message={t('manage.team.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('manage.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
