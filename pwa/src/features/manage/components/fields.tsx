import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldError } from '../../../components/field-error';
import '../../../components/fields.css';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  error?: string;
};

/** A labelled select in the look of the shared TextField, with its hint and error read out with it. */
export function SelectField({ label, name, hint, error, id, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? `${name}-${generatedId}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = `${selectId}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <select
        id={selectId}
        name={name}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        {...select}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
