// Texts of the parties domain (applicants), zh-CN.
export const partiesZhCN = {
  'validation.usccFormat': '应为18位，由数字和大写字母组成（不含I、O、Z、S、V）',
  'validation.usccForOrganisations': '只适用于单位，个人申请人请填写证件号码',
  'validation.idNumberForIndividuals': '只适用于个人申请人，单位请填写统一社会信用代码',
} as const;
