/**
 * A process that opens the service's SQLite store at `argv[2]`, writes, reads and closes it, drops
 * every reference to it, then allocates until V8 has collected garbage several times over (in timer
 * tasks, as a running service does), and prints `collected`. Node 24 aborts such a process when
 * V8 collects one of better-sqlite3's objects (see routes/store/sqlite-database.ts).
 */
import { openStore } from '../../routes/store/open-store';

async function useAndDrop(file: string): Promise<void> {
  const store = await openStore({ engine: 'sqlite', file });
  await store.close();
}

function churn(rounds: number): void {
  let garbage: object[] | undefined = [];
  for (let i = 0; i < 1_000_000; i++) garbage.push({ i });
  garbage = undefined;
  if (rounds > 1) setTimeout(() => churn(rounds - 1), 10);
  else console.log('collected');
}

useAndDrop(process.argv[2]!).then(
  () => setTimeout(() => churn(5), 10),
  (error: unknown) => console.log(`failed: ${String(error)}`),
);
