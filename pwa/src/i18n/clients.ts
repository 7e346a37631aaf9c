import { enClients } from './en-clients';
import { addEnglish } from './i18n';

/** Imported (for its effect) by the client-work routes: registers their English before they render. */
addEnglish(enClients);
