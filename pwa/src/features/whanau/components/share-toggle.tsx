import { useState } from 'react';
import type { WhanauShareRecord } from '@contract/whanau-app';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { errorItemsOf } from '../../../components/form-errors';
import { useOnline } from '../../../lib/use-online';
import { useSetShared, useShares } from '../api/shares';
import { nzTimeZone } from '../../../lib/nz-time';

type ItemKind = WhanauShareRecord['itemKind'];

/** What is shared with the whānau's app, read once per page (a whānau the server has): each goal and follow-up asks it. */
export function useWhanauShares(whanauId: string, onServer: boolean) {
  const online = useOnline();
  const shares = useShares(whanauId, online && onServer);
  const shareOf = (itemKind: ItemKind, itemId: string) => shares.data?.find((share) => share.itemKind === itemKind && share.itemId === itemId);
  return { online, known: shares.data !== undefined, shareOf };
}

export type WhanauShares = ReturnType<typeof useWhanauShares>;

/**
 * "Share with the whānau" (off by default) on a goal or a follow-up, and who shared it when. A
 * change goes to the server at once, so with no signal it is turned off with the reason.
 */
export function ShareToggle({
  whanauId,
  itemKind,
  itemId,
  what,
  shares,
}: {
  whanauId: string;
  itemKind: ItemKind;
  itemId: string;
  /** The goal's or follow-up's words, for the checkbox's name. */
  what: string;
  shares: WhanauShares;
}) {
  const t = useT();
  const setShared = useSetShared(whanauId);
  const [problem, setProblem] = useState('');
  const share = shares.shareOf(itemKind, itemId);
  // Ticked at once while the server is asked; the server's answer then says who shared it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const usable = shares.online && shares.known && !setShared.isPending;
  return (
    <div className="whanau-share whanau-noprint" data-testid="share">
      <label className="whanau-share__toggle">
        <input
          type="checkbox"
          checked={wanted ?? share !== undefined}
          disabled={!usable}
          aria-label={t('whanau.share.toggleOf', { what })}
          aria-describedby={`share-${itemId}`}
          onChange={(event) => {
            const shared = event.currentTarget.checked;
            setProblem('');
            setWanted(shared);
            setShared.mutate(
              { whanauId, itemKind, itemId, shared },
              {
                onSettled: () => setWanted(null),
                onError: (error) =>
                  setProblem(
                    errorItemsOf(error)
                      .map((item) => errorMessage(item))
                      .join(' '),
                  ),
              },
            );
          }}
        />{' '}
        {t('whanau.share.toggle')}
      </label>
      <span id={`share-${itemId}`} className="whanau-muted">
        {!shares.online
          ? t('whanau.share.offline')
          : share
            ? t('whanau.share.by', { name: share.sharedByName, date: formatDate(share.sharedAt, { dateStyle: 'medium', timeZone: nzTimeZone }) })
            : ''}
      </span>
      {problem && (
        <p className="whanau-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
