import '../i18n/pages';
import { PageHeader } from '../components/page-header';
import { TeamList } from '../features/site/components/team-list';
import { usePageTitle } from '../lib/use-page-title';
import { spec } from '../i18n/spec';
import { plainText, Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/** The team page (spec: KAITIAKI, the guardians of the trust's work). */
export default function TeamRoute() {
  const t = useT();
  usePageTitle(plainText(t('team.title')), plainText(t('team.lead')));
  return (
    <>
      <PageHeader eyebrow={t('team.eyebrow')} title={<span lang="mi">{spec.menuTeam}</span>} lead={<Rich id="team.lead" />} />
      <div className="container page-body">
        <TeamList />
      </div>
    </>
  );
}
