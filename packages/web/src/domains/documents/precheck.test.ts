import { describe, expect, it } from 'vitest';
import { MAX_DESIGN_PICTURE_BYTES, MAX_DOCUMENT_BYTES } from '@ipdesk/core';
import { acceptList, formatBytes, precheckFile } from './precheck';

describe('document pre-check', () => {
  it('passes accepted files within the limit', () => {
    expect(precheckFile({ name: '权利要求书.PDF', size: 1000 })).toBeUndefined();
    expect(precheckFile({ name: 'front.jpeg', size: MAX_DESIGN_PICTURE_BYTES }, 'design_picture')).toBeUndefined();
  });

  it('refuses what the server would refuse, with its message keys', () => {
    expect(precheckFile({ name: 'a.pdf', size: MAX_DOCUMENT_BYTES + 1 })).toEqual({
      key: 'error.documentTooLarge',
      params: { max: '50 MB' },
    });
    expect(precheckFile({ name: 'setup.exe', size: 10 })?.key).toBe('error.documentFileType');
    expect(precheckFile({ name: 'front.png', size: 10 }, 'design_picture')?.key).toBe('error.designPictureType');
    expect(precheckFile({ name: 'front.jpg', size: MAX_DESIGN_PICTURE_BYTES + 1 }, 'design_picture')).toEqual({
      key: 'error.designPictureTooLarge',
      params: { max: '30 MB' },
    });
  });

  it('offers the picker the accepted extensions, and reads sizes', () => {
    expect(acceptList()).toContain('.pdf');
    expect(acceptList()).toContain('.docx');
    expect(acceptList('design_picture')).toBe('.jpg,.jpeg,image/jpeg');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
