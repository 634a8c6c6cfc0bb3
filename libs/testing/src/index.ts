export * from './infrastructure.js';
export * from './wait.js';
export * from './tcp-proxy.js';
export * from './service-env.js';
export * from './service-harness.js';
export * from './images.js';
