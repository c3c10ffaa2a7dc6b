// Docs: docs/institutions.md#the-admin-page — single sign-on's admin data: the configured providers
// and the domains whose addresses must use them (site admins only; sso.admin, sso.setDomainRequired).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoAdminView } from '@seminar/shared';
import { useLive } from '../live/LiveProvider';

const key = ['sso', 'admin'] as const;

/** The SSO admin view (null client: not connected yet). */
export function useSsoAdmin() {
  const { client } = useLive();
  return useQuery({
    queryKey: key,
    queryFn: (): Promise<SsoAdminView> => client!.sso.admin.query(),
    enabled: client !== null,
  });
}

/** Puts a domain under single sign-on or takes it out; the view is read again afterwards. */
export function useSetDomainRequired() {
  const { client } = useLive();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { domain: string; required: boolean }) =>
      client!.sso.setDomainRequired.mutate(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
