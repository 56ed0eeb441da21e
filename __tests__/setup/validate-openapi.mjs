// Validates OpenAPI documents with @seriousme/openapi-schema-validator, an ES module that reads its
// schemas through import.meta.url, which jest's CommonJS cannot run: the tests call this script
// with a JSON array of documents on stdin, and it prints a JSON array of error lists (empty: valid).
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = [];
// One validator for all: compiling the specification's schema is most of the work.
const validator = new Validator();
for (const document of JSON.parse(input)) {
  const result = await validator.validate(document);
  if (!result.valid) {
    results.push(Array.isArray(result.errors) ? result.errors : [result.errors]);
    continue;
  }
  try {
    // Throws when a `$ref` points nowhere.
    validator.resolveRefs();
    results.push([]);
  } catch (error) {
    results.push([error.message]);
  }
}
process.stdout.write(JSON.stringify(results));
