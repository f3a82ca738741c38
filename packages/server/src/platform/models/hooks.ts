// Domain modules hook into the generic record pipeline here instead of forking it (ARCHITECTURE.md):
// after a create or update, inside its transaction (may refuse, may complete the row), before a lifecycle
// action writes (a rule that reads the database, which a declared guard cannot), before a delete
// (takes dependents with it), and to say what a delete would take along, for the confirmation.
import type { Label, Language, ModelDeclaration, RowOf } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { Acting } from '../context.js';
import type { ResolvedModel } from './registry.js';

export type RecordRow = Record<string, unknown>;

/**
 * The events carry the row typed by the model's declaration (`Row` = `RowOf<typeof patent>`, from
 * `HookRegistry.add`); the pipeline itself runs them as plain rows.
 */
export interface WriteEvent<Row extends RecordRow = RecordRow> {
  principal: Principal;
  /** The model as the caller sees it (their tenant's custom fields, their field rights). */
  model: ResolvedModel;
  /** The row before an update; undefined for a create. */
  before: Row | undefined;
  after: Row;
  /** The fields the pipeline's write changed, before any hook completed the row (its audit entry, written after the hooks, holds theirs too). */
  changed: readonly string[];
  now: Date;
  language: Language;
  requestId: string;
}

/** A lifecycle action about to move a record: its declared checks passed, nothing is written yet. */
export interface ActionEvent<Row extends RecordRow = RecordRow> {
  principal: Principal;
  model: ResolvedModel;
  /** The action's name in the model's lifecycle. */
  action: string;
  /** The row as locked for the action. */
  before: Row;
  /** The status and the values the action will write (by field name). */
  values: ReadonlyMap<string, unknown>;
  /** Set when an approval's outcome applies the action: the process that ended. */
  instanceSid?: string;
  now: Date;
  language: Language;
  requestId: string;
}

export interface DeleteEvent<Row extends RecordRow = RecordRow> {
  principal: Principal;
  record: Row;
  now: Date;
  requestId: string;
  /** Set when the record goes because its parent does (ModelDeclaration.parent): the parent's model and sid. */
  parent?: { model: string; sid: string };
}

/** An import's next rows, checked and about to be inserted: values by field name, as they will be stored. */
export interface ImportRowsEvent {
  principal: Principal;
  records: ReadonlyArray<Map<string, unknown>>;
  now: Date;
}

export interface ImportEvent {
  principal: Principal;
  /** The records the import inserted. */
  sids: readonly string[];
  now: Date;
  language: Language;
  requestId: string;
}

/** What a warnings hook is asked about: a record as it is, or as it would be saved. */
export interface WarningEvent<Row extends RecordRow = RecordRow> {
  principal: Principal;
  model: ResolvedModel;
  /**
   * The record's values (sid absent for a record not yet created): a form's may be half typed, so each
   * is unknown until checked; only the declared names are known.
   */
  record: { [N in keyof Row]?: unknown };
  language: Language;
}

/**
 * A non-blocking remark on a record, in the caller's language (a duplicate application number, say):
 * the save goes through; the answer and the form show it. Links name other records the caller may see.
 */
export interface RecordWarning {
  code: string;
  field?: string;
  message: string;
  links?: Array<{ model: string; sid: string; label: string }>;
}

/** One kind of record a delete also removes, with how many. */
export interface DeleteDependent {
  key: string;
  label: Label;
  count: number;
}

/**
 * Issue 18 "approval-bound actions", put in by the workflow domain for the models with a lifecycle: an
 * action declared with `approval` starts the published process bound to (model, action), when the tenant
 * has one, instead of moving the status; the process's outcome moves it later.
 */
export interface ApprovalHooks {
  /** The key of the published process bound to (model, action) in the tenant; null: the action runs directly. */
  boundProcess(db: Queryable, input: { tenantSid: string; model: string; action: string }): Promise<string | null>;
  /**
   * Starts it on a record the action has locked and checked, in the action's transaction, keeping the action,
   * the comment and the values for the outcome: answers the instance's sid. A record with an open process
   * is refused with the engine's error.
   */
  start(
    tx: Queryable,
    ctx: Acting,
    input: {
      definitionKey: string;
      recordSid: string;
      action: string;
      comment?: string;
      values: Readonly<Record<string, unknown>>;
    },
  ): Promise<string>;
  /** Those of these records that have an open process: no action is offered meanwhile. */
  openProcesses(
    db: Queryable,
    input: { tenantSid: string; model: string; sids: readonly string[] },
  ): Promise<ReadonlySet<string>>;
}

