// Spec §2: "Detail pages get a sub-company id added to the query when it is missing, taken from the
// loaded record's sub-company field", so a copied detail link opens in the record's company. A link
// that names a company is read in that company when the user belongs to it.
export const SUB_COMPANY_PARAM = 'sub_company_sid';

/**
 * The query string to put in place (history replace, no reload) once a record is loaded: the current
 * one with the record's company added. Undefined when there is nothing to change: the parameter is
 * already there (even if it names another company: links are not rewritten), or the record has no company.
 */
export function withSubCompany(search: string, companySid: unknown): string | undefined {
  const params = new URLSearchParams(search);
  if (params.has(SUB_COMPANY_PARAM)) return undefined;
  if (typeof companySid !== 'string' || companySid === '') return undefined;
  params.set(SUB_COMPANY_PARAM, companySid);
  return `?${params.toString()}`;
}

/**
 * The sub-company to send with the detail page's calls: the link's, when it is one of the user's
 * companies; otherwise the session's own choice applies (undefined), since the server refuses a
 * company the user does not belong to.
 */
export function subCompanyFromLink(search: string, companies: ReadonlyArray<{ sid: string }>): string | undefined {
  const linked = new URLSearchParams(search).get(SUB_COMPANY_PARAM);
  if (!linked) return undefined;
  return companies.some((company) => company.sid === linked) ? linked : undefined;
}
