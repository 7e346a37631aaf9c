import { serviceCatalogue } from '../../contract/catalogue';
import { Service } from './models/service';
import { sequelize } from './sequelize';

/**
 * Makes the services table match the catalogue's page texts. A service's status and status
 * text are only set when it is first added: after that they belong to the managers.
 */
export async function seedServices(): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const existing = new Map((await Service.findAll({ transaction })).map((service) => [service.key, service]));
    for (const [position, { Sections, ...entry }] of serviceCatalogue.entries()) {
      const pageTexts = { ...entry, sections: Sections, position };
      const current = existing.get(entry.key);
      if (current) {
        const { status: _status, statusText: _statusText, ...texts } = pageTexts;
        await current.update(texts, { transaction });
      } else {
        await Service.create(pageTexts, { transaction });
      }
    }
  });
}
