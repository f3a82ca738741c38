// Texts of the parties domain (applicants, experts), zh-CN.
export const partiesZhCN = {
  'validation.usccFormat': '应为18位，由数字和大写字母组成（不含I、O、Z、S、V）',
  'validation.usccForOrganisations': '只适用于单位，个人申请人请填写证件号码',
  'validation.idNumberForIndividuals': '只适用于个人申请人，单位请填写统一社会信用代码',
  'validation.expertNeedsUser': '内部专家必须选择人员',
  'validation.expertNeedsName': '外部专家必须填写姓名',
  'validation.userForInternalExperts': '只适用于内部专家，外部专家请填写姓名',
} as const;
