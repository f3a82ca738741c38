// Texts of iql query errors (en), typed against the zh-CN keys; same placeholders in both languages.
import type { IqlMessageKey } from './iql.zh-CN.js';

export const iqlEn: Record<IqlMessageKey, string> = {
  'iql.error.tooLong': 'The query is too long: {{length}} characters, at most {{max}}',
  'iql.error.unexpectedCharacter': 'Position {{position}}: the character "{{found}}" is not allowed in a query',
  'iql.error.unterminatedString': 'Position {{position}}: the text starting here has no closing single quote',
  'iql.error.stringTooLong': 'Position {{position}}: the text is too long (at most {{max}} characters)',
  'iql.error.invalidNumber': 'Position {{position}}: "{{found}}" is not a valid number',

  'iql.error.unexpectedToken': 'Position {{position}}: expected {{expected}} but found "{{found}}"',
  'iql.error.expectedCondition':
    'Position {{position}}: expected a condition (a field name, NOT, MATCH or an opening parenthesis) but found "{{found}}"',
  'iql.error.expectedModel': 'Position {{position}}: expected the name of a child model but found "{{found}}"',
  'iql.error.endExpectedModel': 'The query ends too early at position {{position}}: expected the name of a child model',
  'iql.error.expectedField': 'Position {{position}}: expected a field name but found "{{found}}"',
  'iql.error.expectedValue':
    'Position {{position}}: expected a value (text in single quotes, a number, TRUE, FALSE or NULL) but found "{{found}}"',
  'iql.error.expectedText': 'Position {{position}}: expected text in single quotes but found "{{found}}"',
  'iql.error.expectedWindow':
    'Position {{position}}: expected TODAY, TOMORROW, YESTERDAY or a number of days or months (such as NEXT 7 DAYS) but found "{{found}}"',
  'iql.error.expectedAmount': 'Position {{position}}: expected a positive whole number but found "{{found}}"',
  'iql.error.expectedQueryEnd':
    'Position {{position}}: unexpected "{{found}}"; after a condition only AND, OR, ORDER BY or the end of the query may follow',
  'iql.error.expectedOrderEnd':
    'Position {{position}}: unexpected "{{found}}"; after a sort field only ASC, DESC, a comma or the end of the query may follow',

  'iql.error.unexpectedEnd': 'The query ends too early at position {{position}}: expected {{expected}}',
  'iql.error.endExpectedCondition':
    'The query ends too early at position {{position}}: expected a condition (a field name, NOT, MATCH or an opening parenthesis)',
  'iql.error.endExpectedField': 'The query ends too early at position {{position}}: expected a field name',
  'iql.error.endExpectedValue':
    'The query ends too early at position {{position}}: expected a value (text in single quotes, a number, TRUE, FALSE or NULL)',
  'iql.error.endExpectedText': 'The query ends too early at position {{position}}: expected text in single quotes',
  'iql.error.endExpectedWindow':
    'The query ends too early at position {{position}}: expected TODAY, TOMORROW, YESTERDAY or a number of days or months (such as NEXT 7 DAYS)',
  'iql.error.endExpectedAmount': 'The query ends too early at position {{position}}: expected a positive whole number',

  'iql.error.tooDeep': 'Position {{position}}: nested too deeply (parentheses and NOT at most {{max}} levels)',
  'iql.error.tooManyTerms': 'Position {{position}}: too many conditions (at most {{max}} in one query)',
  'iql.error.tooManyValues': 'Position {{position}}: the IN list is too long (at most {{max}} values)',
  'iql.error.tooManyOrderTerms': 'Position {{position}}: too many sort fields (ORDER BY takes at most {{max}})',
  'iql.error.emptyInList': 'Position {{position}}: the IN list is empty; give at least one value',
  'iql.error.invalidField':
    'Position {{position}}: "{{found}}" is not a valid field name; use a name or relation.name (such as agency.name)',
  'iql.error.fieldTooLong': 'Position {{position}}: the field name is too long (at most {{max}} characters)',
  'iql.error.invalidWindow':
    'Position {{position}}: the time range "{{found}}" is not valid; use a whole number from 1 to {{max}}',
  'iql.error.emptyPattern': 'Position {{position}}: the text must not be empty',
  'iql.error.invalidPattern':
    'Position {{position}}: invalid LIKE pattern; a backslash \\ may only come before %, _ or \\',
};
