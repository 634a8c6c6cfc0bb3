/** The slice of a pino logger the bus needs, so the library does not pick the logger for its users. */
export interface BusLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
