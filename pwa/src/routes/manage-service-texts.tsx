import '../i18n/manage';
import { useParams } from 'react-router-dom';
import { BackToManage } from '../components/manage/back-to-manage';
import { ManagePageHeader } from '../components/manage/manage-page-header';
import { ManagerOnly } from '../components/manage/manager-only';
import { QueryState } from '../components/manage/query-state';
import '../components/manage/manage.css';
import { useServiceStatuses } from '../features/services/manage/get-service-statuses';
import { ServiceTextsForm } from '../features/services/manage/service-texts-form';
import { useT } from '../i18n/use-t';

/** /manage/services/:key: a service page's words in English and te reo Māori (decision 093). */
export default function ManageServiceTextsRoute() {
  return (
    <ManagerOnly>
      <ServiceTextsPage />
    </ManagerOnly>
  );
}

function ServiceTextsPage() {
  const t = useT();
  const { key = '' } = useParams();
  const services = useServiceStatuses();
  const service = services.data?.find((candidate) => candidate.key === key);
  return (
    <>
      <ManagePageHeader
        eyebrow={t('manage.texts.heading')}
        title={service ? t('manage.serviceTexts.title', { title: service.title }) : t('manage.texts.heading')}
        lead={t('manage.texts.intro')}
      />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card">
          <QueryState query={services}>
            {(list) => {
              const found = list.find((candidate) => candidate.key === key);
              // Keyed by the last save, so the form starts again from what the server holds.
              return found ? <ServiceTextsForm key={found.updatedAt} service={found} /> : <p>{t('manage.serviceTexts.notFound')}</p>;
            }}
          </QueryState>
        </section>
      </div>
    </>
  );
}
