// Account field rules of spec §5, shared by server validation and web forms.

/** Account name: 0–50 letters, digits or @ _ - (spec §5). Sign-in needs at least one character. */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z0-9@_.-]{1,50}$/;
/** Mobile: 11 digits starting with 1 (spec §5). */
export const MOBILE_PATTERN = /^1\d{10}$/;
/** A practical e-mail check (the address is then proven by mail); 254 is the SMTP path limit. */
export const EMAIL_PATTERN = /^[^\s@"'<>()[\]\\,;:]+@[^\s@"'<>()[\]\\,;:]+\.[^\s@"'<>()[\]\\,;:]+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Client sides of the token payload (spec §3/§6): 1 enterprise, 2 agency. */
export const CLIENT_SIDES = { enterprise: 1, agency: 2 } as const;
export type ClientSide = (typeof CLIENT_SIDES)[keyof typeof CLIENT_SIDES];

/** Sub-company header values besides a sid (spec §4: "all or root"). */
export const SUB_COMPANY_ALL = 'all';
export const SUB_COMPANY_ROOT = 'root';
