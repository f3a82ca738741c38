// Option lists of the invoices domain (data dictionary seeds).
import { option as o, type Dictionary } from '../../models/dictionary-types.js';

export const INVOICES_DICTIONARIES: Dictionary[] = [
  {
    name: 'invoice_type',
    label: { zh: '发票类型', en: 'Invoice type' },
    options: [
      o('vat_special', '增值税专用发票', 'VAT special invoice'),
      o('vat_ordinary', '增值税普通发票', 'VAT ordinary invoice'),
      o('electronic', '电子发票', 'Electronic invoice'),
      o('other', '其他', 'Other'),
    ],
  },
];
