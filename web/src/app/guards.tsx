import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';

import type { Role } from '@/shared/api/types';
import { useLanguage } from '@/shared/i18n/use-language';
import { hasAnyRole, useAccount, useMe } from '@/shared/session/me';
import { FullScreenError } from '@/shared/ui/full-screen-error';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { errorText } from '@/shared/api/error-text';

/** The sign-in address for a visitor of a guarded page: return path and any e-mail of the link. */
export function loginRedirect(language: string, pathWithSearch: string, email: string | null): string {
  const query = new URLSearchParams({ p: pathWithSearch });
  if (email) query.set('email', email);
  return `/${language}/login?${query.toString()}`;
}

/** A guarded area: visitors go to sign in and come back, users without the role see /403. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const me = useMe();
  const location = useLocation();
  const [params] = useSearchParams();
  const language = useLanguage();
  if (me.isPending) return <FullScreenLoader />;
  if (me.isError) return <FullScreenError message={errorText(me.error)} />;
  if (!me.data) return <Navigate to={loginRedirect(language, location.pathname + location.search, params.get('email'))} replace />;
  if (!hasAnyRole(me.data, roles)) return <Navigate to={`/${language}/403`} replace />;
  return <Outlet />;
}

/** A page for any account with a session, even one without a role yet (the staff invitations). */
export function RequireAccount() {
  const account = useAccount();
  const location = useLocation();
  const [params] = useSearchParams();
  const language = useLanguage();
  if (account.isPending) return <FullScreenLoader />;
  if (account.isError) return <FullScreenError message={errorText(account.error)} />;
  if (!account.data) return <Navigate to={loginRedirect(language, location.pathname + location.search, params.get('email'))} replace />;
  return <Outlet />;
}
