import '../i18n/manage';
import { BackToManage } from '../components/manage/back-to-manage';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { ManagerOnly } from '../components/manage/manager-only';
import { QueryState } from '../components/manage/query-state';
import '../components/manage/manage.css';
import { useAboutPage } from '../features/site/api/get-about';
import { AboutForm } from '../features/site/manage/about-form';
import { useT } from '../i18n/use-t';

/** /manage/about: the About page's words in English and te reo Māori (decision 093). */
export default function ManageAboutRoute() {
  return (
    <ManagerOnly>
      <AboutPageEditor />
    </ManagerOnly>
  );
}

function AboutPageEditor() {
  const t = useT();
  const about = useAboutPage();
  return (
    <>
      <ManagePageHeader eyebrow={t('manage.texts.heading')} title={t('manage.about.title')} lead={t('manage.texts.intro')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card">
          <QueryState query={about}>{(page) => <AboutForm key={page.updatedAt ?? 'first'} page={page} />}</QueryState>
        </section>
      </div>
    </>
  );
}
