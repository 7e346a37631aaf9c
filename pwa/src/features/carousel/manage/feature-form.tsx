import { CreateFeatureSchema } from '@contract/content';
import { useCreateFeature } from './create-feature';
import { PictureItemForm } from '../../../components/manage/picture-item-form';

/** "New feature" for the home page carousel: title, text and a picture with its description. */
export function FeatureForm({ onCreated }: { onCreated: () => void }) {
  const createFeature = useCreateFeature();
  return (
    <PictureItemForm
      schema={CreateFeatureSchema}
      send={(fields, image, onUploadProgress) => createFeature.mutateAsync({ fields, image, onUploadProgress })}
      textRows={5}
      created="featureCreated"
      labels={{ form: 'manage.newFeature', create: 'manage.createFeature', creating: 'manage.creatingFeature' }}
      onCreated={onCreated}
    />
  );
}
