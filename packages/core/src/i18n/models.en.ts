// Texts of the model layer (en), typed against the zh-CN keys.
import type { ModelsMessageKey } from './models.zh-CN.js';

export const modelsEn: Record<ModelsMessageKey, string> = {
  'field.iql': 'Query',
  'field.model': 'Model',
  'field.data': 'Data',
  'field.fieldList': 'Field list',
  'field.rows': 'Rows per page',
  'field.start': 'Start',
  'field.page': 'Page',
  'field.cursor': 'Page cursor',
  'field.groupBy': 'Group by',
  'iql.semantic.unknownField': 'at character {{position}}: there is no field "{{field}}"',
  'iql.semantic.notRelation': 'at character {{position}}: "{{field}}" is not a relation, so "." cannot follow it',
  'iql.semantic.operatorNotAllowed': 'at character {{position}}: field "{{field}}" does not take this condition',
  'iql.semantic.badValue': 'at character {{position}}: the value for "{{field}}" must be {{expected}}',
  'iql.semantic.notSortable': 'at character {{position}}: cannot sort by "{{field}}"',
  'iql.expected.text': 'text',
  'iql.expected.number': 'a number',
  'iql.expected.date': 'a date (e.g. 2024-01-31)',
  'iql.expected.timestamp': 'a time (e.g. 2024-01-31T08:00:00Z)',
  'iql.expected.boolean': 'TRUE or FALSE',
  'error.modelNotFound': 'No such model: {{model}}',
  'error.recordNotFound': 'The record does not exist or you may not see it',
  'error.duplicateValue': '{{label}} "{{value}}" already exists',
  'error.cursorInvalid': 'The page cursor is not valid; please search again from the first page',
};
