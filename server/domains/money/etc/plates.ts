/**
 * ETC code lists (freight-domain §3): the toll service numbers plate colours differently from JT/T 697.7, and
 * classes trucks by axles (JT/T 489). Pure functions, shared by the generator, the seed and the tests.
 */

/** JT/T 697.7 plate colour (`plate_color`) → ETC plate colour (`etc_plate_color`); others have no ETC code. */
const ETC_PLATE_COLORS: Readonly<Record<string, string>> = { '1': '0', '2': '1', '3': '2', '4': '3', '94': '4', '93': '5' };

export function etcPlateColor(jtColor: string | null | undefined): string | null {
  return jtColor ? (ETC_PLATE_COLORS[jtColor] ?? null) : null;
}

/**
 * 收费车型 of a truck (`etc_vehicle_class`, JT/T 489): two axles are 一型 up to 4.5 t gross (else 二型), three to six
 * axles are 三型…六型 (more count as 六型). Unknown axles → null (a person fills it in at the toll service).
 */
export function etcVehicleClass(axleCount: number | null | undefined, grossMassTons: string | null | undefined): string | null {
  if (!axleCount || axleCount < 2) return null;
  if (axleCount === 2) {
    // Compared as text-free integers of kilograms: 4.5 t = 4500 kg; no float arithmetic on the mass.
    const kg = grossMassTons ? tonsToKg(grossMassTons) : null;
    return kg !== null && kg <= 4500n ? '11' : '12';
  }
  return String(10 + Math.min(axleCount, 6));
}

function tonsToKg(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,3})\d*)?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
}
