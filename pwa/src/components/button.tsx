import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'light';
type Look = { variant?: ButtonVariant; size?: 'sm' | 'md' | 'lg' };

function classes({ variant = 'primary', size = 'md' }: Look, extra?: string): string {
  return ['button', `button--${variant}`, `button--${size}`, extra].filter(Boolean).join(' ');
}

/** A button of the app's design. `type` defaults to "button" so it never submits by accident. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return <button type={type} className={classes({ variant, size }, className)} {...props} />;
}

/** A link inside the app that looks like a button. */
export function LinkButton({ variant, size, className, ...props }: LinkProps & Look) {
  return <Link className={classes({ variant, size }, className)} {...props} />;
}

/** A link to another site that looks like a button; opens safely in a new tab. */
export function ExternalLinkButton({ variant, size, className, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & Look & { children: ReactNode }) {
  const t = useT();
  return (
    <a className={classes({ variant, size }, className)} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
    </a>
  );
}
