import type { Migration } from './index.js';

// Issue 19, notifications (docs/notifications.md). A cause (a to-do assigned, a deadline at a lead time) is one
// notification_event; each person told of it gets one notification (their inbox row); each way it leaves the
// system (an e-mail to one person, a digest line, the tenant's webhook) is one notification_delivery, sent by
// a job that leases it, retries with back-off and keeps the outcome. All three are written in the cause's own
// transaction (the outbox), so a rolled-back action tells nobody and a committed one is never forgotten.
export const notifications: Migration = {
  id: 36,
  name: 'notifications',
  sql: `
CREATE TABLE notification_event (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  event text NOT NULL,
  model text,
  record_sid text,
  actor_sid text,
  params jsonb NOT NULL DEFAULT '{}',
  link text,
  dedupe_key text,
  created_at timestamptz NOT NULL
);
-- Once per cause: a deadline's reminder at one lead time is one event, however many servers or restarts.
CREATE UNIQUE INDEX notification_event_dedupe_idx ON notification_event (tenant_sid, dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX notification_event_record_idx ON notification_event (tenant_sid, model, record_sid);

CREATE TABLE notification (
  sid text PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  event_sid text NOT NULL REFERENCES notification_event(sid) ON DELETE CASCADE,
  recipient_sid text NOT NULL REFERENCES user_account(sid),
  event text NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX notification_inbox_idx ON notification (recipient_sid, created_at DESC, sid DESC);
CREATE INDEX notification_unread_idx ON notification (recipient_sid) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notification_once_idx ON notification (event_sid, recipient_sid);

CREATE TABLE notification_delivery (
  id bigserial PRIMARY KEY,
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  event_sid text NOT NULL REFERENCES notification_event(sid) ON DELETE CASCADE,
  notification_sid text REFERENCES notification(sid) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'digest', 'webhook')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  available_at timestamptz NOT NULL,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX notification_delivery_due_idx ON notification_delivery (available_at, id) WHERE status = 'pending';
CREATE INDEX notification_delivery_failed_idx ON notification_delivery (tenant_sid, created_at DESC) WHERE status = 'failed';

-- What each person wants of each event: the inbox, e-mail at once, in the daily digest, or not at all.
CREATE TABLE notification_preference (
  user_sid text NOT NULL REFERENCES user_account(sid),
  event text NOT NULL,
  in_app boolean NOT NULL DEFAULT true,
  email text NOT NULL DEFAULT 'immediate' CHECK (email IN ('off', 'immediate', 'digest')),
  PRIMARY KEY (user_sid, event)
);

-- A person's language for mail and their quiet hours (local time of their time zone) and digest hour.
CREATE TABLE notification_settings (
  user_sid text PRIMARY KEY REFERENCES user_account(sid),
  language text NOT NULL DEFAULT 'zh-CN' CHECK (language IN ('zh-CN', 'en')),
  time_zone text NOT NULL DEFAULT 'Asia/Shanghai',
  quiet_from smallint CHECK (quiet_from BETWEEN 0 AND 23),
  quiet_to smallint CHECK (quiet_to BETWEEN 0 AND 23),
  digest_hour smallint NOT NULL DEFAULT 8 CHECK (digest_hour BETWEEN 0 AND 23)
);

-- People who asked to hear of a record ("watch").
CREATE TABLE record_watch (
  tenant_sid text NOT NULL REFERENCES tenant(sid),
  model text NOT NULL,
  record_sid text NOT NULL,
  user_sid text NOT NULL REFERENCES user_account(sid),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_sid, model, record_sid, user_sid)
);
CREATE INDEX record_watch_user_idx ON record_watch (user_sid, created_at DESC);

-- A tenant's reminder lead times, escalation, webhook and deadline verification (one row, defaults when absent).
-- Each is saved from its own page, with its own stamp for the concurrent-save check, so saving one never
-- makes another's save a conflict.
CREATE TABLE tenant_notification_settings (
  tenant_sid text PRIMARY KEY REFERENCES tenant(sid),
  lead_times jsonb NOT NULL DEFAULT '{}',
  escalate_within_days smallint NOT NULL DEFAULT 7 CHECK (escalate_within_days BETWEEN 0 AND 365),
  webhook_url text CHECK (length(webhook_url) <= 2000),
  webhook_secret_encrypted text,
  reminders_updated_at timestamptz,
  webhook_updated_at timestamptz,
  verification_required boolean NOT NULL DEFAULT false,
  verification_version integer NOT NULL DEFAULT 0
);
`,
};
