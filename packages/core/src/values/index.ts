export { isCalendarDate, normaliseTimestamp } from './calendar.js';
export * from './money.js';
export { findUnstorableText, hasUnstorableCharacters } from './text.js';
