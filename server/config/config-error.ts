/** A setting that stops the start: its message is the one line the operator reads, naming the setting. */
export class ConfigError extends Error {}
