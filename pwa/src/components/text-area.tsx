import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError } from './field-error';
import './fields.css';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  error?: string;
};

/** A labelled multi-line input with its hint and error read out with it. */
export function TextArea({ label, name, hint, error, id, className, rows = 6, ...textarea }: TextAreaProps) {
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
      <textarea
        id={inputId}
        name={name}
        rows={rows}
        className="field__input field__input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        {...textarea}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
