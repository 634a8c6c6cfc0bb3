/** Time behind a port, so rules about "today" and expiries can be tested at any date. */
export abstract class Clock {
  abstract now(): Date;
}
