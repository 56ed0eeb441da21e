-- The users' changes, for GET /users/events on every instance: each write of a user adds its rows
-- in its own transaction, numbered from `clock.last_change`. Writers lock the clock row, so the
-- ids are given out without gaps and committed in their order: an instance that has read up to
-- id n has seen every change before it, which a sequence (gaps, commits out of order) would not
-- promise. Only the last rows are kept (the store deletes older ones as it writes).
ALTER TABLE clock ADD COLUMN last_change BIGINT NOT NULL DEFAULT 0;

CREATE TABLE user_changes (
  id BIGINT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('created', 'updated', 'deleted')),
  user_id TEXT NOT NULL,
  -- The user as stored after the write, as JSON; NULL when deleted.
  body TEXT,
  version BIGINT
);
