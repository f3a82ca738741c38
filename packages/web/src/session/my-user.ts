// The signed-in user's own record (GET {webapi}/model/user_info/do/my), shared by the header and the
// profile page through react-query; the avatar as an object URL of the image fetched with the token.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchAvatar, fetchMyUser, type MyUser, type UserRecord } from '../api/user-info';
import { useSession } from './store';

export const MY_USER_KEY = ['user', 'my'] as const;
const AVATAR_KEY = 'avatar';

/**
 * Only while signed in: when the session ends under a mounted shell (sign-out, logout elsewhere), the
 * record is not fetched again without a token.
 */
export function useMyUser(): { user: MyUser | undefined; isPending: boolean } {
  const signedIn = useSession() !== undefined;
  const query = useQuery({ queryKey: MY_USER_KEY, queryFn: fetchMyUser, enabled: signedIn });
  const user = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  return { user, isPending: query.isPending };
}

/** Puts an update's answer (the user without companies) into the shared record. */
export function useUpdateMyUser(): (record: Partial<UserRecord>) => void {
  const queryClient = useQueryClient();
  return (record) =>
    queryClient.setQueryData<Awaited<ReturnType<typeof fetchMyUser>>>(MY_USER_KEY, (previous) =>
      previous?.result === RESULT_CODES.success
        ? { ...previous, data: { ...previous.data, data: { ...previous.data.data, ...record } } }
        : previous,
    );
}

/** Fetches the avatar again everywhere it is shown (after an upload under the same sid). */
export function useReloadAvatars(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [AVATAR_KEY] });
}

/** An object URL of the avatar image, revoked when no longer shown; undefined without one. */
export function useAvatarUrl(avatarSid: string | null | undefined): string | undefined {
  const signedIn = useSession() !== undefined;
  const query = useQuery({
    queryKey: [AVATAR_KEY, avatarSid],
    queryFn: () => fetchAvatar(avatarSid ?? ''),
    enabled: !!avatarSid && signedIn,
    staleTime: Infinity,
  });
  const blob = query.data?.result === RESULT_CODES.success ? query.data.data.blob : undefined;
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return avatarSid ? url : undefined;
}
