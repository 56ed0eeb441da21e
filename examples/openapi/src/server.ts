import type { AddressInfo } from 'node:net';
import { createApp } from './app';

// PORT=0 asks the system for a free port; the line printed names the one it gave.
const server = createApp().app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`Listening on http://${address}:${port}/docs`);
});
