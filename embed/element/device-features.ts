/** The device's main pointer is a finger (a phone or tablet), whatever size the viewer has on its screen. */
export function hasTouchScreen(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/**
 * A handheld device: a touch screen with motion sensors. It gets the motion control (looking around by turning the
 * device) in place of fullscreen; the viewer's own size plays no part, a phone held sideways is still a phone.
 */
export function isHandheld(): boolean {
  return hasTouchScreen() && typeof DeviceOrientationEvent !== 'undefined';
}
