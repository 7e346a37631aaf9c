import { ComingSoon } from '../../../components/coming-soon';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { useFormerServices } from '../api/former-services';
import './site.css';

/** /former_services: the programmes a manager recorded, in their order, or a tidy "coming soon". */
export function FormerServicesList() {
  const t = useT();
  const services = useFormerServices();
  if (services.isPending) return <Spinner />;
  if (services.isError && !services.data) {
    return (
      <p className="lead-text" role="status">
        {t('site.formerLoadFailed')}
      </p>
    );
  }
  if (services.data.length === 0) {
    return (
      <ComingSoon icon="calendar" title={t('site.formerSoon')}>
        <p>{t('site.formerSoonText')}</p>
      </ComingSoon>
    );
  }
  return (
    <ol className="timeline">
      {services.data.map((service) => (
        <li key={service._id} className="timeline__item">
          {service.years ? <p className="timeline__years">{service.years}</p> : null}
          <h2 className="timeline__title">{service.title}</h2>
          {service.text ? <p>{service.text}</p> : null}
        </li>
      ))}
    </ol>
  );
}
