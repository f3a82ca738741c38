// Whether the signed-in user may manage the organisation (resource system.org): tenant administrators
// always; others when the my-menus store (GET /menu/do/my) lists the resource. Used only to hide
// actions: the server stays the authority (company administrators may still edit their own company,
// which the server decides).
import { useHeldResources } from '../../domains/people/resources';
import { useMyUser } from '../../session/my-user';

export function useHeldResource(code: string): boolean {
  const { user } = useMyUser();
  const held = useHeldResources();
  if (user?.is_tenant_admin) return true;
  return held?.has(code) ?? false;
}
