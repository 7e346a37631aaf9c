import { useEffect, useState } from 'react';
import '../../../i18n/whanau-app'; // the shared form's English (en-whanau-app.ts), registered before it renders
import { OutcomeRatingForm } from '../../../components/outcome-rating/rating-form';
import { Button } from '../../../components/button';
import { whanauOraOutcomes, type OutcomeRating, type WhanauOraOutcome } from '@contract/whanau-app';
import { formatDate, formatNumber, type MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { queueRating } from '../offline/whanau-writes';
import { ratingTrend } from './rating-trend';

/** The report card's words for each outcome: one list in the contract, one set of words. */
export const outcomeLabel = {
  selfManaging: 'card.outcome.selfManaging',
  healthyLifestyles: 'card.outcome.healthyLifestyles',
  participatingInSociety: 'card.outcome.participatingInSociety',
  teAoMaori: 'card.outcome.teAoMaori',
  economicallySecure: 'card.outcome.economicallySecure',
  cohesiveResilientNurturing: 'card.outcome.cohesiveResilientNurturing',
  stewardsOfEnvironment: 'card.outcome.stewardsOfEnvironment',
} as const satisfies Record<WhanauOraOutcome, MessageKey>;

type RatingsProps = {
  whanauId: string;
  /** The ratings so far; undefined until read from the server (they are not kept on the device). */
  ratings: readonly OutcomeRating[] | undefined;
  /** Ratings recorded here and not yet sent. */
  waiting: number;
};

/**
 * "How are we going?" over time: the seven outcomes (rows) rated 1–5 on each day (columns, newest
 * first), with a small line of each outcome oldest to newest. The table carries every number; the
 * lines are a picture of it.
 */
export function RatingsSection({ whanauId, ratings, waiting }: RatingsProps) {
  const t = useT();
  const [recording, setRecording] = useState(false);
  const [message, setMessage] = useState('');
  const count = ratings?.length;
  // Once the server has it (the list grew), "saved on this device" is no longer news.
  useEffect(() => setMessage(''), [count]);
  const oldestFirst = [...(ratings ?? [])].sort((a, b) => a.on.localeCompare(b.on) || a.createdAt.localeCompare(b.createdAt));
  const newestFirst = [...oldestFirst].reverse();
  return (
    <section className="whanau-card whanau-noprint" aria-labelledby="ratings-heading" data-testid="ratings">
      <div className="whanau-card__head">
        <h2 id="ratings-heading">{t('whanau.voice.ratings')}</h2>
        {!recording && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setMessage('');
              setRecording(true);
            }}
          >
            {t('whanau.voice.record')}
          </Button>
        )}
      </div>
      <p className="whanau-muted">{t('whanau.voice.ratingsLead')}</p>
      <p className="whanau-status" role="status">
        {message || (waiting > 0 ? t('whanau.voice.ratingsWaiting', { count: waiting, shown: formatNumber(waiting) }) : '')}
      </p>
      {recording && (
        <div className="whanau-form whanau-form--inset">
          <h3>{t('whanau.voice.recordTitle')}</h3>
          <OutcomeRatingForm
            withDate
            onSave={async (input) => {
              await queueRating({ whanauId, ...input });
            }}
            onSaved={() => {
              setRecording(false);
              setMessage(t('whanau.voice.ratingSaved'));
            }}
          />
          <div className="whanau-form__actions">
            <Button variant="ghost" size="sm" onClick={() => setRecording(false)}>
              {t('whanau.cancel')}
            </Button>
          </div>
        </div>
      )}
      {ratings === undefined ? null : ratings.length === 0 ? (
        <p className="whanau-muted">{t('whanau.voice.noRatings')}</p>
      ) : (
        <div className="whanau-ratings__scroll" tabIndex={0} role="region" aria-label={t('whanau.voice.ratingsCaption')}>
          <table className="whanau-ratings">
            <caption className="visually-hidden">{t('whanau.voice.ratingsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('card.outcome')}</th>
                <th scope="col">{t('whanau.voice.trend')}</th>
                {newestFirst.map((rating) => (
                  <th key={rating._id} scope="col">
                    <span className="whanau-ratings__date">{formatDate(rating.on, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}</span>
                    <span className="whanau-ratings__by">{rating.byName}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {whanauOraOutcomes.map((outcome) => {
                const values = oldestFirst.map((rating) => rating.ratings[outcome]);
                return (
                  <tr key={outcome} data-testid={`rating-${outcome}`}>
                    <th scope="row">{t(outcomeLabel[outcome])}</th>
                    <td>
                      <Trend values={values} />
                    </td>
                    {newestFirst.map((rating) => (
                      <td key={rating._id} className="whanau-ratings__score">
                        {formatNumber(rating.ratings[outcome])}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {newestFirst
        .filter((rating) => rating.comment)
        .map((rating) => (
          <p key={rating._id} className="whanau-muted whanau-ratings__comment">
            {t('whanau.voice.ratingComment', {
              date: formatDate(rating.on, { dateStyle: 'medium', timeZone: 'UTC' }),
              name: rating.byName,
              comment: rating.comment ?? '',
            })}
          </p>
        ))}
    </section>
  );
}

const trendSize = { width: 96, height: 28, pad: 4 } as const;

/** One outcome's ratings, oldest to newest, as dots joined by a line (1 at the bottom, 5 at the top). */
function Trend({ values }: { values: readonly number[] }) {
  const points = ratingTrend(values, trendSize);
  return (
    <svg className="whanau-trend" width={trendSize.width} height={trendSize.height} viewBox={`0 0 ${trendSize.width} ${trendSize.height}`} aria-hidden="true">
      <line x1={trendSize.pad} x2={trendSize.width - trendSize.pad} y1={trendSize.height / 2} y2={trendSize.height / 2} className="whanau-trend__mid" />
      {points.length > 1 && <polyline points={points.map((point) => `${point.x},${point.y}`).join(' ')} className="whanau-trend__line" />}
      {points.map((point, index) => (
        <circle key={index} cx={point.x} cy={point.y} r={index === points.length - 1 ? 3 : 2} className="whanau-trend__dot" />
      ))}
    </svg>
  );
}
