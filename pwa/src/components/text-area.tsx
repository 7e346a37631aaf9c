import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

/** A labelled multi-line input with its hint and error read out with it. */
export function TextArea({ label, name, hint, error, id, className, rows = 6, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  return (
    <Field label={label} name={name} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea rows={rows} className="field__input field__input--area" {...control} {...textarea} />}
    </Field>
  );
}
