/**
 * A file name for an answer, from its call (`GET people/{id}` gives `people-id.csv`): letters, digits, dots and
 * dashes only, so that no file system refuses it.
 */
export function answerFileName(rateMethod: string, extension: 'json' | 'csv'): string {
  const path = rateMethod.replace(/^[A-Z]+ /, '').slice(0, 80);
  const name = path.replace(/[^A-Za-z0-9.]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${name || 'answer'}.${extension}`;
}
