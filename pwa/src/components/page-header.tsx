import type { ReactNode } from 'react';
import './page-header.css';

type PageHeaderProps = {
  title: ReactNode;
  /** A short line above the title, e.g. the section of the site. */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
};

/** The band at the top of each page: title, optional lead text, on a quiet poutama pattern. */
export function PageHeader({ title, eyebrow, lead, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="container page-header__inner">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {lead && <p className="page-header__lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}
