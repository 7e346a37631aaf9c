import '../i18n/pages';
import { PageHeader } from '../components/page-header';
import { ContactDetails } from '../features/site/components/contact-details';
import { usePageTitle } from '../lib/use-page-title';
import { plainText, Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/** How to reach the trust: the details a manager set (features/site), and where to get help now. */
export default function ContactRoute() {
  const t = useT();
  usePageTitle(t('contact.title'), plainText(t('contact.lead')));
  return (
    <>
      <PageHeader eyebrow={<Rich id="contact.greeting" />} title={t('contact.title')} lead={<Rich id="contact.lead" />} />
      <div className="container page-body">
        <ContactDetails />
        <div className="callout" role="note">
          <p>
            <strong>{t('contact.helpNow')}</strong> {t('contact.helpText')}
          </p>
        </div>
      </div>
    </>
  );
}
