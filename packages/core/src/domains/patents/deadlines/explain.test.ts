import { describe, expect, it } from 'vitest';
import { calendarFor } from '../calendar/offices.js';
import type { CaseFacts } from '../case-facts.js';
import { computeDeadlines } from './engine.js';
import { explainDeadline, formatOffset, toBasis } from './explain.js';
import { CN_RULE_PACK, JP_RULE_PACK, WO_RULE_PACK } from './packs/index.js';
import type { ComputedDeadline, DeadlineBasis, RulePack } from './types.js';

function deadline(pack: RulePack, facts: Partial<CaseFacts>, code: string): ComputedDeadline {
  const ds = computeDeadlines(
    { office: pack.office, patentType: 'invention', route: 'direct', events: [], ...facts },
    pack,
    calendarFor(pack.calendarOffice),
  );
  const found = ds.find((d) => d.ruleCode === code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

describe('explainDeadline', () => {
  it('explains the CN exam request over a weekend, in both languages (CNL 35, CNR 113)', () => {
    const d = deadline(CN_RULE_PACK, { filingDate: '2023-03-14' }, 'CN-EXAM-REQUEST');
    expect(explainDeadline(d, 'en')).toBe(
      'filing date 2023-03-14 + 36 months = 2026-03-14 (Saturday) → 2026-03-16 (Monday, first working day); ' +
        'rule CN-EXAM-REQUEST (Patent Law Art. 35; Implementing Regulations r. 113)',
    );
    expect(explainDeadline(d, 'zh-CN')).toBe(
      '申请日 2023-03-14 + 36个月 = 2026-03-14（星期六）→ 2026-03-16（星期一，顺延至首个工作日）；' +
        '规则 CN-EXAM-REQUEST（专利法第35条；实施细则第113条）',
    );
  });

  it('names the holidays of the CN golden week (国办发明电〔2024〕12号)', () => {
    const d = deadline(
      CN_RULE_PACK,
      {
        patentType: 'utility_model',
        filingDate: '2025-03-01',
        events: [{ code: 'office_action', date: '2025-08-01' }],
      },
      'CN-OA-REPLY-UM-DESIGN',
    );
    expect(explainDeadline(d, 'zh-CN')).toBe(
      '审查意见通知书 2025-08-01 + 2个月 = 2025-10-01（星期三，国庆节）→ 2025-10-09（星期四，顺延至首个工作日；期间另有：中秋节）；' +
        '规则 CN-OA-REPLY-UM-DESIGN（实施细则第50条；专利审查指南第五部分第七章）',
    );
    expect(explainDeadline(d, 'en')).toBe(
      'office action 2025-08-01 + 2 months = 2025-10-01 (Wednesday, National Day) → 2025-10-09 (Thursday, first working day; ' +
        'also closed: Mid-Autumn Festival); rule CN-OA-REPLY-UM-DESIGN (Implementing Regulations r. 50; Guidelines Part V Ch. 7)',
    );
  });

  it('marks a make-up working day and the occurrence of an office action', () => {
    const d = deadline(
      CN_RULE_PACK,
      {
        events: [
          { code: 'office_action', date: '2025-03-01' },
          { code: 'office_action', date: '2025-07-28' },
        ],
      },
      'CN-OA-REPLY-LATER',
    );
    expect(explainDeadline(d, 'en')).toBe(
      'office action (2nd) 2025-07-28 + 2 months = 2025-09-28 (Sunday, official working day); ' +
        'rule CN-OA-REPLY-LATER (Patent Law Art. 37; Guidelines Part V Ch. 7)',
    );
    expect(explainDeadline(d, 'zh-CN')).toContain(
      '第2次审查意见通知书 2025-07-28 + 2个月 = 2025-09-28（星期日，调休工作日）；',
    );
  });

  it('explains "whichever is later" and a rule that does not roll', () => {
    const d = deadline(
      WO_RULE_PACK,
      {
        route: 'pct_international',
        filingDate: '2024-01-10',
        priorityDate: '2023-01-10',
        events: [{ code: 'isr_transmitted', date: '2024-10-01' }],
      },
      'WO-DEMAND',
    );
    expect(explainDeadline(d, 'en')).toBe(
      'later of [priority date 2023-01-10 + 22 months = 2024-11-10; international search report transmitted 2024-10-01 + 3 months = 2025-01-01] ' +
        '= 2025-01-01 (Wednesday, not moved to a working day); rule WO-DEMAND (PCT r. 54bis.1(a))',
    );
    expect(explainDeadline(d, 'zh-CN')).toBe(
      '取较晚者［优先权日 2023-01-10 + 22个月 = 2024-11-10；国际检索报告已传送 2024-10-01 + 3个月 = 2025-01-01］' +
        '= 2025-01-01（星期三，不顺延）；规则 WO-DEMAND（PCT实施细则第54条之二.1(a)）',
    );
  });

  it('warns when the calendar did not cover the year', () => {
    const d = deadline(JP_RULE_PACK, { filingDate: '2001-09-28' }, 'JP-EXAM-REQUEST-PRE-2001');
    expect(explainDeadline(d, 'en')).toBe(
      'filing date 2001-09-28 + 7 years = 2008-09-28 (Sunday) → 2008-09-29 (Monday, first working day); ' +
        'note: the JP calendar does not cover 2008, only weekends were considered; ' +
        'rule JP-EXAM-REQUEST-PRE-2001 (JP Patent Act Art. 48-3(1) (before 2001))',
    );
    expect(explainDeadline(d, 'zh-CN')).toContain('；注意：JP工作日历未覆盖2008年，仅按周末顺延；');
  });

  it('is reproducible from the stored basis alone (JSON round trip)', () => {
    const d = deadline(CN_RULE_PACK, { filingDate: '2023-02-16' }, 'CN-EXAM-REQUEST');
    const stored = JSON.parse(JSON.stringify(toBasis(d))) as DeadlineBasis;
    expect(Object.keys(stored)).not.toContain('status');
    expect(explainDeadline(stored, 'en')).toBe(explainDeadline(d, 'en'));
    expect(explainDeadline(stored, 'en')).toBe(
      'filing date 2023-02-16 + 36 months = 2026-02-16 (Monday, Spring Festival) → 2026-02-24 (Tuesday, first working day); ' +
        'rule CN-EXAM-REQUEST (Patent Law Art. 35; Implementing Regulations r. 113)',
    );
  });

  it('formats offsets', () => {
    expect(formatOffset({ months: 36 }, 'zh-CN')).toBe('36个月');
    expect(formatOffset({ months: 2, days: 15 }, 'zh-CN')).toBe('2个月+15日');
    expect(formatOffset({ months: 2, days: 15 }, 'en')).toBe('2 months + 15 days');
    expect(formatOffset({ years: 1, months: 1, days: 1 }, 'en')).toBe('1 year + 1 month + 1 day');
    expect(formatOffset({ years: 2, endOfMonth: true }, 'en')).toBe('2 years to the month end');
    expect(formatOffset({ years: 2, months: 6, endOfMonth: true }, 'zh-CN')).toBe('2年+6个月（至月末）');
    expect(formatOffset({}, 'en')).toBe('0 days');
  });
});
