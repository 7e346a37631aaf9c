import type { PrivacyStatement } from '@contract/enrolment-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { BilingualForm, inputName, joinList, splitList, type BilingualValues } from '../../../components/manage/bilingual-form';
import { useT } from '../../../i18n/use-t';
import { apiRequest } from '../../../lib/api-client';
import { textApiPaths } from '../../../lib/text-paths';
import { privacyStatementKey } from '../api/get-privacy-statement';

/** `PUT /api/content/privacy`: new words publish a new version (decision 094). */
function publishStatement(body: { en: string[]; mi: string[] }): Promise<PrivacyStatement> {
  return apiRequest<PrivacyStatement>(textApiPaths.privacy, { method: 'PUT', json: body });
}

const valuesOf = (statement: PrivacyStatement): BilingualValues => ({
  [inputName('en', 'statement')]: joinList(statement.en, 'paragraphs'),
  [inputName('mi', 'statement')]: joinList(statement.mi ?? [], 'paragraphs'),
});

/**
 * The privacy statement in English and te reo Māori. The errors of `en` and `mi` (the body's two
 * lists) go on the English and Māori boxes.
 */
export function PrivacyForm({ statement }: { statement: PrivacyStatement }) {
  const t = useT();
  const { setAlert } = useAlerts();
  const queryClient = useQueryClient();
  const publish = useMutation({ mutationFn: publishStatement, onSuccess: (saved) => queryClient.setQueryData(privacyStatementKey, saved) });
  return (
    <BilingualForm
      label={t('manage.privacy.title')}
      intro={<p className="manage-card__lead">{t('manage.privacy.intro', { version: statement.version })}</p>}
      pathOf={(param) => param.replace(/^(en|mi)(\.|$)/, '$1.statement$2')}
      texts={[{ key: 'statement', label: t('manage.privacy.statement'), kind: 'paragraphs' }]}
      initial={valuesOf(statement)}
      saveLabel={t('manage.texts.save')}
      savingLabel={t('manage.texts.saving')}
      save={async (values) => {
        const saved = await publish.mutateAsync({
          en: splitList(values[inputName('en', 'statement')], 'paragraphs'),
          mi: splitList(values[inputName('mi', 'statement')], 'paragraphs'),
        });
        const published = saved.version !== statement.version;
        setAlert(published ? t('manage.privacy.published', { version: saved.version }) : t('manage.privacy.unchanged'), 'success');
        return valuesOf(saved);
      }}
      onSaved={() => undefined}
    />
  );
}
