import { useState, type FormEvent } from 'react';
import { checkInput } from '@contract/errors';
import { CreateTeamMemberSchema, type TeamMember } from '@contract/site';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { ImagePickerField, imageProblem } from '../../../components/manage/image-picker-field';
import { UploadProgress } from '../../../components/manage/upload-progress';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { translate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { imageUrl } from '../../../lib/image-size';
import { useSaveTeamMember, type TeamMemberFields } from './team-changes';

type Field = keyof TeamMemberFields | 'image';
const fieldNames: Field[] = ['name', 'role', 'bio', 'imageAlt', 'image'];

/**
 * Adds or edits one of the kaitiaki: name, role, bio and an optional photo through the same
 * picker and upload progress as carousel features; a photo always needs its description.
 */
export function TeamMemberForm({ member, onDone }: { member?: TeamMember; onDone: () => void }) {
  const t = useT();
  const save = useSaveTeamMember();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const [values, setValues] = useState<TeamMemberFields>({
    name: member?.name ?? '',
    role: member?.role ?? '',
    bio: member?.bio ?? '',
    imageAlt: member?.image?.alt ?? '',
  });
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const formErrors = useFormErrors(fieldNames);
  const [progress, setProgress] = useState<number | null>(null);

  const keepsPhoto = Boolean(member?.image) && !removeImage;

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = checkInput(CreateTeamMemberSchema, values);
    const pictureProblem = image ? imageProblem(image) : undefined;
    const altMissing = (image || keepsPhoto) && !values.imageAlt.trim();
    if (!parsed.success || pictureProblem || altMissing) {
      formErrors.show(parsed.success ? [] : parsed.errors, {
        ...(pictureProblem && { image: [pictureProblem] }),
        ...(altMissing && { imageAlt: [translate('manage.team.altRequired')] }),
      });
      return;
    }
    formErrors.clear();
    setProgress(image ? 0 : null);
    try {
      const fields = { ...values, ...(member && removeImage && !image ? { removeImage: true } : {}) };
      const saved = await save.mutateAsync({ id: member?._id, fields, image: image ?? undefined, onUploadProgress: setProgress });
      setAlert(t('manage.team.saved', { name: saved.name }), 'success');
      onDone();
    } catch (error) {
      showErrors(error);
      formErrors.showFailure(error);
    } finally {
      setProgress(null);
    }
  }

  const sending = save.isPending;
  const set = (field: keyof TeamMemberFields) => (event: { currentTarget: { value: string } }) => {
    // Read the value now: React clears `currentTarget` once the event is handled.
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const title = member ? t('manage.team.editTitle', { name: member.name }) : t('manage.team.addTitle');

  return (
    <form className="manage-form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={title}>
      <ErrorSummary state={formErrors} />
      <h3 className="manage-form__title">{title}</h3>
      <TextField
        label={t('manage.team.name')}
        name="name"
        required
        value={values.name}
        error={formErrors.errorOf('name')}
        readOnly={sending}
        onChange={set('name')}
      />
      <TextField
        label={t('manage.team.role')}
        name="role"
        hint={t('manage.team.roleHint')}
        value={values.role}
        error={formErrors.errorOf('role')}
        readOnly={sending}
        onChange={set('role')}
      />
      <TextArea
        label={t('manage.team.bio')}
        name="bio"
        rows={4}
        value={values.bio}
        error={formErrors.errorOf('bio')}
        readOnly={sending}
        onChange={set('bio')}
      />
      {member?.image ? (
        <div className="team-editor__current">
          <img src={imageUrl(member.image.src, 'small')} alt={member.image.alt} width={96} height={96} />
          <label className="manage-check">
            <input type="checkbox" checked={removeImage} disabled={sending} onChange={(event) => setRemoveImage(event.currentTarget.checked)} />
            {t('manage.team.removePhoto')}
          </label>
        </div>
      ) : null}
      <ImagePickerField
        label={member?.image ? t('manage.team.newPhoto') : t('manage.team.photo')}
        file={image}
        error={formErrors.errorOf('image')}
        disabled={sending}
        onChange={setImage}
      />
      <TextField
        label={t('manage.pictureAlt')}
        name="imageAlt"
        hint={t('manage.team.altHint')}
        value={values.imageAlt}
        error={formErrors.errorOf('imageAlt')}
        readOnly={sending}
        onChange={set('imageAlt')}
      />
      <UploadProgress fraction={progress} />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? t('manage.team.saving') : t('manage.team.save')}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={sending}>
          {t('manage.cancel')}
        </Button>
      </div>
    </form>
  );
}
