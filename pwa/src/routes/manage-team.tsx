import '../i18n/manage';
import { BackToManage } from '../components/manage/back-to-manage';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { ManagerOnly } from '../components/manage/manager-only';
import '../components/manage/manage.css';
import { TeamEditor } from '../features/site/manage/team-editor';
import { spec } from '../i18n/spec';
import { useT } from '../i18n/use-t';

/** /manage/team: the team page's people (KAITIAKI): add, edit, reorder, delete. */
export default function ManageTeamRoute() {
  return (
    <ManagerOnly>
      <TeamPage />
    </ManagerOnly>
  );
}

function TeamPage() {
  const t = useT();
  return (
    <>
      <ManagePageHeader eyebrow={t('manage.staff')} title={t('manage.team.title')} lead={t('manage.team.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="team-editor-heading">
          <h2 id="team-editor-heading" className="manage-card__title" lang="mi">
            {spec.menuTeam}
          </h2>
          <TeamEditor />
        </section>
      </div>
    </>
  );
}
