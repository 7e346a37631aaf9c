import { useState } from 'react';
import { checkInput } from '@contract/errors';
import { CreateTeamMemberSchema, type TeamMember } from '@contract/site';
import { ImagePickerField, imageProblem } from '../../../components/manage/image-picker-field';
import { UploadProgress } from '../../../components/manage/upload-progress';
import { TextField } from '../../../components/text-field';
import { translate } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { imageUrl } from '../../../lib/image-size';
import { useSaveTeamMember } from './team-changes';
import { OrderedItemForm } from './ordered-item-form';

/**
 * Adds or edits one of the kaitiaki: name, role, bio and an optional photo through the same
 * picker and upload progress as carousel features; a photo always needs its description.
 */
export function TeamMemberForm({ member, onDone }: { member?: TeamMember; onDone: () => void }) {
  const t = useT();
  const save = useSaveTeamMember();
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const keepsPhoto = Boolean(member?.image) && !removeImage;

  return (
    <OrderedItemForm
      title={member ? t('manage.team.editTitle', { name: member.name }) : t('manage.team.addTitle')}
      fields={[
        { name: 'name', label: t('manage.team.name'), required: true },
        { name: 'role', label: t('manage.team.role'), hint: t('manage.team.roleHint') },
        { name: 'bio', label: t('manage.team.bio'), rows: 4 },
      ]}
      initialValues={{ name: member?.name ?? '', role: member?.role ?? '', bio: member?.bio ?? '', imageAlt: member?.image?.alt ?? '' }}
      otherFields={['image']}
      problems={(values) => {
        const parsed = checkInput(CreateTeamMemberSchema, values);
        const pictureProblem = image ? imageProblem(image) : undefined;
        const altMissing = (image || keepsPhoto) && !values.imageAlt.trim();
        if (parsed.success && !pictureProblem && !altMissing) return null;
        return {
          errors: parsed.success ? [] : parsed.errors,
          own: { ...(pictureProblem && { image: [pictureProblem] }), ...(altMissing && { imageAlt: [translate('manage.team.altRequired')] }) },
        };
      }}
      send={async (values) => {
        setProgress(image ? 0 : null);
        try {
          const fields = { ...values, ...(member && removeImage && !image ? { removeImage: true } : {}) };
          const saved = await save.mutateAsync({ id: member?._id, fields, image: image ?? undefined, onUploadProgress: setProgress });
          return t('manage.team.saved', { name: saved.name });
        } finally {
          setProgress(null);
        }
      }}
      sending={save.isPending}
      labels={{ save: t('manage.team.save'), saving: t('manage.team.saving') }}
      onDone={onDone}
      extra={({ values, set, errorOf, sending }) => (
        <>
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
            error={errorOf('image')}
            disabled={sending}
            onChange={setImage}
          />
          <TextField
            label={t('manage.pictureAlt')}
            name="imageAlt"
            hint={t('manage.team.altHint')}
            value={values.imageAlt}
            error={errorOf('imageAlt')}
            readOnly={sending}
            onChange={set('imageAlt')}
          />
          <UploadProgress fraction={progress} />
        </>
      )}
    />
  );
}
