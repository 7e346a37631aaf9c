import { enPages } from './en-pages';
import { addEnglish } from './i18n';

/**
 * Imported (for its effect) by the lazily loaded public pages: registers their English before
 * they render. Te reo Māori needs nothing here: its catalogue holds every key.
 */
addEnglish(enPages);
