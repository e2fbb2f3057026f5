/**
 * Keys of the drivers' errors that hold the values of a query: drizzle's and PGlite's `params`,
 * postgres.js' `parameters` and `args`, and the server's `detail` and `where`, which quote rows and
 * keys ("Failing row contains (...)", "Key (email)=(...) already exists.").
 */
const QUERY_VALUE_KEYS = new Set(["params", "parameters", "args", "detail", "where"]);

/** drizzle's DrizzleQueryError message: `Failed query: <sql>\nparams: <values>`. */
const DRIZZLE_PARAMS = "\nparams: ";

/** Deep enough for any real chain of causes; a cycle stops here too. */
const MAX_CAUSES = 8;

function messageWithoutValues(message: string): string {
  if (!message.startsWith("Failed query: ")) return message;
  const at = message.indexOf(DRIZZLE_PARAMS);
  return at === -1 ? message : message.slice(0, at);
}

/**
 * A copy of an error that is safe to log or store: the values of a failed query (a password hash,
 * an e-mail address) are gone from it and from its causes, whichever driver threw it (PGlite or
 * postgres.js, through drizzle); the SQL text, the error code, the constraint and the stack stay.
 * Anything that is not an Error is returned as it is.
 */
export function withoutQueryValues<T>(error: T, depth = 0): T {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return error;
  const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
  for (const key of Object.keys(error)) {
    if (!QUERY_VALUE_KEYS.has(key)) copy[key] = (error as unknown as Record<string, unknown>)[key];
  }
  const message = messageWithoutValues(error.message);
  // The stack starts with the message it was captured with.
  const stack = error.stack?.replace(error.message, message);
  const hidden = (key: string, value: unknown) =>
    Object.defineProperty(copy, key, { value, writable: true, configurable: true, enumerable: false });
  hidden("message", message);
  if (stack !== undefined) hidden("stack", stack);
  if (Object.hasOwn(error, "name")) hidden("name", error.name);
  if (error.cause !== undefined) hidden("cause", withoutQueryValues(error.cause, depth + 1));
  if (error instanceof AggregateError) {
    hidden(
      "errors",
      error.errors.map((inner) => withoutQueryValues(inner, depth + 1)),
    );
  }
  return copy as T;
}
