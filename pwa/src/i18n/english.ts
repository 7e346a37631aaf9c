import { en } from './en';
import { enClients } from './en-clients';
import { enWhanauApp } from './en-whanau-app';
import { enErrors } from './en-errors';
import { enManage } from './en-manage';
import { enPages } from './en-pages';
import { enParts } from './en-parts';

/**
 * Every English message, for the tools that need them all at once (the te reo corrections page,
 * the review list, tests). The app itself never imports this on public pages: it loads each
 * part with the pages that use it.
 */
export const allEnglish = { ...en, ...enParts, ...enPages, ...enManage, ...enClients, ...enWhanauApp, ...enErrors };
export type EnglishKey = keyof typeof allEnglish;
