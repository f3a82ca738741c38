// {passport} calls of sign-in and session (spec §7 "Login and session"). Passwords travel only as
// envelopes (session/password-envelope.ts); the refresh token is sent to the refresh call and nowhere else.
import type { SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import { request } from './request';

/** A company the user belongs to, as the login answer lists it (spec §4 "companys"). */
export interface CompanyEntry {
  sid: string;
  path: string;
  company_name: string;
  /** The name English-language viewers see, when the company has one (a root company named as its tenant). */
  english_name?: string | null;
  simple_name: string | null;
  last_login_flag: boolean;
}

export interface PublicKeyEnvelope extends SuccessEnvelope {
  data: {
    /** SPKI, PEM. */
    public_key: string;
    algorithm: 'RSA-OAEP-256';
    key_bits: number;
    max_chunk_chars: number;
    max_chunk_bytes: number;
    separator: string;
  };
}

export interface LoginEnvelope extends SuccessEnvelope {
  authorization: string;
  refresh_token: string;
  companys: CompanyEntry[];
  avatar_sid: string | null;
  is_bind_back_office: boolean;
  need_change_password: boolean;
  user_type_client: 1 | 2;
  expires_in: number;
}

export interface TokenPairEnvelope extends SuccessEnvelope {
  authorization: string;
  refresh_token: string;
  expires_in: number;
}

export interface ModifyPasswordEnvelope extends SuccessEnvelope {
  authorization: string;
}

export function fetchPublicKey(): Promise<RequestResult<PublicKeyEnvelope>> {
  return request<PublicKeyEnvelope>({ url: '/passport/get_public_key', anonymous: true, silent: true });
}

/** `password` is the envelope, never the plain text. Failures are the caller's to show. */
export function postLogin(account: string, password: string): Promise<RequestResult<LoginEnvelope>> {
  return request<LoginEnvelope>({
    url: '/passport/login',
    method: 'POST',
    body: { account, password },
    anonymous: true,
    silent: true,
  });
}

export function postRefreshToken(token: string): Promise<RequestResult<TokenPairEnvelope>> {
  return request<TokenPairEnvelope>({
    url: '/passport/refresh_token',
    method: 'POST',
    body: { token },
    anonymous: true,
    silent: true,
  });
}

/** Ends the session on the server; the caller clears the browser's copy whatever the answer. */
export function postLogout(): Promise<RequestResult<SuccessEnvelope>> {
  return request<SuccessEnvelope>({ url: '/passport/logout', method: 'POST', silent: true });
}

/** All three are envelopes. */
export interface PasswordChange {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export function postModifyPassword(change: PasswordChange): Promise<RequestResult<ModifyPasswordEnvelope>> {
  return request<ModifyPasswordEnvelope>({
    url: '/passport/modify_password',
    method: 'POST',
    body: change,
    silent: true,
  });
}
