// The server's refusals of a settings form that belong to no single field, listed above the form.
import { Alert } from 'antd';

export function FormErrorList({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <span data-testid={testId}>
          {errors.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </span>
      }
    />
  );
}
