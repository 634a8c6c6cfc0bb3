/**
 * The product's services and the port each listens on by default: the one list that the gateway's
 * addresses, the standalone start, the tests' broker clean-up and the manifests' test read. A new
 * service joins the topology by its line here (docs/architecture.md, "How new features join").
 */
export const SERVICE_PORTS = {
  auth: 4001,
  sales: 4002,
  items: 4003,
  media: 4004,
  payments: 4005,
  shopper: 4006,
  notifications: 4007,
  messages: 4008,
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;

export const SERVICE_NAMES = Object.keys(SERVICE_PORTS) as ServiceName[];

/** The gateway's setting that holds a service's address (`MESSAGES_URL`). */
export type ServiceUrlKey<N extends ServiceName = ServiceName> = `${Uppercase<N>}_URL`;

export function serviceUrlKey<N extends ServiceName>(name: N): ServiceUrlKey<N> {
  return `${name.toUpperCase()}_URL` as ServiceUrlKey<N>;
}
