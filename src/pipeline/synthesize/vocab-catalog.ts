/**
 * What the synthetic companies sell: catalogues with plausible units and price ranges (in euros; other currencies
 * scale by a rough rate so yen prices look like yen prices). `reduced` marks goods that take a reduced VAT rate.
 */
export type CatalogName = 'office_supplies' | 'it_hardware' | 'industrial_parts' | 'consulting_services';

export interface CatalogItem {
  sku: string;
  description: string;
  unit: string;
  /** Price range per unit in EUR (major units). */
  min: number;
  max: number;
  /** Quantities are hours or weights with decimals. */
  fractional?: boolean;
  reduced?: boolean;
}

export const CATALOGS: Readonly<Record<CatalogName, CatalogItem[]>> = {
  office_supplies: [
    { sku: 'OS-1001', description: 'Copy paper A4, 80 g/m², 500 sheets', unit: 'ream', min: 4, max: 7 },
    { sku: 'OS-1002', description: 'Ballpoint pens, blue, box of 50', unit: 'box', min: 9, max: 18 },
    { sku: 'OS-1003', description: 'Lever arch files, 80 mm', unit: 'pcs', min: 2, max: 5 },
    { sku: 'OS-1004', description: 'Sticky notes 76 x 76 mm, pack of 12', unit: 'pack', min: 6, max: 12 },
    { sku: 'OS-1005', description: 'Stapler, heavy duty', unit: 'pcs', min: 15, max: 40 },
    { sku: 'OS-1006', description: 'Whiteboard markers, assorted, set of 4', unit: 'set', min: 5, max: 11 },
    { sku: 'OS-1007', description: 'Desk organiser, black mesh', unit: 'pcs', min: 12, max: 30 },
    { sku: 'OS-1008', description: 'Envelopes C4, self-seal, box of 250', unit: 'box', min: 18, max: 35 },
    { sku: 'OS-1009', description: 'Printer toner cartridge, black', unit: 'pcs', min: 45, max: 120 },
    { sku: 'OS-1010', description: 'Office chair, ergonomic, mesh back', unit: 'pcs', min: 150, max: 420 },
    { sku: 'OS-1011', description: 'Coffee beans, whole, 1 kg', unit: 'kg', min: 14, max: 28, fractional: true, reduced: true },
    { sku: 'OS-1012', description: 'Bottled water, case of 24', unit: 'case', min: 6, max: 12, reduced: true },
  ],
  it_hardware: [
    { sku: 'IT-2001', description: 'Laptop 14", 16 GB RAM, 512 GB SSD', unit: 'pcs', min: 850, max: 1650 },
    { sku: 'IT-2002', description: 'Monitor 27", 4K, USB-C', unit: 'pcs', min: 280, max: 620 },
    { sku: 'IT-2003', description: 'Docking station, USB-C, 100 W', unit: 'pcs', min: 120, max: 260 },
    { sku: 'IT-2004', description: 'Wireless keyboard and mouse set', unit: 'set', min: 35, max: 95 },
    { sku: 'IT-2005', description: 'Network switch, 24-port gigabit', unit: 'pcs', min: 180, max: 450 },
    { sku: 'IT-2006', description: 'SSD 1 TB, NVMe', unit: 'pcs', min: 60, max: 140 },
    { sku: 'IT-2007', description: 'Headset with noise cancelling', unit: 'pcs', min: 70, max: 220 },
    { sku: 'IT-2008', description: 'Rack server, 2U, dual CPU', unit: 'pcs', min: 3800, max: 9500 },
    { sku: 'IT-2009', description: 'Patch cable Cat6, 2 m', unit: 'pcs', min: 2, max: 6 },
    { sku: 'IT-2010', description: 'Wi-Fi access point, Wi-Fi 6', unit: 'pcs', min: 140, max: 380 },
    { sku: 'IT-2011', description: 'Software licence, annual, per user', unit: 'licence', min: 60, max: 300 },
    { sku: 'IT-2012', description: 'External hard drive 4 TB', unit: 'pcs', min: 90, max: 160 },
  ],
  industrial_parts: [
    { sku: 'IP-3001', description: 'Hex bolt M12 x 60, steel 8.8, box of 100', unit: 'box', min: 18, max: 45 },
    { sku: 'IP-3002', description: 'Deep groove ball bearing 6204-2RS', unit: 'pcs', min: 3, max: 12 },
    { sku: 'IP-3003', description: 'Hydraulic hose 1/2", per metre', unit: 'm', min: 8, max: 22, fractional: true },
    { sku: 'IP-3004', description: 'Pneumatic cylinder, 50 mm bore', unit: 'pcs', min: 85, max: 240 },
    { sku: 'IP-3005', description: 'V-belt SPA 1250', unit: 'pcs', min: 9, max: 25 },
    { sku: 'IP-3006', description: 'Stainless steel sheet 2 mm', unit: 'kg', min: 4, max: 9, fractional: true },
    { sku: 'IP-3007', description: 'Proximity sensor, inductive, M18', unit: 'pcs', min: 25, max: 70 },
    { sku: 'IP-3008', description: 'Gear motor 0.75 kW', unit: 'pcs', min: 320, max: 780 },
    { sku: 'IP-3009', description: 'Safety gloves, cut level C, pair', unit: 'pair', min: 4, max: 11 },
    { sku: 'IP-3010', description: 'Lubricant grease EP2, 18 kg drum', unit: 'drum', min: 90, max: 190 },
    { sku: 'IP-3011', description: 'Cable tie 300 mm, pack of 100', unit: 'pack', min: 5, max: 14 },
    { sku: 'IP-3012', description: 'Welding wire 1.0 mm, 15 kg spool', unit: 'spool', min: 45, max: 95 },
  ],
  consulting_services: [
    { sku: 'CS-4001', description: 'Senior consultant', unit: 'h', min: 120, max: 220, fractional: true },
    { sku: 'CS-4002', description: 'Project management', unit: 'h', min: 95, max: 170, fractional: true },
    { sku: 'CS-4003', description: 'Software development', unit: 'h', min: 80, max: 150, fractional: true },
    { sku: 'CS-4004', description: 'Requirements workshop', unit: 'day', min: 900, max: 1800 },
    { sku: 'CS-4005', description: 'Solution architecture review', unit: 'day', min: 1100, max: 2100 },
    { sku: 'CS-4006', description: 'Training session, on site', unit: 'day', min: 800, max: 1500 },
    { sku: 'CS-4007', description: 'Data migration', unit: 'h', min: 85, max: 140, fractional: true },
    { sku: 'CS-4008', description: 'Quality assurance and testing', unit: 'h', min: 70, max: 120, fractional: true },
    { sku: 'CS-4009', description: 'Travel expenses, flat rate', unit: 'trip', min: 150, max: 600 },
    { sku: 'CS-4010', description: 'Support retainer, monthly', unit: 'month', min: 500, max: 2500 },
  ],
};

/** Roughly how many units of each currency one euro buys (only for plausible-looking prices). */
export const EUR_RATE: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1.1,
  GBP: 0.85,
  CHF: 0.95,
  JPY: 160,
  KRW: 1450,
  KWD: 0.34,
  BHD: 0.41,
  JOD: 0.78,
  CAD: 1.5,
  AUD: 1.65,
  SEK: 11.5,
  NOK: 11.7,
  DKK: 7.46,
  PLN: 4.3,
  CZK: 25,
  HUF: 390,
  INR: 92,
  CNY: 7.9,
};

/** The catalogue whose words the text names (a description or a prompt), if any. */
export function catalogForText(text: string): CatalogName | null {
  const t = text.toLowerCase();
  if (/consult|servic|hours?|timesheet|workshop|develop|advis|training/.test(t)) return 'consulting_services';
  if (/laptop|monitor|server|it hardware|computer|hardware|switch|ssd|notebook|keyboard|licen[cs]e/.test(t)) return 'it_hardware';
  if (/industrial|bolt|bearing|parts|hydraulic|motor|machin|steel|valve|spare/.test(t)) return 'industrial_parts';
  if (/office|paper|stationery|pens?\b|toner|supplies|chair/.test(t)) return 'office_supplies';
  return null;
}
