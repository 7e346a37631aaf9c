import type { ReactNode } from 'react';
import { SpecText } from '../i18n/spec-text';
import './spinner.css';

/** Shown while content loads (spec §2): a calm ring and the words 'Loading...'. */
export function Spinner({ label = <SpecText id="loading" /> }: { label?: ReactNode }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
