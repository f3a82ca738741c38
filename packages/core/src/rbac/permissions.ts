// Field and data permissions per role and model (spec §6), and the personnel selection range. Roles
// are deny-only overrides: a field with no rule is readable and writable; several roles combine as a
// union (the most permissive wins).

/** A field rule: hidden (not read, filtered, sorted, exported or written) or read-only. */
export const FIELD_ACCESS = ['hidden', 'read_only'] as const;
export type FieldAccess = (typeof FIELD_ACCESS)[number];

/**
 * Which records of a model a role sees:
 * - all: every record of the tenant;
 * - company: records of the user's companies and their sub-companies;
 * - department: records created by people of the user's department and its children;
 * - departments: records created by people of the specified departments (and their children);
 * - own: records the user created.
 */
export const DATA_SCOPES = ['all', 'company', 'department', 'departments', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** Whom a role's users can pick in user pickers. */
export const PICK_RANGES = ['all', 'company', 'department'] as const;
export type PickRange = (typeof PICK_RANGES)[number];

export const ROLE_PLATFORMS = [1, 2] as const;
export type RolePlatform = (typeof ROLE_PLATFORMS)[number];

export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;
export const ROLE_NAME_MAX = 50;
export const ROLE_DESCRIPTION_MAX = 255;

/** The effective rule of a field for a user holding several roles; undefined means full access. */
export function combineFieldAccess(perRole: ReadonlyArray<FieldAccess | undefined>): FieldAccess | undefined {
  if (perRole.length === 0 || perRole.some((rule) => rule === undefined)) return undefined;
  return perRole.includes('read_only') ? 'read_only' : 'hidden';
}
