// Fails early, with the command to run, when no Chromium is available for the e2e tests.
import { existsSync, readFileSync } from 'node:fs';

const systemChromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(systemChromium)) {
  console.log(`e2e browser: ${systemChromium}`);
  process.exit(0);
}

let bundled;
try {
  const { chromium } = await import('playwright-core');
  bundled = chromium.executablePath();
} catch {
  bundled = undefined;
}

if (bundled && existsSync(bundled)) {
  console.log(`e2e browser: Playwright's Chromium at ${bundled}`);
  process.exit(0);
}

const isDebian =
  existsSync('/etc/debian_version') || /^ID(_LIKE)?=.*debian/m.test(readOptional('/etc/os-release'));
const install = isDebian ? 'apt-get install -y chromium' : 'npx playwright install chromium';

console.error(
  [
    `No Chromium found for the e2e tests (looked at ${systemChromium}${bundled ? ` and ${bundled}` : ''}).`,
    `Install one with:  ${install}`,
    isDebian ? `(or, without root: npx playwright install chromium)` : '',
    'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  ]
    .filter(Boolean)
    .join('\n'),
);
process.exit(1);

function readOptional(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
