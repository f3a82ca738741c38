// /redirect/<path>: replaces itself with /<path> (query and hash kept). Navigating here and back
// re-mounts the target route, which is how a page is reloaded without reloading the app.
import { Navigate, useLocation, useParams } from 'react-router';

export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: `/${rest}`, search, hash }} replace />;
}
