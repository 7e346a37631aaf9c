import type { Service as ServiceBody } from '../../../contract/services';
import type { Service } from '../../db/models/service';

/** A service with the field names of the trust's specification (`Sections` included), and its words in te reo Māori (`mi`). */
export function presentService(service: Service): ServiceBody {
  return {
    key: service.key,
    bg: service.bg,
    title: service.title,
    status: service.status,
    statusText: service.statusText,
    url: service.url,
    enrol: service.enrol,
    subtitle: service.subtitle,
    actionText: service.actionText,
    formLabel: service.formLabel,
    icon: service.icon,
    descriptionTitle: service.descriptionTitle,
    referralText: service.referralText,
    description: service.description,
    Sections: service.sections,
    extras: service.extras,
    mi: service.mi ?? {},
    updatedAt: service.updatedAt.toISOString(),
  };
}
