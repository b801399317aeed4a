/**
 * ION's example API client (FirstResonance/ion-examples, utilities/api.py) in TypeScript, making the
 * same HTTP calls: a client-credentials token from `https://<auth server>/auth/realms/api-keys/...` with
 * the API's URL as audience, then JSON POSTs to `<api uri>/graphql` with the bare token as the
 * Authorization header. Like the original, a response with `errors` throws.
 *
 * Configured as the examples' config.py is, here from the environment: ION_AUTH_SERVER (a host, no
 * scheme), ION_API_URI, ION_CLIENT_ID, ION_CLIENT_SECRET. ION_EXAMPLE_LOG=1 logs each call to stderr,
 * as the original does when given a logger.
 */
import { pathToFileURL } from 'node:url';

export interface IonConfig {
  authServer: string;
  apiUri: string;
  clientId: string;
  clientSecret: string;
}

export interface QueryInfo {
  query: string;
  variables?: Record<string, unknown>;
}

export type GraphQLBody = { data?: Record<string, unknown>; errors?: unknown[] };

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): IonConfig {
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`Missing required config key: ${name}`);
    return value;
  };
  return {
    authServer: need('ION_AUTH_SERVER'),
    apiUri: need('ION_API_URI'),
    clientId: need('ION_CLIENT_ID'),
    clientSecret: need('ION_CLIENT_SECRET'),
  };
}

export class Api {
  private constructor(
    private readonly config: IonConfig,
    private readonly accessToken: string,
    private readonly log: boolean,
  ) {}

  /** Gets a token at once, as the original's constructor does. */
  static async connect(config: IonConfig, log = process.env.ION_EXAMPLE_LOG === '1'): Promise<Api> {
    const tokenUrl = new URL(
      '/auth/realms/api-keys/protocol/openid-connect/token',
      `https://${config.authServer}`,
    );
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: config.clientId,
        client_secret: config.clientSecret,
        audience: config.apiUri,
      }),
    });
    if (res.status === 400) console.error('---AN ERROR OCCURRED IN GETTING THE ACCESS TOKEN---');
    const body = (await res.json()) as { access_token: string };
    return new Api(config, body.access_token, log);
  }

  async request(queryInfo: QueryInfo): Promise<GraphQLBody> {
    if (this.log) console.error(`Calling ${this.config.apiUri} with ${JSON.stringify(queryInfo)}`);
    const res = await fetch(new URL('graphql', this.config.apiUri), {
      method: 'POST',
      headers: { Authorization: this.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(queryInfo),
    });
    const body = (await res.json()) as GraphQLBody;
    if (body.errors?.length) {
      throw new Error(`---AN ERROR OCCURRED IN THE API REQUEST---\n${JSON.stringify(body)}`);
    }
    return body;
  }
}

/** Runs an example's main part when the file is started as a script; errors end it as Python's would. */
export function runAsScript(moduleUrl: string, main: () => Promise<void>): void {
  if (!process.argv[1] || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
