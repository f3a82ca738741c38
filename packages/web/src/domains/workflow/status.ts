// How a definition version's status is coloured wherever it is shown (list, versions, designer).
import type { DefinitionStatus } from '../../api/workflow';

export const STATUS_COLORS: Readonly<Record<DefinitionStatus, string>> = {
  draft: 'blue',
  published: 'green',
  retired: 'default',
};
