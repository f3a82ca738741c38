// What a model-specific tab on the generic detail page receives: the record, its schema, the
// sub-company the page reads under, and a callback that reads the record again after a change.
import type { MessageKey } from '@ipdesk/core';
import type { ModelRow, ModelSchema } from '../../api/model';

export interface DetailTabProps {
  schema: ModelSchema;
  record: ModelRow;
  subCompanySid: string | undefined;
  onChanged: () => Promise<void>;
}

export interface DetailTab {
  key: string;
  /** An i18n key of the tab's title. */
  labelKey: MessageKey;
  Component: React.ComponentType<DetailTabProps>;
  /**
   * The child model (ModelDeclaration.parent) whose records this tab shows in its own way: the page then
   * leaves out the generic tab of that child, so the same records are not listed twice.
   */
  childModel?: string;
}
