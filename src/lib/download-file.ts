/** How long a download's Blob URL stays valid: the browser reads it after the click, in its own time. */
const KEPT_FOR_MS = 60_000;

/**
 * Saves `text` as a file named `name`, through a Blob URL (never a data URL: the text would sit in the page's
 * address for anything that logs one), revoked once the browser has had time to read it.
 */
export function downloadFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), KEPT_FOR_MS);
}
