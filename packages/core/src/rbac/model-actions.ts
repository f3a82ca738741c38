// The resources of a declared model: its list menu (reading) and one button per write. A leaf module, so
// domain manifests can name the grants they give without importing the whole catalogue.

/** What a route does with a declared model; each maps to a resource of the model. */
export const MODEL_ACTIONS = ['view', 'create', 'update', 'delete', 'import', 'export'] as const;
export type ModelAction = (typeof MODEL_ACTIONS)[number];

/** The model's list menu is the resource for reading; its buttons cover the writes. */
export function modelResourceCode(model: string, action: ModelAction): string {
  return action === 'view' ? model : `${model}:${action}`;
}

/** The resources of these actions on these models, model by model (a default role's grant). */
export function grantsOn(models: readonly string[], actions: readonly ModelAction[]): string[] {
  return models.flatMap((model) => actions.map((action) => modelResourceCode(model, action)));
}
