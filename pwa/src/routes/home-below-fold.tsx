import { Link } from 'react-router-dom';
import { Icon } from '../components/icon';
import { aboutTrust } from '../content/about-trust';
import { FeaturesCarousel } from '../features/carousel/components/features-carousel';
import { DonateLink } from '../features/site/components/donate-link';
import { Rich } from '../i18n/rich-text';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import './home.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

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
          {aboutTrust.mission.map((aim, index) => (
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
            <Rich id="home.focusLead" params={{ groups: aboutTrust.focusGroups }} />
          </p>
        </div>
        <ul className="focus__list">
          {aboutTrust.focus.map((group) => (
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

/** The home page below its services: mission, features carousel, focus and the call to donate. */
export default function HomeBelowTheFold() {
  return (
    <>
      <Mission />
      <Features />
      <Focus />
      <Donate />
    </>
  );
}
