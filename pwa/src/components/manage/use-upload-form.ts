import { useRef, useState, type FormEvent } from 'react';
import type { ApiErrorItem } from '@contract/errors';
import { useFormErrors } from '../form-errors';
import { imageProblem } from './image-picker-field';

type ParseResult<Parsed> = { success: true; data: Parsed } | { success: false; errors: ApiErrorItem[] };

type UploadFormOptions<TextField extends string, Parsed> = {
  initialValues: Record<TextField, string>;
  /** The contract's schema through `checkInput`: the same rules (and codes) the server applies. */
  parse: (values: Record<TextField, string>) => ParseResult<Parsed>;
  /** Sends the upload; resolves when the server has accepted it. */
  send: (fields: Parsed, image: File, onUploadProgress: (fraction: number) => void) => Promise<unknown>;
  onSent: () => void;
  onServerError: (error: unknown) => void;
};

/**
 * The state of a form that uploads a picture with some text fields (blog posts, features): every
 * problem is found before sending and shown on its field and in the summary (the one form
 * helper, components/form-errors), server `param` errors land on their fields too, and upload
 * progress is tracked from 0 to 1.
 */
export function useUploadForm<TextField extends string, Parsed>(options: UploadFormOptions<TextField, Parsed>) {
  type Field = TextField | 'image';
  const fieldNames = [...(Object.keys(options.initialValues) as TextField[]), 'image'] as Field[];
  const [values, setValues] = useState(options.initialValues);
  const [image, setImage] = useState<File | null>(null);
  const formErrors = useFormErrors(fieldNames);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    const parsed = options.parse(values);
    const pictureProblem = imageProblem(image);
    if (!parsed.success || !image || pictureProblem) {
      formErrors.show(parsed.success ? [] : parsed.errors, pictureProblem ? { image: [pictureProblem] } : {});
      return;
    }
    formErrors.clear();
    setSending(true);
    setProgress(0);
    try {
      await options.send(parsed.data, image, setProgress);
      options.onSent();
    } catch (error) {
      options.onServerError(error);
      formErrors.showFailure(error);
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  function setValue(field: TextField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
  }

  return { formRef, values, setValue, image, setImage, errors: formErrors.errors, formErrors, progress, sending, handleSubmit };
}
