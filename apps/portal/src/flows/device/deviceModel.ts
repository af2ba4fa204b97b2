/**
 * The device's name as the server keeps it (appEnrollRequestSchema's deviceModel): what the
 * sign-in page says the request went to and what operators see. Read from the user agent, in
 * words a member recognises: "Android phone (Chrome)". English, as stored data is.
 */

/** First match wins. iPadOS says it is a Mac: a Mac with a touch screen is an iPad. */
const DEVICES: [(ua: string, touch: number) => boolean, string][] = [
  [(ua) => /iPhone/.test(ua), 'iPhone'],
  [(ua, touch) => /iPad/.test(ua) || (/Macintosh/.test(ua) && touch > 1), 'iPad'],
  [(ua) => /Android.*Mobile/.test(ua), 'Android phone'],
  [(ua) => /Android/.test(ua), 'Android tablet'],
  [(ua) => /CrOS/.test(ua), 'Chromebook'],
  [(ua) => /Windows/.test(ua), 'Windows computer'],
  [(ua) => /Macintosh/.test(ua), 'Mac'],
  [(ua) => /Linux/.test(ua), 'Linux computer'],
];

/** Order matters: Edge and Samsung Internet also say Chrome; Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS/, 'Edge'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/CriOS|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export function deviceModel(userAgent: string, touchPoints = 0): string {
  const device = DEVICES.find(([test]) => test(userAgent, touchPoints))?.[1] ?? 'Phone';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  return browser ? `${device} (${browser})` : device;
}

export const thisDeviceModel = () => deviceModel(navigator.userAgent, navigator.maxTouchPoints ?? 0);
