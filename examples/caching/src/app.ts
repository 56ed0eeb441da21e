import express, { type Express } from 'express';
import { NotFound, ResponseEntity, createRouter } from 'express-represent';
import { type SharedCache, cache } from 'express-represent/cache';

/** An article and its version, which changes with every edit and makes its ETag. */
interface Article {
  readonly title: string;
  readonly text: string;
  readonly version: number;
}

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The shared cache's clock, in ms since the epoch; a test moves it on to make a response stale. */
  readonly now?: () => number;
}

/** The app, the shared cache in front of it, and how many times the article handler ran. */
export interface CachingApp {
  readonly app: Express;
  readonly cache: SharedCache;
  /** How many times GET /articles/{id} built an article: the work a 304 or a cache hit saves. */
  readonly renders: () => number;
}

/**
 * Articles behind the shared cache:
 * - GET /articles/{id} may be kept 60 s by any cache (`Cache-Control: max-age=60`) and carries the
 *   article's version as a strong ETag; its `.etag()` hook gives that version before the handler,
 *   so a request whose If-None-Match names it is answered 304 without running the handler.
 * - PUT /articles/{id} with an If-Match that no longer names the current version is answered 412
 *   (a lost update prevented), and a successful PUT makes the shared cache drop what it stored.
 */
export function createApp(options: AppOptions = {}): CachingApp {
  const articles = new Map<number, Article>([[1, { title: 'Caching', text: 'Store what you may, revalidate what is stale.', version: 1 }]]);
  let renders = 0;
  const api = createRouter();

  api
    .get('/articles/{id:\\d+}')
    .produces('application/json')
    .cache({ maxAge: 60 })
    .etag((ctx) => articles.get(Number(ctx.path.id))?.version)
    .handle((ctx) => {
      const article = articles.get(Number(ctx.path.id));
      if (article === undefined) throw new NotFound(`There is no article ${ctx.path.id}`);
      renders += 1;
      return ResponseEntity.ok({ title: article.title, text: article.text }).withValidators(article.version);
    });

  api
    .put('/articles/{id:\\d+}')
    .consumes('application/json')
    .produces('application/json')
    .body(Object)
    .etag((ctx) => articles.get(Number(ctx.path.id))?.version)
    .handle((ctx) => {
      const id = Number(ctx.path.id);
      const current = articles.get(id);
      if (current === undefined) throw new NotFound(`There is no article ${id}`);
      const { title = current.title, text = current.text } = ctx.body;
      const article: Article = { title: String(title), text: String(text), version: current.version + 1 };
      articles.set(id, article);
      return ResponseEntity.ok({ title: article.title, text: article.text }).withValidators(article.version);
    });

  // One shared cache (RFC 9111) for the whole app; X-Cache says how it answered each request.
  const shared = cache({ statusHeader: 'X-Cache', ...(options.now && { now: options.now }) });
  const app = express();
  app.use(shared);
  app.use(api.middleware());
  return { app, cache: shared, renders: () => renders };
}
