// User IDs read as names (or sign-in accounts): every cell of a page asks at once, so one names call
// serves the page, and each name is kept for the session. Until it is read, or for a user the server does not know (another
// tenant's, deleted), the ID is shown.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserNames, userLabel } from './pickers/user-lookup';

export function UserNames({
  sids,
  separator,
  show = 'name',
}: {
  sids: readonly string[];
  separator: string;
  show?: 'name' | 'account';
}) {
  const { t } = useTranslation();
  const { names } = useUserNames(sids);
  const users = sids.map((sid) => names.get(sid));
  // The account too on hover: two people can share a name.
  const title = users.map((user, index) => (user ? userLabel(t, user) : sids[index])).join(separator);
  if (users.every((user) => user !== undefined))
    return (
      <span data-testid="user-name" title={title}>
        {users.map((user) => user?.[show]).join(separator)}
      </span>
    );
  return (
    <Typography.Text code data-testid="user-name" title={title}>
      {users.map((user, index) => user?.[show] ?? sids[index]).join(separator)}
    </Typography.Text>
  );
}
