import '../i18n/manage';
import { BackToManage } from '../components/manage/back-to-manage';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { ManagerOnly } from '../components/manage/manager-only';
import { QueryState } from '../components/manage/query-state';
import '../components/manage/manage.css';
import { useSite } from '../features/site/api/get-site';
import { SiteSettingsForm } from '../features/site/manage/site-settings-form';
import { useT } from '../i18n/use-t';

/** /manage/site: the trust's own details that the footer, /contact and DONATE show. */
export default function ManageSiteRoute() {
  return (
    <ManagerOnly>
      <SiteSettingsPage />
    </ManagerOnly>
  );
}

function SiteSettingsPage() {
  const t = useT();
  const site = useSite();
  return (
    <>
      <ManagePageHeader eyebrow={t('manage.staff')} title={t('manage.site.title')} lead={t('manage.site.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="site-settings-heading">
          <h2 id="site-settings-heading" className="manage-card__title">
            {t('manage.site.heading')}
          </h2>
          <QueryState query={site}>{(details) => <SiteSettingsForm site={details} />}</QueryState>
        </section>
      </div>
    </>
  );
}
