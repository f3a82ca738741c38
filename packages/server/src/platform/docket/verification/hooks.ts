// Dual docketing on every deadline store (core docket/verification.ts): a deadline created through the records
// pipeline or an import is entered by hand; an update that changes its due date, what it is counted from, its
// office or its notice is entered again. Rule deadlines are written by the docket syncs, not here (they count
// as verified). Installed once at start, after the docket hooks.
import { VERIFIED_INPUTS } from '@ipdesk/core';
import type { ModelRegistry } from '../../models/registry.js';
import { markEntered } from './mark-entered.js';

function inputsChanged(changed: readonly string[]): boolean {
  return changed.some((name) => (VERIFIED_INPUTS as readonly string[]).includes(name));
}

export function installVerificationHooks(registry: ModelRegistry): void {
  for (const store of registry.deadlineStores()) {
    registry.hooks.add(store.declaration, {
      async afterWrite(tx, { principal, before, after, changed, now }) {
        if (before && !inputsChanged(changed)) return;
        await markEntered(
          tx,
          { registry },
          { tenantSid: principal.tenantSid, store, sids: [String(after.sid)], enteredBy: principal.userSid, now },
        );
        // The row changed: a copy says so, and the pipeline reads it again for the answer and the audit entry.
        return { ...after };
      },
      async afterImport(tx, { principal, sids, now }) {
        await markEntered(
          tx,
          { registry },
          { tenantSid: principal.tenantSid, store, sids, enteredBy: principal.userSid, now },
        );
      },
    });
  }
}
