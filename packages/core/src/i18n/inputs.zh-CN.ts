// Texts of input checking (zh-CN): characters no text may hold, dates and times that do not exist.
export const inputsZhCN = {
  'validation.unstorableCharacters': '含有不允许的字符（NUL 或不成对的代理项）',
  'validation.notADate': '不是有效日期（如 2024-01-31）',
  'validation.notATime': '不是有效时间（如 2024-01-31T08:00:00Z）',
  'validation.currency': '币种不是支持的 ISO 4217 代码（如 CNY、USD）',
  'validation.moneyAmount': '金额应为数字（如 1234.50）',
  'validation.moneyPrecision': '该币种的金额最多 {{digits}} 位小数',
  'type.money': '金额（amount 与 currency）',
  'iql.semantic.notADate': '第 {{position}} 个字符处：“{{value}}”不是有效日期（字段“{{field}}”）',
  'iql.semantic.notATime': '第 {{position}} 个字符处：“{{value}}”不是有效时间（字段“{{field}}”）',
} as const;

export type InputsMessageKey = keyof typeof inputsZhCN;
