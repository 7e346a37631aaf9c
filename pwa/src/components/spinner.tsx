import './spinner.css';

/** Shown while content loads (spec §2): a calm ring and the words 'Loading...'. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
