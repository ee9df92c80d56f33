/**
 * A file name for an answer, from its call (`GET people/{id}` gives `people-id.csv`; the application an app's call
 * opens with is left out, so `POST {appId}/tickets/search` gives `tickets-search.csv`): letters, digits, dots and
 * dashes only, so that no file system refuses it.
 */
export function answerFileName(rateMethod: string, extension: 'json' | 'csv'): string {
  const path = rateMethod
    .replace(/^[A-Z]+ /, '')
    .replace(/^\{appId\}\//, '')
    .slice(0, 80);
  const name = path.replace(/[^A-Za-z0-9.]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${name || 'answer'}.${extension}`;
}
