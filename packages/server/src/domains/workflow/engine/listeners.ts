// Listeners the process definitions name (spec §4: execution start/end, task create/assignment/complete/
// delete). A listener is code registered here under a name, never code from the definition. inTransaction
// listeners run inside the command and may refuse it by throwing an AppError (the whole command rolls
// back); afterCommit ones are written to the outbox and delivered after the commit, at least once.
import type { ListenerEvent, ListenerSpec } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';

export interface WorkflowEvent {
  event: ListenerEvent;
  tenantSid: string;
  instanceSid: string;
  definitionKey: string;
  model: string;
  recordSid: string;
  /** null for the process's own start and end. */
  nodeId: string | null;
  taskSid: string | null;
  assigneeSid: string | null;
  /** null: the system (decided votes, timers). */
  actorSid: string | null;
  /** A task's outcome; for the process's own end, how it finished: approved, rejected or ended. */
  outcome: string | null;
  /** ISO 8601, the app clock. */
  at: string;
}

interface ListenerBase {
  /** Also receive these events of every process, without a definition naming the listener. */
  events?: readonly ListenerEvent[];
}
export interface InTransactionListener extends ListenerBase {
  phase: 'inTransaction';
  handle(event: WorkflowEvent, tx: Queryable): Promise<void> | void;
}
export interface AfterCommitListener extends ListenerBase {
  phase: 'afterCommit';
  handle(event: WorkflowEvent): Promise<void> | void;
}
export type WorkflowListener = InTransactionListener | AfterCommitListener;

const registry = new Map<string, WorkflowListener>();

/** Registers a listener under a name; answers a function that removes it again (tests, reloads). */
export function registerWorkflowListener(name: string, listener: WorkflowListener): () => void {
  registry.set(name, listener);
  return () => {
    if (registry.get(name) === listener) registry.delete(name);
  };
}

export function workflowListener(name: string): WorkflowListener | undefined {
  return registry.get(name);
}

/** The names a definition may use (the designer's rules check them). */
export function workflowListenerNames(): string[] {
  return [...registry.keys()].sort();
}

/**
 * The listeners for one event: those the definition names for it (a name nobody registered is skipped:
 * the design rules report it, and a running process must not stop on it), then the global ones.
 * The registered phase wins over the definition's: the code knows whether it can run inside a transaction.
 */
export function listenersFor(
  event: ListenerEvent,
  specs: readonly ListenerSpec[],
): Array<{ name: string; listener: WorkflowListener }> {
  const found: Array<{ name: string; listener: WorkflowListener }> = [];
  for (const spec of specs) {
    const listener = spec.event === event ? registry.get(spec.name) : undefined;
    if (listener && !found.some((f) => f.name === spec.name)) found.push({ name: spec.name, listener });
  }
  for (const [name, listener] of registry) {
    if (listener.events?.includes(event) && !found.some((f) => f.name === name)) found.push({ name, listener });
  }
  return found;
}
