export * from './gateway.js';
export * from './routes.js';
export { gatewayConfig, type GatewayConfig } from './config.js';
export { CSP } from './security-headers.js';
