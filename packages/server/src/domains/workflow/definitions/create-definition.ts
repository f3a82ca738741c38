// Creating a definition: version 1, a draft, from the new-process template or from given XML. The key
// (the BPMN process id) is unique per tenant and, with the model, fixed from now on.
import { AppError, newSid, processXmlTemplate, type DesignProblem } from '@ipdesk/core';
import { violatedIndex } from '../../../db/unique-violation.js';
import { inspectXml } from './problems.js';
import { ROW_COLUMNS, type DefinitionRow, type DefinitionsDeps } from './store.js';
import { auditDefinition, columnsOf } from './write-helpers.js';
import { assertOwnApprovers } from './approver-references.js';
import type { RequestContext } from '../../../platform/context.js';

export type CreateSource = { template: { key: string; name: string; model: string } } | { xml: string };

/** What to create from, and the audit action it is recorded under (an import's creation says so). */
export type CreateInput = CreateSource & { action?: 'created' | 'imported' };

export interface CreatedDefinition {
  row: DefinitionRow;
  problems: DesignProblem[];
}

export async function createDefinition(
  deps: DefinitionsDeps,
  ctx: RequestContext,
  input: CreateInput,
): Promise<CreatedDefinition> {
  const xml = 'xml' in input ? input.xml : processXmlTemplate({ ...input.template, language: ctx.language });
  const { parsed, problems } = await inspectXml(xml);
  const columns = columnsOf(deps, parsed.graph, problems);
  await assertOwnApprovers(deps.accounts.db, ctx.tenantSid, parsed.graph);
  const { tenantSid, userSid, now } = ctx;
  try {
    return await deps.accounts.db.transaction(async (tx) => {
      const taken = await tx.query('SELECT 1 FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 LIMIT 1', [
        tenantSid,
        columns.key,
      ]);
      if (taken.length > 0) throw new AppError('workflowKeyExists', { params: { key: columns.key } });
      const rows = await tx.query<DefinitionRow>(
        `INSERT INTO workflow_definition (sid, tenant_sid, key, version, name, model, category, status, xml, graph, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, 1, $4, $5, $6, 'draft', $7, $8, $9, $10, $10) RETURNING ${ROW_COLUMNS}`,
        [
          newSid(),
          tenantSid,
          columns.key,
          columns.name,
          columns.model,
          columns.category,
          xml,
          JSON.stringify(columns.graph),
          userSid,
          now,
        ],
      );
      const row = rows[0]!;
      await auditDefinition(tx, ctx, input.action ?? 'created', {
        key: row.key,
        version: 1,
        sid: row.sid,
        model: row.model,
      });
      return { row, problems };
    });
  } catch (error) {
    // Two creations of the same key at once: the second meets the table's unique key.
    if (violatedIndex(error, ['workflow_definition_tenant_sid_key_version_key', 'workflow_definition_draft_idx']))
      throw new AppError('workflowKeyExists', { params: { key: columns.key } });
    throw error;
  }
}
