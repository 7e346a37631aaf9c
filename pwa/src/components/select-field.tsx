import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

/** A labelled select with its hint and error read out with it. */
export function SelectField({ label, name, hint, error, id, className, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & FieldProps) {
  return (
    <Field label={label} name={name} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select className="field__input" {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
