// Option lists of the taxonomy domain: the built-in dictionaries behind the kinds techTerritory and
// patternType (tenants add their own options on the data dictionary page).
import { option as o, type Dictionary } from '../../models/dictionary-types.js';

export const TAXONOMY_DICTIONARIES: Dictionary[] = [
  {
    name: 'tech_territory',
    label: { zh: '技术领域', en: 'Technology territory' },
    options: [
      o('electronics', '电子信息', 'Electronics and information'),
      o('biomedicine', '生物医药', 'Biomedicine'),
      o('new_materials', '新材料', 'New materials'),
      o('new_energy', '新能源', 'New energy'),
      o('advanced_equipment', '高端装备', 'Advanced equipment'),
      o('energy_saving', '节能环保', 'Energy saving and environment'),
      o('aerospace', '航空航天', 'Aerospace'),
      o('new_energy_vehicles', '新能源汽车', 'New energy vehicles'),
      o('modern_agriculture', '现代农业', 'Modern agriculture'),
      o('other', '其他', 'Other'),
    ],
  },
  {
    // Design patents (spec §3 "pattern type").
    name: 'pattern_type',
    label: { zh: '图案类型', en: 'Pattern type' },
    options: [
      o('three_dimensional', '立体', 'Three-dimensional'),
      o('two_dimensional', '平面', 'Two-dimensional'),
      o('gui', '图形用户界面', 'Graphical user interface'),
      o('set_of_articles', '成套产品', 'Set of articles'),
      o('partial_design', '局部设计', 'Partial design'),
    ],
  },
];
