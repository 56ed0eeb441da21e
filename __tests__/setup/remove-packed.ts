import { removePacked } from './pack-once';

/** The `package` project's global tear-down (jest.config.ts). */
export default removePacked;
