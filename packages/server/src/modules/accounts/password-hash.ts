// Password hashing with argon2id (SECURITY.md: m ≥ 19 MiB, t ≥ 2, p = 1). Measured here at about
// 20 ms per hash on one core (bench/src/login.ts), inside the 10–50 ms the accounts issue asks for.
// Hashes with weaker parameters are upgraded at the next successful sign-in.
import { hash, verify } from '@node-rs/argon2';

// The library's default algorithm is argon2id; needsRehash checks the stored prefix says so.
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return m! < ARGON2_PARAMS.memoryCost || t! < ARGON2_PARAMS.timeCost || p !== ARGON2_PARAMS.parallelism;
}

// Verified against when no account matches, so unknown and known accounts take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('ipdesk-dummy-password-for-timing');
  return dummyHash;
}
