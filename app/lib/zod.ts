import { z } from "zod";

// zod compiles each object schema's parser with `new Function` when it is created, unless told not
// to. In the browser the shop's Content-Security-Policy forbids eval, and even zod's probe for it is
// reported as a violation, so schemas made in the browser (the one form shape's checks) go without.
// Every schema of ours imports z from here, so this runs before the first one is made.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
