import { useState } from 'react';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import { memberApiPaths } from '../api/member-paths';
import { memberToken } from '../offline/member-vault';

/** "Add to my calendar": the step as an .ics file from the server (under the phone's token), opened by the phone's calendar. */
export function CalendarButton({ stepId }: { stepId: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);

  async function download() {
    setFailed(false);
    try {
      const response = await fetch(memberApiPaths.calendar(stepId), { headers: { 'x-auth-token': memberToken() ?? '' }, cache: 'no-store' });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'visit.ics';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => void download()}>
        {t('whanauApp.steps.calendar')}
      </Button>
      {failed && (
        <span className="member-note" role="status">
          {t('whanauApp.steps.calendarNeedsSignal')}
        </span>
      )}
    </>
  );
}
