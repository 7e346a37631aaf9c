import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { readQueuedItems, type QueuedItem } from '../../../lib/outbox/read-items';
import { getMemberDb } from './member-db';
import { memberKeys } from './member-vault';

/** The phone's writes not yet sent, opened, live: what the screens show as "waiting to send". */
export function useMemberQueued(): QueuedItem[] {
  const [items, setItems] = useState<QueuedItem[]>([]);
  const [cipher, setCipher] = useState(() => memberKeys.current());
  useEffect(() => memberKeys.onChange(setCipher), []);
  useEffect(() => {
    if (!cipher) {
      setItems([]);
      return;
    }
    const subscription = liveQuery(() => readQueuedItems({ db: getMemberDb(), cipher })).subscribe({ next: setItems, error: () => setItems([]) });
    return () => subscription.unsubscribe();
  }, [cipher]);
  return items;
}
