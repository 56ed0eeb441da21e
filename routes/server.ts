import { createApp } from './app';

const port = Number(process.env.PORT ?? 8080);
const { app, routeTable } = createApp();
const server = app.listen(port, () => {
  console.log(`represent illustrative service on http://localhost:${port}\n\n${routeTable}\n`);
});

function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
