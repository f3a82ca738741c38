// The contract between the generic detail page and a model's own actions (the detailActions registry).
import type { ModelRow, ModelSchema } from '../../api/model';

export interface DetailActionProps {
  schema: ModelSchema;
  /** The record as last read; its version is the one an action sends. */
  record: ModelRow;
  /** The company of the detail page's link, sent with the actions. */
  subCompanySid?: string;
  /** Reads the record (and its history and lists) again after an action succeeded. */
  onChanged: () => Promise<void>;
}
