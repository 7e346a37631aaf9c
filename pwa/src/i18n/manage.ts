import { enManage } from './en-manage';
import { addEnglish } from './i18n';

/** Imported (for its effect) by the site-management routes: registers their English before they render. */
addEnglish(enManage);
