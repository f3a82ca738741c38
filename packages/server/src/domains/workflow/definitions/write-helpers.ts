// What every write of a definition shares: the columns taken from a parsed definition, the checks that
// make it storable, and the audit entry.
import {
  AppError,
  WORKFLOW_KEY_PATTERN,
  WORKFLOW_NAME_MAX_LENGTH,
  type DesignProblem,
  type ProcessGraph,
} from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { audit } from '../../../modules/accounts/context.js';
import { designRefusal } from './problems.js';
import type { DefinitionsDeps } from './store.js';
import type { RequestContext } from '../../../platform/context.js';

export interface DefinitionColumns {
  key: string;
  name: string;
  model: string;
  category: string | null;
  graph: ProcessGraph;
}

/**
 * The columns of a parsed definition. Its key and model must be usable (the table's key check, a model
 * the server declares), else the design problems that say so refuse it; the name column holds at most
 * 100 characters (a longer name is a design problem too, which keeps it from being published).
 */
export function columnsOf(deps: DefinitionsDeps, graph: ProcessGraph, problems: DesignProblem[]): DefinitionColumns {
  const { key, model, name, processCategory } = graph.settings;
  const blocking = problems.filter(
    (p) =>
      p.messageKey === 'workflowDesign.problem.invalidKey' || p.messageKey === 'workflowDesign.problem.missingModel',
  );
  if (!WORKFLOW_KEY_PATTERN.test(key) || !model) throw designRefusal(blocking);
  if (!deps.registry.get(model)) throw new AppError('workflowModelUnknown', { params: { model } });
  return {
    key,
    name: Array.from(name || key)
      .slice(0, WORKFLOW_NAME_MAX_LENGTH)
      .join(''),
    model,
    category: processCategory,
    graph,
  };
}

/** Spec §5 "The model cannot be changed once a process is created". */
export function requireSameModel(stored: string, requested: string): void {
  if (stored !== requested) throw new AppError('workflowModelLocked', { params: { model: stored, requested } });
}

/** The audit entry of a definition's write, at the moment of the request (`ctx.now`). */
export async function auditDefinition(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid' | 'requestId' | 'now'>,
  action: 'created' | 'saved' | 'published' | 'imported',
  detail: { key: string; version: number; sid: string; [more: string]: unknown },
): Promise<void> {
  await audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: `workflow_definition.${action}`,
    target: `workflow_definition:${detail.sid}`,
    detail,
    requestId: ctx.requestId,
    at: ctx.now,
  });
}
