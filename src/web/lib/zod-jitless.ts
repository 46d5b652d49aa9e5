// zod as the browser gets it (vite.config.ts aliases `zod` here): jitless, so no schema compiles
// code at run time. Otherwise zod probes `new Function` on its first parse, and the page's
// content security policy (no eval) reports the probe as a violation, even though zod catches it.
// package.json lists this file under `sideEffects`, so the bundler keeps the call below.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
