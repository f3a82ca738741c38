// Server texts of patent documents (zh-CN): upload field labels, the §8 upload and preview messages,
// design picture limits and missing document types. Merged in index.ts.
export const patentDocumentsZhCN = {
  'field.documentSid': '文件',
  'field.documentPatent': '专利',
  'field.documentItem': '官文与事件',
  'field.documentFile': '上传文件',
  'field.documentFileName': '文件名称',
  'field.documentCategory': '文件类别',
  'field.documentSentReceivedOn': '发文/收文日期',
  'field.documentMajorVersion': '主版本号',
  'field.documentVersionRemark': '版本说明',
  'field.documentArchivedOn': '归档日期',
  'field.documentStage': '环节',
  'validation.noControlCharacters': '不能包含换行符或控制字符',

  'error.documentNotFound': '文件不存在或无权访问',
  'error.documentFileGone': '文件内容已丢失，请联系系统管理员',
  'error.documentItemMismatch': '所选官文与事件不属于该专利',
  'error.documentTooLarge': '上传失败：文件大小超过 {{max}}',
  'error.documentFileType': '文件格式不正确，仅支持 {{allowed}}',
  'error.uploadIncomplete': '上传未完成，请等待上传完成后再确认',
  'error.designPictureType': '外观设计图片格式不正确，仅支持 {{allowed}}',
  'error.designPictureTooLarge': '外观设计图片不能超过 {{max}}',
  'error.designPictureDimensions':
    '外观设计图片尺寸为 {{width}} × {{height}} 厘米（按 {{dpi}} dpi 计算），不能超过 {{maxWidth}} × {{maxHeight}} 厘米',
  'error.proofDocumentLimit': '每件专利最多上传 {{max}} 份证明文件',
  'error.previewEncrypted': '文件已加密，无法预览，请下载后查看',
  'error.previewTooLarge': '文件超过 {{max}}，无法预览，请下载后查看',
  'error.previewUnsupported': '该文件格式不支持预览，请下载后查看',
  'error.documentsMissing': '缺少以下文件类型：{{categories}}',
  'documents.categoryNone': '未分类',
} as const;

export type PatentDocumentsMessageKey = keyof typeof patentDocumentsZhCN;
