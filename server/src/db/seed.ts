import { aboutPageSeed } from '../../contract/about-page';
import { serviceCatalogue } from '../../contract/catalogue';
import { collectionStatement } from '../../contract/enrolment-form';
import { PrivacyStatementRow } from './models/privacy-statement';
import { PublicText } from './models/public-text';
import { Service } from './models/service';
import { sequelize } from './sequelize';

/**
 * Makes the services table match the catalogue, and stores the first version of the other public
 * texts (decision 093). A service's status and status text are only set when it is first added:
 * after that they belong to the managers; so do its page's words once a manager has saved them
 * (`textsEditedAt`). Until then the catalogue's words are kept in step, so a corrected catalogue
 * still reaches a page nobody has edited.
 */
export async function seedServices(): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const existing = new Map((await Service.findAll({ transaction })).map((service) => [service.key, service]));
    for (const [position, { Sections, ...entry }] of serviceCatalogue.entries()) {
      const pageTexts = { ...entry, sections: Sections, position };
      const current = existing.get(entry.key);
      if (current) {
        const { status: _status, statusText: _statusText, ...texts } = pageTexts;
        if (current.textsEditedAt) {
          await current.update({ position, url: entry.url, enrol: entry.enrol, icon: entry.icon, bg: entry.bg }, { transaction });
        } else {
          await current.update(texts, { transaction });
        }
      } else {
        await Service.create(pageTexts, { transaction });
      }
    }
  });
  await seedPublicTexts();
}

/** The About page and the privacy statement as the contract has them, stored once; then they are the managers'. */
async function seedPublicTexts(): Promise<void> {
  // `ignoreDuplicates`: two instances starting together both try, and one row stands.
  await PublicText.bulkCreate([{ name: 'about', en: aboutPageSeed, mi: {} }], { ignoreDuplicates: true });
  await PrivacyStatementRow.bulkCreate(
    [
      {
        version: collectionStatement.version,
        en: [...collectionStatement.text],
        mi: null,
        publishedAt: new Date(`${collectionStatement.version}T00:00:00+13:00`),
      },
    ],
    { ignoreDuplicates: true },
  );
}
