// Invoices (spec §3 "invoice", model name patent_invoice): declared minimally now so that the invoice field
// kind has its target — fields and custom fields of kind invoice point at these records, titled by their
// number. The invoices issue extends this declaration (its processing statuses un_process → audited →
// pay_requested → paid → write_off as a lifecycle, the fees it pays, its files); `status` here is only
// whether the invoice may still be referenced.
import { defineModel, field } from '../../../models/define.js';

export const patentInvoice = defineModel({
  name: 'patent_invoice',
  label: { zh: '发票', en: 'Invoice' },
  titleField: 'invoice_number',
  nameFields: ['invoice_number'],
  validity: { field: 'status', invalid: ['invalid'] },
  fields: {
    invoice_number: field('text', {
      label: { zh: '发票号码', en: 'Invoice number' },
      required: true,
      maxLength: 64,
      unique: true,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    invoice_type: field('option', {
      label: { zh: '发票类型', en: 'Invoice type' },
      dictionary: 'invoice_type',
      required: true,
      defaultValue: 'vat_special',
      flags: { searchFilter: true, tableColumn: true },
    }),
    amount: field('currencyAmount', {
      label: { zh: '金额', en: 'Amount' },
      required: true,
      min: 0,
      flags: { searchFilter: true, tableColumn: true },
    }),
    issue_date: field('date', {
      label: { zh: '开票日期', en: 'Issue date' },
      flags: { searchFilter: true, tableColumn: true },
    }),
    issuer: field('text', {
      label: { zh: '开票方', en: 'Issuer' },
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    buyer: field('text', {
      label: { zh: '购买方', en: 'Buyer' },
      maxLength: 200,
      flags: { keyword: true, searchFilter: true, tableColumn: true },
    }),
    status: field('option', {
      label: { zh: '状态', en: 'Status' },
      dictionary: 'validity_status',
      defaultValue: 'valid',
      flags: { searchFilter: true, tableColumn: true },
    }),
    note: field('longText', { label: { zh: '备注', en: 'Note' } }),
  },
});
