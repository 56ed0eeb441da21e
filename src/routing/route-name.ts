import type { PathTemplate } from './path-template';

/**
 * A route's template as telemetry names it (OpenTelemetry's `http.route`): its segments with each
 * placeholder as `{name}` and a catch-all as `{*name}`, without the patterns that constrain them
 * (`/users/{id:\d+}` is `/users/{id}`): the same for every request the route answers, short, and
 * never the path sent.
 */
export function routeName(template: PathTemplate): string {
  const names = template.segments.map((segment) => {
    if (segment.kind === 'literal') return segment.text;
    return segment.kind === 'placeholder' ? `{${segment.name}}` : `{*${segment.name}}`;
  });
  return `/${names.join('/')}`;
}
