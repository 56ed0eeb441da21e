import express, { type Express } from 'express';
import { NotFound, ResponseEntity, type Router, createRouter } from 'express-represent';
import { cache } from 'express-represent/cache';
import { z } from 'zod';
import { LruStore } from './lru-store';

/** A task as a client sends it. */
export const NewTask = z.object({
  title: z.string().trim().min(1, 'a task needs a title'),
  done: z.boolean().default(false),
});

/** A task as the API answers it. */
export type Task = z.output<typeof NewTask> & { readonly id: number };

/** Where the tasks are kept: a Map here, a database in a real app. */
export class TaskList {
  readonly #tasks = new Map<number, Task>();

  add(task: z.output<typeof NewTask>): Task {
    const added = { id: this.#tasks.size + 1, ...task };
    this.#tasks.set(added.id, added);
    return added;
  }

  get(id: number): Task | undefined {
    return this.#tasks.get(id);
  }

  all(): Task[] {
    return [...this.#tasks.values()];
  }
}

/**
 * The task routes, declared on a router the caller makes: the app mounts them at /api, and the
 * tests mount them with `appWith` from represent/testing, on a list of their own.
 */
export function taskRoutes(api: Router, tasks: TaskList): void {
  api
    .get('/tasks')
    .produces('application/json')
    .cache({ maxAge: 5 })
    .handle(() => tasks.all());

  api
    .get('/tasks/{id:\\d+}')
    .produces('application/json')
    .handle((ctx) => {
      const task = tasks.get(Number(ctx.path.id));
      if (task === undefined) throw new NotFound(`There is no task ${ctx.path.id}`);
      return task;
    });

  api
    .post('/tasks')
    .consumes('application/json')
    .produces('application/json')
    .body(NewTask)
    .handle((ctx) => {
      const task = tasks.add(ctx.body);
      return ResponseEntity.created(ctx.url('/tasks/{id}', { id: task.id }), task);
    });
}

/** The app: the shared cache (kept in an LruStore of 1,000 URIs), then the task routes at /api. */
export function createApp(tasks = new TaskList()): Express {
  const api = createRouter();
  taskRoutes(api, tasks);
  const app = express();
  app.use(cache({ store: new LruStore({ maxEntries: 1000 }), statusHeader: 'X-Cache' }));
  app.use('/api', api.middleware());
  return app;
}
