import type { Migration } from './index.js';

// Sign-in hardening (issue 15): failures counted per account *and* client address, so a stranger's
// guesses lock only their own address; the addresses an account last signed in from, which an
// account-wide lock never shuts out; and the sign-in RSA keys, sealed under the master key and
// rotated (the previous key still opens envelopes made just before a rotation). The old plain-text
// rows of app_secret are moved out at start (modules/security/secret-store.ts), not here: moving them
// needs the master key, which a migration does not have.
export const signInHardening: Migration = {
  id: 21,
  name: 'sign-in-hardening',
  sql: `
CREATE TABLE login_failure (
  subject text NOT NULL,
  source text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz,
  -- Locks in a row without a success or a long quiet: each one lasts twice the one before.
  lock_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subject, source)
);

CREATE TABLE login_known_source (
  user_sid text NOT NULL REFERENCES user_account(sid) ON DELETE CASCADE,
  source text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_sid, source)
);

CREATE TABLE envelope_key (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  modulus_bits integer NOT NULL CHECK (modulus_bits IN (2048, 3072, 4096)),
  private_key_sealed text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX envelope_key_bits_idx ON envelope_key (modulus_bits, id DESC);
`,
};
