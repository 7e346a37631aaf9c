import { lazy, Suspense } from 'react';
import { LinkButton } from '../components/button';
import { Icon } from '../components/icon';
import { Logo } from '../components/logo';
import { Spinner } from '../components/spinner';
import { site } from '../content/site';
import { LoadFailedWithPhone } from '../features/site/components/load-failed-with-phone';
import { ImpactCounters } from '../features/counters/components/impact-counters';
import { useServices } from '../features/services/api/get-services';
import { ServiceGrid } from '../features/services/components/service-grid';
import { Rich } from '../i18n/rich-text';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { loadRouteModule } from '../app/lazy-route';
import './home.css';

/**
 * What lies below the services (mission, carousel, focus, donate) is its own chunk, loaded as
 * the page renders: a first visit's download carries only what the first screens show
 * (decision 060). It keeps its place, so nothing moves when it arrives.
 */
const BelowTheFold = lazy(() => loadRouteModule(() => import('./home-below-fold')));

function Banner() {
  const t = useT();
  return (
    <section className="home-banner" aria-labelledby="home-banner-title">
      <div className="container home-banner__inner">
        <Logo className="home-banner__logo" />
        <p className="home-banner__welcome">
          <Rich id="home.welcome" />
        </p>
        <h1 id="home-banner-title" className="home-banner__title">
          <SpecText id="weSupport" />
        </h1>
        <p className="home-banner__lead">
          <SpecText id="checkOutServices" />
        </p>
        <div className="home-banner__actions">
          <LinkButton to={paths.services} size="lg">
            {t('home.ourFreeServices')}
            <Icon name="arrow-right" />
          </LinkButton>
          <LinkButton to={paths.about} size="lg" variant="light">
            {t('home.aboutTrust')}
          </LinkButton>
        </div>
        <h2 className="visually-hidden">{t('home.achievements')}</h2>
        <ImpactCounters items={site.counters} />
      </div>
    </section>
  );
}

function Services() {
  const t = useT();
  const services = useServices();
  return (
    <section className="section section--tint" aria-labelledby="services-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">
            <Rich id="home.freeForWhanau" />
          </p>
          <h2 id="services-title">{t('home.ourServices')}</h2>
          <p>{t('home.servicesLead')}</p>
        </div>
        {services.isPending ? (
          <Spinner />
        ) : services.isError ? (
          <LoadFailedWithPhone className="home-note" withPhone="services.loadFailed" withoutPhone="services.loadFailedNoPhone" />
        ) : (
          <ServiceGrid services={services.data} />
        )}
      </div>
    </section>
  );
}

/** The home page (spec §2): banner with counters, services, then mission, features, focus, donate. */
export default function HomeRoute() {
  usePageTitle(undefined);
  return (
    <>
      <Banner />
      <Services />
      <Suspense fallback={<div className="home-below-fold-placeholder" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
