import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import type { OpenApiDocument } from '../../src';
import { listeningServers } from '../setup/listening';
import { service } from '../setup/service-fixture';

/**
 * The API reference page at /docs in a real browser: Debian's chromium (scripts/test-tools.sh
 * installs it), driven by playwright-core, headless. Run alone with
 * `npx jest __tests__/routes/docs-page-browser`; the screenshot's path is printed.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The Content-Security-Policy violations Chromium reports on `page`'s console, from now on. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe('GET /docs in headless Chromium', () => {
  const listening = listeningServers();
  let browser: Browser;
  let server: Server;
  let base: string;
  const shots = mkdtempSync(path.join(tmpdir(), 'represent-docs-page-'));

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    server = await listening(service().app);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  it("lists every operation of the service's document, loading nothing from another origin", async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
    const page = await browser.newPage();
    const violations = cspViolations(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock');
    const listed = await page.$$eval('.opblock', (blocks) =>
      blocks.map((block) => `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    );
    const expected = Object.entries(document.paths).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => OPERATION_METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(listed.sort()).toEqual(expected.sort());
    expect(requested.filter((url) => !url.startsWith(`${base}/`) && !url.startsWith('data:'))).toEqual([]);
    // The page runs whole under its own Content-Security-Policy.
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  it("sends a request from the page (Try it out, Execute) and shows the service's answer", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const violations = cspViolations(page);
    await page.goto(`${base}/docs`);
    const operation = page.locator('#operations-default-getBookcase');
    await operation.locator('.opblock-summary').click();
    const answered = page.waitForResponse((response) => response.url() === `${base}/bookcase` && response.request().method() === 'GET');
    await operation.locator('button.execute').click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const status = operation.locator('.live-responses-table tbody tr.response td.response-col_status').first();
    await status.waitFor();
    // The page matches the answer to a documented response: not 'Undocumented'.
    expect((await status.textContent())?.trim()).toBe('200');
    const shown = await operation.locator('.live-responses-table tbody tr.response td.response-col_description pre').first().textContent();
    const served = await (await fetch(`${base}/bookcase`, { headers: { accept: 'application/json' } })).json();
    expect(JSON.parse(shown ?? '')).toEqual(served);

    await status.scrollIntoViewIfNeeded();
    const screenshot = path.join(shots, 'docs-try-it-out.png');
    await page.screenshot({ path: screenshot, fullPage: false });
    expect(existsSync(screenshot)).toBe(true);
    expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');
    console.log(`screenshot of /docs: ${screenshot}`);
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  it('refuses to be framed by a page of another origin (frame-ancestors)', async () => {
    // Another port is another origin (RFC 6454 section 4).
    const framing = await listening((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><title>framing</title><iframe src="${base}/docs"></iframe>`);
    });
    const page = await browser.newPage();
    const violations = cspViolations(page);
    const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await page.goto(`http://127.0.0.1:${(framing.address() as AddressInfo).port}/`);
    await refused;
    expect(violations).toEqual([expect.stringMatching(/frame-ancestors 'none'.*blocked/s)]);
    // The frame holds no part of the page: no Swagger UI ran in it.
    expect(await Promise.all(page.frames().map((frame) => frame.locator('#swagger-ui').count()))).toEqual([0, 0]);
    await page.close();
  }, 60_000);
});
