import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver whose module — the zod schema, and zod with it — loads on the first validation (the forms
 * validate on submit) instead of with the page: the auth pages then paint and hydrate without zod.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): Resolver<Values, Context, Output> {
  let loaded: Promise<Resolver<Values, Context, Output>> | undefined;
  return async (values, context, options) => {
    loaded ??= load();
    return (await loaded)(values, context, options);
  };
}
