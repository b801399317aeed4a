import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Role } from './identities.ts';

/** Who is calling /graphql, derived from a verified access token. */
export interface Principal {
  userId: number;
  role: Role;
  /** 'user' for tokens from the login flow, 'api-key' for client credentials. */
  kind: 'user' | 'api-key';
  /** OIDC client that obtained the token. */
  clientId: string;
}

/** A start-up problem the operator can fix (configuration, data directory); printed as one line, no stack. */
export class StartupError extends Error {}

/** Thrown by Auth.authenticate; the server answers 401 with `{ errors: [{ message }] }`. */
export class AuthError extends Error {}

/** A Node request handler for a part of the URL space; resolves true when it answered the request. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface AuthService {
  /** Serves /oidc/* (the OpenID Connect provider) and the login interaction pages. */
  handle: RouteHandler;
  /**
   * Verifies an Authorization header value (`Bearer <jwt>` or `Token <jwt>`).
   * Throws AuthError with the real service's messages: "Token is expired." for an expired token,
   * "Please provide proper credentials" when missing, "Unable to parse authentication token" when
   * malformed, "Unable to find appropriate RSA key" when signed by an unknown key.
   */
  authenticate(authorization: string | undefined): Promise<Principal>;
  close(): Promise<void>;
}

export interface StoredObject {
  /** Quoted MD5 of the body, as S3 sends it: "\"9e107d9d372bb6826bd81d3542a419d6\"". */
  etag: string;
  size: number;
  contentType: string;
}

/**
 * What storage asks before it keeps an uploaded object: the sweep deletes the objects of tickets that expired
 * unregistered, so an upload must not land under a key the sweep has already given up on.
 */
export interface UploadGate {
  /** A PUT to `key` starts streaming: false when its ticket was swept (refuse it); otherwise marks it in flight. */
  begin(key: string): boolean;
  /** Right before the object is committed: false when the ticket was swept meanwhile (keep nothing). */
  mayCommit(key: string): boolean;
  /** The PUT ended, stored or not. */
  end(key: string): void;
}

export interface StorageService {
  /** False when uploads bypass the sandbox (S3): then registration checks the stored size itself. */
  enforcesMaxUploadBytes: boolean;
  /** Serves the built-in storage endpoint (/storage/*), including CORS preflights; false for other paths. */
  handle: RouteHandler;
  /**
   * A signed, single-use, time-bound PUT URL; the Content-Type header is part of the signature.
   * `origin` is the sandbox's base URL the caller reached (its HTTPS one over TLS), so that the built-in
   * storage is addressed the same way; external storage has its own address and ignores it.
   */
  presignPut(key: string, contentType: string, origin?: string): Promise<string>;
  /** A signed, time-bound GET/HEAD URL that makes the browser save the object under `filename`. */
  presignGet(key: string, filename: string, contentType: string, origin?: string): Promise<string>;
  /** HEAD-equivalent: the object's metadata, or null when no object has that key. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object, so URLs already handed out for it fail; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
