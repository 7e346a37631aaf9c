import type { Feature } from '@contract/content';
import { useEffect, useState } from 'react';
import { Icon } from '../../../components/all-icons';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { useFeatures } from '../api/get-features';
import './features-carousel.css';
import '../../../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

/** How long each slide shows while the carousel plays. */
export const slideIntervalMs = 5000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Slides({ features }: { features: Feature[] }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  // Autoplays (spec §1), unless the person asked for less motion; a visible button pauses it.
  // Asked after the first render: the server, which has no window, renders it playing, and the
  // page hydrates the same before it stops for a person who asked for less motion.
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);
  const count = features.length;
  const active = Math.min(current, count - 1);

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), slideIntervalMs);
    return () => clearInterval(timer);
  }, [playing, count, current]);

  const go = (step: number) => setCurrent((index) => (index + step + count) % count);

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={t('carousel.label')}>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button carousel__play" onClick={() => setPlaying((value) => !value)}>
            <Icon name={playing ? 'pause' : 'play'} />
            <span>{playing ? t('carousel.pause') : t('carousel.play')}</span>
            <span className="visually-hidden"> {t('carousel.slideShow')}</span>
          </button>
          <span className="carousel__position" aria-hidden="true">
            {active + 1} / {count}
          </span>
          <button type="button" className="carousel__button carousel__nav" onClick={() => go(-1)}>
            <Icon name="chevron-left" />
            <span className="visually-hidden">{t('carousel.previous')}</span>
          </button>
          <button type="button" className="carousel__button carousel__nav" onClick={() => go(1)}>
            <Icon name="chevron-right" />
            <span className="visually-hidden">{t('carousel.next')}</span>
          </button>
        </div>
      )}
      {/* Announce slide changes only when the person changes them, not on every autoplay turn. */}
      <div className="carousel__slides" aria-live={playing ? 'off' : 'polite'}>
        {features.map((feature, index) => (
          <div
            key={feature._id}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slideLabel', { number: index + 1, count, title: feature.title })}
            hidden={index !== active}
          >
            <div className="carousel__media">
              <ResponsiveImage
                src={feature.image.src}
                alt={feature.image.alt}
                width={feature.image.width}
                height={feature.image.height}
                eager={index === 0}
                className="carousel__image"
              />
            </div>
            <div className="carousel__text">
              <h3 className="carousel__title">{feature.title}</h3>
              <p className="carousel__body">{feature.text}</p>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The features carousel of the home page (spec §1): autoplays, no thumbnails. */
export function FeaturesCarousel() {
  const t = useT();
  const features = useFeatures();
  if (features.isPending) return <Spinner />;
  if (features.isError || features.data.length === 0) {
    return (
      <div className="carousel carousel--empty">
        <Icon name="koru" className="carousel__empty-icon" />
        <p>
          {features.isError ? t('carousel.loadFailed') : t('carousel.empty')} {t('carousel.meantime')}
        </p>
      </div>
    );
  }
  return <Slides features={features.data} />;
}
