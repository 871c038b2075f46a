/**
 * The TypeScript type of a value a JSON Schema accepts, read from the schema itself (written `as const`), so a
 * job request's type cannot drift from the route schema that validated it. It covers the keywords the request
 * schemas use: `type` (one or a list), `enum`, `anyOf`, `items`, `properties` with `required`, and `$ref` to
 * the names in `Refs`. A member not in `required` is optional: a job queued before a member had a default may
 * lack it. Keywords that only constrain a value (lengths, `format`, `default`, ...) do not change its type.
 */
export type FromSchema<S, Refs = object> = S extends { $ref: infer R }
  ? R extends keyof Refs
    ? Refs[R]
    : unknown
  : S extends { anyOf: readonly (infer A)[] }
    ? FromSchema<A, Refs>
    : S extends { enum: readonly (infer E)[] }
      ? E
      : S extends { type: readonly (infer T)[] }
        ? ValueOfType<T, S, Refs>
        : S extends { type: infer T }
          ? ValueOfType<T, S, Refs>
          : unknown;

/** The members `P` (a schema's `properties`) as an object type; those named in `Required` are required. */
export type FromProperties<P, Required extends PropertyKey = never, Refs = object> = Simplify<
  { -readonly [K in keyof P as K extends Required ? K : never]: FromSchema<P[K], Refs> } & {
    -readonly [K in keyof P as K extends Required ? never : K]?: FromSchema<P[K], Refs>;
  }
>;

type ValueOfType<T, S, Refs> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? ArrayOf<S, Refs>
          : T extends 'object'
            ? ObjectOf<S, Refs>
            : unknown;

type ArrayOf<S, Refs> = S extends { items: infer I } ? FromSchema<I, Refs>[] : unknown[];

type ObjectOf<S, Refs> = S extends { properties: infer P }
  ? FromProperties<P, S extends { required: readonly (infer R extends PropertyKey)[] } ? R : never, Refs>
  : Record<string, unknown>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
