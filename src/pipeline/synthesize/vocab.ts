import { toMinor } from './money.ts';
import type { Rng } from './random.ts';
import type { Party } from './types.ts';
import { CATALOGS, EUR_RATE, type CatalogItem, type CatalogName } from './vocab-catalog.ts';
import { COUNTRIES, COUNTRY_INFO, NAME_STEMS, NAME_TRADES, type Country } from './vocab-places.ts';

/** Generated names, addresses, tax ids, bank accounts and catalogue prices for synthetic documents. */

export { CATALOGS, COUNTRIES, COUNTRY_INFO, EUR_RATE };
export type { CatalogItem, CatalogName, Country };
export { catalogForText } from './vocab-catalog.ts';

export function countryOfLocale(locale: string): Country {
  return COUNTRIES.find((c) => COUNTRY_INFO[c].locale === locale) ?? 'US';
}

/** The country a company's legal form suggests (`Acme GmbH` → DE), if any. */
export function countryOfCompanyName(name: string): Country | null {
  const patterns: [RegExp, Country][] = [
    [/\b(GmbH|AG|KG|e\.K\.)\b/, 'DE'],
    [/\b(SARL|SAS|S\.A\.S\.)\b/, 'FR'],
    [/\b(S\.L\.|S\.L\.U\.)(?=\s|$)/, 'ES'],
    [/\b(S\.r\.l\.|S\.p\.A\.|Srl|SpA)(?=\s|$)/, 'IT'],
    [/\b(B\.V\.|N\.V\.|BV)(?=\s|$)/, 'NL'],
    [/\b(K\.K\.|Kabushiki)(?=\s|$)/, 'JP'],
    [/\b(Ltd|Limited|PLC|LLP)\b/, 'GB'],
    [/\b(Inc|LLC|Corp|Corporation)\b/, 'US'],
  ];
  return patterns.find(([re]) => re.test(name))?.[1] ?? null;
}

export function companyName(rng: Rng, country: Country): string {
  const info = COUNTRY_INFO[country];
  const stem = rng.pick(NAME_STEMS);
  const form = rng.int(0, 3);
  if (form === 0) return `${stem} ${rng.pick(info.suffixes)}`;
  if (form === 1 && country !== 'JP') return `${rng.pick(info.lastNames)} & ${rng.pick(info.lastNames)} ${rng.pick(info.suffixes)}`;
  return `${stem} ${rng.pick(NAME_TRADES)} ${rng.pick(info.suffixes)}`;
}

export function personName(rng: Rng, country: Country): string {
  const info = COUNTRY_INFO[country];
  return `${rng.pick(info.firstNames)} ${rng.pick(info.lastNames)}`;
}

/** Street, postcode + city, country: one printed line each. */
export function postalAddress(rng: Rng, country: Country): string[] {
  const info = COUNTRY_INFO[country];
  const c = rng.pick(info.cities);
  const n = String(rng.int(1, country === 'US' ? 9800 : 180));
  const street =
    country === 'JP'
      ? `${rng.int(1, 5)}-${rng.int(1, 20)}-${n} ${rng.pick(info.streets)}`
      : info.numberFirst
        ? `${n} ${rng.pick(info.streets)}`
        : `${rng.pick(info.streets)} ${n}`;
  const cityLine =
    country === 'US'
      ? `${c.city}, ${c.region} ${c.postcode}`
      : country === 'GB'
        ? `${c.city} ${c.postcode}`
        : country === 'JP'
          ? `${c.city} ${c.postcode}`
          : `${c.postcode} ${c.city}`;
  return [street, cityLine, info.name];
}

/** A VAT (or tax) id in the country's format; the US gets an EIN, Japan an invoice registration number. */
export function vatId(rng: Rng, country: Country): string {
  switch (country) {
    case 'DE':
      return `DE${rng.int(1, 9)}${rng.digits(8)}`;
    case 'FR':
      return `FR${rng.digits(2)}${rng.int(1, 9)}${rng.digits(8)}`;
    case 'GB':
      return `GB${rng.int(1, 9)}${rng.digits(8)}`;
    case 'ES':
      return `ES${rng.letters(1)}${rng.digits(7)}${rng.letters(1)}`;
    case 'IT':
      return `IT${rng.digits(11)}`;
    case 'NL':
      return `NL${rng.digits(9)}B${rng.pick(['01', '02'])}`;
    case 'JP':
      return `T${rng.int(1, 9)}${rng.digits(12)}`;
    default:
      return `${rng.digits(2)}-${rng.digits(7)}`;
  }
}

