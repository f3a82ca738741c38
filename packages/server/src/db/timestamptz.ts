// timestamptz values as the PostgreSQL server sends them in text ("2023-09-03 15:36:09.006123+00",
// "…+05:30"), read with one anchored expression instead of pg's general parser, which runs three and was
// 4 % of the server's CPU on a page of search results (docs/benchmarks.md). Whatever this does not
// cover (BC dates, infinity, years before 100 or after 9999, offsets with seconds) goes to pg's parser.
import pg from 'pg';

const SHAPE = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?$/;
const general = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (value: string) => unknown;

export function parseTimestamptz(value: string): unknown {
  const m = SHAPE.exec(value);
  const year = m ? Number(m[1]) : 0;
  if (!m || year < 100) return general(value);
  // Milliseconds are the first three fraction digits: a Date holds no finer time.
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const offsetMinutes = (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0));
  const utc = Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms);
  return new Date(utc - offsetMinutes * 60_000);
}
