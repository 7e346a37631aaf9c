import { enErrors } from './en-errors';
import { addEnglish } from './i18n';

/** Imported (for its effect) where errors are shown: registers their English (decision 060). */
addEnglish(enErrors);