export function phoneNumber(rng: Rng, country: Country): string {
  const p = COUNTRY_INFO[country].phonePrefix;
  return country === 'US'
    ? `${p} (${rng.int(201, 989)}) ${rng.digits(3)}-${rng.digits(4)}`
    : `${p} ${rng.int(10, 99)} ${rng.digits(4)} ${rng.digits(4)}`;
}

function emailDomain(name: string, country: Country): string {
  const stem = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/\s+/)
    .slice(0, 2)
    .join('')
    .replace(/[^a-z0-9]/g, '');
  return `${stem || 'company'}.${COUNTRY_INFO[country].emailTld}`;
}

/** A complete party: company name (given or invented), address, VAT id, contact, email, phone. */
export function makeParty(rng: Rng, country: Country, name?: string): Party {
  const n = name ?? companyName(rng, country);
  const contact = personName(rng, country);
  const first = contact
    .split(' ')[0]
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return {
    name: n,
    address: postalAddress(rng, country),
    vatId: vatId(rng, country),
    email: `${rng.pick([first, 'orders', 'accounts', 'info'])}@${emailDomain(n, country)}`,
    phone: phoneNumber(rng, country),
    contact,
  };
}

export function bankName(rng: Rng, country: Country): string {
  return rng.pick(COUNTRY_INFO[country].banks);
}

/** BBAN layouts (digits `9`, capital letters `A`) of the IBAN countries. */
const BBAN_LAYOUT: Partial<Record<Country, string>> = {
  DE: '999999999999999999',
  GB: 'AAAA99999999999999',
  FR: '99999999999999999999999',
  ES: '99999999999999999999',
  IT: 'A9999999999999999999999',
  NL: 'AAAA9999999999',
};

/** ISO 13616 check: letters to numbers, country and check digits moved to the end, mod 97 = 1. */
export function ibanMod97(iban: string): number {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem;
}

export function isValidIban(iban: string): boolean {
  const s = iban.replace(/\s+/g, '');
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s) && ibanMod97(s) === 1;
}

/** A valid IBAN for the country (null where IBANs are not used: US, JP), printed in groups of four. */
export function makeIban(rng: Rng, country: Country): string | null {
  const layout = BBAN_LAYOUT[country];
  if (!layout) return null;
  const bban = [...layout].map((c) => (c === 'A' ? rng.letters(1) : rng.digits(1))).join('');
  const check = 98 - ibanMod97(`${country}00${bban}`);
  const iban = `${country}${String(check).padStart(2, '0')}${bban}`;
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/** A domestic account for countries without IBANs (`Account 12345678 · Routing 021000021`). */
export function domesticAccount(rng: Rng, country: Country): string {
  return country === 'US'
    ? `Account ${rng.digits(10)} · Routing ${rng.pick(['021000021', '026009593', '121000358'])}`
    : `Branch ${rng.digits(3)} · Account ${rng.digits(7)}`;
}

/** A unit price in minor units for a catalogue item, in the currency's usual magnitude (whole yen, x.99-ish cents). */
export function priceFor(item: CatalogItem, currency: string, rng: Rng): number {
  const rate = EUR_RATE[currency] ?? 1;
  const major = rng.float(item.min, item.max, 2) * rate;
  const exp = currency === 'JPY' || currency === 'KRW' ? 0 : 2;
  const rounded = exp === 0 ? Math.round(major / 10) * 10 : rng.chance(0.5) ? Math.round(major) : Math.round(major * 100) / 100;
  return toMinor(Math.max(rounded, exp === 0 ? 10 : 0.5), currency);
}

/** A quantity that suits the item: whole units mostly, halves/decimals for hours and weights. */
export function quantityFor(item: CatalogItem, rng: Rng): number {
  if (item.fractional) return rng.int(2, 80) / 2;
  if (item.min > 1000) return rng.int(1, 4);
  if (item.min > 100) return rng.int(1, 12);
  return rng.pick([1, 2, 3, 5, 10, 12, 20, 24, 25, 50, 100]);
}
