import '../i18n/pages';
import { serviceCatalogue } from '@contract/catalogue';
import { isEnrollable, type ServiceEntry } from '@contract/services';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { loadRouteModule } from '../app/lazy-route';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { builtInStatement, usePrivacyStatement } from '../features/enrolment/api/get-privacy-statement';
import { EnrolmentForm } from '../features/enrolment/components/enrolment-form';
import { findService, useServices } from '../features/services/api/get-services';
import { UnavailableText } from '../features/services/components/unavailable-text';
import { TrustContactLine } from '../features/site/components/trust-contact-line';
import { Rich, plainText } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import { localDbMayExist } from '../lib/local-db-name';
import { paths } from '../lib/paths';
import { markNotFound, usePageTitle } from '../lib/use-page-title';

/**
 * What reads and writes this phone's database (Dexie, the outbox engine) is its own chunk: loaded
 * when the phone may hold enrolments, or as the person starts filling in the form (decision 060).
 */
const loadDevice = () => import('../features/enrolment/components/enrolment-device');
const devicePart = <Name extends 'SubmissionStatus' | 'EnrolmentsOnThisPhone' | 'FixEnrolment'>(name: Name) =>
  lazy(() => loadRouteModule(loadDevice).then((module) => ({ default: module[name] })));
const SubmissionStatus = devicePart('SubmissionStatus');
const EnrolmentsOnThisPhone = devicePart('EnrolmentsOnThisPhone');
const FixEnrolment = devicePart('FixEnrolment');

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
  const privacy = usePrivacyStatement();
  const fixId = searchParams.get('fix');
  /** The item just saved, and the service it was for (another service's page starts with a fresh form). */
  const [submitted, setSubmitted] = useState<{ itemId: string; serviceKey: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  /** Whether to show (and load) what this phone holds: only where the app's database exists (something was ever saved here). */
  const [onThisPhone, setOnThisPhone] = useState(false);

  useEffect(() => {
    let current = true;
    void localDbMayExist().then((exists) => current && exists && setOnThisPhone(true));
    return () => {
      current = false;
    };
  }, []);

  // The network and the worker's cache both failed: the built-in catalogue still names the service.
  const list = services.data ?? (services.isError ? serviceCatalogue : undefined);
  const service = list ? findService(list, id) : undefined;
  usePageTitle(service ? service.formLabel : t('enrol.title'), service && `${service.title}: ${plainText(t('enrol.intro'))}`);

  // The statement a person agrees to; if even the worker's copy failed, the one built into the app.
  const statement = privacy.data ?? (privacy.isError ? builtInStatement : undefined);
  if (!list || !statement) return <Spinner />;
  if (!service) return <UnknownService />;

  /** "Fix and resend": the item's own service page, with the item filled in (only its id in the address). */
  function openToFix(itemId: string, serviceKey: string) {
    setSubmitted(null);
    navigate(`${paths.enrol(serviceKey)}?fix=${encodeURIComponent(itemId)}`);
  }

  function stopFixing() {
    setSearchParams({}, { replace: true });
  }

  function showSaved(itemId: string) {
    setOnThisPhone(true);
    setSubmitted({ itemId, serviceKey: service!.key });
  }

  const newForm = (
    <>
      {/* With JavaScript off the page reads in full, but the form cannot check or keep anything (decision 096). */}
      <noscript>
        <p className="enrol-page__intro">
          <strong>{t('enrol.needsJavaScript')}</strong>
        </p>
      </noscript>
      <p className="enrol-page__intro">
        <Rich id="enrol.intro" />
      </p>
      <EnrolmentForm
        key={`new-${formKey}`}
        serviceKey={service.key}
        statement={statement}
        onStart={() => void loadDevice().catch(() => undefined)}
        onSubmit={async (draft) => {
          const device = await loadRouteModule(loadDevice);
          showSaved(await device.queueEnrolment(draft, service.title));
        }}
      />
    </>
  );

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
  } else if (fixId) {
    main = (
      <FixEnrolment
        itemId={fixId}
        serviceKey={service.key}
        statement={statement}
        otherwise={newForm}
        onCancel={stopFixing}
        onResent={(itemId) => {
          stopFixing();
          showSaved(itemId);
        }}
      />
    );
  } else {
    main = newForm;
  }

  return (
    <>
      <PageHeader eyebrow={service.title} title={service.formLabel} lead={service.subtitle} />
      <div className="container enrol-page">
        <div className="enrol-page__main">
          <Suspense fallback={<Spinner />}>{main}</Suspense>
        </div>
        {onThisPhone && (
          <aside className="enrol-page__side" aria-label={t('enrol.sideLabel')}>
            <Suspense fallback={null}>
              <EnrolmentsOnThisPhone onFix={(item) => openToFix(item._id, item.payload?.serviceKey ?? service.key)} />
            </Suspense>
          </aside>
        )}
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
  markNotFound(true);
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
