import { Fragment, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { useT } from '../../../i18n/use-t';
import { ReorderButtons } from './reorder-buttons';
import './manage-site.css';

type Callbacks = { onSuccess?: () => void; onError: (error: unknown) => void; onSettled?: () => void };

type OrderedListEditorProps<Item extends { _id: string }> = {
  query: UseQueryResult<Item[]>;
  /** Saves a new place in the list. */
  save: { mutate: (request: { id: string; fields: { order: number } }, callbacks: Callbacks) => void; isPending: boolean };
  remove: { mutate: (id: string, callbacks: Callbacks) => void; isPending: boolean };
  /** How an entry is named on its buttons. */
  nameOf: (item: Item) => string;
  /** An entry's picture (before its text) and lines under its name. */
  picture?: (item: Item) => ReactNode;
  details: (item: Item) => ReactNode;
  /** The form to add (no item) or edit one entry. */
  form: (item: Item | undefined, onDone: () => void) => ReactNode;
  /** Where its messages are (`.empty`, `.add`, `.deleteTitle`, `.deleteMessage`, `.deleted`) and how they name an entry. */
  messages: { prefix: 'manage.team'; param: 'name' } | { prefix: 'manage.former'; param: 'title' };
};

type ListMessage = 'empty' | 'add' | 'deleteTitle' | 'deleteMessage' | 'deleted';

/** A hand-ordered list the trust keeps (kaitiaki, former services): each entry to move, edit or delete, and a form to add one. */
export function OrderedListEditor<Item extends { _id: string }>({
  query,
  save,
  remove,
  nameOf,
  picture,
  details,
  form,
  messages,
}: OrderedListEditorProps<Item>) {
  const t = useT();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const say = (message: ListMessage, item?: Item) => t(`${messages.prefix}.${message}`, item && { [messages.param]: nameOf(item) });

  function confirmDelete(): void {
    if (!deleting) return;
    const item = deleting;
    remove.mutate(item._id, {
      onSuccess: () => setAlert(say('deleted', item), 'success'),
      onError: showErrors,
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <QueryState query={query}>
        {(items) =>
          items.length === 0 ? (
            <p className="manage-empty">{say('empty')}</p>
          ) : (
            <ol className="order-list">
              {items.map((item, index) => (
                <li key={item._id} className="order-list__item">
                  {picture?.(item)}
                  <div className="order-list__text">
                    <p className="order-list__name">{nameOf(item)}</p>
                    {details(item)}
                  </div>
                  <div className="order-list__actions">
                    <ReorderButtons
                      name={nameOf(item)}
                      index={index}
                      count={items.length}
                      disabled={save.isPending}
                      onMove={(to) => save.mutate({ id: item._id, fields: { order: to } }, { onError: showErrors })}
                    />
                    <Button variant="outline" size="sm" aria-label={t('manage.editOf', { name: nameOf(item) })} onClick={() => setEditing(item)}>
                      {t('manage.edit')}
                    </Button>
                    <Button variant="danger" size="sm" aria-label={t('manage.deleteOf', { name: nameOf(item) })} onClick={() => setDeleting(item)}>
                      {t('manage.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
      {editing ? (
        <Fragment key={editing === 'new' ? 'new' : editing._id}>{form(editing === 'new' ? undefined : editing, () => setEditing(null))}</Fragment>
      ) : (
        <div className="manage-form__actions">
          <Button variant="primary" onClick={() => setEditing('new')}>
            {say('add')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        title={say('deleteTitle')}
        message={deleting ? say('deleteMessage', deleting) : ''}
        confirmLabel={t('manage.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
