// Department IDs read as names: the tree is read once per sign-in and shared by every cell. Until it is
// read, or for a department it does not hold (deleted, another tenant's), the ID is shown.
import { Typography } from 'antd';
import { useDepartments } from './departments';

export function DepartmentNames({ sids, separator }: { sids: readonly string[]; separator: string }) {
  const { names } = useDepartments();
  const known = sids.map((sid) => names.get(sid));
  if (known.every((name) => name !== undefined))
    return <span data-testid="department-name">{known.join(separator)}</span>;
  return (
    <Typography.Text code data-testid="department-name">
      {sids.map((sid) => names.get(sid) ?? sid).join(separator)}
    </Typography.Text>
  );
}
