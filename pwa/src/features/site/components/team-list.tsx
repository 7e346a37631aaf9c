import { ComingSoon } from '../../../components/coming-soon';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { useTeam } from '../api/team';
import './site.css';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** /team (KAITIAKI): the people a manager added, in their order, or a tidy "coming soon". */
export function TeamList() {
  const t = useT();
  const team = useTeam();
  if (team.isPending) return <Spinner />;
  if (team.isError && !team.data) {
    return (
      <p className="lead-text" role="status">
        {t('site.teamLoadFailed')}
      </p>
    );
  }
  if (team.data.length === 0) {
    return (
      <ComingSoon icon="people" title={t('site.teamSoon')}>
        <p>{t('site.teamSoonText')}</p>
      </ComingSoon>
    );
  }
  return (
    <ul className="team-grid">
      {team.data.map((member) => (
        <li key={member._id}>
          <article className="card team-card">
            {member.image ? (
              <ResponsiveImage
                className="team-card__photo"
                src={member.image.src}
                alt={member.image.alt}
                width={member.image.width}
                height={member.image.height}
                sizes="10rem"
              />
            ) : (
              <div className="team-card__avatar" aria-hidden="true">
                {initialsOf(member.name)}
              </div>
            )}
            <h2 className="team-card__name">{member.name}</h2>
            {member.role ? <p className="team-card__role">{member.role}</p> : null}
            {member.bio ? <p className="team-card__bio">{member.bio}</p> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
