import { z } from 'zod';

// zod probes whether it may compile its parsers with `new Function` when each object schema is built; under the
// admin app's CSP (no 'unsafe-eval') that probe is a reported violation. Imported first, before any schema exists.
z.config({ jitless: true });
