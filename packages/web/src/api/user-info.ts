// {webapi}/model/user_info calls of accounts (spec §7 "User info"): the reset-by-e-mail flow (public),
// the signed-in user's own record, company choice and avatar; and the user pickers' search (within the
// caller's selection range) and names of users by sid.
import type { PasswordPolicy, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DownloadedFile } from './download';
import { fetchBlob } from './download';
import type { CompanyEntry } from './passport';
import { request } from './request';

const USER_INFO = '/webapi/model/user_info/do';

export interface UserRecord {
  sid: string;
  account: string;
  email: string | null;
  mobile: string | null;
  name: string;
  english_name: string | null;
  user_type_client: 1 | 2;
  status: number;
  is_tenant_admin: boolean;
  avatar_sid: string | null;
  is_bind_back_office: boolean;
  must_change_password: boolean;
  version: number;
}

export interface MyUser extends UserRecord {
  companys: CompanyEntry[];
}

export interface MyUserEnvelope extends SuccessEnvelope {
  data: MyUser;
}

export interface UpdatedUserEnvelope extends SuccessEnvelope {
  data: UserRecord;
}

export interface AvatarEnvelope extends SuccessEnvelope {
  data: { avatar_sid: string };
}

/**
 * The changed fields (null clears an optional one); the version is the one the form was loaded with,
 * and a stale one answers 409000.
 */
export interface ProfileChange {
  name?: string;
  english_name?: string | null;
  mobile?: string | null;
  email?: string | null;
  version: number;
}

export function sendResetLink(email: string): Promise<RequestResult<SuccessEnvelope>> {
  return request<SuccessEnvelope>({
    url: `${USER_INFO}/sendLinkByEmail`,
    method: 'POST',
    query: { email },
    anonymous: true,
    silent: true,
  });
}

export type PolicyEnvelope = SuccessEnvelope & { data: { password_policy: PasswordPolicy } };

/** Valid links answer the tenant's password policy, so the form shows the rules that apply. */
export function checkResetLink(email: string, emailKey: string): Promise<RequestResult<PolicyEnvelope>> {
  return request<PolicyEnvelope>({
    url: `${USER_INFO}/emailLinkCheck`,
    query: { email, emailKey },
    anonymous: true,
    silent: true,
  });
}

/** The signed-in user's password policy (the change form's live rules). */
export function fetchPasswordPolicy(): Promise<RequestResult<PolicyEnvelope>> {
  return request<PolicyEnvelope>({ url: `${USER_INFO}/password_policy`, silent: true });
}

/** The passwords are envelopes. */
export function postReset(input: {
  email: string;
  emailKey: string;
  new_password: string;
  confirm_password: string;
}): Promise<RequestResult<SuccessEnvelope>> {
  return request<SuccessEnvelope>({
    url: `${USER_INFO}/reset`,
    method: 'POST',
    body: input,
    anonymous: true,
    silent: true,
  });
}

export function fetchMyUser(): Promise<RequestResult<MyUserEnvelope>> {
  return request<MyUserEnvelope>({ url: `${USER_INFO}/my`, query: { flat: 1 } });
}

export function postProfileUpdate(change: ProfileChange): Promise<RequestResult<UpdatedUserEnvelope>> {
  return request<UpdatedUserEnvelope>({ url: `${USER_INFO}/update`, method: 'POST', body: change, silent: true });
}

/** Sent with the chosen company as the sub-company, so the server checks the membership (403102). */
export function postChooseCompany(companySid: string): Promise<RequestResult<SuccessEnvelope>> {
  return request<SuccessEnvelope>({
    url: `${USER_INFO}/choose_company`,
    method: 'POST',
    body: { company_sid: companySid },
    subCompanySid: companySid,
  });
}

export function postAvatar(file: File): Promise<RequestResult<AvatarEnvelope>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<AvatarEnvelope>({ url: `${USER_INFO}/avatar`, method: 'POST', body: form, silent: true });
}

export function fetchAvatar(avatarSid: string): Promise<RequestResult<DownloadedFile>> {
  return fetchBlob({ url: `/webapi/file/avatar/${encodeURIComponent(avatarSid)}`, silent: true });
}

/** A user one may pick (spec §6 personnel selection range), as search_component answers them. */
export interface PickableUser {
  sid: string;
  account: string;
  name: string;
  english_name: string | null;
  department: { sid: string; name: string } | null;
  companies: Array<{ sid: string; company_name: string }>;
}

export interface UserSearch {
  /** Contained in the name, English name or account (≤ 50 characters). */
  keyword?: string;
  /** 1 to 50, default 20. */
  rows?: number;
  /** Enterprise (1) or agency (2) users only. */
  side?: 1 | 2;
}

export type PickableUsersEnvelope = SuccessEnvelope & { data: PickableUser[] };

/** Active users within the caller's selection range, by name. */
export function searchPickableUsers(search: UserSearch): Promise<RequestResult<PickableUsersEnvelope>> {
  return request<PickableUsersEnvelope>({
    url: `${USER_INFO}/search_component`,
    method: 'POST',
    body: search,
    silent: true,
  });
}

export interface UserName {
  sid: string;
  name: string;
  account: string;
}

export type UserNamesEnvelope = SuccessEnvelope & { data: UserName[] };

/** At most this many sids per names call. */
export const USER_NAMES_MAX = 200;

/** Names of the tenant's users among the sids (1 to 200); unknown ones are left out of the answer. */
export function fetchUserNames(sids: readonly string[]): Promise<RequestResult<UserNamesEnvelope>> {
  return request<UserNamesEnvelope>({
    url: `${USER_INFO}/search_names`,
    method: 'POST',
    body: { sids },
    silent: true,
  });
}
