import { Link } from 'react-router-dom';
import { LinkButton } from '../components/button';
import { Icon } from '../components/icon';
import { Logo } from '../components/logo';
import { Spinner } from '../components/spinner';
import { FeaturesCarousel } from '../features/carousel/components/features-carousel';
import { ImpactCounters } from '../features/counters/components/impact-counters';
import { useServices } from '../features/services/api/get-services';
import { ServiceGrid } from '../features/services/components/service-grid';
import { DonateLink } from '../features/site/components/donate-link';
import { LoadFailedWithPhone } from '../features/site/components/load-failed-with-phone';
import { Rich } from '../i18n/rich-text';
import { site } from '../content/site';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import './home.css';

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

function Mission() {
  const t = useT();
  return (
    <section className="section mission" aria-labelledby="mission-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">{t('home.purpose')}</p>
          <h2 id="mission-title">{t('home.missionTitle')}</h2>
        </div>
        <ol className="mission__list">
          {site.mission.map((aim, index) => (
            <li key={aim.verb} className="mission__item">
              <span className="mission__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mission__verb">{aim.verb}</h3>
              <p>{aim.text}</p>
            </li>
          ))}
        </ol>
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

function Features() {
  const t = useT();
  return (
    <section className="section" aria-labelledby="features-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">{t('home.inCommunity')}</p>
          <h2 id="features-title">
            <SpecText id="buildingCommunities" />
          </h2>
        </div>
        <FeaturesCarousel />
      </div>
    </section>
  );
}

function Focus() {
  const t = useT();
  return (
    <section className="section section--tint focus" aria-labelledby="focus-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">{t('home.whoWeWorkWith')}</p>
          <h2 id="focus-title">
            <SpecText id="ourFocus" />
          </h2>
          <p>
            <Rich id="home.focusLead" params={{ groups: site.focusGroups }} />
          </p>
        </div>
        <ul className="focus__list">
          {site.focus.map((group) => (
            <li key={group.title} className="focus__item">
              <h3 className="focus__title" lang="mi">
                {group.title}
              </h3>
              <p>{group.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Donate() {
  return (
    <section className="donate" aria-labelledby="donate-title">
      <div className="container donate__inner">
        <h2 id="donate-title" className="donate__title">
          <SpecText id="donateCall" />
        </h2>
        <p className="donate__text">
          <Rich id="home.donateText" />{' '}
          <Link to={paths.about}>
            <Rich id="home.learnMore" />
          </Link>
          .
        </p>
        <DonateLink className="button button--primary button--lg">
          <Icon name="heart" />
          <SpecText id="menuDonate" />
        </DonateLink>
      </div>
    </section>
  );
}

/** The home page (spec §2): banner with counters, mission, services, features, focus, donate. */
export default function HomeRoute() {
  usePageTitle(undefined);
  return (
    <>
      <Banner />
      <Mission />
      <Services />
      <Features />
      <Focus />
      <Donate />
    </>
  );
}
