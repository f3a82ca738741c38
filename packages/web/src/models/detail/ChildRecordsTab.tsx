// A parent record's tab listing one child model's records (ModelDeclaration.parent): the child's generic
// list — its columns, search and export — limited to this parent, whose "new" opens the child's form with
// the parent preset and locked.
import type { ModelSchema } from '../../api/model';
import { ModelList } from '../list/ModelList';
import { LoadFailed, LoadingCard } from '../ModelPageState';
import { useModelSchema } from '../queries';

export type ChildModelOf = NonNullable<ModelSchema['children']>[number];

/** The generic child tabs of a model: the children the caller may list that no domain tab shows already. */
export function genericChildTabs(schema: ModelSchema, shownByDomain: readonly string[]): ChildModelOf[] {
  return (schema.children ?? []).filter((child) => !shownByDomain.includes(child.model));
}

export function ChildRecordsTab({ child, parentSid }: { child: ChildModelOf; parentSid: string }) {
  const { schema, failed, isPending, retry } = useModelSchema(child.model);
  if (schema)
    return (
      <div data-testid={`child-list-${child.model}`}>
        <ModelList schema={schema} within={{ field: child.field, sid: parentSid }} />
      </div>
    );
  if (failed && !isPending) return <LoadFailed onRetry={retry} />;
  return <LoadingCard />;
}
