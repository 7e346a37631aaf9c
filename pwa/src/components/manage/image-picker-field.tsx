import { useEffect, useId, useState } from 'react';
import { limits } from '@contract/limits';
import { FieldError } from '../field-error';
import '../fields.css';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/i18n';

export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

const maxMegabytes = Math.round(limits.imageBytes / (1024 * 1024));

/** What is wrong with the chosen picture, checked before anything is sent; the server checks the bytes again. */
export function imageProblem(file: File | null): string | undefined {
  if (!file) return translate('manage.chooseImage');
  if (!acceptedImageTypes.some((type) => type === file.type)) return translate('manage.imageType');
  if (file.size > limits.imageBytes) return translate('manage.imageSize', { size: maxMegabytes });
  return undefined;
}

type ImagePickerFieldProps = {
  label: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
};

/** A file input for a picture with a preview of the chosen file (an object URL, revoked when it changes or the form goes). */
export function ImagePickerField({ label, file, error, disabled, onChange }: ImagePickerFieldProps) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={hintId}>
        {t('manage.imageHint', { size: maxMegabytes })}
      </p>
      <input
        id={id}
        className="manage-file"
        type="file"
        name="image"
        accept={acceptedImageTypes.join(',')}
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      <FieldError id={errorId} message={error} />
      {previewUrl ? <img className="manage-preview" src={previewUrl} alt={t('manage.imagePreview')} /> : null}
    </div>
  );
}
