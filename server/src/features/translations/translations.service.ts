import type { CorrectableLanguage, TranslationCorrection, TranslationOverrides } from '../../../contract/translations';
import { Translation } from '../../db/models/translation';

/** Every correction of one language, key → text, keys in order so the answer (and its ETag) is stable. */
export async function listCorrections(language: CorrectableLanguage): Promise<TranslationOverrides> {
  const rows = await Translation.findAll({ where: { language }, order: [['key', 'ASC']] });
  return Object.fromEntries(rows.map((row) => [row.key, row.text]));
}

/** Saves (or replaces) the correction of one key. */
export async function saveCorrection(language: CorrectableLanguage, key: string, text: string, actorId: string): Promise<TranslationCorrection> {
  await Translation.upsert({ language, key, text, updatedBy: actorId });
  // Read back: what upsert returns differs between SQLite and PostgreSQL.
  const row = await Translation.findOne({ where: { language, key }, rejectOnEmpty: true });
  return { language, key, text: row.text, updatedBy: row.updatedBy, updatedAt: row.updatedAt.toISOString() };
}

/** Removes the correction of one key, so the built-in text shows again; nothing to remove is fine too. */
export async function removeCorrection(language: CorrectableLanguage, key: string): Promise<void> {
  await Translation.destroy({ where: { language, key } });
}
