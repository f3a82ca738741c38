// The invoices domain's shared declarations (the barrel @ipdesk/core re-exports).
export { patentInvoice } from './models/patent-invoice.js';
