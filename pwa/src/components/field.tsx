import { useId, type ReactNode } from 'react';
import { FieldError } from './field-error';
import './fields.css';

/** What a field's control needs to be tied to its label, hint and error. */
export type FieldControlProps = { id: string; name: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

export type FieldProps = {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  /** The server's or the schema's message for this field. */
  error?: string;
  id?: string;
  className?: string;
};

/**
 * The one frame of every form field: label, hint, the control, and its error, with the hint and
 * the error read out with the control. TextField, TextArea and SelectField fill it.
 */
export function Field({ label, name, hint, error, id, className, children }: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? `${name}-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = `${controlId}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
