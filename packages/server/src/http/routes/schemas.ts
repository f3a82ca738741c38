// Request pieces several routes share, each with its label for validation messages.
import { ACCOUNT_NAME_PATTERN, EMAIL_MAX_LENGTH, EMAIL_PATTERN, MOBILE_PATTERN, SID_PATTERN } from '@ipdesk/core';
import { z } from 'zod';
import { labelled } from '../labels.js';

/** An enveloped password (RSA-OAEP chunks, base64, joined by "."); bounded before any work. */
export const passwordEnvelope = (label: Parameters<typeof labelled>[1]) => labelled(z.string().min(1).max(8192), label);
export const emailField = labelled(z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN), 'field.email');
export const mobileField = labelled(z.string().regex(MOBILE_PATTERN), 'field.mobile');
export const accountField = labelled(z.string().trim().min(1).max(254), 'field.account');
export const accountNameField = labelled(z.string().regex(ACCOUNT_NAME_PATTERN), 'field.account');
export const sidParam = (label: Parameters<typeof labelled>[1]) => labelled(z.string().regex(SID_PATTERN), label);
export const versionField = labelled(z.number().int().min(1), 'field.version');

/** An iql search over a plain table (companies, roles): the query, the fields wanted and the page. */
export const tableSearchBody = z
  .object({
    iql: labelled(z.string().max(20_000), 'field.iql').optional(),
    fl: labelled(z.array(z.string().max(64)).max(50), 'field.fieldList').optional(),
    start: labelled(z.number().int().min(0).max(1_000_000), 'field.start').optional(),
    rows: labelled(z.number().int().min(1).max(1000), 'field.rows').optional(),
  })
  .strict();
/** Its answer: the page of rows (the fields asked for) and how many match. */
export const tableSearchAnswer = z.object({ rows: z.array(z.record(z.string(), z.unknown())), total: z.number() });

/** Changing one's own password: old, new and confirmation, each enveloped. */
export const passwordChangeBody = z
  .object({
    old_password: passwordEnvelope('field.oldPassword'),
    new_password: passwordEnvelope('field.newPassword'),
    confirm_password: passwordEnvelope('field.confirmPassword'),
  })
  .strict();
