import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './field-error';
import './fields.css';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  /** The server's or the schema's message for this field. */
  error?: string;
};

/** A labelled text input with its hint and error read out with it. */
export function TextField({ label, name, hint, error, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        id={inputId}
        name={name}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
