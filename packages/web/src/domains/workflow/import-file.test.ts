// The checks made on a chosen import file before it is sent (spec §5: zip only, at most 10 MB).
import { describe, expect, it } from 'vitest';
import { WORKFLOW_IMPORT_MAX_BYTES } from '@ipdesk/core';
import { IMPORT_LIMIT_TEXT, importFileProblem } from './import-file';

describe('process import files', () => {
  it('takes a zip up to the limit, whatever the case of its extension', () => {
    expect(importFileProblem({ name: 'patent_apply-v2.zip', size: 1024 })).toBeUndefined();
    expect(importFileProblem({ name: 'EXPORT.ZIP', size: WORKFLOW_IMPORT_MAX_BYTES })).toBeUndefined();
  });

  it('refuses other files and larger ones', () => {
    expect(importFileProblem({ name: 'process.bpmn', size: 10 })).toBe('notZip');
    expect(importFileProblem({ name: 'process.zip.exe', size: 10 })).toBe('notZip');
    expect(importFileProblem({ name: 'big.zip', size: WORKFLOW_IMPORT_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(IMPORT_LIMIT_TEXT).toBe('10 MB');
  });
});
