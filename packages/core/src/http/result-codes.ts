// Client-side result codes of spec §4 and the message each shows (spec §8).
import type { MessageKey } from '../i18n/index.js';

export const RESULT_CODES = {
  database: -3,
  network: -2,
  unknown: -1,
  other: 0,
  success: 1,
  canceled: 2,
} as const;

export type ResultName = keyof typeof RESULT_CODES;
export type ResultCode = (typeof RESULT_CODES)[ResultName];

export const RESULT_MESSAGES: Record<ResultName, MessageKey> = {
  database: 'result.database',
  network: 'result.network',
  unknown: 'result.unknown',
  other: 'result.other',
  success: 'result.success',
  canceled: 'result.canceled',
};
