import '../i18n/manage';
import { BackToManage } from '../components/manage/back-to-manage';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { ManagerOnly } from '../components/manage/manager-only';
import { QueryState } from '../components/manage/query-state';
import '../components/manage/manage.css';
import { usePrivacyStatement } from '../features/enrolment/api/get-privacy-statement';
import { PrivacyForm } from '../features/enrolment/manage/privacy-form';
import { PrivacyRequestsSection } from '../features/whanau/components/privacy-requests-section';
import { useT } from '../i18n/use-t';

/** /manage/privacy: the enrolment form's privacy statement, in English and te reo Māori (decision 094), and the Privacy Act requests from the whānau app (issue 34). */
export default function ManagePrivacyRoute() {
  return (
    <ManagerOnly>
      <PrivacyEditor />
    </ManagerOnly>
  );
}

function PrivacyEditor() {
  const t = useT();
  const statement = usePrivacyStatement();
  return (
    <>
      <ManagePageHeader eyebrow={t('manage.texts.heading')} title={t('manage.privacy.title')} lead={t('manage.texts.intro')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card">
          <QueryState query={statement}>{(current) => <PrivacyForm key={current.version} statement={current} />}</QueryState>
        </section>
        <PrivacyRequestsSection />
      </div>
    </>
  );
}
