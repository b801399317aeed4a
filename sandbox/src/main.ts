import { loadConfig } from './config.ts';
import { StartupError } from './contracts.ts';
import { API_CLIENTS, USERS } from './identities.ts';
import { createSandbox } from './server.ts';

// `npm run sandbox`: the whole sandbox on one port, configured by SANDBOX_* environment variables.
const starting = Promise.resolve().then(() => createSandbox(loadConfig()));

// Registered before start-up finishes, so that Ctrl+C during seeding also closes the database cleanly.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    starting
      .then((sandbox) => sandbox.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}

const sandbox = await starting.catch((error: unknown) => {
  // What the operator can fix is said in one line; anything else keeps its stack for a bug report.
  if (error instanceof StartupError || (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Sandbox not started: ${(error as Error).message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
const { config } = sandbox;
const https = sandbox.httpsUrl
  ? `
  HTTPS:        ${sandbox.httpsUrl} (the same services)
  Certificate:  ${sandbox.caCertPath} (trust it: REQUESTS_CA_BUNDLE, NODE_EXTRA_CA_CERTS, AWS_CA_BUNDLE, curl --cacert)`
  : '';
console.log(`Sandbox running at ${sandbox.url}
  GraphQL:      POST ${sandbox.url}/graphql
  OIDC issuer:  ${sandbox.url}/oidc
  API keys realm: ${sandbox.url}/realms/api-keys (Keycloak's paths, also under /auth)${https}
  Data dir:     ${config.dataDir}
  Logins:       ${USERS.map((u) => `${u.email} / ${u.password} (${u.role})`).join(', ')}
  API keys:     ${API_CLIENTS.map((c) => `${c.clientId} / ${c.clientSecret} (${c.role})`).join(', ')}
  Allowed origins: ${config.allowedOrigins.join(', ')}`);
