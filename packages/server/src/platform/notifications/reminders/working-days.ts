// How far a due date is from today in an office's working days, for every due date a reminder can be due
// for: the table the reminder query joins on (office, due date), so the search stays one set-based query.
//
// A lead time of L working days puts the reminder on the L-th working day before the due date (0: on the
// due date itself). It is due today when that day is today or has passed, i.e. when `distance(due) <= L`
// with distance = 0 on the due date and otherwise 1 + the working days strictly between today and the due
// date. On a calendar of every day this is `due - today`, which is what deadlines without an office use.
import { addDays, isWorkingDay, type IsoDate, type OfficeCalendar } from '@ipdesk/core';

export interface DayDistance {
  due: IsoDate;
  distance: number;
}

/** Closures longer than this do not exist; it only bounds the walk on odd calendar data. */
const MAX_WALK_DAYS = 3 * 366;

/** The due dates from today whose distance is at most `maxDistance`, with their distance. */
export function workingDayDistances(calendar: OfficeCalendar, today: IsoDate, maxDistance: number): DayDistance[] {
  const out: DayDistance[] = [{ due: today, distance: 0 }];
  let between = 0;
  for (let offset = 1; offset <= MAX_WALK_DAYS; offset += 1) {
    const due = addDays(today, offset);
    const distance = 1 + between;
    if (distance > maxDistance) break;
    out.push({ due, distance });
    if (isWorkingDay(due, calendar)) between += 1;
  }
  return out;
}

/** The distance of one due date (tests and the notification's parameters). */
export function workingDayDistance(calendar: OfficeCalendar, today: IsoDate, due: IsoDate): number {
  if (due <= today) return 0;
  let between = 0;
  for (let day = addDays(today, 1); day < due; day = addDays(day, 1)) if (isWorkingDay(day, calendar)) between += 1;
  return 1 + between;
}
