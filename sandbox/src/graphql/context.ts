import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { Principal, StorageService } from '../contracts.ts';
import type { Db } from '../db/db.ts';
import type { ResponseMeter } from './response-meter.ts';

/** What every resolver sees: the verified caller and the sandbox's services. */
export interface GraphQLContext {
  principal: Principal;
  /** The sandbox's base URL as the request reached it (its HTTPS one over TLS): storage URLs use it. */
  origin: string;
  db: Db;
  storage: StorageService;
  config: SandboxConfig;
  clock: Clock;
  /** This request's: it stops the execution once the response passes the size cap. */
  meter: ResponseMeter;
}
