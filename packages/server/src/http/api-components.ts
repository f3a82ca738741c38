// Named schemas of the API document. A schema registered here is written once under
// components/schemas and referenced wherever a route uses it. Recursive schemas (menu and resource
// trees) must be named: an unnamed cycle has nowhere to point its $ref.
import { z } from 'zod';

export const apiComponents = z.registry<{ id: string }>();

/** Names a schema in the API document, e.g. component(menuNode, 'MenuTreeNode'). Request bodies get
 * the name with an `Input` suffix (fastify-type-provider-zod keeps input and output apart). */
export function component<T extends z.ZodType>(schema: T, id: string): T {
  apiComponents.add(schema, { id });
  return schema;
}
