import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type OpenApiDocument, type Router, hooks } from '../src';

/** The folder of the installed swagger-ui-dist: every asset of the page is served from it, none from a CDN. */
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION = (JSON.parse(readFileSync(path.join(SWAGGER_UI, 'package.json'), 'utf8')) as { version: string }).version;

/** The files of swagger-ui-dist the page loads, with their types; no other file of the package is served. */
const ASSETS: readonly { readonly file: string; readonly type: string }[] = [
  { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  { file: 'favicon-32x32.png', type: 'image/png' },
];

/**
 * The page: Swagger UI's style sheet and bundle, then the script that starts it on the service's
 * document. No inline script or style, so a `script-src 'self'` policy admits it. Paths are relative
 * to /docs, so the page works wherever the service is mounted.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>represent illustrative service: API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
`;

/**
 * The page's Content-Security-Policy (CSP Level 3): scripts, style sheets, images and requests
 * from the service alone (`data:` images too: Swagger UI's style sheet draws its icons with them),
 * nothing inline, so an injected script or style does not run; no plugin, no `<base>`; and no
 * page of another origin may frame it (`frame-ancestors`, against clickjacking the "Try it out"
 * buttons, which send authorised writes).
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page's policy on every answer of /docs and its files (the page, and a 304 that refreshes
 * a stored one; one policy for all, as any of them may be opened as a document), and
 * `X-Frame-Options: DENY` (RFC 7034) for browsers that know no `frame-ancestors`.
 */
const docsPagePolicy = hooks({
  onSend(_context, head) {
    head.headers['content-security-policy'] = DOCS_CONTENT_SECURITY_POLICY;
    head.headers['x-frame-options'] = 'DENY';
  },
});

/** Starts Swagger UI on ../openapi.json, "Try it out" on: a visitor sends requests to the service from the page. */
const START = `window.ui = SwaggerUIBundle({
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/** A strong validator of a text: its SHA-256, so a changed document or asset gets a new ETag. */
function digest(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/** The media types the document is served as: JSON, and the OpenAPI media type (OpenAPI 3.1 section 4.3). */
export const OPENAPI_TYPES = ['application/json', 'application/vnd.oai.openapi+json'] as const;

/**
 * GET /openapi.json, the service's OpenAPI 3.1 document (negotiated between JSON and the OpenAPI
 * media type; fresh for five minutes, then revalidated by its ETag), and GET /docs, an API
 * reference page (Swagger UI, served from the installed swagger-ui-dist) where a visitor can send
 * requests. `document` is asked once, on the first request, when every route is declared.
 */
export function apiDocsRoutes(api: Router, document: () => OpenApiDocument): void {
  let described: { readonly document: OpenApiDocument; readonly version: string } | undefined;
  const current = () => {
    if (described === undefined) {
      const whole = document();
      described = { document: whole, version: digest(JSON.stringify(whole)) };
    }
    return described;
  };

  api
    .get('/openapi.json')
    .produces(...OPENAPI_TYPES)
    .summary("The service's OpenAPI 3.1 document")
    .tags('documentation')
    .cache({ maxAge: 300 })
    .etag(() => current().version)
    .handle(() => current().document);

  const files: readonly { readonly path: string; readonly type: string; readonly summary: string; readonly maxAge: number; readonly body: string | Buffer }[] = [
    { path: '/docs', type: 'text/html', summary: 'The API reference page (Swagger UI)', maxAge: 300, body: PAGE },
    { path: '/docs/start.js', type: 'text/javascript', summary: 'The script that starts the reference page', maxAge: 300, body: START },
    ...ASSETS.map((asset) => ({
      path: `/docs/${asset.file}`,
      type: asset.type,
      summary: `Swagger UI ${SWAGGER_UI_VERSION}: ${asset.file}`,
      maxAge: 86_400,
      body: readFileSync(path.join(SWAGGER_UI, asset.file)),
    })),
  ];
  for (const file of files) {
    const version = digest(file.body);
    api
      .get(file.path)
      .produces(file.type)
      .summary(file.summary)
      .tags('documentation')
      .cache({ maxAge: file.maxAge })
      .use(docsPagePolicy)
      .etag(() => version)
      .handle(() => file.body);
  }
}
