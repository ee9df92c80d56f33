import { readCurl } from '@/features/requests/paste/read-curl';
import { readPowerShell } from '@/features/requests/paste/read-powershell';
import { fromPostman, POSTMAN_SCHEMA } from '@/features/requests/saved/postman-collection';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { median, round } from '../stats.ts';

const ROUNDS = 5;
const URL_ = 'https://acme.teamdynamix.com/TDWebApi/api/people';

/** Median milliseconds of `ROUNDS` runs of `work`, in this process. */
function time(work: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return round(median(samples), 1);
}

/** A collection of `count` requests in folders of 100, each with a query and a JSON body, as Postman writes one. */
function collection(count: number): string {
  const item = Array.from({ length: Math.ceil(count / 100) }, (_, folder) => ({
    name: `Folder ${folder}`,
    item: Array.from({ length: Math.min(100, count - folder * 100) }, (_, i) => ({
      name: `Request ${folder}-${i}`,
      request: {
        method: 'POST',
        header: [{ key: 'Content-Type', value: 'application/json' }],
        url: {
          raw: `{{baseUrl}}/api/people/${i}?searchText=a&token=t`,
          query: [{ key: 'searchText', value: 'a' }],
        },
        body: {
          mode: 'raw',
          raw: JSON.stringify({ FirstName: 'Ann', password: 'p', Notes: 'x'.repeat(200) }),
        },
      },
    })),
  }));
  return JSON.stringify({ info: { name: 'Bench', schema: POSTMAN_SCHEMA }, item }, null, 2);
}

function measure(log: BenchContext['log']): SectionResult {
  const dollarBraces = `curl ${URL_}/${'${'.repeat(80_000)}`;
  const variables = `curl "${URL_}/${Array.from({ length: 20_000 }, (_, i) => `$v${i}`).join('/')}"`;
  const hashtables = `Invoke-RestMethod ${URL_} -Body ${'@{'.repeat(80_000)}`;
  const psVariables = `Invoke-RestMethod "${URL_}/${Array.from({ length: 20_000 }, (_, i) => `$v${i}`).join('/')}"`;
  const file = collection(4_000);
  const figures = {
    dollarBraces160KbMs: time(() => readCurl(dollarBraces)),
    variables20kMs: time(() => readCurl(variables)),
    powershellHashtables160KbMs: time(() => readPowerShell(hashtables)),
    powershellVariables20kMs: time(() => readPowerShell(psVariables)),
    postman4000ItemsMs: time(() => fromPostman(file)),
    postmanBytes: Buffer.byteLength(file),
  };
  const mb = (figures.postmanBytes / 1e6).toFixed(1);
  log(`curl paste of 160 KB of \${: ${figures.dollarBraces160KbMs} ms (median of ${ROUNDS})`);
  log(
    `curl paste naming 20,000 shell variables (${(variables.length / 1000).toFixed(0)} KB): ${figures.variables20kMs} ms`,
  );
  log(`PowerShell paste of 160 KB of @{: ${figures.powershellHashtables160KbMs} ms`);
  log(`PowerShell paste naming 20,000 variables: ${figures.powershellVariables20kMs} ms`);
  log(`Postman collection of 4,000 requests (${mb} MB), read and masked: ${figures.postman4000ItemsMs} ms`);
  return {
    rows: [
      { figure: 'Curl paste of 160 KB of ${, read', value: `${figures.dollarBraces160KbMs} ms` },
      { figure: 'Curl paste naming 20,000 shell variables, read', value: `${figures.variables20kMs} ms` },
      {
        figure: 'PowerShell paste of 160 KB of @{, read',
        value: `${figures.powershellHashtables160KbMs} ms`,
      },
      {
        figure: 'PowerShell paste naming 20,000 variables, read',
        value: `${figures.powershellVariables20kMs} ms`,
      },
      {
        figure: `Postman import of 4,000 requests (${mb} MB), read and masked`,
        value: `${figures.postman4000ItemsMs} ms`,
        note: 'written to storage once',
      },
    ],
    figures,
  };
}

/** The Requests screen's readers of what is pasted or imported, fed what a hostile paste or file holds. */
export const pasteAndImport: Section = {
  key: 'pasteAndImport',
  title: 'Requests screen: reading hostile pastes and a large Postman import',
  run: ({ log }) => Promise.resolve(measure(log)),
};
