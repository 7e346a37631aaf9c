import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { useSiteDetails } from '../api/get-site';

/**
 * The DONATE call (spec: an external giving page). It leads to the giving page a manager set
 * (`GET /api/site`, opened safely in a new tab); until one is set, to the contact page, so no
 * visitor is sent to an invented address.
 */
export function DonateLink({ className, children }: { className?: string; children: ReactNode }) {
  const t = useT();
  const { donateUrl } = useSiteDetails();
  if (!donateUrl) {
    return (
      <Link className={className} to={paths.contact}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={donateUrl} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
    </a>
  );
}
