import { useDeferredValue, useId, useMemo, useState } from 'react';
import { formatDateTime } from '../../../components/manage/format';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { filterLogLines, parseLogLines, type LogLevelName } from '../log-lines';

const levelNames: Record<LogLevelName, MessageKey> = {
  trace: 'manage.log.trace',
  debug: 'manage.log.debug',
  info: 'manage.log.info',
  warn: 'manage.log.warn',
  error: 'manage.log.error',
  fatal: 'manage.log.fatal',
};

const minLevels = [
  { value: '', label: 'manage.log.levelAll' },
  { value: '30', label: 'manage.log.levelInfo' },
  { value: '40', label: 'manage.log.levelWarn' },
  { value: '50', label: 'manage.log.levelError' },
] as const satisfies readonly { value: string; label: MessageKey }[];

/** A log file as a table of time, level and message, filtered by level and text; each raw line on demand. */
export function LogTable({ text, name }: { text: string; name: string }) {
  const t = useT();
  const captionId = useId();
  const lines = useMemo(() => parseLogLines(text), [text]);
  const [minLevel, setMinLevel] = useState('');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const shown = filterLogLines(lines, { minLevel: minLevel ? Number(minLevel) : undefined, text: deferredSearch });

  return (
    <>
      <div className="log-filters">
        <SelectField label={t('manage.log.levelFilter')} name="level" value={minLevel} onChange={(event) => setMinLevel(event.currentTarget.value)}>
          {minLevels.map((level) => (
            <option key={level.value} value={level.value}>
              {t(level.label)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('manage.log.search')} name="search" type="search" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      </div>
      <p className="log-count" id={captionId} role="status">
        {t('manage.log.showing', { shown: shown.length, count: lines.length })}
      </p>
      {shown.length === 0 ? (
        <p className="manage-empty">{t('manage.log.noMatch')}</p>
      ) : (
        <div className="log-table-wrap" tabIndex={0} role="region" aria-label={t('manage.logTextOf', { name })}>
          <table className="log-table" aria-describedby={captionId}>
            <thead>
              <tr>
                <th scope="col">{t('manage.log.time')}</th>
                <th scope="col">{t('manage.log.level')}</th>
                <th scope="col">{t('manage.log.message')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((line) => (
                <tr key={line.index} className={line.level ? `log-table__row--${line.level}` : undefined}>
                  <td className="log-table__time">{line.time ? formatDateTime(line.time) : '—'}</td>
                  <td>
                    <span className={`log-level log-level--${line.level ?? 'none'}`}>{line.level ? t(levelNames[line.level]) : '—'}</span>
                  </td>
                  <td className="log-table__message">
                    <span>{line.message}</span>
                    <details className="log-raw">
                      <summary>{t('manage.log.showRaw')}</summary>
                      <pre>{line.raw}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
