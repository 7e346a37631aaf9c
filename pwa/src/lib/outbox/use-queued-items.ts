/** The signed-in person's queued items for a screen, live: re-read whenever the outbox changes or the copy locks or unlocks. */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { getStaffCipher, onStaffCipherChange } from '../staff-cipher';
import { readQueuedItems, type QueuedItem } from './read-items';

export function useQueuedItems(userId: string | null, options: { subjectId?: string; withSent?: boolean } = {}): QueuedItem[] {
  const [items, setItems] = useState<QueuedItem[]>([]);
  const [cipher, setCipher] = useState(() => getStaffCipher());
  const { subjectId, withSent } = options;
  useEffect(() => onStaffCipherChange(setCipher), []);
  useEffect(() => {
    if (!cipher || cipher.userId !== userId) {
      setItems([]);
      return;
    }
    const subscription = liveQuery(() => readQueuedItems({ cipher, subjectId, withSent })).subscribe({ next: setItems, error: () => setItems([]) });
    return () => subscription.unsubscribe();
  }, [cipher, userId, subjectId, withSent]);
  return items;
}
