/**
 * zod builds its fast parsers with `new Function` after probing whether eval is allowed: the
 * site's Content-Security-Policy forbids eval, so every probe is a reported violation. zod reads
 * its settings from this global (shared by every copy of it) when a schema is built; zod loads
 * lazily, with the forms, so main.tsx sets it first, without loading zod.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
