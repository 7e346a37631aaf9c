import { plainText } from '../i18n/rich-text';
import '../i18n/pages';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { FormerServicesList } from '../features/site/components/former-services-list';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { useT } from '../i18n/use-t';
import './pages.css';

/** Programmes the trust has run in the past. */
export default function FormerServicesRoute() {
  const t = useT();
  usePageTitle(t('former.title'), plainText(t('former.lead')));
  return (
    <>
      <PageHeader eyebrow={t('former.eyebrow')} title={t('former.title')} lead={t('former.lead')} />
      <div className="container page-body">
        <FormerServicesList />
        <LinkButton to={paths.services} variant="secondary">
          {t('former.current')}
        </LinkButton>
      </div>
    </>
  );
}
