// The one place the version lives; tiny, so the CLI can print it without loading the daemon.
export const VERSION = "0.1.0";
