import type { en } from './en';
import { draft, type TranslatedCatalogue } from './messages';

/**
 * Te reo Māori. Loaded as its own chunk when chosen (precached for offline use). Every entry
 * is `draft(...)` until one of the trust's speakers reviews it (then `reviewed(...)`);
 * `npm run te-reo-review` lists the drafts in docs/te-reo-review.md. A manager can also correct
 * an entry in /manage without a developer: those corrections override these.
 */
export const mi: TranslatedCatalogue<typeof en> = {
  'shell.skipToContent': draft('Haere tika ki te ihirangi'),
  'shell.menu': draft('Tahua'),
  'shell.mainMenu': draft('Tahua matua'),
  'shell.closeMenu': draft('Kati te tahua'),
  'shell.opensInNewTab': draft('(ka tuwhera ki tētahi ripa hou)'),
  'shell.signedInAs': draft('Kua takiuru ko {name}'),
  'shell.offlineTitle': draft('Kāore koe i te tuihono.'),
  'shell.offlineBody': draft(
    'Ka mahi tonu ngā whārangi kua toro atu koe, ā, ka tatari ki tēnei pūrere ngā mea katoa ka tukuna e koe, kia hoki anō rā koe ki te ipurangi.',
  ),
  'language.label': draft('Reo'),

  // ── Public pages, enrolment, alerts (add keys below this line) ──

  'gloss.menuHome': draft('Kāinga'),
  'gloss.menuTeam': draft('Kaitiaki'),
  'gloss.menuServices': draft('Ratonga'),
  'gloss.menuContact': draft('Whakapā mai'),
  'gloss.menuDonate': draft('Koha'),
  'gloss.menuBlog': draft('Pānui'),
  'gloss.menuFormerServices': draft('Ratonga o mua'),
  'gloss.menuLogin': draft('Takiuru'),
  'gloss.menuClients': draft('Kiritaki'),
  'gloss.menuDashboard': draft('Papatohu'),
  'gloss.menuManage': draft('Whakahaere pae'),
  'gloss.menuLogout': draft('Takiputa'),
  'gloss.weSupport': draft('Ka tautoko mātou i te whānau'),
  'gloss.checkOutServices': draft('Tirohia ā mātou ratonga utukore kia mōhio ai, kia whakauru ai'),
  'gloss.ourFocus': draft('Tā mātou arotahi'),
  'gloss.buildingCommunities': draft('Te hanga hapori pai ake'),
  'gloss.donateCall': draft('Mā tō āwhina e kaha ake ai ō tātou hapori'),
  'gloss.readMore': draft('Pānui atu'),
  'gloss.enrolNow': draft('Whakauru mai ināianei'),
  'gloss.temporarilyUnavailable': draft('Kāore e wātea ana mō tēnei wā'),
  'gloss.loading': draft('E uta ana...'),
  'gloss.somethingWentWrong': draft('I hē tētahi mea.'),
  'gloss.mustLogIn': draft('Me takiuru koe kia kite ai i tēnei whārangi'),
  'gloss.loggedIn': draft('Kua takiuru'),
  'gloss.loggedOut': draft('Kua takiputa'),
  'gloss.blogPostCreated': draft('Kua hangaia te pānui'),
  'gloss.featureCreated': draft('Kua hangaia te whakaaturanga'),
  'gloss.postDeleted': draft('Kua mukua te pānui'),
  'gloss.featureDeleted': draft('Kua mukua te whakaaturanga'),
  'gloss.logFileDeleted': draft('Kua mukua te kōnae rangitaki'),
  'gloss.error': draft('Hapa'),

  // ── Site management and server errors (add keys below this line) ──

  // ── Client work: clients, client page, dashboard, enrolments inbox (add keys below this line) ──

};
