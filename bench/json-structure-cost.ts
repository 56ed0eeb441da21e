/**
 * `npx tsx bench/json-structure-cost.ts`: what reading a 1 MB JSON body costs the JSON converter,
 * by its shape (issue 33, item 15): the service's bookcase, flat bodies, nested arrays over the
 * structure limit (refused) and without it (what they cost before), and the worst body the
 * default limit accepts (its structures nested arrays, the rest a string).
 */
import { LARGE_BOOKCASE_JSON, NESTED_ARRAYS_JSON, nestedArrays } from './hostile-inputs';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_STRUCTURES } from '../src/converters/body-converter';
import { JsonConverter } from '../src/converters/json/json-converter';
import { parseMediaType } from '../src/http/media-type';

const SIZE = LARGE_BOOKCASE_JSON.length;
const converter = new JsonConverter();
const mediaType = parseMediaType('application/json');

/** Milliseconds per read of `text` (or per refusal), the median of 15 after 5 to warm up. */
async function cost(text: string, maxStructures: number): Promise<number> {
  const body = Buffer.from(text);
  const once = async (): Promise<number> => {
    const start = process.hrtime.bigint();
    await converter.read(body, { mediaType, kind: 'object', maxDepth: DEFAULT_MAX_DEPTH, maxStructures }).catch(() => undefined);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) times.push(await once());
  return times.sort((a, b) => a - b)[7]!;
}

/** Arrays nested 1 to 61 deep, `structures` of them in all, the rest of the megabyte one string. */
function nestedWithin(structures: number): string {
  const arrays = nestedArrays(structures - 1);
  return `[${arrays},"${'x'.repeat(Math.max(0, SIZE - arrays.length - 5))}"]`;
}

async function main(): Promise<void> {
  const bookcase = await cost(LARGE_BOOKCASE_JSON, DEFAULT_MAX_STRUCTURES);
  const rows: [string, string, number][] = [
    ['1 MB bookcase (5,802 structures)', LARGE_BOOKCASE_JSON, DEFAULT_MAX_STRUCTURES],
    ['1 MB flat array of numbers', `[${Array(SIZE / 2).fill(1).join(',')}]`, DEFAULT_MAX_STRUCTURES],
    ['1 MB of arrays nested 1-61, refused', NESTED_ARRAYS_JSON, DEFAULT_MAX_STRUCTURES],
    ['1 MB of arrays nested 1-61, no limit', NESTED_ARRAYS_JSON, Infinity],
    [`${DEFAULT_MAX_STRUCTURES} nested arrays + a string, accepted`, nestedWithin(DEFAULT_MAX_STRUCTURES), DEFAULT_MAX_STRUCTURES],
  ];
  for (const [label, text, limit] of rows) {
    const ms = label.startsWith('1 MB bookcase') ? bookcase : await cost(text, limit);
    console.log(`${label.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / bookcase).toFixed(2)}x the bookcase`);
  }
}

void main();
