import type { Migration } from './index.js';

// Patents issue 14, in existing rows:
// - CN application numbers stored without the dot before their check character get it (201310033299.6),
//   the form every save now stores (the patent model's normalize);
// - generated deadlines and fees get titles in both languages ("年费 / Annuity"), so a title search finds
//   them in either; every output shows the reader's language from the rule key (core patents/titles.ts);
// - fees get the rule that generated them (fee_rule, the key of their title), told from their fee type
//   and their case's office and patent type.
// The labels are those of the packs when this migration was written (CN-2024.2, US-2025.1, EP-2024.1,
// JP-2024.2, WO-2024.1; fee packs CN 2022.1, US, EP, JP); later label changes reach open rows through the
// recompute, and outputs never read the stored title of a generated row. Model tables are created after
// migrations, so each step runs only where its table exists (a new database has none yet).
export const patentTitles: Migration = {
  id: 25,
  name: 'patent-titles',
  sql: `
DO $$
BEGIN
  IF to_regclass('m_patent') IS NOT NULL THEN
    UPDATE m_patent
       SET application_number = left(application_number, length(application_number) - 1) || '.' || right(application_number, 1)
     WHERE country = 'CN' AND application_number ~ '^([0-9]{12}|[0-9]{8})[0-9X]$';
  END IF;

  IF to_regclass('m_fee') IS NOT NULL AND to_regclass('m_patent') IS NOT NULL THEN
    ALTER TABLE m_fee ADD COLUMN IF NOT EXISTS fee_rule text;
    UPDATE m_fee f SET fee_rule = r.rule
      FROM m_patent p, (VALUES
      ('CN-ANNUITY', 'CN', 'invention', 'CN-ANNUITY-INV'),
      ('CN-ANNUITY', 'CN', 'utility_model', 'CN-ANNUITY-UM'),
      ('CN-ANNUITY', 'CN', 'design', 'CN-ANNUITY-DES'),
      ('US-MAINTENANCE', 'US', 'invention', 'US-MAINTENANCE-UTILITY'),
      ('EP-RENEWAL', 'EP', 'invention', 'EP-RENEWAL-APPLICATION'),
      ('JP-ANNUITY', 'JP', 'invention', 'JP-ANNUITY-PATENT')
      ) AS r(fee_code, office, patent_type, rule)
     WHERE f.origin = 'rule' AND f.fee_rule IS NULL AND p.tenant_sid = f.tenant_sid AND p.sid = f.patent
       AND r.fee_code = f.fee_code AND r.office = p.country AND r.patent_type = p.patent_type;
    UPDATE m_fee f
       SET title = left(CASE WHEN l.zh = l.en THEN replace(l.zh, '{n}', coalesce(f.patent_year::text, ''))
                             ELSE replace(l.zh, '{n}', coalesce(f.patent_year::text, '')) || ' / ' ||
                                  replace(l.en, '{n}', coalesce(f.patent_year::text, '')) END, 255)
      FROM (VALUES
      ('CN-ANNUITY', '年费（第{n}年度）', 'Annuity, year {n}'),
      ('CN-LATE-FEE', '年费滞纳金（第{n}年度）', 'Annuity late payment surcharge, year {n}'),
      ('US-MAINTENANCE', '维持费（第{n}年度）', 'Maintenance fee, year {n}'),
      ('US-MAINTENANCE-SURCHARGE', '维持费宽限期附加费（第{n}年度）', 'Maintenance fee grace-period surcharge, year {n}'),
      ('EP-RENEWAL', '续展费（第{n}年度）', 'Renewal fee, year {n}'),
      ('EP-RENEWAL-ADDITIONAL', '续展费滞纳附加费（第{n}年度）', 'Renewal fee additional fee, year {n}'),
      ('JP-ANNUITY', '专利年费（第{n}年度）', 'Patent annuity, year {n}'),
      ('JP-ANNUITY-SURCHARGE', '年费追缴附加费（第{n}年度）', 'Patent annuity late-payment surcharge, year {n}'),
      ('CN-ANNUITY-INV', '发明专利第{n}年度年费', 'Invention annuity, year {n}'),
      ('CN-ANNUITY-UM', '实用新型第{n}年度年费', 'Utility model annuity, year {n}'),
      ('CN-ANNUITY-DES', '外观设计第{n}年度年费', 'Design annuity, year {n}'),
      ('US-MAINTENANCE-UTILITY', '第{n}期维持费', 'Maintenance fee, stage {n}'),
      ('EP-RENEWAL-APPLICATION', '欧洲专利申请第{n}年续展费', 'Renewal fee, year {n}'),
      ('JP-ANNUITY-PATENT', '第{n}年专利年费', 'Patent annuity, year {n}')
      ) AS l(code, zh, en)
     WHERE f.origin = 'rule' AND l.code = coalesce(f.fee_rule, f.fee_code);
  END IF;

  IF to_regclass('m_patent_task') IS NOT NULL THEN
    UPDATE m_patent_task t SET title = l.title
      FROM (VALUES
      ('CN-EXAM-REQUEST', '提出实质审查请求并缴费 / Request substantive examination and pay the fee'),
      ('CN-OA-REPLY-FIRST', '答复第一次审查意见通知书 / Reply to the first office action'),
      ('CN-OA-REPLY-LATER', '答复再次审查意见通知书 / Reply to a later office action'),
      ('CN-OA-REPLY-UM-DESIGN', '答复审查意见通知书（实用新型、外观设计） / Reply to an office action (utility model, design)'),
      ('CN-REGISTRATION', '办理登记手续并缴纳授权当年年费 / Complete registration and pay the grant-year annuity'),
      ('CN-DIVISIONAL-LATEST', '提出分案申请的最后期限 / Last day to file a divisional application'),
      ('CN-PRIORITY-PERIOD', '要求本申请优先权的在后申请期限 / Priority year: later filings claiming this application'),
      ('CN-PRIORITY-PERIOD-DESIGN', '要求本外观设计优先权的在后申请期限 / Priority period: later design filings claiming this one'),
      ('CN-PRIORITY-DOCUMENT', '提交在先申请文件副本 / File the certified copy of the priority application'),
      ('CN-PRIORITY-DOCUMENT-DESIGN', '提交在先申请文件副本（外观设计） / File the certified copy of the priority application (design)'),
      ('CN-PRIORITY-ADD-CORRECT', '增加或改正优先权要求 / Add or correct a priority claim'),
      ('CN-PCT-ENTRY', '办理进入中国国家阶段手续 / Enter the Chinese national phase'),
      ('CN-PCT-ENTRY-GRACE', '缴纳宽限费后进入中国国家阶段 / Enter the Chinese national phase with the grace fee'),
      ('CN-PTA-REQUEST', '请求专利权期限补偿 / Request patent term adjustment'),
      ('CN-RESTORATION', '请求恢复权利 / Request restoration of rights'),
      ('CN-TERM-INVENTION', '发明专利权期限届满 / Invention patent term ends'),
      ('CN-TERM-UM', '实用新型专利权期限届满 / Utility model term ends'),
      ('CN-TERM-DESIGN', '外观设计专利权期限届满 / Design patent term ends'),
      ('CN-TERM-DESIGN-PRE-2021', '外观设计专利权期限届满（2021年6月1日前申请） / Design patent term ends (filed before 1 June 2021)'),
      ('US-NONPROVISIONAL', '基于临时申请提出正式申请 / File the non-provisional application'),
      ('US-OA-REPLY', '答复审查意见（缩短的法定期限） / Reply to the office action (shortened statutory period)'),
      ('US-OA-REPLY-MAX', '答复审查意见的法定最长期限 / Statutory maximum to reply to the office action'),
      ('US-ISSUE-FEE', '缴纳授权费 / Pay the issue fee'),
      ('US-PCT-ENTRY', '进入美国国家阶段 / Enter the US national stage'),
      ('US-MAINTENANCE-1', '缴纳第一次维持费（授权后3.5年） / Pay the 1st maintenance fee (3.5 years)'),
      ('US-MAINTENANCE-1-GRACE', '第一次维持费宽限期届满（缴纳附加费） / 1st maintenance fee grace period ends (with surcharge)'),
      ('US-MAINTENANCE-2', '缴纳第二次维持费（授权后7.5年） / Pay the 2nd maintenance fee (7.5 years)'),
      ('US-MAINTENANCE-2-GRACE', '第二次维持费宽限期届满（缴纳附加费） / 2nd maintenance fee grace period ends (with surcharge)'),
      ('US-MAINTENANCE-3', '缴纳第三次维持费（授权后11.5年） / Pay the 3rd maintenance fee (11.5 years)'),
      ('US-MAINTENANCE-3-GRACE', '第三次维持费宽限期届满（缴纳附加费） / 3rd maintenance fee grace period ends (with surcharge)'),
      ('EP-EXAM-REQUEST', '提出实质审查请求并缴纳审查费 / Request examination and pay the examination fee'),
      ('EP-DESIGNATION-FEE', '缴纳指定费 / Pay the designation fee'),
      ('EP-EXAM-REQUEST-EURO-PCT', '提出实质审查请求（欧洲-PCT） / Request examination (Euro-PCT)'),
      ('EP-PCT-ENTRY', '进入欧洲地区阶段 / Enter the European phase'),
      ('EP-VALIDATION', '在各国生效（提交译文） / Validate in the designated states (translations)'),
      ('EP-RENEWAL-3', '缴纳第3年续展费 / Pay the 3rd-year renewal fee'),
      ('EP-RENEWAL-3-GRACE', '第3年续展费宽限期届满（加收50%） / 3rd-year renewal fee grace period ends (50% additional fee)'),
      ('EP-RENEWAL-3-EURO-PCT', '缴纳第3年续展费（欧洲-PCT） / Pay the 3rd-year renewal fee (Euro-PCT)'),
      ('JP-EXAM-REQUEST', '提出审查请求 / Request examination'),
      ('JP-EXAM-REQUEST-PRE-2001', '提出审查请求（2001年10月1日前申请） / Request examination (filed before 1 October 2001)'),
      ('JP-ANNUITY-1-3', '一次性缴纳第1至3年专利费 / Pay the patent fees for years 1–3'),
      ('JP-PCT-ENTRY', '进入日本国家阶段（提交国内书面） / Enter the Japanese national phase (national document)'),
      ('JP-PCT-TRANSLATION', '提交日文译文 / File the Japanese translation'),
      ('JP-OA-REPLY', '答复拒绝理由通知 / Reply to the notice of reasons for refusal'),
      ('JP-TERM', '专利权期限届满 / Patent term ends'),
      ('WO-DEMAND', '提出国际初步审查要求（第II章） / File the Chapter II demand'),
      ('WO-ART19-AMENDMENT', '按条约第19条修改权利要求 / Amend the claims under Article 19'),
      ('WO-PRIORITY-DOCUMENT', '提交优先权文件 / Furnish the priority document'),
      ('WO-NATIONAL-PHASE-30', '进入国家阶段（30个月） / Enter the national phase (30 months)'),
      ('WO-NATIONAL-PHASE-31', '进入国家阶段（31个月） / Enter the national phase (31 months)'),
      ('WO-NATIONAL-PHASE-CN-32', '进入中国国家阶段（宽限至32个月） / Enter the CN national phase (32 months, grace fee)'),
      ('WO-NATIONAL-PHASE-CA-42', '进入加拿大国家阶段（缴费宽限至42个月） / Enter the CA national phase (42 months, late fee)'),
      ('WO-NATIONAL-PHASE-BA-34', '进入波黑国家阶段（34个月） / Enter the BA national phase (34 months)'),
      ('WO-NATIONAL-PHASE-LU-TZ', '进入国家阶段（LU、TZ：20个月） / Enter the national phase (LU, TZ: 20 months)')
      ) AS l(code, title)
     WHERE t.origin = 'rule' AND t.rule_code = l.code;
  END IF;
END
$$;
`,
};
