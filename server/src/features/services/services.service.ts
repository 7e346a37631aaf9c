import { Op } from 'sequelize';
import type { UpdateServiceTextsInput } from '../../../contract/public-texts';
import type { UpdateServiceInput } from '../../../contract/service-updates';
import { Service } from '../../db/models/service';
import { notFound } from '../../lib/errors';

export function listServices(): Promise<Service[]> {
  return Service.findAll({ order: [['position', 'ASC']] });
}

/** Finds a service by its key or by the last part of its page route (`whanau_support`). */
export async function findService(keyOrUrlName: string): Promise<Service> {
  const service = await Service.findOne({
    where: { [Op.or]: [{ key: keyOrUrlName }, { url: `/service/${keyOrUrlName}` }] },
  });
  if (!service) throw notFound('Service not found');
  return service;
}

export async function updateService(keyOrUrlName: string, changes: UpdateServiceInput): Promise<Service> {
  const service = await findService(keyOrUrlName);
  return service.update(changes);
}

/** Drops the parts left empty (`undefined`), so the stored Māori words hold only what was written. */
function writtenOnly<Value>(value: Value): Value {
  return JSON.parse(JSON.stringify(value)) as Value;
}

/**
 * Saves a service page's words in both languages (decision 093). From now on they are the
 * managers': the seed no longer brings the catalogue's words back over them.
 */
export async function updateServiceTexts(keyOrUrlName: string, { en, mi }: UpdateServiceTextsInput): Promise<Service> {
  const service = await findService(keyOrUrlName);
  const { Sections, ...texts } = en;
  return service.update({ ...texts, sections: writtenOnly(Sections), mi: writtenOnly(mi), textsEditedAt: new Date() });
}
