// The country of an IP address, offline: geoip-country ships MaxMind's GeoLite2 country table inside the package, so
// no request leaves the machine. Loading reads ~8 MB once, hence the lazy, shared load: the table is read-only.
type Lookup = (ip: string) => string | null;

let loading: Promise<Lookup> | null = null;

export function loadIpCountry(): Promise<Lookup> {
  loading ??= import('geoip-country').then((m) => {
    const geoip = m.default;
    return (ip: string) => {
      const trimmed = ip.trim();
      // private, loopback and malformed addresses have no country: null, not an error
      return trimmed ? (geoip.lookup(trimmed)?.country ?? null) : null;
    };
  });
  return loading;
}
