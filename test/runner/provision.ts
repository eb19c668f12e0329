// Installs every release of code-server the suites run on, one after the other, into the cache:
// `npm test` starts this in the background first, so that the installs overlap the lint, type
// check and unit tests instead of coming after them. A suite that needs a release still being
// installed waits for it (codeServer.ts).

import { ensureCodeServer, RELEASES, type ReleaseName } from './codeServer';

async function main(): Promise<void> {
  for (const release of Object.keys(RELEASES) as ReleaseName[]) await ensureCodeServer(release);
}

main().catch((error: unknown) => {
  // The suites install what is missing themselves, and say why if they cannot.
  console.error(error);
  process.exit(1);
});
