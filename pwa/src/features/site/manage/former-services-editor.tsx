import { useState } from 'react';
import type { FormerService } from '@contract/site';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { useT } from '../../../i18n/use-t';
import { useFormerServices } from '../api/former-services';
import { useDeleteFormerService, useSaveFormerService } from './former-service-changes';
import { ReorderButtons } from './reorder-buttons';
import { FormerServiceForm } from './former-service-form';
import './manage-site.css';

/** /manage/formerServices: the kaitiaki in their order, each to move, edit or delete, and a form to add one. */
export function FormerServicesEditor() {
  const t = useT();
  const formerServices = useFormerServices();
  const save = useSaveFormerService();
  const remove = useDeleteFormerService();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [editing, setEditing] = useState<FormerService | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FormerService | null>(null);

  function move(service: FormerService, to: number): void {
    save.mutate({ id: service._id, fields: { order: to } }, { onError: showErrors });
  }

  function confirmDelete(): void {
    if (!deleting) return;
    const { _id, title } = deleting;
    remove.mutate(_id, {
      onSuccess: () => setAlert(t('manage.former.deleted', { title }), 'success'),
      onError: showErrors,
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <QueryState query={formerServices}>
        {(services) =>
          services.length === 0 ? (
            <p className="manage-empty">{t('manage.former.empty')}</p>
          ) : (
            <ol className="order-list">
              {services.map((service, index) => (
                <li key={service._id} className="order-list__item">
                  <div className="order-list__text">
                    <p className="order-list__name">{service.title}</p>
                    {service.years ? <p className="order-list__meta">{service.years}</p> : null}
                  </div>
                  <div className="order-list__actions">
                    <ReorderButtons name={service.title} index={index} count={services.length} disabled={save.isPending} onMove={(to) => move(service, to)} />
                    <Button variant="outline" size="sm" aria-label={t('manage.editOf', { name: service.title })} onClick={() => setEditing(service)}>
                      {t('manage.edit')}
                    </Button>
                    <Button variant="danger" size="sm" aria-label={t('manage.deleteOf', { name: service.title })} onClick={() => setDeleting(service)}>
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
        <FormerServiceForm key={editing === 'new' ? 'new' : editing._id} service={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="manage-form__actions">
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('manage.former.add')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        title={t('manage.former.deleteTitle')}
        message={t('manage.former.deleteMessage', { title: deleting?.title ?? '' })}
        confirmLabel={t('manage.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
