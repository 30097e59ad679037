/**
 * A vehicle by its registration key (issue 37), as German shops take it: the KBA number from the
 * registration document (HSN/TSN: the maker's 4 digits, the type's 3 letters or digits, written
 * "0603/AJX"), or TecDoc's type number (KType: digits). The shop stores each key once, naming one
 * engine (table `engine_keys`, migration 25); an engine may have several.
 *
 * Pure: the server checks a key with it before looking it up; the page checks before asking.
 */
export type VehicleKeyKind = 'kba' | 'ktype';

export interface VehicleKey {
  kind: VehicleKeyKind;
  /** As stored: KBA upper case "HSN/TSN"; KType digits without leading zeros. */
  key: string;
}

/** The longest text a key field takes (a KBA with spaces around its slash). */
export const VEHICLE_KEY_MAX = 12;

/** KBA: 4 digits, then "/", "-", a space or nothing, then 3 letters or digits. */
const KBA = /^(\d{4})\s*[/\s-]?\s*([A-Za-z0-9]{3})$/;
/** KType: 1 to 6 digits (TecDoc's numbers are below a million). */
const KTYPE = /^\d{1,6}$/;

/** A key as written by a shopper, or null when it is neither a KBA number nor a KType number. */
export function parseVehicleKey(text: string): VehicleKey | null {
  const value = text.trim();
  if (!value || value.length > VEHICLE_KEY_MAX) return null;
  if (KTYPE.test(value)) {
    const digits = value.replace(/^0+/, '');
    return digits ? { kind: 'ktype', key: digits } : null;
  }
  const kba = KBA.exec(value);
  return kba ? { kind: 'kba', key: `${kba[1]}/${kba[2].toUpperCase()}` } : null;
}

/** The server's words for a malformed key (the spec's style: what to write, with an example). */
export const VEHICLE_KEY_FORMAT_MESSAGE = 'Inserire un numero KBA (HSN/TSN, es. 0603/AJX) o un numero KType (solo cifre)';
export const VEHICLE_KEY_UNKNOWN_MESSAGE = 'Nessun veicolo con questo codice';
