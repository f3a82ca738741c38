// The invoices domain in the server: the invoice records run on the generic pipeline alone until the
// invoices issue brings their lifecycle and the link to fees.
import { invoicesDomain } from '@ipdesk/core';
import type { ServerDomain } from '../types.js';

export const invoicesServer: ServerDomain = { core: invoicesDomain };
