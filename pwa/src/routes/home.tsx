import { lazy, Suspense, useEffect } from 'react';
import { LinkButton } from '../components/button';
import { Icon } from '../components/icon';
import { Logo } from '../components/logo';
import { Spinner } from '../components/spinner';
import { site, type CounterItem } from '../content/site';
import { LoadFailedWithPhone } from '../features/site/components/load-failed-with-phone';
import { useCountersWithFigures } from '../features/counters/api/get-counters';
import { ImpactCounters } from '../features/counters/components/impact-counters';
import { useServices } from '../features/services/api/get-services';
import { Rich } from '../i18n/rich-text';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { usePageTitle } from '../lib/use-page-title';
import { loadRouteModule } from '../app/lazy-route';
import './home.css';

/**
 * What lies below the services (mission, carousel, focus, donate) is its own chunk, fetched once
 * the banner has painted: a first visit's download carries only what the first screens show, and
 * nothing else competes with the first paint (decisions 060 and 070). It keeps its place, so
 * nothing moves when it arrives.
 */
const BelowTheFold = lazy(() => loadRouteModule(() => import('./home-below-fold')));

/**
 * The service cards are their own chunk too: they start more than a screen down, on a phone and
 * on a wide screen. Their chunk is fetched once the banner has painted, while the services
 * arrive (`useEffect` below); until both are there the spinner shows (decisions 060 and 070).
 */
const loadServiceGrid = () => import('../features/services/components/service-grid');
const ServiceGrid = lazy(() => loadRouteModule(loadServiceGrid).then((module) => ({ default: module.ServiceGrid })));

function Banner({ items }: { items: readonly CounterItem[] }) {
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
        <ImpactCounters items={items} />
      </div>
    </section>
  );
}

function Services() {
  const t = useT();
  const services = useServices();
  const painted = useAfterFirstPaint();
  useEffect(() => {
    // Fetch the cards' chunk once the first screen is up, alongside the services; errors are
    // left to the lazy component.
    if (painted) loadServiceGrid().catch(() => undefined);
  }, [painted]);
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
        {services.isPending || !painted ? (
          <Spinner />
        ) : services.isError ? (
          <LoadFailedWithPhone className="home-note" withPhone="services.loadFailed" withoutPhone="services.loadFailedNoPhone" />
        ) : (
          <Suspense fallback={<Spinner />}>
            <ServiceGrid services={services.data} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** The home page (spec §2): banner with counters, services, then mission, features, focus, donate. */
export default function HomeRoute() {
  usePageTitle(undefined);
  const painted = useAfterFirstPaint();
  // The counters' figures from the API (DESIGN §4d), asked for once the banner has painted; a
  // page the server rendered comes with them (decision 096). Until then the seed's targets stand.
  const counters = useCountersWithFigures(site.counters, painted);
  const placeholder = <div className="home-below-fold-placeholder" />;
  return (
    <>
      <Banner items={counters} />
      <Services />
      {painted ? (
        <Suspense fallback={placeholder}>
          <BelowTheFold />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
