// Files in fields: the kinds' types (a design sample also PDF), the file chooser's extensions, the names in
// refusals, and custom fields offered both kinds while cascade, currency amount and parent stay refused.
import { describe, expect, it } from 'vitest';
import { customKindAvailability } from './custom-kinds.js';
import { FIELD_FILE_TYPES, fieldFileAccept, fieldFileTypeNames, isFieldFileKind } from './field-files.js';

describe('files in fields', () => {
  it('takes raster images, and for a design sample also PDF', () => {
    expect(FIELD_FILE_TYPES.figure).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/tiff']);
    expect(FIELD_FILE_TYPES.designSample).toContain('application/pdf');
    expect(fieldFileTypeNames('figure')).toBe('PNG, JPEG, GIF, TIFF');
    expect(fieldFileTypeNames('designSample')).toBe('PNG, JPEG, GIF, TIFF, PDF');
    expect(fieldFileAccept('figure')).toBe('.png,.jpg,.jpeg,.gif,.tif,.tiff');
    expect(fieldFileAccept('designSample')).toBe('.png,.jpg,.jpeg,.gif,.tif,.tiff,.pdf');
  });

  it('knows its kinds', () => {
    expect(isFieldFileKind('figure')).toBe(true);
    expect(isFieldFileKind('designSample')).toBe(true);
    expect(isFieldFileKind('text')).toBe(false);
    expect(isFieldFileKind(undefined)).toBe(false);
  });

  it('lets custom fields be design samples and figures, not cascades, amounts with a currency or parents', () => {
    const anyTarget = () => true;
    expect(customKindAvailability('figure', anyTarget)).toBe('available');
    expect(customKindAvailability('designSample', anyTarget)).toBe('available');
    for (const kind of ['cascade', 'currencyAmount', 'parent'] as const)
      expect(customKindAvailability(kind, anyTarget)).toBe('notOffered');
  });
});
