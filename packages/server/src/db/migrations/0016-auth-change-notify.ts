import type { Migration } from './index.js';

// Every request checks its session against these tables (http/authenticate.ts). Servers remember a
// check for a moment; any change to what the check reads tells every connected server to forget what it
// remembered (NOTIFY on the ipdesk_auth channel, which each pooled connection listens to — a server's
// own write reaches it before the write's COMMIT returns). Statement-level triggers: one notification
// per statement, and PostgreSQL folds equal notifications of one transaction into one.
export const authChangeNotify: Migration = {
  id: 16,
  name: 'auth-change-notify',
  sql: `
CREATE FUNCTION ipdesk_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ipdesk_auth', '');
  RETURN NULL;
END $$;
CREATE TRIGGER auth_change AFTER INSERT OR UPDATE OR DELETE ON auth_session
  FOR EACH STATEMENT EXECUTE FUNCTION ipdesk_notify_auth_change();
CREATE TRIGGER auth_change AFTER INSERT OR UPDATE OR DELETE ON user_account
  FOR EACH STATEMENT EXECUTE FUNCTION ipdesk_notify_auth_change();
CREATE TRIGGER auth_change AFTER INSERT OR UPDATE OR DELETE ON tenant
  FOR EACH STATEMENT EXECUTE FUNCTION ipdesk_notify_auth_change();
CREATE TRIGGER auth_change AFTER INSERT OR UPDATE OR DELETE ON tenant_security
  FOR EACH STATEMENT EXECUTE FUNCTION ipdesk_notify_auth_change();
CREATE TRIGGER auth_change AFTER INSERT OR UPDATE OR DELETE ON user_company
  FOR EACH STATEMENT EXECUTE FUNCTION ipdesk_notify_auth_change();
CREATE TRIGGER auth_change AFTER INSERT OR UPDATE OR DELETE ON company
  FOR EACH STATEMENT EXECUTE FUNCTION ipdesk_notify_auth_change();
`,
};
