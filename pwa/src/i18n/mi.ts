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
  'language.switchTo': draft('Hurihia te reo ki {language}'),

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

  // Page titles and the footer
  'page.homeTitle': draft("{name} — he ratonga hapori utukore i Ōtautahi"),
  'footer.donate': draft("Koha ki te tarahiti"),
  'footer.getInTouch': draft("Whakapā mai"),
  'footer.explore': draft("Tūhura"),
  'footer.services': draft("Ā mātou ratonga utukore"),
  'footer.about': draft("Mō te tarahiti"),
  'footer.team': draft("Ō mātou kaitiaki"),
  'footer.blog': draft("Ngā pānui me ngā kōrero"),
  'footer.follow': draft("Whai mai i a mātou ki {network}"),
  'footer.copyright': draft("© {year} {name} · Rōpū atawhai kua rēhitatia {number}"),
  'footer.whakatauki': draft("Nāu te rourou, nāku te rourou, ka ora ai te iwi."),
  // Errors, updates, shared pieces
  'error.notFound': draft("Kāore i kitea e mātou taua whārangi."),
  'error.body': draft("Aroha mai, kāore i taea te whakaatu i tēnei whārangi. Tirohia tō hononga, ka ngana anō — ki te pērā tonu, whakamōhiotia mai."),
  'error.tryAgain': draft("Ngana anō"),
  'error.home': draft("Haere ki te whārangi kāinga"),
  'update.ready': draft("Kua rite tētahi putanga hou o tēnei taupānga."),
  'update.reload': draft("Putanga hou — uta anō"),
  'update.later': draft("Ā muri ake"),
  'common.comingSoon': draft("Ā tōna wā"),
  // Home page
  'home.welcome': draft("Nau mai, haere mai"),
  'home.ourFreeServices': draft("Ā MĀTOU RATONGA UTUKORE"),
  'home.aboutTrust': draft("MŌ TE TARAHITI"),
  'home.achievements': draft("Ngā hua kua tutuki i a tātou ngātahi"),
  'home.purpose': draft("Tā mātou whāinga"),
  'home.missionTitle': draft("Waihanga · Whakarato · Whakapai ake"),
  'home.freeForWhanau': draft("Utukore mō te whānau"),
  'home.ourServices': draft("Ā mātou ratonga"),
  'home.servicesLead': draft("He utukore ngā ratonga katoa. Pānuitia ngā kōrero mō ia ratonga, ā, whakauru mai ā-ipurangi ki ērā e tuwhera ana ki te whakauru."),
  'home.inCommunity': draft("I te hapori"),
  'home.whoWeWorkWith': draft("Ko wai mā e mahi tahi ana me mātou"),
  'home.focusLead': draft("Te whānau, te rangatahi me te tamariki, me te arotahi ki ēnei: {groups}."),
  'home.donateText': draft("Mā ia tāra e tae ai te kai ki te tēpu, e ngangahau ai, e tūhono ai te rangatahi, e tautokona ai te whānau i ngā wā uaua."),
  'home.learnMore': draft("Kimihia ētahi atu kōrero mō ā mātou mahi"),
  // Carousel
  'carousel.label': draft("Ngā kōrero whakahirahira o te hapori"),
  'carousel.pause': draft("Whakatā"),
  'carousel.play': draft("Pūrei"),
  'carousel.slideShow': draft("te whakaaturanga"),
  'carousel.previous': draft("Te whakaahua o mua"),
  'carousel.next': draft("Te whakaahua e whai ake ana"),
  'carousel.slideLabel': draft("{number} o {count}: {title}"),
  'carousel.loadFailed': draft("Kāore i taea te uta i ā mātou kōrero hou i tēnei wā."),
  'carousel.empty': draft("Ākuanei ka puta mai i konei ngā kōrero o tō mātou hapori."),
  'carousel.meantime': draft("I tēnei wā, tirohia ā mātou ratonga utukore i raro iho."),
  // Services
  'services.title': draft("Ratonga"),
  'services.lead': draft("He utukore ngā ratonga katoa. Pānuitia ngā kōrero mō ia ratonga, ā, whakauru mai ā-ipurangi ki ērā e tuwhera ana ki te whakauru."),
  'services.loadFailed': draft("Kāore i taea te uta i ā mātou ratonga i tēnei wā. Ngana anō ā tōna wā, waea mai rānei ki {phone}."),
  'services.enrolIn': draft("Whakauru ki {title}"),
  'services.open': draft("E tuwhera ana te whakauru"),
  'services.aboutSuffix': draft("mō {title}"),
  'services.inSuffix': draft("ki {title}"),
  'services.areOpen': draft("E tuwhera ana te whakauru ināianei"),
  'services.atAGlance': draft("He tirohanga poto"),
  'services.referrals': draft("Te tuku tangata mai"),
  'service.loadFailed': draft("Kāore i taea te uta i tēnei ratonga i tēnei wā. Ngana anō ā tōna wā, waea mai rānei ki {phone}."),
  'service.notFound': draft("Kāore i kitea te ratonga"),
  'service.notFoundLead': draft("Kāore he ratonga i a mātou e pērā ana te ingoa."),
  'service.seeAll': draft("Tirohia ā mātou ratonga katoa"),

  // Māori lines beside the home counters' labels (spec §9)
  'gloss.counterKaiParcels': draft("Ngā pēke kai kua tukuna"),
  'gloss.counterKaiKg': draft("Ngā kirokaramu kai kua tukuna"),
  'gloss.counterWhanauAssistance': draft("Ngā wā i āwhinatia ai te whānau"),
  'gloss.counterYouth': draft("Ngā rangatahi i whai wāhi mai"),
  'gloss.counterRangatahiEvents': draft("Ngā hui hākinakina, tākaro hoki mō te rangatahi"),
  'gloss.counterKaiValue': draft("Te uara o ngā pēke kai kua tukuna"),
  'gloss.counterMusicHours': draft("Ngā hāora haumanu puoro kua tukuna"),
  'gloss.counterMaaraKai': draft("Ngā māra kai kua whakatōkia"),

  // ── Site management and server errors (add keys below this line) ──

  // ── Client work: clients, client page, dashboard, enrolments inbox (add keys below this line) ──

};
