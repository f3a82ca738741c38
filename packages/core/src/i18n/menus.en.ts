// Field labels of menu management (en), typed against zh-CN.
import type { MenusMessageKey } from './menus.zh-CN.js';

export const menusEn: Record<MenusMessageKey, string> = {
  'field.menu': 'Menu',
  'field.menuParent': 'Parent menu',
  'field.menuLevel': 'Menu level',
  'field.menuNameZh': 'Chinese name',
  'field.menuNameEn': 'English name',
  'field.menuResource': 'Resource',
  'field.menuPath': 'Path',
  'field.menuOpenType': 'Open in',
  'field.menuIcon': 'Icon',
  'field.menuScope': 'Platform',
  'field.menuStatus': 'Status',
  'field.menuDirection': 'Direction',
};
