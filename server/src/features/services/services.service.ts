import { Op } from 'sequelize';
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
