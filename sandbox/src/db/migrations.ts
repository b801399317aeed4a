import type Database from 'better-sqlite3';

/**
 * What every kind of record has, like the real service's records: who made it and when, when it last
 * changed, and its entity (the id attachments hang on).
 */
const RECORD_COLUMNS = `created_by INTEGER NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        entity_id INTEGER NOT NULL UNIQUE REFERENCES entities(id)`;

/**
 * Numbered schema migrations. Each runs once, in order, inside a transaction; applied numbers are kept in
 * schema_migrations, so an existing data directory is brought up to date without losing data.
 */
const MIGRATIONS: readonly { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'records and attachments',
    sql: `
      -- One sequence shared by every kind of record, like the real service's entities: an entity id
      -- is a different number from the record's own id.
      CREATE TABLE entities (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        type TEXT NOT NULL
      );
      CREATE TABLE organizations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        domain TEXT NOT NULL
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        organization_id INTEGER NOT NULL REFERENCES organizations(id),
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        role TEXT NOT NULL,
        entity_id INTEGER NOT NULL UNIQUE REFERENCES entities(id)
      );
      CREATE TABLE parts (
        id INTEGER PRIMARY KEY,
        part_number TEXT NOT NULL,
        revision TEXT NOT NULL,
        description TEXT,
        part_type TEXT NOT NULL,
        tracking_type TEXT,
        sourcing_strategy TEXT,
        cost REAL,
        lead_time INTEGER,
        ${RECORD_COLUMNS}
      );
      CREATE INDEX parts_part_number ON parts(part_number, id);
      CREATE INDEX parts_part_number_nocase ON parts(part_number COLLATE NOCASE, id);
      CREATE INDEX parts_description ON parts(description, id);
      CREATE INDEX parts_description_nocase ON parts(description COLLATE NOCASE, id);
      CREATE TABLE procedures (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        version INTEGER NOT NULL,
        status TEXT,
        type TEXT NOT NULL,
        description TEXT,
        ${RECORD_COLUMNS}
      );
      CREATE TABLE procedure_parts (
        procedure_id INTEGER NOT NULL REFERENCES procedures(id),
        part_id INTEGER NOT NULL REFERENCES parts(id),
        PRIMARY KEY (procedure_id, part_id)
      );
      CREATE INDEX procedure_parts_part ON procedure_parts(part_id);
      CREATE TABLE steps (
        id INTEGER PRIMARY KEY,
        procedure_id INTEGER REFERENCES procedures(id),
        title TEXT NOT NULL,
        position INTEGER,
        type TEXT NOT NULL,
        content TEXT,
        ${RECORD_COLUMNS}
      );
      CREATE INDEX steps_procedure ON steps(procedure_id, position);
      CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        status TEXT,
        quantity INTEGER,
        due_date TEXT,
        description TEXT,
        part_id INTEGER REFERENCES parts(id),
        procedure_id INTEGER REFERENCES procedures(id),
        percent_complete INTEGER,
        ${RECORD_COLUMNS}
      );
      CREATE INDEX runs_part ON runs(part_id);
      CREATE INDEX runs_procedure ON runs(procedure_id);
      CREATE TABLE run_steps (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id),
        origin_step_id INTEGER REFERENCES steps(id),
        title TEXT NOT NULL,
        status TEXT,
        position INTEGER,
        content TEXT,
        ${RECORD_COLUMNS}
      );
      CREATE INDEX run_steps_run ON run_steps(run_id, position);
      CREATE TABLE run_step_fields (
        id INTEGER PRIMARY KEY,
        run_step_id INTEGER NOT NULL REFERENCES run_steps(id),
        name TEXT NOT NULL,
        type TEXT,
        value TEXT,
        unit TEXT,
        required INTEGER NOT NULL,
        help_text TEXT,
        position INTEGER,
        ${RECORD_COLUMNS}
      );
      CREATE INDEX run_step_fields_run_step ON run_step_fields(run_step_id, position);
      -- Issued by requestFileUploadUrl: only keys the sandbox issued can be registered.
      CREATE TABLE upload_tickets (
        s3_key TEXT PRIMARY KEY,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE TABLE file_attachments (
        id INTEGER PRIMARY KEY,
        entity_id INTEGER NOT NULL REFERENCES entities(id),
        s3_key TEXT NOT NULL UNIQUE REFERENCES upload_tickets(s3_key),
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        etag TEXT NOT NULL,
        size INTEGER,
        created_by INTEGER NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX file_attachments_entity ON file_attachments(entity_id, id);
    `,
  },
  {
    id: 2,
    name: 'trigram index for part search',
    sql: `
      -- Substring search (like/ilike '%term%') on part number and description; filters.ts uses it to
      -- narrow the rows and keeps the LIKE itself for the exact answer. External content: the index
      -- reads the text from parts (columns named like parts' own), so it stores no second copy.
      -- case_sensitive 0 (the default, spelled out): one index serves like and ilike.
      CREATE VIRTUAL TABLE parts_search USING fts5(
        part_number, description,
        content = 'parts', content_rowid = 'id',
        tokenize = 'trigram case_sensitive 0'
      );
      -- The index must stay in step with parts: a 'delete' must pass exactly the values indexed.
      -- Named parts_search_*: the seed sets them aside by that name during its bulk insert.
      CREATE TRIGGER parts_search_insert AFTER INSERT ON parts BEGIN
        INSERT INTO parts_search (rowid, part_number, description)
          VALUES (new.id, new.part_number, new.description);
      END;
      CREATE TRIGGER parts_search_delete AFTER DELETE ON parts BEGIN
        INSERT INTO parts_search (parts_search, rowid, part_number, description)
          VALUES ('delete', old.id, old.part_number, old.description);
      END;
      CREATE TRIGGER parts_search_update AFTER UPDATE OF id, part_number, description ON parts BEGIN
        INSERT INTO parts_search (parts_search, rowid, part_number, description)
          VALUES ('delete', old.id, old.part_number, old.description);
        INSERT INTO parts_search (rowid, part_number, description)
          VALUES (new.id, new.part_number, new.description);
      END;
      -- Parts that existed before this migration (a data directory from an earlier version).
      INSERT INTO parts_search (parts_search) VALUES ('rebuild');
    `,
  },
  {
    id: 3,
    name: 'attachment ids never reused, swept upload tickets',
    sql: `
      -- The highest id ever given to each kind of row that can be deleted, so that a deleted attachment's
      -- id is never handed out again (an INTEGER PRIMARY KEY alone reuses the highest one).
      CREATE TABLE id_high_water (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
      INSERT INTO id_high_water (name, value) SELECT 'file_attachments', COALESCE(MAX(id), 0) FROM file_attachments;
      -- Set when the sweep deleted the object of a ticket that expired without being registered.
      ALTER TABLE upload_tickets ADD COLUMN swept_at TEXT;
      CREATE INDEX upload_tickets_unswept ON upload_tickets(expires_at) WHERE swept_at IS NULL;
    `,
  },
  {
    id: 4,
    name: 'fields of the real schema: supplier part numbers, quantities, serial and lot numbers, options',
    sql: `
      -- Data directories from before this migration keep these empty (null); new ones are seeded with them.
      ALTER TABLE parts ADD COLUMN supplier_part_number TEXT;
      ALTER TABLE parts ADD COLUMN quantity INTEGER;
      -- The unit or lot a run works on, as ION keeps it: the run's part inventory (Run.partInventoryId).
      CREATE TABLE part_inventories (
        id INTEGER PRIMARY KEY,
        part_id INTEGER NOT NULL REFERENCES parts(id),
        serial_number TEXT,
        lot_number TEXT,
        quantity REAL NOT NULL,
        created_by INTEGER NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX part_inventories_serial_number ON part_inventories(serial_number);
      CREATE INDEX part_inventories_lot_number ON part_inventories(lot_number);
      ALTER TABLE runs ADD COLUMN part_inventory_id INTEGER REFERENCES part_inventories(id);
      -- The choices of a SELECT field, as a JSON array.
      ALTER TABLE run_step_fields ADD COLUMN options TEXT;
    `,
  },
  {
    id: 5,
    name: 'runs list: trigram index on titles, indexes for its sorts and filters',
    sql: `
      -- Serial and title search on the runs list (title ilike '%SN 0041%'), as migration 2 does for parts;
      -- the triggers are named runs_search_* so the seed can set them aside during its bulk insert.
      CREATE VIRTUAL TABLE runs_search USING fts5(
        title,
        content = 'runs', content_rowid = 'id',
        tokenize = 'trigram case_sensitive 0'
      );
      CREATE TRIGGER runs_search_insert AFTER INSERT ON runs BEGIN
        INSERT INTO runs_search (rowid, title) VALUES (new.id, new.title);
      END;
      CREATE TRIGGER runs_search_delete AFTER DELETE ON runs BEGIN
        INSERT INTO runs_search (runs_search, rowid, title) VALUES ('delete', old.id, old.title);
      END;
      CREATE TRIGGER runs_search_update AFTER UPDATE OF id, title ON runs BEGIN
        INSERT INTO runs_search (runs_search, rowid, title) VALUES ('delete', old.id, old.title);
        INSERT INTO runs_search (rowid, title) VALUES (new.id, new.title);
      END;
      INSERT INTO runs_search (runs_search) VALUES ('rebuild');
      -- The list's sorts (newest first by default) and its status filter, each ending in id as the
      -- connection's order does; a part's or a procedure's runs newest first.
      CREATE INDEX runs_created ON runs(created_at, id);
      CREATE INDEX runs_title ON runs(title, id);
      CREATE INDEX runs_status ON runs(status, created_at, id);
      CREATE INDEX runs_due_date ON runs(due_date, id);
      CREATE INDEX runs_part_created ON runs(part_id, created_at, id);
      CREATE INDEX runs_procedure_created ON runs(procedure_id, created_at, id);
      CREATE INDEX run_steps_origin_step ON run_steps(origin_step_id, id);
    `,
  },
];

export function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .pluck()
      .all()
      .map((id) => Number(id)),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name, new Date().toISOString());
    })();
  }
}
