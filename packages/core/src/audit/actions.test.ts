// Every audit event and every option list users see has a name in both languages: Chinese in zh-CN,
// no Chinese in en, none empty, none a raw key.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_DICTIONARIES } from '../models/dictionaries.js';
import { MODEL_CATALOG } from '../models/catalog/index.js';
import type { Label } from '../models/define.js';
import {
  AUDIT_ACTIONS,
  RECORD_VERBS,
  RENAMED_AUDIT_ACTIONS,
  auditActionLabel,
  auditActionList,
  isAuditAction,
  isEntityAuditAction,
  isRecordVerb,
  recordAction,
  splitAuditAction,
} from './actions.js';

const CJK = /[\u4e00-\u9fff]/;

/** Problems of one bilingual label, as "where: problem" lines. */
function labelProblems(where: string, label: Label): string[] {
  const problems: string[] = [];
  if (!label.zh?.trim()) problems.push(`${where}: zh empty`);
  if (!label.en?.trim()) problems.push(`${where}: en empty`);
  if (label.en && CJK.test(label.en)) problems.push(`${where}: en has Chinese "${label.en}"`);
  if (label.zh && /^[a-z_]+(\.[a-z_]+)+$/.test(label.zh)) problems.push(`${where}: zh is a key "${label.zh}"`);
  return problems;
}

describe('audit action names', () => {
  it('every action is named in both languages', () => {
    const problems = Object.entries(AUDIT_ACTIONS).flatMap(([action, label]) => [
      ...labelProblems(action, label),
      ...(CJK.test(label.zh) ? [] : [`${action}: zh has no Chinese`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('the check catches a missing or untranslated name', () => {
    expect(labelProblems('x', { zh: '', en: 'X' })).toEqual(['x: zh empty']);
    expect(labelProblems('x', { zh: '创建', en: '创建' })).toEqual(['x: en has Chinese "创建"']);
    expect(labelProblems('x', { zh: 'person.account_opened', en: 'Opened' })).toEqual([
      'x: zh is a key "person.account_opened"',
    ]);
  });

  it('looks names up by action and knows unknown actions', () => {
    expect(isAuditAction('person.account_opened')).toBe(true);
    expect(auditActionLabel('person.account_opened')?.en).toBe('Login account opened');
    expect(isAuditAction('toString')).toBe(false);
    expect(auditActionLabel('nope.never')).toBeUndefined();
  });

  it('names a record event of any model by its verb', () => {
    expect(recordAction('fee', 'updated')).toBe('fee.updated');
    expect(isAuditAction('trademark.deleted')).toBe(true);
    expect(auditActionLabel('patent.created')).toEqual(RECORD_VERBS.created);
    expect(auditActionLabel('patent_relation.created')?.en).toBe('Related case added');
    const all = auditActionList(MODEL_CATALOG.map((m) => m.name));
    const problems = all.flatMap((action) => {
      const label = auditActionLabel(action);
      return label ? labelProblems(action, label) : [`${action}: no label`];
    });
    expect(problems).toEqual([]);
  });

  it('every name is <subject>.<verb>, the verb in the past tense', () => {
    const participle = /(ed|_set|^set|_sent|^sent|^resent)$/;
    const problems = auditActionList([]).flatMap((action) => {
      const parts = splitAuditAction(action);
      if (!parts) return [`${action}: not <subject>.<verb>`];
      return participle.test(parts.verb) ? [] : [`${action}: "${parts.verb}" is not in the past tense`];
    });
    expect(problems).toEqual([]);
  });

  it("a model's own events read the generic record names", () => {
    // An entity list for a model's name must not take a record verb, or its records' History would
    // read another event's name.
    const models = new Set(MODEL_CATALOG.map((m) => m.name));
    const clashes = Object.keys(AUDIT_ACTIONS).filter((action) => {
      const parts = splitAuditAction(action)!;
      return models.has(parts.subject) && isRecordVerb(parts.verb);
    });
    expect(clashes).toEqual([]);
  });

  it('every old name has a new one that exists', () => {
    for (const [from, to] of Object.entries(RENAMED_AUDIT_ACTIONS)) {
      expect(isEntityAuditAction(to), `${from} → ${to}`).toBe(true);
      expect(isEntityAuditAction(from), from).toBe(false);
    }
  });
});

describe('option lists and fields users see', () => {
  it('every built-in dictionary and its options are named in both languages', () => {
    const problems = BUILT_IN_DICTIONARIES.flatMap((dictionary) => [
      ...labelProblems(`dictionary ${dictionary.name}`, dictionary.label),
      ...dictionary.options.flatMap((option) =>
        labelProblems(`dictionary ${dictionary.name}.${option.key}`, option.label),
      ),
    ]);
    expect(problems).toEqual([]);
  });

  it('every model and field is named in both languages', () => {
    const problems = MODEL_CATALOG.flatMap((model) => [
      ...labelProblems(`model ${model.name}`, model.label),
      ...Object.entries(model.fields).flatMap(([name, field]) => labelProblems(`${model.name}.${name}`, field.label)),
    ]);
    expect(problems).toEqual([]);
  });
});
