import '../i18n/pages';
import { serviceCatalogue } from '@contract/catalogue';
import { isEnrollable, type ServiceEntry } from '@contract/services';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { EnrolmentForm } from '../features/enrolment/components/enrolment-form';
import { OutboxPanel } from '../features/enrolment/components/outbox-panel';
import { ReceiptList } from '../features/enrolment/components/receipt-list';
import { SubmissionStatus } from '../features/enrolment/components/submission-status';
import { valuesFromEnrolment } from '../features/enrolment/enrolment-form-values';
import { enrolmentOutbox, useOutboxItem } from '../features/enrolment/offline/use-enrolment-outbox';
import { findService, useServices } from '../features/services/api/get-services';
import { UnavailableText } from '../features/services/components/unavailable-text';
import { TrustContactLine } from '../features/site/components/trust-contact-line';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import { ensureOutboxTriggers } from '../lib/outbox-triggers';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';

/**
 * /enrol/:id — enrol in one service. Works with no signal: the services list comes from the
 * worker's cache (or the catalogue built into the app), and the enrolment waits on the phone.
 * `?fix=<item id>` opens an item the server refused, filled in, to fix and resend.
 */
export default function EnrolRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const services = useServices();
  const fixId = searchParams.get('fix');
  const fixing = useOutboxItem(fixId);
  /** The item just saved, and the service it was for (another service's page starts with a fresh form). */
  const [submitted, setSubmitted] = useState<{ itemId: string; serviceKey: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    ensureOutboxTriggers();
  }, []);


  // The network and the worker's cache both failed: the built-in catalogue still names the service.
  const list = services.data ?? (services.isError ? serviceCatalogue : undefined);
  const service = list ? findService(list, id) : undefined;
  usePageTitle(service ? service.formLabel : t('enrol.title'));

  if (!list || (fixId && fixing === undefined)) return <Spinner />;
  if (!service) return <UnknownService />;

  const fixable = fixing && fixing.state === 'rejected' && fixing.payload && fixing.payload.serviceKey === service.key ? fixing : null;

  /** "Fix and resend": the item's own service page, with the item filled in (only its id in the address). */
  function openToFix(itemId: string, serviceKey: string) {
    setSubmitted(null);
    navigate(`${paths.enrol(serviceKey)}?fix=${encodeURIComponent(itemId)}`);
  }

  function stopFixing() {
    setSearchParams({}, { replace: true });
  }

  let main;
  // Just sent: its answer first, even if the service closed meanwhile (the answer says so).
  if (submitted && submitted.serviceKey === service.key) {
    main = (
      <SubmissionStatus
        itemId={submitted.itemId}
        serviceTitle={service.title}
        onEnrolAnother={() => {
          setSubmitted(null);
          setFormKey((key) => key + 1);
        }}
        onFix={() => openToFix(submitted.itemId, service.key)}
      />
    );
  } else if (!isEnrollable(service.status)) {
    main = <ClosedService service={service} />;
  } else if (fixable?.payload) {
    main = (
      <>
        <h2>{t('enrol.fixTitle')}</h2>
        <p className="enrol-page__intro">{t('enrol.fixIntro')}</p>
        <EnrolmentForm
          key={`fix-${fixable._id}`}
          serviceKey={service.key}
          initialValues={valuesFromEnrolment(fixable.payload)}
          initialErrors={fixable.lastError?.errors ?? []}
          submitLabel={t('enrol.resend')}
          onCancel={stopFixing}
          onSubmit={async (draft) => {
            const resent = await enrolmentOutbox.resend(fixable._id, draft);
            stopFixing();
            setSubmitted({ itemId: resent._id, serviceKey: service.key });
          }}
        />
      </>
    );
  } else {
    main = (
      <>
        <p className="enrol-page__intro">
          <Rich id="enrol.intro" />
        </p>
        <EnrolmentForm
          key={`new-${formKey}`}
          serviceKey={service.key}
          onSubmit={async (draft) => {
            const saved = await enrolmentOutbox.enqueue(draft, service.title);
            setSubmitted({ itemId: saved._id, serviceKey: service.key });
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={service.title} title={service.formLabel} lead={service.subtitle} />
      <div className="container enrol-page">
        <div className="enrol-page__main">{main}</div>
        <aside className="enrol-page__side" aria-label={t('enrol.sideLabel')}>
          <OutboxPanel onFix={(item) => openToFix(item._id, item.payload?.serviceKey ?? service.key)} />
          <ReceiptList />
        </aside>
      </div>
    </>
  );
}

function ClosedService({ service }: { service: ServiceEntry }) {
  const t = useT();
  return (
    <section className="enrol-closed" aria-labelledby="enrol-closed-heading">
      <h2 className="enrol-closed__title" id="enrol-closed-heading">
        <UnavailableText service={service} />
      </h2>
      <p>{t('enrol.closedBody', { title: service.title })}</p>
      <TrustContactLine />
      <LinkButton to={service.url} variant="outline">
        {t('enrol.aboutService', { title: service.title })}
      </LinkButton>
    </section>
  );
}

function UnknownService() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('service.notFound')} />
      <div className="container enrol-page">
        <div className="enrol-page__main">
          <p>{t('enrol.unknown')}</p>
          <p>
            <Link to={paths.services}>{t('enrol.seeAll')}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
