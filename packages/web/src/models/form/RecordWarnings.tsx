// Non-blocking warnings on a form's values (a duplicate application number, a type digit that does not
// fit): the server is asked (do/warnings) a moment after one of the fields the schema names in
// `warning_fields` changes, and its warnings are listed above the save button, linking the records they
// name. They never hold the save back; the save's answer carries them again (shown as messages).
import { Alert, type FormInstance } from 'antd';
import { Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import { checkRecordWarnings, type ModelSchema, type RecordWarning } from '../../api/model';
import { recordPath } from '../paths';
import type { FormValues } from './form-values';

/** How long typing pauses before the server is asked. */
export const WARNING_CHECK_DELAY_MS = 400;

const filled = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The warnings on the form's current values of the schema's warning fields (empty while none apply). */
export function useRecordWarnings(
  schema: ModelSchema,
  form: FormInstance<FormValues>,
  sid: string | undefined,
  subCompanySid: string | undefined,
): RecordWarning[] {
  const fields = schema.warning_fields ?? [];
  // One string of the watched values, so the effect runs only when one of them changed.
  const key = Form.useWatch(
    (values: FormValues | undefined) => JSON.stringify(fields.map((name) => values?.[name] ?? null)),
    form,
  );
  const [warnings, setWarnings] = useState<RecordWarning[]>([]);
  const latest = useRef(0);
  useEffect(() => {
    const values = key ? (JSON.parse(key) as unknown[]) : [];
    const ask = ++latest.current;
    if (fields.length === 0 || !values.some(filled)) {
      setWarnings([]);
      return;
    }
    const data = Object.fromEntries(fields.map((name, i) => [name, values[i]]).filter(([, value]) => filled(value)));
    const timer = setTimeout(() => {
      void checkRecordWarnings(schema.name, { ...(sid ? { sid } : {}), data }, { silent: true, subCompanySid }).then(
        (outcome) => {
          // An answer to an older question (the user typed on) is dropped; a failed check shows nothing.
          if (ask !== latest.current) return;
          setWarnings(outcome.result === RESULT_CODES.success ? outcome.data.data.warnings : []);
        },
      );
    }, WARNING_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // fields follow the schema, which key already reflects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, schema.name, sid, subCompanySid]);
  return warnings;
}

export function RecordWarningList({ warnings }: { warnings: readonly RecordWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="form-warnings"
      message={
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {warnings.map((warning) => (
            <li key={warning.code} data-testid={`form-warning-${warning.code}`}>
              {warning.message}
              {warning.links?.map((link) => (
                <Link
                  key={link.sid}
                  to={recordPath(link.model, link.sid)}
                  target="_blank"
                  style={{ marginInlineStart: 8 }}
                  data-testid={`form-warning-link-${link.sid}`}
                >
                  {link.label}
                </Link>
              ))}
            </li>
          ))}
        </ul>
      }
    />
  );
}
