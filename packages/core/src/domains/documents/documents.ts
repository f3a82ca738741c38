// Patent documents (spec §3 "Documents", §5 "Uploads", §9): the limits, categories and accepted file
// types that server and web share, the required categories per patent type and stage, and the design
// picture check. Pure: the server decides, the web pre-checks with the same numbers.
import { labelIn, type Label } from '../../models/define.js';
import type { PatentType } from '../patents/case-facts.js';

const MB = 1024 * 1024;

/** Spec §5/§9: at most 50 MB per uploaded file. */
export const MAX_DOCUMENT_BYTES = 50 * MB;
/** Spec §5/§9: up to 50 proof documents per case. */
export const MAX_PROOF_DOCUMENTS = 50;
export const DOCUMENT_FILE_NAME_MAX_LENGTH = 255;
export const DOCUMENT_REMARK_MAX_LENGTH = 1000;
/** Larger files are offered for download only (spec §8 "oversized files: download instead"). */
export const MAX_PREVIEW_BYTES = 20 * MB;

/** Spec §5/§9: design pictures are JPG/JPEG, at most 30 MB and 16.5 cm × 24.5 cm. */
export const MAX_DESIGN_PICTURE_BYTES = 30 * MB;
export const DESIGN_PICTURE_MAX_CM = { width: 16.5, height: 24.5 } as const;
/** The resolution assumed for a JPEG that states none (the common screen default). */
export const DEFAULT_IMAGE_DPI = 72;
const CM_PER_INCH = 2.54;

export const DOCUMENT_CATEGORIES = [
  'request',
  'description',
  'claims',
  'abstract',
  'drawings',
  'design_picture',
  'design_brief',
  'application',
  'office_action',
  'reply',
  'grant_notice',
  'certificate',
  'fee_receipt',
  'priority_document',
  'power_of_attorney',
  'proof',
  'other',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const DOCUMENT_CATEGORY_LABELS: Readonly<Record<DocumentCategory, Label>> = {
  request: { zh: '请求书', en: 'Request' },
  description: { zh: '说明书', en: 'Description' },
  claims: { zh: '权利要求书', en: 'Claims' },
  abstract: { zh: '说明书摘要', en: 'Abstract' },
  drawings: { zh: '说明书附图', en: 'Drawings' },
  design_picture: { zh: '外观设计图片或照片', en: 'Design pictures or photographs' },
  design_brief: { zh: '外观设计简要说明', en: 'Brief description of the design' },
  application: { zh: '其他申请文件', en: 'Other application documents' },
  office_action: { zh: '审查意见通知书', en: 'Office action' },
  reply: { zh: '意见陈述书 / 答复', en: 'Reply' },
  grant_notice: { zh: '授权通知书', en: 'Notice of grant' },
  certificate: { zh: '专利证书', en: 'Patent certificate' },
  fee_receipt: { zh: '缴费收据', en: 'Fee receipt' },
  priority_document: { zh: '优先权文件', en: 'Priority document' },
  power_of_attorney: { zh: '委托书', en: 'Power of attorney' },
  proof: { zh: '证明文件', en: 'Proof document' },
  other: { zh: '其他', en: 'Other' },
};

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === 'string' && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

export function documentCategoryLabel(category: DocumentCategory, language: 'zh-CN' | 'en'): string {
  const label = DOCUMENT_CATEGORY_LABELS[category];
  return labelIn(label, language);
}

/**
 * The file types a patent document may have, told apart by content on the server (never by name);
 * the extensions only serve the browser's file picker and the web's pre-check.
 */
export const DOCUMENT_FILE_TYPES = [
  { mediaType: 'application/pdf', name: 'PDF', extensions: ['pdf'] },
  { mediaType: 'application/msword', name: 'Word', extensions: ['doc'] },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    name: 'Word',
    extensions: ['docx'],
  },
  { mediaType: 'application/vnd.ms-excel', name: 'Excel', extensions: ['xls'] },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name: 'Excel',
    extensions: ['xlsx'],
  },
  { mediaType: 'application/vnd.ms-powerpoint', name: 'PowerPoint', extensions: ['ppt'] },
  {
    mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    name: 'PowerPoint',
    extensions: ['pptx'],
  },
  { mediaType: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'] },
  { mediaType: 'image/png', name: 'PNG', extensions: ['png'] },
  { mediaType: 'image/gif', name: 'GIF', extensions: ['gif'] },
  { mediaType: 'image/tiff', name: 'TIFF', extensions: ['tif', 'tiff'] },
  { mediaType: 'text/plain', name: 'TXT', extensions: ['txt'] },
  { mediaType: 'application/xml', name: 'XML', extensions: ['xml'] },
] as const;
export type DocumentMediaType = (typeof DOCUMENT_FILE_TYPES)[number]['mediaType'];

/** "PDF, Word, Excel, …": the accepted types as the §8 "file format incorrect" message names them. */
export const ACCEPTED_DOCUMENT_TYPE_NAMES = [...new Set(DOCUMENT_FILE_TYPES.map((t) => t.name))].join(', ');
export const DESIGN_PICTURE_TYPE_NAMES = 'JPG, JPEG';

