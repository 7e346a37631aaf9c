import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

/** A labelled text input with its hint and error read out with it. */
export function TextField({ label, name, hint, error, id, className, ...input }: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <Field label={label} name={name} hint={hint} error={error} id={id} className={className}>
      {(control) => <input className="field__input" {...control} {...input} />}
    </Field>
  );
}
