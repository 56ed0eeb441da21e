import { describeLocation, storeLocation } from '../../routes/store/open-store';

describe('storeLocation()', () => {
  it.each([
    ['nothing set', {}, { engine: 'sqlite', file: '/srv/app/data/represent.sqlite' }],
    ['an empty DATA_DIR', { DATA_DIR: '' }, { engine: 'sqlite', file: '/srv/app/data/represent.sqlite' }],
    ['a relative DATA_DIR', { DATA_DIR: 'var/db' }, { engine: 'sqlite', file: '/srv/app/var/db/represent.sqlite' }],
    ['an absolute DATA_DIR', { DATA_DIR: '/tmp/x' }, { engine: 'sqlite', file: '/tmp/x/represent.sqlite' }],
    ['an empty DATABASE_URL', { DATABASE_URL: '', DATA_DIR: '/tmp/x' }, { engine: 'sqlite', file: '/tmp/x/represent.sqlite' }],
    ['a DATABASE_URL (DATA_DIR unused)', { DATABASE_URL: 'postgres://u@db:5432/app', DATA_DIR: '/tmp/x' }, { engine: 'postgres', url: 'postgres://u@db:5432/app' }],
    ['a postgresql:// DATABASE_URL', { DATABASE_URL: 'postgresql://db/app' }, { engine: 'postgres', url: 'postgresql://db/app' }],
  ])('answers %s', (_, env, location) => {
    expect(storeLocation(env, '/srv/app')).toEqual(location);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, without printing its password', () => {
    expect(() => storeLocation({ DATABASE_URL: 'mysql://root:secret@db/app' })).toThrow(new Error('DATABASE_URL must be a postgres:// or postgresql:// URL, not mysql:'));
    expect(() => storeLocation({ DATABASE_URL: 'root:secret@db' })).toThrow(new Error('DATABASE_URL must be a postgres:// or postgresql:// URL, not root:'));
  });
});

describe('describeLocation()', () => {
  it.each([
    [{ engine: 'sqlite', file: '/d/represent.sqlite' }, 'SQLite /d/represent.sqlite'],
    [{ engine: 'postgres', url: 'postgres://app:s3cret@db:5432/app' }, 'PostgreSQL postgres://app:***@db:5432/app'],
    [{ engine: 'postgres', url: 'postgres://db/app' }, 'PostgreSQL postgres://db/app'],
    [{ engine: 'postgres', url: 'postgres://[db' }, 'PostgreSQL (an unparsable URL)'],
  ] as const)('names %j without its password', (location, text) => {
    expect(describeLocation(location)).toBe(text);
  });
});
