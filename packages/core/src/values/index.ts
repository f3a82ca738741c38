export { isCalendarDate, normaliseTimestamp } from './calendar.js';
export { findUnstorableText, hasUnstorableCharacters } from './text.js';
