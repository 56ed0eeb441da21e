import { Session } from 'node:inspector';

/**
 * How many exceptions `work` throws, caught ones included: the V8 inspector of this very process
 * pauses on every throw and resumes at once, counting. For "costs no exception", which a spy
 * cannot see (an exception caught inside the code under test leaves no trace but its cost).
 */
export function thrownExceptions(work: () => void): number {
  const session = new Session();
  session.connect();
  let thrown = 0;
  session.on('Debugger.paused', (message) => {
    if (message.params.reason === 'exception') thrown++;
    session.post('Debugger.resume');
  });
  session.post('Debugger.enable');
  session.post('Debugger.setPauseOnExceptions', { state: 'all' });
  try {
    work();
  } finally {
    session.post('Debugger.setPauseOnExceptions', { state: 'none' });
    session.post('Debugger.disable');
    session.disconnect();
  }
  return thrown;
}
