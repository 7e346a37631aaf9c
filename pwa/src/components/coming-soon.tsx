import type { ReactNode } from 'react';
import { Icon } from './all-icons';
import { useT } from '../i18n/use-t';
import './coming-soon.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

/** A deliberate "on its way" card for parts of the staff area a later release brings. */
export function ComingSoon({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon__badge" aria-hidden="true">
        <Icon name={icon} />
      </div>
      <p className="coming-soon__eyebrow">{t('common.comingSoon')}</p>
      <h2 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h2>
      <div className="coming-soon__text">{children}</div>
    </section>
  );
}
