import Database from 'better-sqlite3';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions) in one SQLite file,
 * so a signed-in browser and its refresh token survive a sandbox restart.
 */
export interface OidcStore {
  adapterFactory: AdapterFactory;
  close(): void;
}

const now = (): number => Math.floor(Date.now() / 1000);

export function openOidcStore(file: string): OidcStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS oidc_model (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      user_code TEXT,
      uid TEXT,
      expires_at INTEGER,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS oidc_model_grant ON oidc_model (grant_id);
    CREATE INDEX IF NOT EXISTS oidc_model_uid ON oidc_model (model, uid);
    CREATE INDEX IF NOT EXISTS oidc_model_user_code ON oidc_model (model, user_code);
  `);
  db.prepare('DELETE FROM oidc_model WHERE expires_at IS NOT NULL AND expires_at <= ?').run(now());

  const upsert = db.prepare(`
    INSERT INTO oidc_model (model, id, payload, grant_id, user_code, uid, expires_at)
    VALUES (@model, @id, @payload, @grantId, @userCode, @uid, @expiresAt)
    ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
      user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`);
  const live = '(expires_at IS NULL OR expires_at > @now)';
  const findById = db.prepare(`SELECT payload FROM oidc_model WHERE model = @model AND id = @id AND ${live}`);
  const findByUid = db.prepare(
    `SELECT payload FROM oidc_model WHERE model = @model AND uid = @uid AND ${live}`,
  );
  const findByUserCode = db.prepare(
    `SELECT payload FROM oidc_model WHERE model = @model AND user_code = @userCode AND ${live}`,
  );
  const consume = db.prepare(
    `UPDATE oidc_model SET payload = json_set(payload, '$.consumed', @now) WHERE model = @model AND id = @id`,
  );
  const destroy = db.prepare('DELETE FROM oidc_model WHERE model = @model AND id = @id');
  // A grant's codes, tokens and sessions live under different models; revoking the grant removes all
  // but the sign-in in progress: when another person signs in where one still had a session
  // (prompt=login), the provider ends the old session, revoking its grant, and then resumes that
  // sign-in, which names the old grant.
  const revokeByGrantId = db.prepare(
    "DELETE FROM oidc_model WHERE grant_id = @grantId AND model <> 'Interaction'",
  );

  const parse = (row: unknown): AdapterPayload | undefined =>
    row ? (JSON.parse((row as { payload: string }).payload) as AdapterPayload) : undefined;

  const adapterFactory: AdapterFactory = (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      upsert.run({
        model,
        id,
        payload: JSON.stringify(payload),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? now() + expiresIn : null,
      });
    },
    async find(id) {
      return parse(findById.get({ model, id, now: now() }));
    },
    async findByUid(uid) {
      return parse(findByUid.get({ model, uid, now: now() }));
    },
    async findByUserCode(userCode) {
      return parse(findByUserCode.get({ model, userCode, now: now() }));
    },
    async consume(id) {
      consume.run({ model, id, now: now() });
    },
    async destroy(id) {
      destroy.run({ model, id });
    },
    async revokeByGrantId(grantId) {
      revokeByGrantId.run({ grantId });
    },
  });

  return { adapterFactory, close: () => db.close() };
}
