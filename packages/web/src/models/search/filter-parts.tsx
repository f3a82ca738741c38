// The basic search's filters that bring large code with them: a date range (antd's pickers) and a reference
// (the field inputs with their pickers). Loaded apart from the form (components/lazy-part.tsx), so a list
// whose first filters are texts and options draws without them.
import { DatePicker } from 'antd';
import type { ComponentProps } from 'react';
import { inputFor } from '../fields/inputs';
import type { FieldInputProps } from '../fields/types';

export function DateRangeFilter(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker {...props} style={{ width: '100%' }} />;
}

/** A reference filter: the field's own picker, one value. */
export function EqualsFilter(props: FieldInputProps) {
  const field = { ...props.field, multiple: false };
  const Picker = inputFor(field);
  return <Picker {...props} field={field} />;
}
