/**
 * Delivery postcode restriction by region id (storefront spec section 5).
 */
type Rule = { kind: 'range'; from: number; to: number } | { kind: 'prefix'; prefixes: string[] };

export const POSTCODE_RESTRICTIONS: Record<string, Rule[]> = {
  '1143020075': [
    { kind: 'range', from: 35000, to: 35999 },
    { kind: 'range', from: 38000, to: 38999 },
    { kind: 'range', from: 51000, to: 51999 },
    { kind: 'range', from: 52000, to: 52999 },
  ],
  '1143020220': [{ kind: 'range', from: 23010, to: 23100 }],
  '1143020218': [{ kind: 'prefix', prefixes: ['JE', 'GY', 'IM'] }],
};

/** True when delivery to this postcode is refused for the region. */
export function postcodeRejected(regionId: string, postcode: string): boolean {
  const rules = POSTCODE_RESTRICTIONS[regionId];
  if (!rules) return false;
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return rules.some((rule) => {
    if (rule.kind === 'prefix') return rule.prefixes.some((prefix) => compact.startsWith(prefix));
    if (!/^\d+$/.test(compact)) return false;
    const value = Number(compact);
    return value >= rule.from && value <= rule.to;
  });
}
