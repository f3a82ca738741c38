// When a CNIPA notice counts as served, which is the date its reply period runs from: a posted notice
// is presumed received 15 days after dispatch (CNR 4(4); proof of a later receipt prevails), an
// electronic one on the day it enters the party's system (CNR 4(7)). Record the result as the event date.
import { addDays, type IsoDate } from '../period.js';

export type ServiceMode = 'post' | 'electronic';

export function presumedServiceDate(dispatchDate: IsoDate, mode: ServiceMode): IsoDate {
  return mode === 'post' ? addDays(dispatchDate, 15) : dispatchDate;
}
