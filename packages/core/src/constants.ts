// Business constants and limits of spec §9 that both server and web use.

/** HTTP timeout of the web request layer. */
export const HTTP_TIMEOUT_MS = 900_000;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
/**
 * The deepest offset a search may start at: OFFSET reads and drops every row before it (linear cost), so
 * deep pages walk by keyset cursor and only a jump to a page number uses an offset, this far at most.
 */
export const SEARCH_OFFSET_MAX = 100_000;
export const BATCH_SEARCH_MAX = 1000;
export const TABLE_COLUMNS_MAX = 20;
export const QUICK_ENTRIES_MAX = 6;
export const APPROVAL_LEVELS = { min: 1, max: 8 } as const;
export const DEFAULT_BASE_PATH = '/ip/';
/** Delays of spec §9 / §8: logout tip (30409) and other unauthorized redirects. */
export const LOGOUT_TIP_DELAY_MS = 2000;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 800;
export const DEFAULT_DELAY_MS = 3000;
/** Request body limit for JSON calls; uploads have their own. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
