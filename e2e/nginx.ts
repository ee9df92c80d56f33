import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

export const NGINX = '/usr/sbin/nginx';

/** The site an organization installs (deploy/nginx/auth-console.conf), read as it is. */
export const SITE_TEMPLATE = readFileSync(
  resolve(import.meta.dirname, '../deploy/nginx/auth-console.conf'),
  'utf8',
);

/** Fails, saying what to install, when Debian's nginx is not on this machine. */
export function requireNginx() {
  if (!existsSync(NGINX)) {
    throw new Error(
      `${NGINX} is missing: install Debian's nginx (apt-get install -y nginx-light), as .ci/run does.`,
    );
  }
}

/** One edit of the template: `from`, found exactly `times` times, becomes `to`. */
export interface Substitution {
  from: string;
  to: string;
  times: number;
}

/**
 * The template with a test's own values put in. Each text must occur exactly as often as said, so that a changed
 * template fails here loudly instead of running with an operator's placeholder left in.
 */
export function fillTemplate(template: string, substitutions: readonly Substitution[]): string {
  let text = template;
  for (const { from, to, times } of substitutions) {
    const found = text.split(from).length - 1;
    if (found !== times) {
      throw new Error(`The nginx site holds ${JSON.stringify(from)} ${found} times, not ${times}.`);
    }
    text = text.split(from).join(to);
  }
  return text;
}

export interface RunningNginx {
  process: ChildProcess;
  /** Everything nginx wrote to its standard error. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs nginx in the foreground with `site` as its only site, everything of its own (configuration, pid, temporary
 * files) in `dir`, and resolves once it accepts connections on `port`. `proxyBind`: the address it reaches the
 * servers behind it from.
 */
export async function startNginx(options: {
  dir: string;
  site: string;
  port: number;
  proxyBind: string;
}): Promise<RunningNginx> {
  requireNginx();
  const { dir } = options;
  const sitePath = join(dir, 'auth-console.conf');
  const confPath = join(dir, 'nginx.conf');
  writeFileSync(sitePath, options.site);
  // What Debian's /etc/nginx/nginx.conf gives a site, with every path in `dir`, so nothing outside it is written.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)
    .join('\n');
  writeFileSync(
    confPath,
    [
      'worker_processes 1;',
      'events { worker_connections 64; }',
      'http {',
      temp,
      `  proxy_bind ${options.proxyBind};`,
      `  include ${sitePath};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = [
    '-p',
    dir,
    '-c',
    confPath,
    '-e',
    'stderr',
    '-g',
    `daemon off; pid ${join(dir, 'nginx.pid')};`,
  ];

  // The check an operator runs before reloading (docs/deployment.md).
  const check = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the site:\n${check.stderr}`);

  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let running = true;
  void exited.then(() => (running = false));

  for (let attempt = 0; !(await accepts(options.port)); attempt += 1) {
    if (!running || attempt === 200) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((next) => setTimeout(next, 25));
  }
  return {
    process: child,
    output: () => output,
    stop: async () => {
      if (running) child.kill('SIGTERM');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}
