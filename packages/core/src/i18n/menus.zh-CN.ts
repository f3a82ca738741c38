// Field labels of menu management (zh-CN), used in validation messages. Merged in index.ts.
export const menusZhCN = {
  'field.menu': '菜单',
  'field.menuParent': '上级菜单',
  'field.menuLevel': '菜单级别',
  'field.menuNameZh': '中文名称',
  'field.menuNameEn': '英文名称',
  'field.menuResource': '资源',
  'field.menuPath': '路由',
  'field.menuOpenType': '打开方式',
  'field.menuIcon': '图标',
  'field.menuScope': '适用平台',
  'field.menuStatus': '状态',
  'field.menuDirection': '移动方向',
} as const;

export type MenusMessageKey = keyof typeof menusZhCN;
