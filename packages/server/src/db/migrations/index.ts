// All migrations in order. A migration is never edited once released; add a new one instead.
import { foundation } from './0001-foundation.js';
import { accounts } from './0002-accounts.js';
import { models } from './0003-models.js';
import { bigrams } from './0004-bigrams.js';
import { customFieldsAndDictionary } from './0005-custom-fields-dictionary.js';
import { userDefineConfig } from './0006-user-define-config.js';
import { transfer } from './0007-transfer.js';
import { organisationRbac } from './0008-organisation-rbac.js';
import { passwordHistoryOrder } from './0009-password-history-order.js';
import { patents } from './0010-patents.js';
import { workflowDefinitions } from './0011-workflow-definitions.js';
import { workflowRuntime } from './0012-workflow-runtime.js';
import { rulePrints } from './0013-rule-prints.js';
import { workflowTaskIndexes } from './0014-workflow-task-indexes.js';
import { workflowCc } from './0015-workflow-cc.js';
import { authChangeNotify } from './0016-auth-change-notify.js';
import { menuDefaults } from './0017-menu-defaults.js';
import { documentVersion } from './0018-document-version.js';
import { importJobs } from './0020-import-jobs.js';
import { signInHardening } from './0021-sign-in-hardening.js';
import { seededNames } from './0022-seeded-names.js';
import { patentTitles } from './0025-patent-titles.js';
import { auditNames } from './0026-audit-names.js';
import { lifecycleActions } from './0027-lifecycle-actions.js';
import { batchEdit } from './0028-batch-edit.js';
import { applicantRecords } from './0029-applicant-records.js';
import { importNames } from './0030-import-names.js';
import { docket } from './0031-docket.js';
import { categoryRecords } from './0032-category-records.js';
import { fieldFiles } from './0034-field-files.js';
import { deadlinePages } from './0035-deadline-pages.js';
import { notifications } from './0036-notifications.js';
import { fastBigrams } from './0037-fast-bigrams.js';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  foundation,
  accounts,
  models,
  bigrams,
  customFieldsAndDictionary,
  userDefineConfig,
  transfer,
  organisationRbac,
  passwordHistoryOrder,
  patents,
  workflowDefinitions,
  workflowRuntime,
  rulePrints,
  workflowTaskIndexes,
  workflowCc,
  authChangeNotify,
  menuDefaults,
  documentVersion,
  importJobs,
  signInHardening,
  seededNames,
  patentTitles,
  auditNames,
  lifecycleActions,
  batchEdit,
  applicantRecords,
  importNames,
  docket,
  categoryRecords,
  fieldFiles,
  deadlinePages,
  notifications,
  fastBigrams,
];
