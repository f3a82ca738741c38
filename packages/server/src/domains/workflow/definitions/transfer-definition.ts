// Moving definitions between systems as a zip: export one version as <key>-v<version>.bpmn beside a
// manifest.json; import a zip holding exactly one .bpmn (spec §5: zip only, at most 10 MB packed and
// unpacked). An import creates the key, or becomes the key's draft; a design with errors is refused.
import {
  AppError,
  bindImportedXml,
  foreignAssignments,
  WORKFLOW_IMPORT_MAX_BYTES,
  type DesignProblem,
} from '@ipdesk/core';
import { resolveForeignApprovers, type MappedAssignee } from './foreign-approvers.js';
import { strToU8, zipSync } from 'fflate';
import { createDefinition } from './create-definition.js';
import { designRefusal, errorsOf, inspectXml } from './problems.js';
import { looksLikeZip, readEntry, zipEntries } from './read-zip.js';
import { writeDraft } from './save-draft.js';
import { iso, lockVersions, readVersion, type DefinitionRow, type DefinitionsDeps } from './store.js';
import { auditDefinition, columnsOf, requireSameModel } from './write-helpers.js';
import { assertOwnApprovers } from './approver-references.js';
import type { RequestContext } from '../../../platform/context.js';

export const MANIFEST_FORMAT = 'ipdesk-workflow';
const MAX_TEXT = '10 MB';

export interface ExportedDefinition {
  fileName: string;
  bytes: Uint8Array;
}

export async function exportVersion(
  deps: DefinitionsDeps,
  ctx: Pick<RequestContext, 'tenantSid' | 'now'>,
  { key, version }: { key: string; version: number },
): Promise<ExportedDefinition> {
  const row = await readVersion(deps.accounts.db, ctx.tenantSid, key, version);
  const bpmn = `${row.key}-v${row.version}.bpmn`;
  const manifest = {
    format: MANIFEST_FORMAT,
    formatVersion: 1,
    key: row.key,
    version: row.version,
    name: row.name,
    model: row.model,
    category: row.category,
    status: row.status,
    publishedAt: iso(row.published_at),
    exportedAt: ctx.now.toISOString(),
    bpmn,
  };
  const bytes = zipSync({
    [bpmn]: strToU8(row.xml),
    'manifest.json': strToU8(`${JSON.stringify(manifest, null, 2)}\n`),
  });
  return { fileName: `${row.key}-v${row.version}.zip`, bytes };
}

/** Files a zip tool adds beside the real content (macOS resource forks), which are not the user's. */
const isJunk = (name: string): boolean => name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name);

/** The one .bpmn of an uploaded zip, as text. The manifest is informative and not needed to import. */
export function bpmnOfZip(bytes: Uint8Array): string {
  if (bytes.length > WORKFLOW_IMPORT_MAX_BYTES)
    throw new AppError('workflowImportTooLarge', { params: { max: MAX_TEXT } });
  if (!looksLikeZip(bytes)) throw new AppError('workflowImportNotZip');
  const entries = zipEntries(bytes);
  const bpmn = entries.filter((e) => !e.name.endsWith('/') && !isJunk(e.name) && /\.bpmn$/i.test(e.name));
  if (bpmn.length === 0) throw new AppError('workflowImportNoBpmn');
  if (bpmn.length > 1) throw new AppError('workflowImportManyBpmn', { params: { count: bpmn.length } });
  // The unpacked total counts the other entries as declared (they are never inflated, so a lie there
  // costs nothing) and the .bpmn as it really inflates.
  const others = entries.filter((e) => e !== bpmn[0]).reduce((sum, e) => sum + e.declaredSize, 0);
  if (others > WORKFLOW_IMPORT_MAX_BYTES) throw new AppError('workflowImportTooLarge', { params: { max: MAX_TEXT } });
  const content = readEntry(bytes, bpmn[0]!, { left: WORKFLOW_IMPORT_MAX_BYTES - others, max: MAX_TEXT });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch (cause) {
    throw new AppError('workflowXmlInvalid', { params: { line: 0 }, cause });
  }
}

export interface ImportedDefinition {
  row: DefinitionRow;
  created: boolean;
  /**
   * Warnings, and for a process from another modeler the steps still without approvers (the designer opens
   * the draft to choose them); any other design error refuses the import.
   */
  problems: DesignProblem[];
  /** The vendor approvers of a process from another modeler, each with what it resolved to. */
  mapped: MappedAssignee[];
}

export interface ImportInput {
  bytes: Uint8Array;
  overwriteDraft: boolean;
  /** For a process that names no model (from another modeler): the model, and the lifecycle action, to bind. */
  model?: string;
  action?: string;
}

/**
 * A process that names no model comes from another modeler: it needs the model given (else 400811), its
 * vendor approvers are resolved in the tenant, and it may arrive with steps still lacking approvers.
 */
async function bindForeign(
  deps: DefinitionsDeps,
  ctx: RequestContext,
  xml: string,
  input: ImportInput,
): Promise<{ xml: string; mapped: MappedAssignee[]; foreign: boolean }> {
  const { parsed } = await inspectXml(xml);
  const assignments = foreignAssignments(parsed.definitions);
  const named = parsed.graph.settings.model || null;
  if (named && assignments.length === 0) return { xml, mapped: [], foreign: false };
  if (!named && !input.model) throw new AppError('workflowImportModelRequired');
  const model = named ?? input.model!;
  if (!deps.registry.get(model)) throw new AppError('workflowModelUnknown', { params: { model } });
  const { mapped, approvers } = await resolveForeignApprovers(deps.accounts.db, ctx.tenantSid, assignments);
  const bound = await bindImportedXml(xml, { model, action: named ? undefined : input.action, approvers });
  return { xml: bound, mapped, foreign: !named };
}

/** The rule a process from another modeler may still break when imported: its steps' approvers are chosen later. */
const CHOSEN_AFTER_IMPORT = new Set(['task-approvers']);

export async function importDefinition(
  deps: DefinitionsDeps,
  ctx: RequestContext,
  input: ImportInput,
): Promise<ImportedDefinition> {
  const { xml, mapped, foreign } = await bindForeign(deps, ctx, bpmnOfZip(input.bytes), input);
  const { parsed, problems } = await inspectXml(xml);
  const errors = errorsOf(problems).filter((p) => !(foreign && CHOSEN_AFTER_IMPORT.has(p.rule)));
  if (errors.length > 0) throw designRefusal(errors);
  const columns = columnsOf(deps, parsed.graph, problems);
  await assertOwnApprovers(deps.accounts.db, ctx.tenantSid, parsed.graph);
  const { tenantSid } = ctx;
  const existing = await deps.accounts.db.query(
    'SELECT 1 FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 LIMIT 1',
    [tenantSid, columns.key],
  );
  if (existing.length === 0) {
    const created = await createDefinition(deps, ctx, { xml, action: 'imported' });
    return { ...created, created: true, mapped };
  }
  return deps.accounts.db.transaction(async (tx) => {
    const versions = await lockVersions(tx, tenantSid, columns.key);
    requireSameModel(versions[versions.length - 1]!.model, columns.model);
    if (versions[0]!.status === 'draft' && !input.overwriteDraft)
      throw new AppError('workflowDraftExists', { params: { key: columns.key } });
    const row = await writeDraft(tx, ctx, { versions, columns, xml });
    await auditDefinition(tx, ctx, 'imported', { key: row.key, version: row.version, sid: row.sid });
    return { row, created: false, problems, mapped };
  });
}
