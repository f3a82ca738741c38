import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/offices.js';
import type { CaseFacts } from '../case-facts.js';
import { addDays } from '../period.js';
import { computeDeadlines } from './engine.js';
import { DEADLINE_EVENTS, isDeadlineEventCode } from './events.js';
import { CN_RULE_PACK, RULE_PACKS, US_RULE_PACK, pickPack } from './packs/index.js';
import { presumedServiceDate } from './service.js';
import type { RulePack } from './types.js';

const CN = calendarFor('CN');
const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'CN',
  patentType: 'invention',
  route: 'direct',
  filingDate: '2023-03-14',
  events: [],
  ...over,
});

describe('rule packs', () => {
  it('has a pack per office with at least 6 rules, unique codes prefixed by the office', () => {
    expect(RULE_PACKS.map((p) => p.office)).toEqual(['CN', 'US', 'EP', 'JP', 'WO']);
    const codes = new Set<string>();
    for (const pack of RULE_PACKS) {
      expect(pack.rules.length).toBeGreaterThanOrEqual(6);
      expect(pack.version.startsWith(`${pack.office}-`)).toBe(true);
      for (const rule of pack.rules) {
        expect(rule.code.startsWith(`${pack.office}-`)).toBe(true);
        expect(rule.office).toBe(pack.office);
        expect(codes.has(rule.code)).toBe(false);
        codes.add(rule.code);
        expect(rule.source.length).toBeGreaterThan(5);
        expect(rule.citation.zh.length * rule.citation.en.length).toBeGreaterThan(0);
      }
    }
  });

  it('uses only event codes from the one exported list', () => {
    const used = RULE_PACKS.flatMap((p) =>
      p.rules.flatMap((r) => [
        ...(r.trigger.event ? [r.trigger.event] : []),
        ...(r.latestOf ?? []).flatMap((a) => (a.trigger.event ? [a.trigger.event] : [])),
        ...r.cancelledBy,
        ...(r.completedBy ?? []),
      ]),
    );
    expect(used.filter((code) => !isDeadlineEventCode(code))).toEqual([]);
    expect(new Set(DEADLINE_EVENTS.map((e) => e.code)).size).toBe(DEADLINE_EVENTS.length);
  });

  it('picks the pack of an office, the latest when several versions are given', () => {
    expect(pickPack(RULE_PACKS, 'US')).toBe(US_RULE_PACK);
    expect(pickPack(RULE_PACKS, 'KR')).toBeUndefined();
    const next: RulePack = { ...CN_RULE_PACK, version: 'CN-2026.1', effectiveFrom: '2026-01-01' };
    expect(pickPack([CN_RULE_PACK, next], 'CN')).toBe(next);
  });
});

describe('computeDeadlines', () => {
  it('gives nothing for another office’s pack, and sorts by due date', () => {
    expect(computeDeadlines(facts({ office: 'US' }), CN_RULE_PACK, CN)).toEqual([]);
    const ds = computeDeadlines(facts({}), CN_RULE_PACK, CN);
    expect(ds.map((d) => d.dueDate)).toEqual([...ds.map((d) => d.dueDate)].sort());
    expect(ds.every((d) => d.packVersion === 'CN-2024.2' && d.calendarOffice === 'CN')).toBe(true);
  });

  it('starts no deadline after the case ended, and cancels open ones falling due after it', () => {
    const ds = computeDeadlines(
      facts({ endedDate: '2024-06-30', events: [{ code: 'office_action', date: '2024-07-02' }] }),
      CN_RULE_PACK,
      CN,
    );
    expect(ds.some((d) => d.ruleCode === 'CN-OA-REPLY-FIRST')).toBe(false);
    expect(ds.find((d) => d.ruleCode === 'CN-EXAM-REQUEST')).toMatchObject({
      status: 'cancelled',
      cancelledByEvent: 'case_ended',
    });
    // The priority year (2024-03-14) had passed before the end: it stays as it was.
    expect(ds.find((d) => d.ruleCode === 'CN-PRIORITY-PERIOD')?.status).toBe('open');
  });

  it('ignores a cancelling event from before the deadline started', () => {
    const ds = computeDeadlines(
      facts({
        events: [
          { code: 'abandoned', date: '2024-01-01' },
          { code: 'office_action', date: '2024-02-01' },
        ],
      }),
      CN_RULE_PACK,
      CN,
    );
    expect(ds.find((d) => d.ruleCode === 'CN-OA-REPLY-FIRST')?.status).toBe('open');
    expect(ds.find((d) => d.ruleCode === 'CN-EXAM-REQUEST')?.status).toBe('cancelled');
  });

  it('a response fulfils only the office actions before it; recorded sequences win over date order', () => {
    const ds = computeDeadlines(
      facts({
        events: [
          { code: 'office_action', date: '2024-03-05', sequence: 1 },
          { code: 'response_filed', date: '2024-06-01' },
          { code: 'office_action', date: '2024-09-10', sequence: 2 },
        ],
      }),
      CN_RULE_PACK,
      CN,
    );
    expect(ds.find((d) => d.ruleCode === 'CN-OA-REPLY-FIRST')).toMatchObject({
      status: 'done',
      completedOn: '2024-06-01',
    });
    expect(ds.find((d) => d.ruleCode === 'CN-OA-REPLY-LATER')?.status).toBe('open');
  });

  it('flags overdue open deadlines only when today is given', () => {
    const open = (today?: string) =>
      computeDeadlines(facts({}), CN_RULE_PACK, CN, today ? { today } : {}).find(
        (d) => d.ruleCode === 'CN-EXAM-REQUEST',
      );
    expect(open()?.overdue).toBe(false);
    expect(open('2026-03-16')?.overdue).toBe(false);
    expect(open('2026-03-17')?.overdue).toBe(true);
  });

  it('CN service by post: the reply period counts from dispatch + 15 days (CNR 4(4)); electronic: the day itself (CNR 4(7))', () => {
    expect(presumedServiceDate('2025-06-20', 'post')).toBe('2025-07-05');
    expect(presumedServiceDate('2025-06-20', 'electronic')).toBe('2025-06-20');
    const served = presumedServiceDate('2025-06-20', 'post');
    const d = computeDeadlines(facts({ events: [{ code: 'office_action', date: served }] }), CN_RULE_PACK, CN).find(
      (x) => x.ruleCode === 'CN-OA-REPLY-FIRST',
    );
    // 5 Nov 2025 is a Wednesday.
    expect(d?.dueDate).toBe('2025-11-05');
  });

  it('is consistent over many cases (micro-sanity, no timing)', () => {
    const us = calendarFor('US');
    let count = 0;
    let first = '';
    for (let i = 0; i < 2000; i += 1) {
      const filingDate = addDays('2018-01-01', i);
      const ds = computeDeadlines(
        {
          office: 'US',
          patentType: 'invention',
          route: 'direct',
          filingDate,
          grantDate: addDays(filingDate, 900),
          events: [],
        },
        US_RULE_PACK,
        us,
      );
      count += ds.length;
      if (i === 0) first = ds.map((d) => `${d.ruleCode}:${d.dueDate}`).join(',');
    }
    expect(count).toBe(2000 * 6);
    const again = computeDeadlines(
      {
        office: 'US',
        patentType: 'invention',
        route: 'direct',
        filingDate: '2018-01-01',
        grantDate: addDays('2018-01-01', 900),
        events: [],
      },
      US_RULE_PACK,
      us,
    );
    expect(again.map((d) => `${d.ruleCode}:${d.dueDate}`).join(',')).toBe(first);
  });
});
