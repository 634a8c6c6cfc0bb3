/**
 * Where the gateway is between start and exit. On SIGTERM it first stops being ready (`/api/ready`
 * answers 503, so a load balancer that follows readiness sends nothing new) while it keeps serving
 * for `SHUTDOWN_DRAIN_MS`; only then does the listener close. From the drain on, every answer asks
 * its client to close the connection, so kept-alive clients reconnect, to another replica.
 */
export class Lifecycle {
  private state: 'serving' | 'draining' | 'closing' = 'serving';

  get ready(): boolean {
    return this.state === 'serving';
  }

  /** Answers carry `Connection: close` (draining or closing). */
  get closingConnections(): boolean {
    return this.state !== 'serving';
  }

  drain(): void {
    if (this.state === 'serving') this.state = 'draining';
  }

  close(): void {
    this.state = 'closing';
  }
}
