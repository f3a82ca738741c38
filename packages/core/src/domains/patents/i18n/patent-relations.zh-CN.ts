// Server texts of a case's inventors, relations and family (zh-CN): their errors and field labels, the
// relation warnings of spec §5, and the application-number messages. Merged in index.ts.
export const patentRelationsZhCN = {
  'error.inventorContributionSum': '发明人贡献率之和必须为 100%，当前为 {{sum}}%',
  'error.relationSameCase': '不能将案件与其自身建立关联',
  'error.relationWarnings': '该关联有 {{count}} 条警告，请确认后再保存',
  'error.relationExists': '这两个案件之间已存在该类型的关联',
  'error.relationNotFound': '关联不存在或已被删除',

  'field.inventors': '发明人',
  'field.inventorName': '发明人姓名',
  'field.inventorContribution': '贡献率',
  'field.inventorPerson': '发明人（人员）',
  'field.relationType': '关联类型',
  'field.otherCase': '关联案件',
  'field.relationDirection': '关联方向',
  'field.acknowledgedWarnings': '已确认的警告',
  'field.relationSid': '关联',
  'field.patentSid': '专利',

  'validation.contributionRange': '必须大于 0 且不超过 100',
  'validation.contributionDecimals': '最多保留两位小数',
  'validation.duplicateInventor': '同一人员不能重复列为发明人',
  'validation.applicationNumberFormat': '不符合该国家/地区的申请号格式',
  'validation.applicationNumberCheckDigit': '校验位不正确：该申请号的校验位应为 {{expected}}',

  'patentRelation.warningLabel': '警告',
  'patentRelation.problem.sameCase': '不能将案件与其自身建立关联',
  'patentRelation.problem.parentFiledAfterChild': '母案的申请日晚于子案的申请日',
  'patentRelation.problem.familyMismatch': '两个案件的同族编号不一致',
  'patentRelation.problem.parisSameCountry': '巴黎公约优先权：两个案件的国家/地区应不同',
  'patentRelation.problem.parisWo': '巴黎公约优先权：两个案件都不能是 WO（PCT 国际申请）',
  'patentRelation.problem.countryMustMatch': '该关联类型要求两个案件的国家/地区相同',
  'patentRelation.problem.continuationNotUs': '只有美国案件才能建立继续申请或部分继续申请关联',
  'patentRelation.problem.pctParentWo': 'PCT 国际申请：母案不应是 WO 案件',
  'patentRelation.problem.pctChildNotWo': 'PCT 国际申请：子案应是 WO 案件（PCT 国际申请）',
  'patentRelation.problem.pctaParentNotWo': 'PCT 国家阶段：母案应是 WO 案件（PCT 国际申请）',
  'patentRelation.problem.pctaChildWo': 'PCT 国家阶段：子案不应是 WO 案件',
  'patentRelation.problem.hagueParentWo': '海牙国际申请：母案不应是 WO 案件',
  'patentRelation.problem.hagueChildNotWo': '海牙国际申请：子案应是 WO 案件（海牙国际注册）',
  'patentRelation.problem.haguepParentNotWo': '海牙指定国：母案应是 WO 案件（海牙国际注册）',
  'patentRelation.problem.haguepChildWo': '海牙指定国：子案不应是 WO 案件',

  // Application-number warnings (patents helper): shown, never refusing the save.
  'patentWarning.applicationNumberDuplicate': '申请号 {{number}} 已登记在本租户的其他案件上：{{cases}}',
  'patentWarning.applicationNumberDuplicateHidden':
    '申请号 {{number}} 已登记在本租户的其他 {{count}} 个案件上（您无权查看这些案件）',
  'patentWarning.applicationNumberType': '申请号的类型位 {{digit}} 表示{{said}}，与本案的专利类型“{{type}}”不符',
  'patentWarning.type.invention': '发明',
  'patentWarning.type.utility_model': '实用新型',
  'patentWarning.type.design': '外观设计',
} as const;

export type PatentRelationsMessageKey = keyof typeof patentRelationsZhCN;
