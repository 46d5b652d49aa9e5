// zod as the browser gets it (vite.config.ts aliases `zod` here). Jitless, so no schema compiles
// code at run time: otherwise zod probes `new Function` on its first parse, and the page's content
// security policy (no eval) reports the probe as a violation, even though zod catches it. It also
// says 'Required' for a missing field on every page, not only on those that load validation.ts.
// package.json lists this file under `sideEffects`, so the bundler keeps the call below.
import * as z from 'zod/v4';
import { requiredMessage } from '#core/required-message.ts';

z.config({ jitless: true, customError: requiredMessage });

export * from 'zod/v4';
export { z, z as default };
