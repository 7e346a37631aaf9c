import '../i18n/pages';
import { PageHeader } from '../components/page-header';
import { site } from '../content/site';
import { usePageTitle } from '../lib/use-page-title';
import { spec } from '../i18n/spec';
import { plainText, Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The team page (spec: KAITIAKI, the guardians of the trust's work). */
export default function TeamRoute() {
  const t = useT();
  usePageTitle(plainText(t('team.title')));
  return (
    <>
      <PageHeader
        eyebrow={t('team.eyebrow')}
        title={<span lang="mi">{spec.menuTeam}</span>}
        lead={<Rich id="team.lead" />}
      />
      <div className="container page-body">
        <ul className="team-grid">
          {site.team.map((member) => (
            <li key={member.name}>
              <article className="card team-card">
                <div className="team-card__avatar" aria-hidden="true">
                  {initialsOf(member.name)}
                </div>
                <h2 className="team-card__name">{member.name}</h2>
                <p className="team-card__role">{member.role}</p>
                <p className="team-card__bio">{member.bio}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
