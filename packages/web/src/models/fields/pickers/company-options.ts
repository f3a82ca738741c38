// What the company picker offers (a 'company' field: a sub-company of the tenant, a system target): the
// tenant's companies whose name, short name or initials contain the typed words, by their names. A
// disabled company cannot be chosen (the server refuses it) but stays shown while chosen.
import type { CompanyRow } from '../../../api/org';

export interface CompanyOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const folded = (text: string | null | undefined) => (text ?? '').toLocaleLowerCase().replace(/\s+/g, '');

export function companyOptions(
  rows: readonly Pick<CompanyRow, 'sid' | 'company_name' | 'simple_name' | 'cname_capital' | 'status'>[],
  typed: string,
  chosen: ReadonlySet<string>,
  disabledSuffix: string,
): CompanyOption[] {
  const term = folded(typed);
  const options: CompanyOption[] = [];
  for (const row of rows) {
    const isChosen = chosen.has(row.sid);
    if (row.status !== 1 && !isChosen) continue;
    const matches = [row.company_name, row.simple_name, row.cname_capital].some((name) => folded(name).includes(term));
    if (!isChosen && !matches) continue;
    options.push(
      row.status === 1
        ? { value: row.sid, label: row.company_name }
        : { value: row.sid, label: `${row.company_name}${disabledSuffix}`, disabled: true },
    );
  }
  return options;
}
