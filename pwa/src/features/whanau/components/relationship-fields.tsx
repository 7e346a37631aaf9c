import { relationships, type Relationship } from '@contract/whanau';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { relationshipLabel } from './labels';

type RelationshipFieldsProps = {
  relationship: Relationship | '';
  other: string;
  onRelationship: (relationship: Relationship | '') => void;
  onOther: (text: string) => void;
  errorOf: (field: 'relationship' | 'relationshipText') => string | undefined;
};

/** How a member is related to the whānau, and the words for "other" (adding a member, or a client joining). */
export function RelationshipFields({ relationship, other, onRelationship, onOther, errorOf }: RelationshipFieldsProps) {
  const t = useT();
  return (
    <div className="whanau-form__row">
      <SelectField
        label={t('whanau.members.relationship')}
        name="relationship"
        value={relationship}
        error={errorOf('relationship')}
        onChange={(event) => onRelationship(event.currentTarget.value as Relationship | '')}
      >
        <option value="">{t('whanau.choose')}</option>
        {relationships.map((value) => (
          <option key={value} value={value}>
            {plainText(t(relationshipLabel[value]))}
          </option>
        ))}
      </SelectField>
      {relationship === 'other' && (
        <TextField
          label={t('whanau.members.relationshipText')}
          hint={t('whanau.members.relationshipTextHint')}
          name="relationshipText"
          value={other}
          error={errorOf('relationshipText')}
          onChange={(event) => onOther(event.currentTarget.value)}
        />
      )}
    </div>
  );
}
