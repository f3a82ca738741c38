// Texts of the model layer (zh-CN): generic record pages and query errors found against a model.
export const modelsZhCN = {
  'field.iql': '查询条件',
  'field.model': '模型',
  'field.data': '数据',
  'field.fieldList': '字段列表',
  'field.rows': '每页条数',
  'field.start': '起始位置',
  'field.page': '页码',
  'field.cursor': '翻页游标',
  'field.groupBy': '分组字段',
  'iql.semantic.unknownField': '第 {{position}} 个字符处：没有字段“{{field}}”',
  'iql.semantic.notRelation': '第 {{position}} 个字符处：字段“{{field}}”不是关联字段，不能用“.”取值',
  'iql.semantic.operatorNotAllowed': '第 {{position}} 个字符处：字段“{{field}}”不支持此条件',
  'iql.semantic.badValue': '第 {{position}} 个字符处：字段“{{field}}”的值应为{{expected}}',
  'iql.semantic.notSortable': '第 {{position}} 个字符处：不能按字段“{{field}}”排序',
  'iql.expected.text': '文本',
  'iql.expected.number': '数字',
  'iql.expected.date': '日期（如 2024-01-31）',
  'iql.expected.timestamp': '时间（如 2024-01-31T08:00:00Z）',
  'iql.expected.boolean': 'TRUE 或 FALSE',
  'error.modelNotFound': '没有此模型：{{model}}',
  'error.recordNotFound': '记录不存在或无权访问',
  'error.duplicateValue': '{{label}}“{{value}}”已存在',
  'error.cursorInvalid': '翻页游标无效，请从第一页重新查询',
} as const;

export type ModelsMessageKey = keyof typeof modelsZhCN;
