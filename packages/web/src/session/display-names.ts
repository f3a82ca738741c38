// Names kept in two languages (a root company named as its tenant, a user's English name) shown in the
// viewer's: English viewers read the English one when there is one, everyone else the name itself.
import type { CompanyEntry } from '../api/passport';

export function companyDisplayName(company: CompanyEntry, language: string): string {
  if (language === 'en' && company.english_name) return company.english_name;
  return company.simple_name || company.company_name;
}

export function userDisplayName(
  user: { name: string; english_name: string | null } | undefined,
  language: string,
): string | undefined {
  if (!user) return undefined;
  return language === 'en' && user.english_name ? user.english_name : user.name;
}
