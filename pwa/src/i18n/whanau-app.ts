import { enWhanauApp } from './en-whanau-app';
import { addEnglish } from './i18n';

/** Imported (for its effect) by the routes of the whānau's app and the whānau page: registers their English before they render. */
addEnglish(enWhanauApp);
