// What is wrong with a file chosen for process import before it is sent (spec §5: only zip, at most
// 10 MB); the server checks the same again, and what is inside the zip.
import { WORKFLOW_IMPORT_MAX_BYTES } from '@ipdesk/core';

export type ImportFileProblem = 'notZip' | 'tooLarge' | undefined;

export function importFileProblem(file: { name: string; size: number }): ImportFileProblem {
  if (!/\.zip$/i.test(file.name)) return 'notZip';
  if (file.size > WORKFLOW_IMPORT_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** The limit as the messages show it. */
export const IMPORT_LIMIT_TEXT = `${WORKFLOW_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
