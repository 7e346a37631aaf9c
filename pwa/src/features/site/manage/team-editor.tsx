import { useT } from '../../../i18n/use-t';
import { imageUrl } from '../../../lib/image-size';
import { useTeam } from '../api/team';
import { useDeleteTeamMember, useSaveTeamMember } from './team-changes';
import { OrderedListEditor } from './ordered-list-editor';
import { TeamMemberForm } from './team-member-form';

/** /manage/team: the kaitiaki in their order, each to move, edit or delete, and a form to add one. */
export function TeamEditor() {
  const t = useT();
  return (
    <OrderedListEditor
      query={useTeam()}
      save={useSaveTeamMember()}
      remove={useDeleteTeamMember()}
      nameOf={(member) => member.name}
      picture={(member) =>
        member.image ? (
          <img className="order-list__photo" src={imageUrl(member.image.src, 'small')} alt="" width={56} height={56} />
        ) : (
          <span className="order-list__photo order-list__photo--none" aria-hidden="true" />
        )
      }
      details={(member) => (
        <>
          {member.role ? <p className="order-list__meta">{member.role}</p> : null}
          {member.image ? null : <p className="order-list__meta">{t('manage.team.noPhoto')}</p>}
        </>
      )}
      form={(member, onDone) => <TeamMemberForm member={member} onDone={onDone} />}
      messages={{ prefix: 'manage.team', param: 'name' }}
    />
  );
}
