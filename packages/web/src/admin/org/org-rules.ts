// Limits of the organisation forms, the same as the database's checks (migration 0008 and 0002):
// a company's name 1–255 characters, its simple name up to 255, its capital letters up to 16; a
// department's name 1–100, English name up to 100, code up to 64; a configuration pack's name 1–100.
// Also how the forms send an optional text.
export const COMPANY_NAME_MAX = 255;
export const COMPANY_SIMPLE_NAME_MAX = 255;
export const COMPANY_CAPITAL_MAX = 16;
export const DEPARTMENT_NAME_MAX = 100;
export const DEPARTMENT_NAME_EN_MAX = 100;
export const DEPARTMENT_CODE_MAX = 64;
export const PACK_NAME_MAX = 100;
/** Sort numbers the server accepts (whole numbers from 0). */
export const SORT_MIN = 0;
export const SORT_MAX = 1_000_000;

/** An optional text as the forms send it: trimmed, or null when blank. */
export const orNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);
