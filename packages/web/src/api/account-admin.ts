// {webapi}/model/user_info account management of administrators (ADR 0004 "Lockout"): an account's
// failed sign-ins and locks, clearing them, and setting a temporary password. Persons' accounts need
// person:account, agents' agent:account; the server checks per user. The calls are silent: their
// dialogs show the server's words.
import type { SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

const USER_INFO = '/webapi/model/user_info/do';

export interface AddressLock {
  address: string;
  failures: number;
  /** ISO timestamp, or null while the address is only counting. */
  locked_until: string | null;
}

export interface LockState {
  locked: boolean;
  /** Locked for every address except those the account signed in from recently. */
  account_locked_until: string | null;
  account_failures: number;
  addresses: AddressLock[];
}

export function fetchLockState(userSid: string): Promise<RequestResult<DataEnvelope<LockState>>> {
  return request({ url: `${USER_INFO}/lock_state`, query: { sid: userSid }, silent: true });
}

export function unlockAccount(userSid: string): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${USER_INFO}/unlock`, query: { sid: userSid }, silent: true });
}

/** Both are envelopes (session/password-envelope.ts), never plain text. */
export interface TemporaryPasswordInput {
  user_sid: string;
  new_password: string;
  confirm_password: string;
}

export function setTemporaryPassword(input: TemporaryPasswordInput): Promise<RequestResult<SuccessEnvelope>> {
  return request({ url: `${USER_INFO}/password_reset`, method: 'POST', body: input, silent: true });
}

/** The latest end of the account's locks, or undefined when nothing is locked. */
export function lockedUntil(state: LockState): string | undefined {
  const ends = [state.account_locked_until, ...state.addresses.map((a) => a.locked_until)].filter(
    (end): end is string => end !== null,
  );
  return ends.sort().at(-1);
}
