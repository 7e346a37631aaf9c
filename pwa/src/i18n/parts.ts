import { enParts } from './en-parts';
import { addEnglish } from './i18n';

/**
 * Imported (for its effect) by the parts of the shell and home page that load after the first
 * paint (see `en-parts.ts`): registers their English before they render.
 */
addEnglish(enParts);
