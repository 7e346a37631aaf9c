import { useFormerServices } from '../api/former-services';
import { useDeleteFormerService, useSaveFormerService } from './former-service-changes';
import { FormerServiceForm } from './former-service-form';
import { OrderedListEditor } from './ordered-list-editor';

/** /manage/formerServices: the programmes the trust ran before, in their order, each to move, edit or delete, and a form to add one. */
export function FormerServicesEditor() {
  return (
    <OrderedListEditor
      query={useFormerServices()}
      save={useSaveFormerService()}
      remove={useDeleteFormerService()}
      nameOf={(service) => service.title}
      details={(service) => (service.years ? <p className="order-list__meta">{service.years}</p> : null)}
      form={(service, onDone) => <FormerServiceForm service={service} onDone={onDone} />}
      messages={{ prefix: 'manage.former', param: 'title' }}
    />
  );
}
