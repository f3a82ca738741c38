export { buildApp, APP_VERSION } from './http/app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { migrate } from './db/migrate.js';
export { openDatabase } from './db/open.js';
export type { Database, Queryable } from './db/database.js';
export { startServer, type RunningServer, type StartOptions } from './server.js';
export { createCompany, createUserAccount, type NewUserAccount } from './modules/accounts/provision.js';
export {
  findDeadlineReminders,
  runDeadlineReminders,
  type ReminderRunReport,
  type SourceFindings,
} from './platform/notifications/reminders/run-reminders.js';
