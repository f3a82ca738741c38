// The contract between a form and a field's input: antd's Form.Item hands every input its value (in the
// API's own format: 'YYYY-MM-DD', ISO timestamps, arrays for multiple fields) and onChange.
import type { FieldFiles, SchemaField } from '../../api/model';

export interface FieldInputProps {
  field: SchemaField;
  /** The model the form edits (a parent field points into it). */
  model: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Set by Form.Item, so the label's htmlFor finds the input. */
  id?: string;
  disabled?: boolean;
  /** The company the record is in, when the form knows it: pickers of company data offer that company's. */
  companySid?: string;
  /** The record being edited (file fields upload for it), absent while creating. */
  recordSid?: string;
  /** The files the record's answer described (file fields show their names and thumbnails). */
  files?: FieldFiles;
  /** data-testid of the input, for the browser tests. */
  testId?: string;
}
