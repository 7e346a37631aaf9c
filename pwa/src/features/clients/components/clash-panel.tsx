import { useState } from 'react';
import { formatDate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import type { ClientChanges } from '../api/types';
import type { StaffItem } from '../offline/staff-items';
import { ConflictResolver } from './conflict-resolver';

type ClashPanelProps = {
  item: StaffItem;
  /** `untouched`: the fields of the edit that did not clash (they go with the choice). */
  onResolve: (changes: ClientChanges, baseVersion: number, untouched: string[]) => Promise<void>;
  onDiscard: () => Promise<void>;
};

/**
 * An edit saved on this device that the server could not apply because someone changed the same
 * fields meanwhile: each clashing field with what this kaimahi typed beside what the server holds
 * now, who changed it and when. The choice goes out as a new operation on the record's current
 * version, with the fields that did not clash.
 */
export function ClashPanel({ item, onResolve, onDiscard }: ClashPanelProps) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!item.conflict) return null;
  const { conflicts, record } = item.conflict;
  const mine: ClientChanges = item.change?.kind === 'client.update' ? item.change.changes : {};
  const time = formatDate(record.updatedAt, { dateStyle: 'medium', timeStyle: 'short' });
  const changedBy = record.updatedByName ? t('clients.conflict.changedBy', { name: record.updatedByName, time }) : t('clients.conflict.changedWhen', { time });

  async function run(action: () => Promise<void>) {
    setSaving(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <ConflictResolver
      conflicts={conflicts}
      pending={mine}
      saving={saving}
      error={error}
      changedBy={changedBy}
      mineNote={t('clients.conflict.fromDevice')}
      onResolve={(changes) =>
        void run(() =>
          onResolve(
            changes,
            record.version,
            Object.keys(mine).filter((field) => !conflicts.some((conflict) => conflict.field === field)),
          ),
        )
      }
      onDiscard={() => void run(onDiscard)}
    />
  );
}
