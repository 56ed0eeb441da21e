import type { RouteFacts } from './route-facts';

/**
 * The OpenAPI path of a route (OpenAPI 3.1 section 4.8.8.1): each placeholder as `{name}`, its
 * pattern left to the parameter's schema; a catch-all `{*rest}` as `{rest}`; and each matrix
 * variable as a template expression right after the segment that carries it (`/users/{id}{fields}`,
 * a parameter of `style: matrix` that expands to `;fields=a,b`), after the last segment when it may
 * be on any.
 */
export function openApiPath(facts: RouteFacts): string {
  const matrix = facts.bindings.filter((binding) => binding.source === 'matrix');
  const last = facts.segments.length - 1;
  const texts = facts.segments.map((segment, index) => {
    const own = segment.kind === 'literal' ? segment.text : `{${segment.name}}`;
    const carried = matrix.filter((binding) => (binding.segment ?? last) === index).map((binding) => `{${binding.key}}`);
    return own + carried.join('');
  });
  if (texts.length === 0) return matrix.length > 0 ? `/${matrix.map((binding) => `{${binding.key}}`).join('')}` : '/';
  return `/${texts.join('/')}`;
}
