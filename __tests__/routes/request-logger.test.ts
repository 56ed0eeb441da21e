import { createLogger } from '../../routes/http/request-logger';

describe('createLogger(env)', () => {
  it.each([
    [{ NODE_ENV: 'test' }, 'silent'],
    [{ NODE_ENV: 'production' }, 'info'],
    [{}, 'info'],
    [{ NODE_ENV: 'test', LOG_LEVEL: 'debug' }, 'debug'],
  ])('should log at the level %j asks for', (env, level) => {
    expect(createLogger(env as NodeJS.ProcessEnv).level).toBe(level);
  });
});
