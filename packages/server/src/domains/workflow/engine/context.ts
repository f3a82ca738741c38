// What the workflow engine needs, made once per app: the database, the model registry (record tables and
// fields), the app clock and the evaluator of flow conditions.
import { evaluateCondition, type ConditionScope } from '@ipdesk/core';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../modules/accounts/context.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';

/** A flow condition over the record's fields and the process variables (default: core's iql evaluator). */
export type ConditionEvaluator = (condition: string, scope: ConditionScope) => boolean;

/** The part of the dependencies a command uses inside its transaction. */
export interface EngineDeps {
  registry: ModelRegistry;
  now: Clock;
  evaluate: ConditionEvaluator;
}

export interface WorkflowDeps extends EngineDeps {
  db: Database;
}

export function createWorkflowDeps(
  options: Pick<WorkflowDeps, 'db' | 'registry' | 'now'> & Partial<Pick<WorkflowDeps, 'evaluate'>>,
): WorkflowDeps {
  return { evaluate: evaluateCondition, ...options };
}
