import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n/use-t';
import type { FollowUp, FollowUpChanges } from '../api/types';
import { queueFollowUpChange } from '../offline/follow-up-writes';

const fields = ['text', 'dueOn'] as const;
/** A field as the form or a queued item (`payload.text`) names it. */
const fieldOf = (param: string) => {
  const name = param.replace(/^payload\./, '');
  return name === 'text' || name === 'dueOn' ? name : undefined;
};

/**
 * Changes what a follow-up says and when it is due: sent as `task.update` with only the fields
 * changed, on the version shown. A follow-up still waiting to be sent (version 0) is edited the
 * same way; the edit goes after it (issue 31).
 */
export function EditFollowUpForm({ task, onDone }: { task: FollowUp; onDone: () => void }) {
  const t = useT();
  const [text, setText] = useState(task.text);
  const [dueOn, setDueOn] = useState(task.dueOn);
  const errors = useFormErrors(fields, [], { fieldOf });
  const idPrefix = `edit-follow-up-${task._id}`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes: FollowUpChanges = { ...(text !== task.text ? { text } : {}), ...(dueOn !== task.dueOn ? { dueOn } : {}) };
    if (Object.keys(changes).length === 0 || (await errors.send(() => queueFollowUpChange(task._id, task.version, changes)))) onDone();
  }

  return (
    <form noValidate className="follow-up-form follow-up-form--edit" onSubmit={(event) => void handleSubmit(event)}>
      <ErrorSummary state={errors} />
      <TextArea
        label={t('followUps.add.text')}
        name="text"
        id={`${idPrefix}-text`}
        rows={2}
        required
        value={text}
        error={errors.errorOf('text')}
        readOnly={errors.saving}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <TextField
        label={t('followUps.add.dueOn')}
        name="dueOn"
        id={`${idPrefix}-due`}
        type="date"
        required
        value={dueOn}
        error={errors.errorOf('dueOn')}
        onChange={(event) => setDueOn(event.currentTarget.value)}
      />
      <div className="follow-up__choices">
        <Button type="submit" size="sm" disabled={errors.saving}>
          {t('followUps.edit.save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('followUps.edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
