-- The service's schema, for SQLite and PostgreSQL alike: only types both engines read the same way
-- (BIGINT, TEXT, and BYTEA, which SQLite stores as the blob it is given). Times are milliseconds
-- since 1970 (UTC), JSON is text.

-- One row. `version` is the last version given out: versions are store-wide, so a user deleted and
-- created again never gets an old ETag back. Every write locks this row first, which serialises
-- writers across instances. `next_user_id` is the id POST /users gives next.
CREATE TABLE clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version BIGINT NOT NULL,
  next_user_id BIGINT NOT NULL
);

-- The single bookcase, as JSON.
CREATE TABLE bookcase (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  body TEXT NOT NULL,
  version BIGINT NOT NULL,
  last_modified BIGINT NOT NULL
);

-- The validators of the user collection: they change with any user or avatar.
CREATE TABLE user_collection (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version BIGINT NOT NULL,
  last_modified BIGINT NOT NULL
);

-- `sort_key` is the id's listing order as bytes (routes/store/id-order.ts): bytes compare the same
-- in both engines, whatever the database's collation.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  sort_key BYTEA NOT NULL UNIQUE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
  version BIGINT NOT NULL UNIQUE,
  last_modified BIGINT NOT NULL
);
CREATE INDEX users_by_role ON users (role, sort_key);

CREATE TABLE avatars (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('image/png', 'image/jpeg')),
  bytes BYTEA NOT NULL,
  version BIGINT NOT NULL,
  last_modified BIGINT NOT NULL
);
