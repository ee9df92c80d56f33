import { now } from '@/lib/clock';

function waitText(retryAt: number, from: number): string {
  const seconds = Math.max(1, Math.ceil((retryAt - from) / 1000));
  const at = new Date(retryAt).toLocaleTimeString();
  return seconds < 120
    ? `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'} (at ${at})`
    : `in ${Math.ceil(seconds / 60)} minutes (at ${at})`;
}

/** The rate-limit sentence, at a given moment (a countdown renders it again each second). */
export function retryMessage(retryAt: number, at: number = now()): string {
  return `Too many calls to this method. Try again ${waitText(retryAt, at)}.`;
}
