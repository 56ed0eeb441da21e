import { execFile } from 'node:child_process';
import path from 'node:path';
import type { OpenApiDocument } from '../../src';

const SCRIPT = path.join(__dirname, './validate-openapi.mjs');

/**
 * The errors of each document against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator:
 * Ajv over the specification's own JSON Schema), every `$ref` resolved: an empty list when it is
 * valid. One child process validates them all (the validator is an ES module).
 */
export function openApiErrorsOfEach(documents: readonly OpenApiDocument[]): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [SCRIPT], { maxBuffer: 64 * 1024 * 1024, timeout: 25_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as unknown[][]);
    });
    child.stdin!.end(JSON.stringify(documents));
  });
}

/** The errors of one document; an empty list when it is valid. */
export async function openApiErrors(document: OpenApiDocument): Promise<unknown[]> {
  const [errors] = await openApiErrorsOfEach([document]);
  return errors!;
}
