import '../i18n/manage';
import { BackToManage } from '../components/manage/back-to-manage';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { ManagerOnly } from '../components/manage/manager-only';
import '../components/manage/manage.css';
import { FormerServicesEditor } from '../features/site/manage/former-services-editor';
import { useT } from '../i18n/use-t';

/** /manage/former-services: the programmes the former-services page lists: add, edit, reorder, delete. */
export default function ManageFormerServicesRoute() {
  return (
    <ManagerOnly>
      <FormerServicesPage />
    </ManagerOnly>
  );
}

function FormerServicesPage() {
  const t = useT();
  return (
    <>
      <ManagePageHeader eyebrow={t('manage.staff')} title={t('manage.former.pageTitle')} lead={t('manage.former.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="former-editor-heading">
          <h2 id="former-editor-heading" className="manage-card__title">
            {t('manage.former.listTitle')}
          </h2>
          <FormerServicesEditor />
        </section>
      </div>
    </>
  );
}