export interface ModelHooks<Row extends RecordRow = RecordRow> {
  /**
   * In the write's transaction, after the row is written; may throw an AppError. A hook that writes to the
   * record's own row (a computed field) must answer a row — the pipeline then reads the row again for the
   * answer and the audit entry; answering nothing says the row is as the pipeline wrote it.
   */
  afterWrite?(tx: Queryable, event: WriteEvent<Row>): Promise<Row | void>;
  /**
   * In an import's transaction, before a chunk of rows is inserted: may complete the values (a computed field),
   * so the rows are written once rather than inserted and then updated.
   */
  beforeImport?(tx: Queryable, event: ImportRowsEvent): Promise<void>;
  /** In an import's transaction, once all its rows are inserted (set-based: imports run to 10,000s of rows). */
  afterImport?(tx: Queryable, event: ImportEvent): Promise<void>;
  /**
   * In a lifecycle action's transaction, after the declared checks and before the write: may throw an
   * AppError to refuse the action on this record (its message reaches the caller per record).
   */
  beforeAction?(tx: Queryable, event: ActionEvent<Row>): Promise<void>;
  /** In the delete's transaction, before the row goes: remove what depends on it. */
  beforeDelete?(tx: Queryable, event: DeleteEvent<Row>): Promise<void>;
  /** After the delete committed (files leave the disk only once the rows are gone for good). */
  afterDelete?(event: DeleteEvent<Row>): Promise<void>;
  /** What deleting the record also deletes. */
  deletePreview?(db: Queryable, event: Omit<DeleteEvent<Row>, 'now' | 'requestId'>): Promise<DeleteDependent[]>;
  /** Non-blocking warnings on a record: after a create or update, and for a form before it saves. */
  warnings?(db: Queryable, event: WarningEvent<Row>): Promise<RecordWarning[]>;
  /** The fields the warnings read: a form asks again when one of them changes (schema `warning_fields`). */
  warningFields?: ReadonlyArray<keyof Row & string>;
  /** Approval-bound lifecycle actions (one installer per model: the first given is used). */
  approval?: ApprovalHooks;
}

export interface HookRegistry {
  of(model: string): ModelHooks | undefined;
  /**
   * Hooks keyed by the model's declaration, so their events carry its typed row (`RowOf`): a hook reading
   * a field the model does not declare fails the type-check. A plain `ModelDeclaration` (hooks for every
   * model) gets plain rows.
   */
  add<M extends ModelDeclaration>(model: M, hooks: ModelHooks<RowOf<M>>): void;
}

export function createHookRegistry(): HookRegistry {
  const byModel = new Map<string, ModelHooks[]>();
  return {
    add(model, hooks) {
      // The pipeline reads the rows of this very model, so its typed row is what it hands over.
      byModel.set(model.name, [...(byModel.get(model.name) ?? []), hooks as unknown as ModelHooks]);
    },
    of(model) {
      const list = byModel.get(model);
      if (!list?.length) return undefined;
      if (list.length === 1) return list[0];
      const approval = list.find((h) => h.approval)?.approval;
      // Several modules on one model run in the order they were added.
      return {
        async afterWrite(tx, event) {
          let row = event.after;
          for (const h of list) row = (await h.afterWrite?.(tx, { ...event, after: row })) ?? row;
          return row;
        },
        async beforeImport(tx, event) {
          for (const h of list) await h.beforeImport?.(tx, event);
        },
        async afterImport(tx, event) {
          for (const h of list) await h.afterImport?.(tx, event);
        },
        async beforeAction(tx, event) {
          for (const h of list) await h.beforeAction?.(tx, event);
        },
        async beforeDelete(tx, event) {
          for (const h of list) await h.beforeDelete?.(tx, event);
        },
        async afterDelete(event) {
          for (const h of list) await h.afterDelete?.(event);
        },
        async deletePreview(db, event) {
          const all: DeleteDependent[] = [];
          for (const h of list) all.push(...((await h.deletePreview?.(db, event)) ?? []));
          return all;
        },
        ...(approval && { approval }),
        ...(list.some((h) => h.warnings)
          ? {
              async warnings(db: Queryable, event: WarningEvent) {
                const all: RecordWarning[] = [];
                for (const h of list) all.push(...((await h.warnings?.(db, event)) ?? []));
                return all;
              },
              warningFields: [...new Set(list.flatMap((h) => h.warningFields ?? []))],
            }
          : {}),
      };
    },
  };
}
