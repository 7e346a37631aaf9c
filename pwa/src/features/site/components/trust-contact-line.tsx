import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { useSiteDetails } from '../api/get-site';
import { phoneHref } from '../site-text';

/** "Phone … or email …." with what the trust has set; with nothing set, a link to the contact page. */
export function TrustContactLine() {
  const t = useT();
  const { phone, email } = useSiteDetails();
  const phoneLink = phone ? <a href={phoneHref(phone)}>{phone}</a> : null;
  const emailLink = email ? <a href={`mailto:${email}`}>{email}</a> : null;
  if (phoneLink && emailLink) {
    return (
      <p>
        {t('enrol.closedPhone')} {phoneLink} {t('enrol.closedOr')} {emailLink}.
      </p>
    );
  }
  if (phoneLink) {
    return (
      <p>
        {t('enrol.closedPhone')} {phoneLink}.
      </p>
    );
  }
  if (emailLink) {
    return (
      <p>
        {t('contact.email')} {emailLink}.
      </p>
    );
  }
  return (
    <p>
      <Link to={paths.contact}>{t('contact.title')}</Link>
    </p>
  );
}