export function isDocumentMediaType(value: string): value is DocumentMediaType {
  return DOCUMENT_FILE_TYPES.some((t) => t.mediaType === value);
}

/** The extension of a file name in lower case ('' when it has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Pre-check by name (the web's only clue before uploading); the server checks the content. */
export function hasAcceptedExtension(fileName: string, category?: string): boolean {
  const extension = fileExtension(fileName);
  if (category === 'design_picture') return extension === 'jpg' || extension === 'jpeg';
  return DOCUMENT_FILE_TYPES.some((t) => (t.extensions as readonly string[]).includes(extension));
}

/** Browsers show these inline; TIFF and office files are downloaded. */
const PREVIEWABLE = new Set<string>(['application/pdf', 'image/jpeg', 'image/png', 'image/gif']);

export function isPreviewable(mediaType: string, sizeBytes: number): boolean {
  return PREVIEWABLE.has(mediaType) && sizeBytes <= MAX_PREVIEW_BYTES;
}

export const DOCUMENT_STAGES = ['filing', 'office_action_reply', 'grant_registration'] as const;
export type DocumentStage = (typeof DOCUMENT_STAGES)[number];

/**
 * What a step needs on file, per stage and patent type ('*' for every type). Filing follows what the
 * CNIPA asks for each type (utility models always have drawings; designs have pictures and a brief
 * description instead of claims); the later stages are the same for all types.
 */
export const REQUIRED_DOCUMENTS: Readonly<
  Record<DocumentStage, Partial<Record<PatentType | '*', readonly DocumentCategory[]>>>
> = {
  filing: {
    invention: ['request', 'description', 'claims', 'abstract'],
    utility_model: ['request', 'description', 'claims', 'abstract', 'drawings'],
    design: ['request', 'design_picture', 'design_brief'],
  },
  office_action_reply: { '*': ['office_action', 'reply'] },
  grant_registration: { '*': ['grant_notice', 'fee_receipt'] },
};

/** The categories a case of this type needs at this stage (none for an unknown type at filing). */
export function requiredCategories(patentType: string | null | undefined, stage: DocumentStage): DocumentCategory[] {
  const byType = REQUIRED_DOCUMENTS[stage];
  const own = patentType ? byType[patentType as PatentType] : undefined;
  return [...(own ?? byType['*'] ?? [])];
}

/** The required categories not present, in the order they were required. */
export function missingCategories<C extends string>(required: readonly C[], present: readonly string[]): C[] {
  const have = new Set(present);
  return required.filter((category, index) => !have.has(category) && required.indexOf(category) === index);
}

export interface DesignPictureFacts {
  mediaType: string;
  bytes: number;
  widthPx: number;
  heightPx: number;
  /** Horizontal resolution in dots per inch. */
  dpi: number;
  /** Vertical resolution, when it differs from the horizontal one. */
  verticalDpi?: number;
}

export type DesignPictureProblem =
  | { problem: 'type' }
  | { problem: 'bytes'; maxBytes: number }
  | { problem: 'dimensions'; widthCm: number; heightCm: number; maxWidthCm: number; maxHeightCm: number };

/**
 * Why a design picture is refused, or undefined when it is fine. Spec §5: a design picture must not
 * exceed 16.5 cm by 24.5 cm, so at its own resolution the width is at most 16.5 cm and the height at
 * most 24.5 cm. A landscape picture is not turned to fit: up to 24.5 cm wide it used to pass, but the
 * picture is filed as it is, not rotated.
 */
export function designPictureProblem(facts: DesignPictureFacts): DesignPictureProblem | undefined {
  if (facts.mediaType !== 'image/jpeg') return { problem: 'type' };
  if (facts.bytes > MAX_DESIGN_PICTURE_BYTES) return { problem: 'bytes', maxBytes: MAX_DESIGN_PICTURE_BYTES };
  const dpiX = facts.dpi > 0 ? facts.dpi : DEFAULT_IMAGE_DPI;
  const dpiY = facts.verticalDpi && facts.verticalDpi > 0 ? facts.verticalDpi : dpiX;
  const width = (facts.widthPx / dpiX) * CM_PER_INCH;
  const height = (facts.heightPx / dpiY) * CM_PER_INCH;
  // A hair of tolerance: 467.7 px at 72 dpi is exactly the limit and must not fail on rounding.
  const fits = (w: number, h: number) =>
    w <= DESIGN_PICTURE_MAX_CM.width + 1e-9 && h <= DESIGN_PICTURE_MAX_CM.height + 1e-9;
  if (fits(width, height)) return undefined;
  return {
    problem: 'dimensions',
    widthCm: Math.round(width * 100) / 100,
    heightCm: Math.round(height * 100) / 100,
    maxWidthCm: DESIGN_PICTURE_MAX_CM.width,
    maxHeightCm: DESIGN_PICTURE_MAX_CM.height,
  };
}
