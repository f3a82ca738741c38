// The account actions the pages call: sign in, sign out, change the password, choose a company. Each
// resolves to an outcome the page shows; nothing throws for a refused request.
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type RequestFailure } from '../api/failure';
import { postLogin, postLogout, postModifyPassword } from '../api/passport';
import { postChooseCompany, postReset } from '../api/user-info';
import { forgetMyMenus, loadMyMenus } from './my-menus';
import { sealPassword, sealPasswords, type SealResult } from './password-envelope';
import type { ShownTip } from './unauthorized-reactions';
import { endSession, replaceTokens, startSession, storeCompany } from './store';

export type ActionOutcome<T = undefined> =
  { ok: true; value: T } | { ok: false; notice: ShownTip; failure?: RequestFailure | undefined };

function sealFailure(sealed: Exclude<SealResult, { ok: true }>): ActionOutcome<never> {
  return {
    ok: false,
    notice: sealed.failure ? inlineNotice(sealed.failure) : { kind: 'text', key: 'login.keyUnavailable' },
    failure: sealed.failure,
  };
}

function requestFailure(failure: RequestFailure): ActionOutcome<never> {
  return { ok: false, notice: inlineNotice(failure), failure };
}

export interface SignedIn {
  needChangePassword: boolean;
}

/** Encrypts the password, signs in and stores the session (spec §4, §7). */
export async function signIn(account: string, password: string): Promise<ActionOutcome<SignedIn>> {
  const sealed = await sealPassword(password);
  if (!sealed.ok) return sealFailure(sealed);
  const outcome = await postLogin(account.trim(), sealed.envelope);
  if (outcome.result !== RESULT_CODES.success) return requestFailure(outcome.error);
  // Spec §7: a login answer without authorization is a failure.
  if (!outcome.data.authorization) return { ok: false, notice: { kind: 'text', key: 'result.unknown' } };
  startSession({
    authorization: outcome.data.authorization,
    refresh_token: outcome.data.refresh_token,
    companys: outcome.data.companys ?? [],
  });
  const needChangePassword = outcome.data.need_change_password === true;
  // Spec §2, §4: the menus are fetched once per sign-in and cached ("my-menus"); a previous user's go.
  // Not awaited: the shell shows the menu as it arrives. Until the password is changed the account may
  // only change it, so the shell fetches them afterwards.
  forgetMyMenus();
  if (!needChangePassword) void loadMyMenus();
  return { ok: true, value: { needChangePassword } };
}

/** Ends the session on the server (best effort) and forgets it here (spec §4 logout keys, "my-menus" too). */
export async function signOut(): Promise<void> {
  await postLogout();
  endSession();
  forgetMyMenus();
}

export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /passport/modify_password; the answer's token replaces the stored one (other sessions end). */
export async function changePassword(input: PasswordChangeInput): Promise<ActionOutcome> {
  const sealed = await sealPasswords({
    old_password: input.oldPassword,
    new_password: input.newPassword,
    confirm_password: input.confirmPassword,
  });
  if (!sealed.ok) return sealFailure(sealed);
  const outcome = await postModifyPassword(sealed.envelopes);
  if (outcome.result !== RESULT_CODES.success) return requestFailure(outcome.error);
  replaceTokens({ authorization: outcome.data.authorization });
  return { ok: true, value: undefined };
}

export interface ResetInput {
  email: string;
  emailKey: string;
  newPassword: string;
  confirmPassword: string;
}

/** Sets a new password with a reset link (the server ends every session of the user). */
export async function resetPassword(input: ResetInput): Promise<ActionOutcome> {
  const sealed = await sealPasswords({ new_password: input.newPassword, confirm_password: input.confirmPassword });
  if (!sealed.ok) return sealFailure(sealed);
  const outcome = await postReset({ email: input.email, emailKey: input.emailKey, ...sealed.envelopes });
  if (outcome.result !== RESULT_CODES.success) return requestFailure(outcome.error);
  return { ok: true, value: undefined };
}

/**
 * Spec §4: the server confirms the membership first (the call carries the new company as the
 * sub-company), then the choice is stored, the saved user collection cleared, and every later call
 * sends the company. A refused choice leaves the current company in place (the notice was shown).
 */
export async function chooseCompany(companySid: string): Promise<boolean> {
  const outcome = await postChooseCompany(companySid);
  if (outcome.result !== RESULT_CODES.success) return false;
  storeCompany(companySid);
  return true;
}
