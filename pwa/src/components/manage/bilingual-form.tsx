import type { ApiErrorItem } from '@contract/errors';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button';
import { ErrorSummary, errorItemsOf, useFormErrors } from '../form-errors';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import { useT } from '../../i18n/use-t';
import { useShowErrors } from '../alerts/use-show-errors';
import './bilingual-form.css';

/**
 * One public text as a manager edits it, English and te reo Māori side by side (decision 093).
 * `line`: one line; `block`: free text; `lines`: a list, one item a line; `paragraphs`: a list of
 * paragraphs, a blank line between two. `key` is its path in the API body without the language
 * (`title`, `Sections.0.bullets`), so the server's errors find it.
 */
export type BilingualText = { key: string; label: string; kind: 'line' | 'block' | 'lines' | 'paragraphs'; group?: string; noMaori?: boolean };

export type BilingualValues = Record<string, string>;

/** The form's name of one language's input: `en~Sections~0~title`. */
export const inputName = (language: 'en' | 'mi', key: string) => `${language}~${key.replaceAll('.', '~')}`;

/** A list as the textarea shows it, and back. */
export const joinList = (items: readonly string[] | undefined, kind: BilingualText['kind']) => (items ?? []).join(kind === 'paragraphs' ? '\n\n' : '\n');
export const splitList = (text: string | undefined, kind: BilingualText['kind']) =>
  (text ?? '')
    .split(kind === 'paragraphs' ? /\n\s*\n/ : /\n/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** An error's `param` (`en.Sections.0.bullets.2`) as the input that holds it (`en~Sections~0~bullets`). */
function inputOf(param: string | undefined, names: readonly string[]): string | undefined {
  if (!param) return undefined;
  let name = param.replaceAll('.', '~');
  while (!names.includes(name) && /~\d+$/.test(name)) name = name.replace(/~\d+$/, '');
  return names.includes(name) ? name : undefined;
}

type BilingualFormProps = {
  label: string;
  texts: readonly BilingualText[];
  initial: BilingualValues;
  /** Builds the API body from the inputs and sends it; resolves with the inputs as saved. */
  save: (values: BilingualValues) => Promise<BilingualValues>;
  saveLabel: string;
  savingLabel: string;
  onSaved: (values: BilingualValues) => void;
  /** Said above the fields (what saving does). */
  intro?: ReactNode;
  /** The body's path of an error when it is not `{language}.{key}…` (the privacy statement's two lists). */
  pathOf?: (param: string) => string;
};

/** The form of a public text in both languages: every problem, the server's too, on its field. */
export function BilingualForm({ label, texts, initial, save, saveLabel, savingLabel, onSaved, intro, pathOf = (param) => param }: BilingualFormProps) {
  const t = useT();
  const showErrors = useShowErrors();
  const names = texts.flatMap((text) => [inputName('en', text.key), ...(text.noMaori ? [] : [inputName('mi', text.key)])]);
  const formErrors = useFormErrors(names);
  const [values, setValues] = useState(initial);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    formErrors.clear();
    setSending(true);
    try {
      const saved = await save(values);
      setValues(saved);
      onSaved(saved);
    } catch (error) {
      showErrors(error);
      formErrors.show(errorItemsOf(error).map((item): ApiErrorItem => ({ ...item, param: inputOf(item.param && pathOf(item.param), names) ?? item.param })));
    } finally {
      setSending(false);
    }
  }

  const input = (text: BilingualText, language: 'en' | 'mi') => {
    const name = inputName(language, text.key);
    const common = {
      name,
      label: `${text.label} — ${language === 'en' ? t('manage.texts.english') : t('manage.texts.maori')}`,
      value: values[name] ?? '',
      error: formErrors.errorOf(name),
      readOnly: sending,
      lang: language === 'en' ? 'en-NZ' : 'mi',
      hint: text.kind === 'lines' ? t('manage.texts.oneALine') : text.kind === 'paragraphs' ? t('manage.texts.blankLine') : undefined,
    };
    const change = (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    };
    return text.kind === 'line' ? (
      <TextField {...common} onChange={change} autoComplete="off" />
    ) : (
      <TextArea {...common} onChange={change} rows={text.kind === 'paragraphs' ? 8 : 4} />
    );
  };

  let group: string | undefined;
  return (
    <form className="manage-form bilingual-form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={label}>
      <ErrorSummary state={formErrors} />
      {intro}
      {texts.map((text) => {
        const heading = text.group !== group ? text.group : undefined;
        group = text.group;
        return (
          <div key={text.key}>
            {heading && <h2 className="bilingual-form__group">{heading}</h2>}
            <div className="bilingual-form__row">
              {input(text, 'en')}
              {text.noMaori ? <p className="bilingual-form__same">{t('manage.texts.sameInBoth')}</p> : input(text, 'mi')}
            </div>
          </div>
        );
      })}
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? savingLabel : saveLabel}
        </Button>
      </div>
    </form>
  );
}
