// Choosing a user for a user field. There is no user search endpoint yet, so the user's ID is typed;
// the people issue replaces this component with a search by name, and every user field follows.
import type { FieldInputProps } from '../types';
import { SidInput } from './SidInput';

export function UserPicker(props: FieldInputProps) {
  return <SidInput {...props} hintKey="modelField.userHint" />;
}
