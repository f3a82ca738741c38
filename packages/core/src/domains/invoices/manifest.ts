// The invoices domain in core (spec "invoice management"): for now the invoice records the invoice field
// kind points at (patent_invoice), with their type list, menu and grants. The invoices issue adds the
// processing lifecycle, the link to fees and the pages of its own.
import { grantsOn, MODEL_ACTIONS } from '../../rbac/model-actions.js';
import { domainMessages, modelMenu, type CoreDomain } from '../types.js';
import { INVOICES_DICTIONARIES } from './dictionaries.js';
import { patentInvoice } from './models/patent-invoice.js';

const messages = domainMessages<never>({}, {});

export const invoicesDomain = {
  name: 'invoices',
  models: [patentInvoice],
  dictionaries: INVOICES_DICTIONARIES,
  menus: [{ ...modelMenu('patent_invoice', '发票管理', 'Invoices', 'bank'), sort: 85 }],
  resources: [],
  grants: {
    ip_specialist: grantsOn(['patent_invoice'], MODEL_ACTIONS),
    department_lead: grantsOn(['patent_invoice'], ['view', 'export']),
  },
  errors: { ranges: [], codes: {} },
  messages,
} satisfies CoreDomain<never>;
