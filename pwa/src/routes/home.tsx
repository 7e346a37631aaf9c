import { Link } from 'react-router-dom';
import { ExternalLinkButton, LinkButton } from '../components/button';
import { Icon } from '../components/icon';
import { Logo } from '../components/logo';
import { Spinner } from '../components/spinner';
import { site } from '../content/site';
import { FeaturesCarousel } from '../features/carousel/components/features-carousel';
import { ImpactCounters } from '../features/counters/components/impact-counters';
import { useServices } from '../features/services/api/get-services';
import { ServiceGrid } from '../features/services/components/service-grid';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import './home.css';

function Banner() {
  return (
    <section className="home-banner" aria-labelledby="home-banner-title">
      <div className="container home-banner__inner">
        <Logo className="home-banner__logo" />
        <p className="home-banner__welcome" lang="mi">
          Nau mai, haere mai
        </p>
        <h1 id="home-banner-title" className="home-banner__title">
          WE SUPPORT WHANAU
        </h1>
        <p className="home-banner__lead">Check out our free services for more information and to enrol</p>
        <div className="home-banner__actions">
          <LinkButton to={paths.services} size="lg">
            OUR FREE SERVICES
            <Icon name="arrow-right" />
          </LinkButton>
          <LinkButton to={paths.about} size="lg" variant="light">
            ABOUT THE TRUST
          </LinkButton>
        </div>
        <h2 className="visually-hidden">What we have achieved together</h2>
        <ImpactCounters items={site.counters} />
      </div>
    </section>
  );
}

function Mission() {
  return (
    <section className="section mission" aria-labelledby="mission-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">Our purpose</p>
          <h2 id="mission-title">Create · Provide · Improve</h2>
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
  const services = useServices();
  return (
    <section className="section section--tint" aria-labelledby="services-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">Free for whānau</p>
          <h2 id="services-title">Our services</h2>
          <p>Every service is free. Read more about each one, and enrol online where enrolments are open.</p>
        </div>
        {services.isPending ? (
          <Spinner />
        ) : services.isError ? (
          <p className="home-note">
            Our services could not be loaded just now. Please try again soon, or phone us on {site.contact.phone}.
          </p>
        ) : (
          <ServiceGrid services={services.data} />
        )}
      </div>
    </section>
  );
}

function Features() {
  return (
    <section className="section" aria-labelledby="features-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">In the community</p>
          <h2 id="features-title">Building better communities</h2>
        </div>
        <FeaturesCarousel />
      </div>
    </section>
  );
}

function Focus() {
  return (
    <section className="section section--tint focus" aria-labelledby="focus-title">
      <div className="container">
        <div className="section__heading">
          <p className="eyebrow">Who we work with</p>
          <h2 id="focus-title">OUR FOCUS</h2>
          <p>
            Whānau, rangatahi and tamariki, with a focus on {site.focusGroups}.
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
          WITH YOUR HELP WE CAN BUILD STRONGER COMMUNITES
        </h2>
        <p className="donate__text">
          Every dollar helps put kai on the table, keeps rangatahi active and connected, and supports whānau through
          hard times. <Link to={paths.about}>Learn more about our mahi</Link>.
        </p>
        <ExternalLinkButton href={site.donateUrl} size="lg">
          <Icon name="heart" />
          DONATE
        </ExternalLinkButton>
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
