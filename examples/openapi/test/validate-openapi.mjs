// Validates the OpenAPI document given on stdin with @seriousme/openapi-schema-validator (Ajv over
// the specification's own JSON Schema), then resolves every `$ref`. The validator is an ES module
// that reads its schemas through import.meta.url, which jest's CommonJS cannot load: the test runs
// this script in a process of its own. Prints a JSON list of errors: empty when the document is valid.
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
let errors = [];
if (!result.valid) errors = Array.isArray(result.errors) ? result.errors : [result.errors];
else {
  try {
    // Throws when a `$ref` points nowhere.
    validator.resolveRefs();
  } catch (error) {
    errors = [error.message];
  }
}
process.stdout.write(JSON.stringify({ version: validator.version, errors }));
