// Whether the signed-in user may manage the organisation (resource system.org): tenant administrators
// always; others when GET /menu/do/my lists the resource. Used only to hide actions: the server stays
// the authority (company administrators may still edit their own company, which the server decides).
import { useQuery } from '@tanstack/react-query';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchHeldResources } from '../../api/org';
import { useMyUser } from '../../session/my-user';
import { useSession } from '../../session/store';

export const HELD_RESOURCES_KEY = ['admin', 'held-resources'] as const;

export function useHeldResource(code: string): boolean {
  const { user } = useMyUser();
  const signedIn = useSession() !== undefined;
  const query = useQuery({
    queryKey: HELD_RESOURCES_KEY,
    queryFn: fetchHeldResources,
    enabled: signedIn && user !== undefined && !user.is_tenant_admin,
    staleTime: 60_000,
  });
  if (user?.is_tenant_admin) return true;
  if (query.data?.result !== RESULT_CODES.success) return false;
  return query.data.data.data.resources?.includes(code) ?? false;
}
