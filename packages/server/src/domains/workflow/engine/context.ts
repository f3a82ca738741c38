// What the workflow engine needs, made once per app: the database, the model registry (record tables and
// fields), the app clock, the evaluator of flow conditions, and where notifications go after commit.
import { evaluateCondition, type ConditionScope } from '@ipdesk/core';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../modules/accounts/context.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';

/** A flow condition over the record's fields and the process variables (default: core's iql evaluator). */
export type ConditionEvaluator = (condition: string, scope: ConditionScope) => boolean;

/** Told to people after a command committed (urge) or a timer fired (due, remind). */
export interface WorkflowNotification {
  kind: 'urge' | 'due' | 'remind';
  tenantSid: string;
  instanceSid: string;
  recipients: string[];
  taskSid: string | null;
  nodeId: string | null;
  actorSid: string | null;
  title: string;
  link: string;
  comment: string | null;
}

/** The part of the dependencies a command uses inside its transaction. */
export interface EngineDeps {
  registry: ModelRegistry;
  now: Clock;
  evaluate: ConditionEvaluator;
}

export interface WorkflowDeps extends EngineDeps {
  db: Database;
  /** Delivers a notification from the outbox; throwing makes the outbox try again later. */
  notify(notification: WorkflowNotification): Promise<void>;
}

export function createWorkflowDeps(
  options: Pick<WorkflowDeps, 'db' | 'registry' | 'now'> & Partial<Pick<WorkflowDeps, 'notify' | 'evaluate'>>,
): WorkflowDeps {
  return { notify: async () => undefined, evaluate: evaluateCondition, ...options };
}
