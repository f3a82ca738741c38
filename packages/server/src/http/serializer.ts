// Response serialisation. By default an answer is encoded through its route's zod schema (which also
// drops keys the schema does not name) before JSON.stringify. Answers made of model records are
// different: their rows are `record(string, unknown)` built from the model's own field list, so the
// schema checks nothing there, yet parsing 20–100 rows was the largest single cost of a search under
// load (14 % of the server's CPU, docs/benchmarks.md). Those schemas are marked and sent as built;
// they still document the answer in the API docs.
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const asBuilt = new WeakSet<object>();

/** Marks a response schema whose answers are sent without being parsed (see above). */
export function sentAsBuilt<Schema extends z.ZodType>(schema: Schema): Schema {
  asBuilt.add(schema);
  return schema;
}

export const serializerCompiler: typeof zodSerializerCompiler = (route) =>
  asBuilt.has(route.schema as object) ? (data: unknown) => JSON.stringify(data) : zodSerializerCompiler(route);
