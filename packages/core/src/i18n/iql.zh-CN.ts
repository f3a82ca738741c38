// Texts of iql query errors (zh-CN): each names the 1-based character position and the problem, and
// quotes at most 40 characters of the query. Merged in index.ts; the keys are listed in docs/iql.md.
export const iqlZhCN = {
  'iql.error.tooLong': '查询过长：共 {{length}} 个字符，最多 {{max}} 个',
  'iql.error.unexpectedCharacter': '第 {{position}} 个字符“{{found}}”不能出现在查询中',
  'iql.error.unterminatedString': '第 {{position}} 个字符处开始的文本缺少结尾的单引号',
  'iql.error.stringTooLong': '第 {{position}} 个字符处的文本过长，最多 {{max}} 个字符',
  'iql.error.invalidNumber': '第 {{position}} 个字符处的“{{found}}”不是有效的数字',

  'iql.error.unexpectedToken': '第 {{position}} 个字符处应为 {{expected}}，实际为“{{found}}”',
  'iql.error.expectedCondition':
    '第 {{position}} 个字符处应为查询条件（字段名、NOT、MATCH 或左括号），实际为“{{found}}”',
  'iql.error.expectedModel': '第 {{position}} 个字符处应为子模型名，实际为“{{found}}”',
  'iql.error.endExpectedModel': '查询在第 {{position}} 个字符处意外结束，应为子模型名',
  'iql.error.expectedField': '第 {{position}} 个字符处应为字段名，实际为“{{found}}”',
  'iql.error.expectedValue':
    '第 {{position}} 个字符处应为值（单引号括起的文本、数字、TRUE、FALSE 或 NULL），实际为“{{found}}”',
  'iql.error.expectedText': '第 {{position}} 个字符处应为单引号括起的文本，实际为“{{found}}”',
  'iql.error.expectedWindow':
    '第 {{position}} 个字符处应为 TODAY、TOMORROW、YESTERDAY 或天数、月数（如 NEXT 7 DAYS），实际为“{{found}}”',
  'iql.error.expectedAmount': '第 {{position}} 个字符处应为正整数，实际为“{{found}}”',
  'iql.error.expectedQueryEnd':
    '第 {{position}} 个字符处的“{{found}}”多余：条件之后只能接 AND、OR、ORDER BY 或结束查询',
  'iql.error.expectedOrderEnd':
    '第 {{position}} 个字符处的“{{found}}”多余：排序字段之后只能接 ASC、DESC、逗号或结束查询',

  'iql.error.unexpectedEnd': '查询在第 {{position}} 个字符处意外结束，应为 {{expected}}',
  'iql.error.endExpectedCondition':
    '查询在第 {{position}} 个字符处意外结束，应为查询条件（字段名、NOT、MATCH 或左括号）',
  'iql.error.endExpectedField': '查询在第 {{position}} 个字符处意外结束，应为字段名',
  'iql.error.endExpectedValue':
    '查询在第 {{position}} 个字符处意外结束，应为值（单引号括起的文本、数字、TRUE、FALSE 或 NULL）',
  'iql.error.endExpectedText': '查询在第 {{position}} 个字符处意外结束，应为单引号括起的文本',
  'iql.error.endExpectedWindow':
    '查询在第 {{position}} 个字符处意外结束，应为 TODAY、TOMORROW、YESTERDAY 或天数、月数（如 NEXT 7 DAYS）',
  'iql.error.endExpectedAmount': '查询在第 {{position}} 个字符处意外结束，应为正整数',

  'iql.error.tooDeep': '第 {{position}} 个字符处嵌套过深：括号与 NOT 最多嵌套 {{max}} 层',
  'iql.error.tooManyTerms': '第 {{position}} 个字符处条件过多：一个查询最多 {{max}} 个条件',
  'iql.error.tooManyValues': '第 {{position}} 个字符处 IN 列表过长：最多 {{max}} 个值',
  'iql.error.tooManyOrderTerms': '第 {{position}} 个字符处排序字段过多：ORDER BY 最多 {{max}} 个字段',
  'iql.error.emptyInList': '第 {{position}} 个字符处的 IN 列表为空，至少需要一个值',
  'iql.error.invalidField': '第 {{position}} 个字符处的字段名“{{found}}”无效：应为名称或“关联.名称”（如 agency.name）',
  'iql.error.fieldTooLong': '第 {{position}} 个字符处的字段名过长，最多 {{max}} 个字符',
  'iql.error.invalidWindow': '第 {{position}} 个字符处的时间范围“{{found}}”无效：应为 1 到 {{max}} 之间的整数',
  'iql.error.emptyPattern': '第 {{position}} 个字符处的文本不能为空',
  'iql.error.invalidPattern': '第 {{position}} 个字符处的 LIKE 模式无效：反斜杠 \\ 只能用在 %、_ 或 \\ 之前',
} as const;

export type IqlMessageKey = keyof typeof iqlZhCN;
