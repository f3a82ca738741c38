// Routes that need a signed-in session: without one, go to sign-in and come back here afterwards.
// Checked when the route renders (each navigation), not on every session change: a session ending
// under an open page is handled by the unauthorized reactions, with their delay and tip.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../session/redirect';
import { currentSession } from '../session/store';

export function RequireSession({ children }: { children?: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  if (!currentSession()) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  return children ?? <Outlet />;
}
