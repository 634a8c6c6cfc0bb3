// Stops the containers the global setup started (nothing when it used given or local servers).
export default async function globalTeardown() {
  await globalThis.garageTestInfrastructure?.stop();
}
