// Texts of user pickers and user names (zh-CN): the web's picker that searches the people one may
// pick, and the labels of the server's user-lookup fields. Merged in index.ts.
export const webUsersZhCN = {
  'field.keyword': '关键字',
  'field.userSids': '用户',
  'userPicker.placeholder': '输入姓名或账号搜索',
  'userPicker.label': '{{name}}（{{account}}）',
  'userPicker.withDepartment': '{{label}} · {{department}}',
  'userPicker.searching': '正在搜索人员…',
  'userPicker.empty': '没有匹配的人员',
  'userPicker.loadFailed': '人员搜索失败，请稍后重试',
  'userPicker.rangeHint': '仅列出您可选择范围内的在职人员',
} as const;

export type WebUsersMessageKey = keyof typeof webUsersZhCN;
