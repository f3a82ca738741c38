import type { Migration } from './index.js';

// Issue 17 item 7: audit actions follow one rule, `<subject>.<verb>` (docs/audit.md). Stored entries take
// the new names so History tabs name every event: a record's own events (`record.created`, …) take their
// model from the target (`<model>:<sid>`, or the model's name alone for exports and imports); the other old
// names map one to one (core audit/actions.ts `RENAMED_AUDIT_ACTIONS`, whose list this repeats: a
// migration never changes once released, the list in code may). Entries without a target keep their name.
export const auditNames: Migration = {
  id: 26,
  name: 'audit-names',
  sql: `
UPDATE audit_log
   SET action = split_part(target, ':', 1) || '.' || substr(action, length('record.') + 1)
 WHERE action IN ('record.created', 'record.updated', 'record.deleted', 'record.exported', 'record.imported')
   AND split_part(coalesce(target, ''), ':', 1) ~ '^[a-z][a-z0-9_]*$';

UPDATE audit_log a SET action = r.new_name
  FROM (VALUES
    ('patent.inventors.replaced', 'patent.inventors_replaced'),
    ('patent.relation.created', 'patent_relation.created'),
    ('patent.relation.deleted', 'patent_relation.deleted'),
    ('patent.calendar_imported', 'office_calendar.imported'),
    ('patent_document.upload', 'patent_document.uploaded'),
    ('patent_document.download', 'patent_document.downloaded'),
    ('patent_document.preview', 'patent_document.previewed'),
    ('patent_document.update', 'patent_document.updated'),
    ('patent_document.delete', 'patent_document.deleted'),
    ('user.password_set_by_admin', 'user.password_set'),
    ('password_reset.unknown_email', 'password_reset.unknown_email_requested'),
    ('workflow.definition.created', 'workflow_definition.created'),
    ('workflow.definition.saved', 'workflow_definition.saved'),
    ('workflow.definition.published', 'workflow_definition.published'),
    ('workflow.definition.imported', 'workflow_definition.imported'),
    ('workflow.instances_deleted', 'workflow_instance.deleted')
  ) AS r(old_name, new_name)
 WHERE a.action = r.old_name;
`,
};
