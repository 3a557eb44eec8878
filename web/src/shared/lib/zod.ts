import { z } from 'zod';

// zod compiles its object parsers with `new Function` unless told not to; the app's
// Content-Security-Policy forbids that, and even zod's caught probe is reported as a violation.
// Every schema imports `z` from here so that the setting holds before any schema is built.
z.config({ jitless: true });

export { z };
