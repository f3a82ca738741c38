// A document's metadata fields (spec §3 "Documents") as one set of schemas: the JSON body of the update
// call uses them directly; the multipart fields of an upload (all strings) go through the same rules and
// fail with the same labelled validation error (500001).
import {
  AppError,
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_NAME_MAX_LENGTH,
  DOCUMENT_REMARK_MAX_LENGTH,
  SID_PATTERN,
  isIsoDate,
  messages,
  type DocumentCategory,
  type FieldIssue,
  type MessageKey,
} from '@ipdesk/core';
import { z } from 'zod';
import { labelled } from '../../http/labels.js';

// Line breaks and control characters have no place in a display name that also names downloads.
// eslint-disable-next-line no-control-regex
const noControl = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

const LABELS = {
  patent_sid: 'field.documentPatent',
  item_sid: 'field.documentItem',
  file_name: 'field.documentFileName',
  category: 'field.documentCategory',
  sent_received_on: 'field.documentSentReceivedOn',
  major_version: 'field.documentMajorVersion',
  version_remark: 'field.documentVersionRemark',
  archived_on: 'field.documentArchivedOn',
} as const satisfies Record<string, MessageKey>;
type FieldName = keyof typeof LABELS;

const sid = (name: FieldName) => labelled(z.string().regex(SID_PATTERN), LABELS[name]);
const date = (name: FieldName) =>
  labelled(z.string().refine(isIsoDate, { error: 'validation.dateFormat' }), LABELS[name]);

export const fileNameField = labelled(
  z
    .string()
    .trim()
    .min(1)
    .max(DOCUMENT_FILE_NAME_MAX_LENGTH)
    .refine(noControl, { error: 'validation.noControlCharacters' }),
  LABELS.file_name,
);
export const categoryField = labelled(z.enum(DOCUMENT_CATEGORIES), LABELS.category);
export const majorVersionField = labelled(z.number().int().min(1).max(9999), LABELS.major_version);
export const remarkField = labelled(z.string().trim().max(DOCUMENT_REMARK_MAX_LENGTH), LABELS.version_remark);

/**
 * The update call's body: the document's `version` as read (a stale one answers 409000), and any subset of
 * the metadata; null clears an optional field.
 */
export const metadataUpdateBody = z
  .object({
    version: labelled(z.number().int().min(1), 'field.version'),
    file_name: fileNameField.optional(),
    category: categoryField.nullable().optional(),
    item_sid: sid('item_sid').nullable().optional(),
    sent_received_on: date('sent_received_on').nullable().optional(),
    major_version: majorVersionField.optional(),
    version_remark: remarkField.nullable().optional(),
    archived_on: date('archived_on').nullable().optional(),
  })
  .strict();
export type MetadataUpdate = z.infer<typeof metadataUpdateBody>;

const uploadFields = z
  .object({
    patent_sid: sid('patent_sid'),
    item_sid: sid('item_sid').optional(),
    file_name: fileNameField,
    category: categoryField.optional(),
    sent_received_on: date('sent_received_on').optional(),
    major_version: z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .pipe(majorVersionField)
      .optional(),
    version_remark: remarkField.optional(),
    archived_on: date('archived_on').optional(),
  })
  .strict();

export interface UploadMetadata {
  patentSid: string;
  itemSid: string | null;
  fileName: string;
  category: DocumentCategory | null;
  sentReceivedOn: string | null;
  majorVersion: number;
  versionRemark: string | null;
  archivedOn: string | null;
}

function issueOf(issue: z.core.$ZodIssue, input: Record<string, string>): FieldIssue[] {
  const field = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys')
    return [
      {
        field: '',
        labelKey: 'validation.body',
        messageKey: 'validation.unrecognizedKeys',
        params: { keys: issue.keys.join(', ') },
      },
    ];
  const labelKey: MessageKey = LABELS[field as FieldName] ?? 'validation.body';
  const at = (messageKey: MessageKey, params?: Record<string, string | number>): FieldIssue[] => [
    { field, labelKey, messageKey, ...(params ? { params } : {}) },
  ];
  if (input[field] === undefined) return at('validation.required');
  switch (issue.code) {
    case 'too_big':
      return at(issue.origin === 'string' ? 'validation.tooBig.string' : 'validation.tooBig.number', {
        maximum: String(issue.maximum),
      });
    case 'too_small':
      if (issue.origin === 'string') return at('validation.required');
      return at('validation.tooSmall.number', { minimum: String(issue.minimum) });
    case 'invalid_value':
      return at('validation.invalidValue', { values: issue.values.map(String).join(', ') });
    case 'invalid_format':
      return at(field === 'major_version' ? 'validation.notInteger' : 'validation.invalidFormat');
    default:
      return at(
        Object.prototype.hasOwnProperty.call(messages.en, issue.message)
          ? (issue.message as MessageKey)
          : 'validation.invalid',
      );
  }
}

/** The upload's multipart fields, checked; empty form fields count as absent. */
export function parseUploadFields(raw: Record<string, string>): UploadMetadata {
  const input: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(raw)) if (value.trim() !== '') input[name] = value;
  const parsed = uploadFields.safeParse(input);
  if (!parsed.success)
    throw new AppError('validation', { issues: parsed.error.issues.flatMap((i) => issueOf(i, input)) });
  const value = parsed.data;
  return {
    patentSid: value.patent_sid,
    itemSid: value.item_sid ?? null,
    fileName: value.file_name,
    category: value.category ?? null,
    sentReceivedOn: value.sent_received_on ?? null,
    majorVersion: value.major_version ?? 1,
    versionRemark: value.version_remark || null,
    archivedOn: value.archived_on ?? null,
  };
}

/** A file part was missing: the same validation error as a missing field. */
export function missingFileError(): AppError {
  return new AppError('validation', {
    issues: [{ field: 'file', labelKey: 'field.documentFile', messageKey: 'validation.required' }],
  });
}
