import { serviceTitle } from '@contract/catalogue';
import type { Report, ReportTableName } from '@contract/reports';
import type { ContactKind, GoalArea } from '@contract/whanau';
import { contactKindWords, goalAreaWords } from '../../../i18n/record-words';
import { plainText } from '../../../i18n/rich-text';
import type { Translate } from '../../../i18n/use-t';

export const tableTitleKeys = {
  enrolments: 'reports.table.enrolments',
  served: 'reports.table.served',
  contacts: 'reports.table.contacts',
  goals: 'reports.table.goals',
  outputs: 'reports.table.outputs',
} as const satisfies Record<ReportTableName, string>;

export const measureKeys = {
  received: 'reports.measure.received',
  accepted: 'reports.measure.accepted',
  served: 'reports.measure.served',
  contacts: 'reports.measure.contacts',
  hours: 'reports.measure.hours',
  set: 'reports.measure.set',
  achieved: 'reports.measure.achieved',
  quantity: 'reports.measure.quantity',
  value: 'reports.measure.value',
} as const;

/** A goal area's words (`total`: the total's). */
export const goalAreaLabel = (t: Translate, area: string) =>
  area === 'total' ? t('reports.row.total') : area in goalAreaWords ? plainText(t(goalAreaWords[area as GoalArea])) : area;

export const contactKindLabel = (t: Translate, kind: string) => (kind in contactKindWords ? plainText(t(contactKindWords[kind as ContactKind])) : kind);

/** A row's label in the reader's language: a service's name, a contact kind, a goal area, an output's name. */
export function rowLabel(t: Translate, report: Report, table: ReportTableName, key: string, language: string): string {
  if (key === 'total') return t('reports.row.total');
  switch (table) {
    case 'enrolments':
      return serviceTitle(key);
    case 'served':
      return key === 'whanau' ? t('reports.row.whanau') : t('reports.row.people');
    case 'contacts':
      return contactKindLabel(t, key);
    case 'goals':
      return key in goalAreaWords ? plainText(t(goalAreaWords[key as GoalArea])) : key;
    case 'outputs': {
      const output = report.outputs.find((one) => one._id === key);
      if (!output) return key;
      const name = `${language === 'mi' ? output.nameMi : output.name}${output.unit ? ` (${output.unit})` : ''}`;
      return output.retired ? t('reports.row.retired', { name }) : name;
    }
  }
}
