// Built-in option lists (data dictionary seeds) with bilingual labels: the platform's own (countries,
// currencies) after each domain's (its manifest's dictionaries). Tenants may add options and
// disable them (the dictionary admin), never delete saved ones (spec §5). Keys are digits, English
// letters and underscores.
import { DOMAINS } from '../domains/index.js';
import { option as o, type Dictionary } from './dictionary-types.js';
import { OFFICES } from './offices.js';

export const DICTIONARY_KEY_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

export type { Dictionary, DictionaryOption } from './dictionary-types.js';

/** Lists every domain shares. */
const PLATFORM_DICTIONARIES: Dictionary[] = [
  {
    name: 'country',
    label: { zh: '国家/地区', en: 'Country/region' },
    options: OFFICES.map(([key, zh, en]) => o(key, zh, en)),
  },
  {
    name: 'currency',
    label: { zh: '币种', en: 'Currency' },
    options: [
      o('CNY', '人民币', 'Chinese yuan'),
      o('USD', '美元', 'US dollar'),
      o('EUR', '欧元', 'Euro'),
      o('JPY', '日元', 'Japanese yen'),
      o('KRW', '韩元', 'Korean won'),
      o('GBP', '英镑', 'Pound sterling'),
      o('HKD', '港元', 'Hong Kong dollar'),
    ],
  },
];

export const BUILT_IN_DICTIONARIES: Dictionary[] = [
  ...DOMAINS.flatMap((d) => d.dictionaries),
  ...PLATFORM_DICTIONARIES,
];
