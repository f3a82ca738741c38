// Command-line entry of `npm run tenant:create` (cli/tenant-create.ts has the command and its help).
import { runTenantCreate } from './cli/tenant-create.js';

runTenantCreate(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
