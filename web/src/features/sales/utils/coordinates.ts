/** Map markers are drawn only for coordinates inside the world (spec section 5). */
export function hasValidCoordinates<T extends { latitude: number | null | undefined; longitude: number | null | undefined }>(
  place: T,
): place is T & { latitude: number; longitude: number } {
  const { latitude, longitude } = place;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    latitude >= -90 &&
    latitude <= 90 &&
    longitude >= -180 &&
    longitude <= 180
  );
}
