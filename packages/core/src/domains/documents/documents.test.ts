import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_DOCUMENT_TYPE_NAMES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  MAX_DESIGN_PICTURE_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_PREVIEW_BYTES,
  MAX_PROOF_DOCUMENTS,
  REQUIRED_DOCUMENTS,
  designPictureProblem,
  documentCategoryLabel,
  hasAcceptedExtension,
  isDocumentCategory,
  isPreviewable,
  missingCategories,
  requiredCategories,
} from './documents.js';

const jpeg = { mediaType: 'image/jpeg', bytes: 1000 };

describe('patent document limits', () => {
  it('keeps the numbers of spec §9', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(50 * 1024 * 1024);
    expect(MAX_PROOF_DOCUMENTS).toBe(50);
    expect(MAX_DESIGN_PICTURE_BYTES).toBe(30 * 1024 * 1024);
  });

  it('labels every category in both languages', () => {
    for (const category of DOCUMENT_CATEGORIES) {
      expect(DOCUMENT_CATEGORY_LABELS[category].zh).toBeTruthy();
      expect(DOCUMENT_CATEGORY_LABELS[category].en).toBeTruthy();
    }
    expect(documentCategoryLabel('claims', 'zh-CN')).toBe('权利要求书');
    expect(documentCategoryLabel('claims', 'en')).toBe('Claims');
    expect(isDocumentCategory('proof')).toBe(true);
    expect(isDocumentCategory('__proto__')).toBe(false);
  });

  it('requires only known categories', () => {
    for (const byType of Object.values(REQUIRED_DOCUMENTS))
      for (const list of Object.values(byType)) for (const c of list ?? []) expect(isDocumentCategory(c)).toBe(true);
  });
});

describe('required categories', () => {
  it('depend on type at filing and apply to every type later', () => {
    expect(requiredCategories('invention', 'filing')).toEqual(['request', 'description', 'claims', 'abstract']);
    expect(requiredCategories('design', 'filing')).toEqual(['request', 'design_picture', 'design_brief']);
    expect(requiredCategories('utility_model', 'filing')).toContain('drawings');
    expect(requiredCategories(null, 'filing')).toEqual([]);
    expect(requiredCategories('design', 'grant_registration')).toEqual(['grant_notice', 'fee_receipt']);
  });

  it('lists what is missing in the required order, once', () => {
    expect(missingCategories(['request', 'description', 'claims', 'abstract'], ['claims', 'other', 'request'])).toEqual(
      ['description', 'abstract'],
    );
    expect(missingCategories(['a', 'a', 'b'], [])).toEqual(['a', 'b']);
    expect(missingCategories(['a'], ['a'])).toEqual([]);
  });
});

describe('design picture check', () => {
  it('accepts JPEG only', () => {
    expect(designPictureProblem({ ...jpeg, mediaType: 'image/png', widthPx: 10, heightPx: 10, dpi: 72 })).toEqual({
      problem: 'type',
    });
  });

  it('refuses more than 30 MB', () => {
    expect(
      designPictureProblem({ ...jpeg, bytes: MAX_DESIGN_PICTURE_BYTES + 1, widthPx: 10, heightPx: 10, dpi: 72 }),
    ).toEqual({ problem: 'bytes', maxBytes: MAX_DESIGN_PICTURE_BYTES });
    expect(designPictureProblem({ ...jpeg, bytes: MAX_DESIGN_PICTURE_BYTES, widthPx: 10, heightPx: 10, dpi: 72 })).toBe(
      undefined,
    );
  });

  it('measures at the picture’s resolution (spec §9 pixel equivalents)', () => {
    // 467.7 × 694.4 px at 72 dpi and 1948.8 × 2893.7 px at 300 dpi are the limit.
    expect(designPictureProblem({ ...jpeg, widthPx: 467, heightPx: 694, dpi: 72 })).toBeUndefined();
    expect(designPictureProblem({ ...jpeg, widthPx: 468, heightPx: 694, dpi: 72 })?.problem).toBe('dimensions');
    expect(designPictureProblem({ ...jpeg, widthPx: 1948, heightPx: 2893, dpi: 300 })).toBeUndefined();
    expect(designPictureProblem({ ...jpeg, widthPx: 1948, heightPx: 2894, dpi: 300 })).toEqual({
      problem: 'dimensions',
      widthCm: 16.49,
      heightCm: 24.5,
      maxWidthCm: 16.5,
      maxHeightCm: 24.5,
    });
    // The same pixels are far too large at 72 dpi.
    expect(designPictureProblem({ ...jpeg, widthPx: 1948, heightPx: 2893, dpi: 72 })?.problem).toBe('dimensions');
  });

  it('does not turn a landscape picture to fit (spec §5: width ≤ 16.5 cm, height ≤ 24.5 cm), and honours a separate vertical resolution', () => {
    // 694 × 467 px at 72 dpi is 24.48 cm wide: too wide, though it would fit turned.
    expect(designPictureProblem({ ...jpeg, widthPx: 694, heightPx: 467, dpi: 72 })).toEqual({
      problem: 'dimensions',
      widthCm: 24.48,
      heightCm: 16.47,
      maxWidthCm: 16.5,
      maxHeightCm: 24.5,
    });
    // Just over 16.5 cm wide and short is refused too; the portrait picture of the same pixels passes.
    expect(designPictureProblem({ ...jpeg, widthPx: 468, heightPx: 100, dpi: 72 })?.problem).toBe('dimensions');
    expect(designPictureProblem({ ...jpeg, widthPx: 467, heightPx: 694, dpi: 72 })).toBeUndefined();
    expect(designPictureProblem({ ...jpeg, widthPx: 467, heightPx: 2893, dpi: 72, verticalDpi: 300 })).toBeUndefined();
  });

  it('assumes 72 dpi when the resolution is unknown', () => {
    expect(designPictureProblem({ ...jpeg, widthPx: 468, heightPx: 600, dpi: 0 })?.problem).toBe('dimensions');
  });
});

describe('file names and preview', () => {
  it('pre-checks by extension, JPG/JPEG only for design pictures', () => {
    expect(hasAcceptedExtension('Claims.PDF')).toBe(true);
    expect(hasAcceptedExtension('setup.exe')).toBe(false);
    expect(hasAcceptedExtension('noext')).toBe(false);
    expect(hasAcceptedExtension('front.png', 'design_picture')).toBe(false);
    expect(hasAcceptedExtension('front.JPEG', 'design_picture')).toBe(true);
    expect(ACCEPTED_DOCUMENT_TYPE_NAMES).toContain('PDF');
  });

  it('previews images and PDF up to the preview limit', () => {
    expect(isPreviewable('application/pdf', 1000)).toBe(true);
    expect(isPreviewable('application/pdf', MAX_PREVIEW_BYTES + 1)).toBe(false);
    expect(isPreviewable('image/tiff', 1000)).toBe(false);
    expect(isPreviewable('application/msword', 1000)).toBe(false);
  });
});
